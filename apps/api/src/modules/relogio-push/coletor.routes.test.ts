import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Afd671LineWriter } from '@jornada/fiscal';
import { queryRows } from '../../db/client.js';
import { DEMO_PASSWORD } from '../../db/seed/access.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { cpfDe, novoFuncionario, refsDoTenant } from '../../../test/funcionario-fixtures.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';
import { relogioDiferente } from '../afd/leitura.js';
import { COLETOR_MSG as M } from './coletor.service.js';

/**
 * The Coletor Local's agent API (spec/devices.md §4(a) 'REP iDClass with service type Coletor Local', §4(b)
 * 'Agent API'; decision 0082), through inject().
 */
describeEachBackend('Coletor Local (/coletor/v1/*, devices.md §4(b))', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let cnpjNumero: string;
  let pessoas: { id: number; cpf: string }[];
  /** Collector of SERIE_A only (typed without its leading zeros), and of both clocks. */
  let soA: { login: string; senha: string; token: string };
  let ambos: { login: string; senha: string; token: string };
  let beta: { login: string; senha: string; token: string };
  let relogioA: number;
  let relogioBeta: number;
  const SERIE_A = '00004000700000010';
  const SERIE_B = '00004000700000020';
  const SERIE_BETA = '00004000700000099';
  let ip = 0;
  const novoIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

  const inject = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown, remoteAddress = novoIp()) =>
    env.app.inject({
      method,
      url: `/coletor/v1${url}`,
      remoteAddress,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const entrar = async (login: string, senha: string) => {
    const r = await inject('POST', '/login', undefined, { login, senha, maquina: 'PC-PORTARIA' });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().token as string;
  };
  const salvarRelogio = async (token: string, cnpjId: number, numeroSerie: string) => {
    const r = await call(
      env.app,
      '/api/relogio-ponto/salvar',
      {
        relogioPonto: {
          fabricante: 'ControlId',
          modelo: 'ControlId',
          numeroSerie,
          portaria: '671',
          localInstalacao: 'Portaria',
          tipoServico: 'Coletor Local',
        },
        cnpj: { id: cnpjId },
      },
      { token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [{ id }] = (await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM relogios_ponto WHERE numero_serie = ${numeroSerie} AND cnpj_id = ${cnpjId}`,
    )) as [{ id: number }];
    return id;
  };
  const desktop = async (token: string, idCnpj: number, detalhes: string) => {
    const r = await call(env.app, '/api/usuario-api/criar-usuario-desktop', { idCnpj, detalhes }, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { login: r.body.login as string, senha: r.body.senha as string };
  };

  /** An AFD 671 of SERIE_A (or `rep`) from NSR `primeiro`: a type 5 record, then one punch per person. */
  const afd = (o: { primeiro: number; rep?: string; cabecalho?: boolean; dia?: string; cpfs?: string[] }) => {
    const at = (local: string) => ({ local, offset: '-0300' });
    const w = new Afd671LineWriter({
      repKind: 'REP_C',
      employer: { idKind: 1, id: cnpjNumero, name: 'EMPRESA' },
      repIdentifier: o.rep ?? SERIE_A,
      developer: { idKind: 1, id: '11444777000161' },
      model: 'IDCLASS',
      firstDate: '2025-01-01',
      lastDate: '2025-01-31',
      generatedAt: at('2025-02-01T06:00'),
      firstNsr: o.primeiro,
    });
    const linhas = o.cabecalho === false ? [] : [w.header()];
    const dia = o.dia ?? '2025-01-10';
    const cpfs = o.cpfs ?? pessoas.map((p) => p.cpf);
    linhas.push(w.entry({ type: 3, dateTime: at(`${dia}T07:58`), cpf: cpfs[0]! }));
    cpfs
      .slice(1)
      .forEach((cpf, k) =>
        linhas.push(w.entry({ type: 3, dateTime: at(`${dia}T08:${String(k).padStart(2, '0')}`), cpf })),
      );
    if (o.cabecalho !== false) linhas.push(w.trailer());
    return Buffer.from(linhas.join('\r\n') + '\r\n', 'latin1').toString('base64');
  };
  const marcacoesDe = (relogio: string) =>
    queryRows<{ nsr: number; identificador: string; vinculo: number | null; tenant: number }>(
      env.database.owner,
      sql`SELECT m.nsr::int AS nsr, m.identificador, mf.funcionario_id AS vinculo, m.tenant_id AS tenant
            FROM marcacoes m LEFT JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id
           WHERE m.relogio = ${relogio} ORDER BY m.nsr`,
    );
  const enfileirar = async (relogioId: number, tenantId: number, tipo: string, payload: unknown) => {
    const [c] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`INSERT INTO relogio_comandos (tenant_id, relogio_id, tipo, payload)
          VALUES (${tenantId}, ${relogioId}, ${tipo}, ${JSON.stringify(payload)}::jsonb) RETURNING id::int AS id`,
    );
    return c!.id;
  };

  beforeAll(async () => {
    env = await createTestEnv(backend, {
      config: {
        coletor: {
          loginsPorMinuto: 6,
          rajadaLogin: 5,
          chamadasPorSegundo: 1_000,
          rajada: 1_000,
          tokenHoras: 24,
          afdBytes: 16 * 1024 * 1024,
          desvioMaximoMs: 5 * 60_000,
        },
      },
    });
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    [{ numero: cnpjNumero }] = (await queryRows<{ numero: string }>(
      env.database.owner,
      sql`SELECT numero FROM cnpjs WHERE id = ${ids.principal}`,
    )) as [{ numero: string }];
    pessoas = await queryRows<{ id: number; cpf: string }>(
      env.database.owner,
      sql`SELECT id, cpf FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id LIMIT 3`,
    );
    relogioA = await salvarRelogio(admin, ids.principal, SERIE_A);
    await salvarRelogio(admin, ids.principal, SERIE_B);
    const a = await desktop(admin, ids.principal, SERIE_A.replace(/^0+/, ''));
    soA = { ...a, token: await entrar(a.login, a.senha) };
    const ab = await desktop(admin, ids.principal, `${SERIE_A}, ${SERIE_B}`);
    ambos = { ...ab, token: await entrar(ab.login, ab.senha) };
    const adminBeta = await userWithScope(env, { tenantId: ids.beta, cnpjIds: [ids.betaCnpj] });
    relogioBeta = await salvarRelogio(adminBeta.token, ids.betaCnpj, SERIE_BETA);
    // Beta registers the demo's serial too: same text, another tenant's clock.
    await salvarRelogio(adminBeta.token, ids.betaCnpj, SERIE_A);
    const b = await desktop(adminBeta.token, ids.betaCnpj, `${SERIE_BETA}, ${SERIE_A}`);
    beta = { ...b, token: await entrar(b.login, b.senha) };
  });
  afterAll(() => env.close());

  it('login: um token de 32 bytes guardado só como hash, com a máquina e a validade', async () => {
    const r = await inject('POST', '/login', undefined, { login: soA.login, senha: soA.senha, maquina: 'PC-2' });
    expect(r.statusCode).toBe(200);
    const { token, expiraEm } = r.json();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(new Date(expiraEm).getTime() - env.clock.now().getTime()).toBe(24 * 3_600_000);
    const rows = await queryRows<{ hash: string; maquina: string }>(
      env.database.owner,
      sql`SELECT k.hash, k.maquina FROM coletor_tokens k JOIN usuarios_app u ON u.id = k.usuario_app_id
           WHERE u.login = ${soA.login} AND k.maquina = 'PC-2'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).not.toContain(token);
  });

  it('login: senha errada, login desconhecido e usuário mobile têm o mesmo 401 genérico', async () => {
    const errada = await inject('POST', '/login', undefined, { login: soA.login, senha: 'ERRADA', maquina: 'PC' });
    expect(errada.statusCode).toBe(401);
    expect(errada.json()).toEqual({ mensagem: M.loginInvalido });
    const nada = await inject('POST', '/login', undefined, { login: 'coletor-naoexiste', senha: 'x', maquina: 'PC' });
    expect(nada.statusCode).toBe(401);
    expect(nada.json()).toEqual({ mensagem: M.loginInvalido });
    // The demo's mobile app user has the demo password: it is not a collector.
    const mobile = await inject('POST', '/login', undefined, {
      login: 'app-demo',
      senha: DEMO_PASSWORD,
      maquina: 'PC',
    });
    expect(mobile.statusCode).toBe(401);
    expect(mobile.json()).toEqual({ mensagem: M.loginInvalido });
    const vazio = await inject('POST', '/login', undefined, { login: soA.login });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().mensagem).toMatch(/^Corpo inválido/);
    const quebrado = await env.app.inject({
      method: 'POST',
      url: '/coletor/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(quebrado.statusCode).toBe(400);
    expect(typeof quebrado.json().mensagem).toBe('string');
  });

  it('login limitado por endereço: 429 com Retry-After, sem consultar', async () => {
    const de = novoIp();
    const status: number[] = [];
    for (let i = 0; i < 7; i++)
      status.push(
        (await inject('POST', '/login', undefined, { login: `coletor-x${i}`, senha: 'x', maquina: 'PC' }, de))
          .statusCode,
      );
    expect(status.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const r = await inject('POST', '/login', undefined, { login: 'coletor-y', senha: 'x', maquina: 'PC' }, de);
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
    expect(r.json()).toEqual({ mensagem: M.muitasTentativas });
  });

  it('lista só os relógios da lista do usuário, no seu cliente', async () => {
    const a = await inject('GET', '/relogios', soA.token);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual([
      {
        serial: SERIE_A,
        modelo: 'ControlId',
        fabricante: 'ControlId',
        portaria: '671',
        proximoNsr: null,
        comandosPendentes: 0,
      },
    ]);
    expect((await inject('GET', '/relogios', ambos.token)).json().map((r: { serial: string }) => r.serial)).toEqual([
      SERIE_A,
      SERIE_B,
    ]);
    expect((await inject('GET', '/relogios', beta.token)).json().map((r: { serial: string }) => r.serial)).toEqual([
      SERIE_A,
      SERIE_BETA,
    ]);
  });

  it('token ausente, desconhecido ou revogado: 401', async () => {
    expect((await inject('GET', '/relogios')).statusCode).toBe(401);
    const r = await inject('GET', '/relogios', 'A'.repeat(43));
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ mensagem: M.tokenInvalido });
    const revogado = await entrar(soA.login, soA.senha);
    const expirado = await entrar(soA.login, soA.senha);
    expect((await inject('GET', '/relogios', revogado)).statusCode).toBe(200);
    await queryRows(
      env.database.owner,
      sql`UPDATE coletor_tokens SET revogado_em = now() WHERE id = (SELECT max(id) - 1 FROM coletor_tokens)`,
    );
    expect((await inject('GET', '/relogios', revogado)).statusCode).toBe(401);
    expect((await inject('GET', '/relogios', expirado)).statusCode).toBe(200);
    await queryRows(
      env.database.owner,
      sql`UPDATE coletor_tokens SET expira_em = ${new Date(env.clock.now().getTime() - 1000)}
           WHERE id = (SELECT max(id) FROM coletor_tokens)`,
    );
    expect((await inject('GET', '/relogios', expirado)).statusCode).toBe(401);
  });

  it('AFD: grava as marcações vinculadas aos funcionários; reenviar não grava nada; o NSR avança', async () => {
    const conteudo = afd({ primeiro: 1 });
    const r = await inject('POST', `/relogios/${SERIE_A}/afd`, soA.token, { nsrInicial: 1, nsrFinal: 3, conteudo });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ aceitos: 3, duplicados: 0, vinculados: 3, semVinculo: 0, ultimoNsr: 3 });
    const gravadas = await marcacoesDe(SERIE_A);
    expect(gravadas.map((m) => [m.nsr, m.vinculo, m.tenant])).toEqual(pessoas.map((p, k) => [k + 1, p.id, ids.demo]));
    const deNovo = await inject('POST', `/relogios/${SERIE_A}/afd`, soA.token, {
      nsrInicial: 1,
      nsrFinal: 3,
      conteudo,
    });
    expect(deNovo.json()).toMatchObject({ aceitos: 0, duplicados: 3, ultimoNsr: 3 });
    expect(await marcacoesDe(SERIE_A)).toHaveLength(3);
    const lista = (await inject('GET', '/relogios', soA.token)).json();
    expect(lista[0].proximoNsr).toBe(4);
    // The days are marked for the calculation, as for any import.
    const [p] = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM marcacao_funcionarios WHERE funcionario_id = ${pessoas[0]!.id}
           AND data_hora::date = '2025-01-10'`,
    );
    expect(p!.n).toBe(1);
  });

  it('AFD sem cabeçalho (get_afd incremental): as marcações ficam no relógio do endereço', async () => {
    const conteudo = afd({ primeiro: 4, cabecalho: false, dia: '2025-01-11' });
    const r = await inject('POST', `/relogios/${SERIE_A.replace(/^0+/, '')}/afd`, soA.token, {
      nsrInicial: 4,
      nsrFinal: 6,
      conteudo,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ aceitos: 3, duplicados: 0, ultimoNsr: 6 });
    expect(r.json().avisos).toEqual([]);
    expect((await marcacoesDe(SERIE_A)).map((m) => m.nsr)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('AFD de outro REP: 400 e nada gravado; base64 ou corpo inválido: 400', async () => {
    const outro = afd({ primeiro: 50, rep: SERIE_B });
    const r = await inject('POST', `/relogios/${SERIE_A}/afd`, ambos.token, {
      nsrInicial: 50,
      nsrFinal: 52,
      conteudo: outro,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ mensagem: relogioDiferente(SERIE_B, SERIE_A) });
    expect((await marcacoesDe(SERIE_B)).length + (await marcacoesDe(SERIE_A)).filter((m) => m.nsr >= 50).length).toBe(
      0,
    );
    const ruim = await inject('POST', `/relogios/${SERIE_A}/afd`, soA.token, {
      nsrInicial: 1,
      nsrFinal: 2,
      conteudo: '***',
    });
    expect(ruim.statusCode).toBe(400);
    expect(
      (await inject('POST', `/relogios/${SERIE_A}/afd`, soA.token, { nsrInicial: 5, nsrFinal: 2, conteudo: '' }))
        .statusCode,
    ).toBe(400);
    const naoAfd = await inject('POST', `/relogios/${SERIE_A}/afd`, soA.token, {
      nsrInicial: 1,
      nsrFinal: 2,
      conteudo: Buffer.from('isto não é um AFD\r\n', 'latin1').toString('base64'),
    });
    expect(naoAfd.statusCode).toBe(400);
    expect(naoAfd.json().mensagem).toMatch(/não é um AFD/);
  });

  it('um relógio fora da lista do usuário, ou de outro cliente: 404', async () => {
    const conteudo = afd({ primeiro: 60, rep: SERIE_B });
    const r = await inject('POST', `/relogios/${SERIE_B}/afd`, soA.token, { nsrInicial: 60, nsrFinal: 62, conteudo });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ mensagem: M.relogioNaoEncontrado(SERIE_B) });
    expect((await inject('POST', `/relogios/${SERIE_BETA}/heartbeat`, ambos.token, {})).statusCode).toBe(404);
    expect((await inject('GET', `/relogios/${SERIE_BETA}/comandos`, ambos.token)).statusCode).toBe(404);
    expect((await inject('POST', `/relogios/${SERIE_B}/heartbeat`, beta.token, {})).statusCode).toBe(404);
  });

  it('muro entre clientes: o coletor de beta com o mesmo número de série não lê nem grava no relógio do demo', async () => {
    // Beta's clock of the same serial: its file (the demo's CNPJ in the header) is refused, nothing of it stored.
    const conteudo = afd({ primeiro: 100 });
    const r = await inject('POST', `/relogios/${SERIE_A}/afd`, beta.token, {
      nsrInicial: 100,
      nsrFinal: 102,
      conteudo,
    });
    expect(r.statusCode).toBe(400);
    expect((await marcacoesDe(SERIE_A)).every((m) => m.tenant === ids.demo && m.nsr < 100)).toBe(true);
    // Its list shows its own clock's cursor, not the demo's.
    const lista = (await inject('GET', '/relogios', beta.token)).json() as { serial: string; proximoNsr: number }[];
    expect(lista.find((x) => x.serial === SERIE_A)!.proximoNsr).toBeNull();
    // The demo's command is not handed to beta's collector, nor closed by it.
    const id = await enfileirar(relogioA, ids.demo, 'add_users', { endpoint: 'add_users.fcgi' });
    expect((await inject('GET', `/relogios/${SERIE_A}/comandos`, beta.token)).json()).toEqual([]);
    expect((await inject('POST', `/comandos/${id}/resultado`, beta.token, {})).statusCode).toBe(404);
    const dados = (await inject('GET', `/relogios/${SERIE_A}/comandos`, soA.token)).json();
    expect(dados.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await inject('POST', `/comandos/${id}/resultado`, soA.token, { resposta: {} })).json()).toEqual({
      id,
      status: 'OK',
    });
  });

  it('heartbeat: última conexão, erro do coletor e desvio do relógio; sem erro, limpa o que o coletor pôs', async () => {
    const estado = async () =>
      (
        await queryRows<{ erro: string | null; conexao: string | null }>(
          env.database.owner,
          sql`SELECT erro_mensagem AS erro, ultima_conexao::text AS conexao FROM relogios_ponto WHERE id = ${relogioA}`,
        )
      )[0]!;
    env.clock.advanceMs(60_000);
    const agora = env.clock.now();
    const r = await inject('POST', `/relogios/${SERIE_A}/heartbeat`, soA.token, {
      relogioData: agora.toISOString(),
      lastNsr: 6,
      userCount: 3,
      erro: 'Relógio não responde em 192.168.0.50',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ proximoNsr: 7, comandosPendentes: 0, desvioSegundos: 0 });
    const e = await estado();
    expect(e.erro).toBe(M.erroDoColetor('Relógio não responde em 192.168.0.50'));
    expect(new Date(e.conexao!).getTime()).toBe(agora.getTime());
    // A clock 20 minutes fast (its wall clock, in the company's zone -03:00).
    env.clock.advanceMs(60_000);
    const local = new Date(env.clock.now().getTime() + 20 * 60_000 - 3 * 3_600_000).toISOString().slice(0, 19);
    const d = await inject('POST', `/relogios/${SERIE_A}/heartbeat`, soA.token, { relogioData: local, lastNsr: 6 });
    expect(d.json().desvioSegundos).toBe(1200);
    expect((await estado()).erro).toBe(M.relogioDesviado(20));
    await inject('POST', `/relogios/${SERIE_A}/heartbeat`, soA.token, { lastNsr: 6 });
    expect((await estado()).erro).toBeNull();
    expect((await inject('POST', `/relogios/${SERIE_A}/heartbeat`, soA.token, { lastNsr: -1 })).statusCode).toBe(400);
  });

  it('comandos: a fila do relógio em ordem, marcados como entregues; o resultado fecha, com erro põe o relógio em Erro', async () => {
    const usuarios = { users: [{ name: 'FULANO', registration: 1, cpf: 12345678909, admin: false }] };
    const c1 = await enfileirar(relogioA, ids.demo, 'add_users', {
      verb: 'POST',
      endpoint: 'add_users.fcgi',
      queryString: 'mode=671',
      body: usuarios,
    });
    const c2 = await enfileirar(relogioA, ids.demo, 'get_afd', {
      verb: 'POST',
      endpoint: 'get_afd.fcgi',
      queryString: 'mode=671',
      body: { initial_nsr: 7 },
    });
    expect((await inject('GET', '/relogios', soA.token)).json()[0].comandosPendentes).toBe(2);
    const r = await inject('GET', `/relogios/${SERIE_A}/comandos`, soA.token);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      {
        id: c1,
        tipo: 'add_users',
        payload: { verb: 'POST', endpoint: 'add_users.fcgi', queryString: 'mode=671', body: usuarios },
        tentativas: 1,
      },
      {
        id: c2,
        tipo: 'get_afd',
        payload: { verb: 'POST', endpoint: 'get_afd.fcgi', queryString: 'mode=671', body: { initial_nsr: 7 } },
        tentativas: 1,
      },
    ]);
    const ok = await inject('POST', `/comandos/${c1}/resultado`, soA.token, { resposta: { ok: true } });
    expect(ok.json()).toEqual({ id: c1, status: 'OK' });
    const erro = await inject('POST', `/comandos/${c2}/resultado`, soA.token, { erro: 'timeout' });
    expect(erro.json()).toEqual({ id: c2, status: 'ERRO' });
    // A replay changes nothing.
    expect((await inject('POST', `/comandos/${c2}/resultado`, soA.token, {})).json()).toEqual({
      id: c2,
      status: 'ERRO',
    });
    const fila = await queryRows<{ id: number; status: string; erro: string | null }>(
      env.database.owner,
      sql`SELECT id::int AS id, status, erro FROM relogio_comandos WHERE id IN (${c1}, ${c2}) ORDER BY id`,
    );
    expect(fila).toEqual([
      { id: c1, status: 'OK', erro: null },
      { id: c2, status: 'ERRO', erro: 'timeout' },
    ]);
    const [rel] = await queryRows<{ erro: string }>(
      env.database.owner,
      sql`SELECT erro_mensagem AS erro FROM relogios_ponto WHERE id = ${relogioA}`,
    );
    expect(rel!.erro).toMatch(/get_afd: timeout/);
    expect((await inject('GET', `/relogios/${SERIE_A}/comandos`, soA.token)).json()).toEqual([]);
    // A command not handed out yet, and an unknown one.
    const c3 = await enfileirar(relogioA, ids.demo, 'remove_users', { body: { users: [{ pis: 1 }] } });
    expect((await inject('POST', `/comandos/${c3}/resultado`, soA.token, {})).statusCode).toBe(400);
    expect((await inject('POST', '/comandos/999999999/resultado', soA.token, {})).statusCode).toBe(404);
    expect((await inject('POST', '/comandos/abc/resultado', soA.token, {})).statusCode).toBe(404);
    // Beta's own clock keeps its own queue.
    const cb = await enfileirar(relogioBeta, ids.beta, 'add_users', {});
    expect(
      (await inject('GET', `/relogios/${SERIE_BETA}/comandos`, beta.token)).json().map((c: { id: number }) => c.id),
    ).toEqual([cb]);
    expect((await inject('POST', `/comandos/${cb}/resultado`, soA.token, {})).statusCode).toBe(404);
  });

  it('o funcionário segue no REP (decisão 0083): cadastrar inclui, alterar o nome altera, trocar o CPF exclui o antigo e inclui o novo, inativar exclui', async () => {
    await env.database.owner.execute(
      sql`UPDATE relogio_comandos SET status = 'OK' WHERE relogio_id IN (SELECT id FROM relogios_ponto WHERE tenant_id = ${ids.demo})`,
    );
    const refs = await refsDoTenant(env, ids.demo);
    const [{ cc }] = (await queryRows<{ cc: number }>(
      env.database.owner,
      sql`SELECT min(id)::int AS cc FROM centros_custo WHERE cnpj_id = ${ids.principal}`,
    )) as [{ cc: number }];
    const base = {
      cnpj: ids.principal,
      centroCusto: cc,
      cargo: [...refs.cargos.values()][0]!,
      escala: [...refs.escalas.values()][0]!,
    };
    const corpo = novoFuncionario(8_301, base);
    const salvo = await call(env.app, '/api/funcionario/salvar', corpo, { token: admin });
    expect(salvo.status, JSON.stringify(salvo.body)).toBe(200);
    const id = salvo.body.id as number;
    /** The clock's queue as the collector gets it, each answered OK. */
    const rodar = async () => {
      const cs = (await inject('GET', `/relogios/${SERIE_A}/comandos`, soA.token)).json() as {
        id: number;
        tipo: string;
        payload: { endpoint: string; queryString: string; body: { users: Record<string, unknown>[] } };
      }[];
      for (const c of cs)
        expect((await inject('POST', `/comandos/${c.id}/resultado`, soA.token, {})).statusCode).toBe(200);
      return cs.map((c) => ({
        tipo: c.tipo,
        endpoint: c.payload.endpoint,
        query: c.payload.queryString,
        users: c.payload.body.users,
      }));
    };
    const cpf = Number(corpo.funcionario.cpf);
    const usuario = (nome: string, n: number) => ({ name: nome, registration: 98_301, cpf: n, admin: false });
    expect(await rodar()).toEqual([
      { tipo: 'rep_add_users', endpoint: 'add_users', query: 'mode=671', users: [usuario('Teste 8301 Silva', cpf)] },
    ]);
    // The other Coletor Local clock of the company got the same.
    const [{ n }] = (await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM relogio_comandos c JOIN relogios_ponto r ON r.id = c.relogio_id
           WHERE r.numero_serie = ${SERIE_B} AND ${id} = ANY(c.funcionario_ids) AND c.tipo = 'rep_add_users'`,
    )) as [{ n: number }];
    expect(n).toBe(1);

    const alterar = async (mudanca: Record<string, unknown>) => {
      const b = (await call(env.app, '/api/funcionario/buscar', { idFuncionario: id }, { token: admin })).body;
      const r = await call(
        env.app,
        '/api/funcionario/alterar',
        { funcionario: { ...b.funcionario, ...mudanca }, centroCusto: { id: cc } },
        { token: admin },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await alterar({ nome: 'Teste Renomeado' });
    expect(await rodar()).toEqual([
      {
        tipo: 'rep_update_users',
        endpoint: 'update_users',
        query: 'mode=671',
        users: [usuario('Teste Renomeado', cpf)],
      },
    ]);
    const novoCpf = cpfDe(8_302);
    await alterar({ cpf: novoCpf });
    expect(await rodar()).toEqual([
      { tipo: 'rep_remove_users', endpoint: 'remove_users', query: 'mode=671', users: [{ pis: cpf }] },
      {
        tipo: 'rep_add_users',
        endpoint: 'add_users',
        query: 'mode=671',
        users: [usuario('Teste Renomeado', Number(novoCpf))],
      },
    ]);
    await alterar({ ativo: false });
    expect(await rodar()).toEqual([
      { tipo: 'rep_remove_users', endpoint: 'remove_users', query: 'mode=671', users: [{ pis: Number(novoCpf) }] },
    ]);
    // Off every REP: what the product registered there is forgotten, and another change sends nothing.
    expect(
      await queryRows(
        env.database.owner,
        sql`SELECT 1 FROM relogio_usuarios WHERE funcionario_id = ${id} AND relogio_id = ${relogioA}`,
      ),
    ).toEqual([]);
    await alterar({ nome: 'Ainda Inativo' });
    expect(await rodar()).toEqual([]);
  });

  it('chamadas de um token acima do limite: 429 com Retry-After e a mensagem; outro token segue', async () => {
    const apertado = await createTestEnv(backend, {
      config: {
        coletor: {
          loginsPorMinuto: 60,
          rajadaLogin: 10,
          chamadasPorSegundo: 0.001,
          rajada: 2,
          tokenHoras: 24,
          afdBytes: 1024,
          desvioMaximoMs: 60_000,
        },
      },
    });
    try {
      const a = await login(apertado.app, ADMIN);
      // A clock the demo data registered (a desktop user names registered clocks only).
      const [{ serie }] = (await queryRows<{ serie: string }>(
        apertado.database.owner,
        sql`SELECT numero_serie AS serie FROM relogios_ponto WHERE cnpj_id = ${ids.principal} ORDER BY id LIMIT 1`,
      )) as [{ serie: string }];
      const u = await call(
        apertado.app,
        '/api/usuario-api/criar-usuario-desktop',
        { idCnpj: ids.principal, detalhes: serie },
        { token: a },
      );
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      const entrarNo = async () =>
        (
          await apertado.app.inject({
            method: 'POST',
            url: '/coletor/v1/login',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ login: u.body.login, senha: u.body.senha, maquina: 'PC' }),
          })
        ).json().token as string;
      const [t1, t2] = [await entrarNo(), await entrarNo()];
      const relogios = (t: string) =>
        apertado.app.inject({ method: 'GET', url: '/coletor/v1/relogios', headers: { authorization: `Bearer ${t}` } });
      for (let i = 0; i < 2; i++) expect((await relogios(t1)).statusCode).toBe(200);
      const barrado = await relogios(t1);
      expect(barrado.statusCode).toBe(429);
      expect(Number(barrado.headers['retry-after'])).toBeGreaterThan(0);
      expect(barrado.json().mensagem).toBe(M.muitasChamadas);
      expect((await relogios(t2)).statusCode).toBe(200);
    } finally {
      await apertado.close();
    }
  });

  it('Alterar Senha do usuário desktop derruba os seus tokens', async () => {
    const [u] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM usuarios_app WHERE login = ${ambos.login}`,
    );
    expect((await inject('GET', '/relogios', ambos.token)).statusCode).toBe(200);
    const nova = await call(
      env.app,
      '/api/usuario-api/gerar-senha-codigo',
      { usuario: { id: u!.id } },
      { token: admin },
    );
    expect(nova.status).toBe(200);
    expect((await inject('GET', '/relogios', ambos.token)).statusCode).toBe(401);
    expect((await inject('GET', '/relogios', await entrar(ambos.login, nova.body.senha))).statusCode).toBe(200);
  });
});
