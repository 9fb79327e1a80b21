import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG_AFD, PERM } from '@jornada/contracts';
import { crc16Latin1, crcHex, writeAfd671, type Afd671Entry } from '@jornada/fiscal';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, upload, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';
import { cpfDe, novoFuncionario, pisDe, refsDoTenant } from '../../../test/funcionario-fixtures.js';

/** Passes the CPF and the PIS checks (the real Control iD 671 line of the fixtures). */
const AMBOS = '04784026940';
const RELOGIO = '00004000000000123';
const at = (local: string) => ({ local, offset: '-0300' });
const punch = (local: string, cpf: string): Afd671Entry => ({ type: 3, dateTime: at(local), cpf });

/** A REP-C AFD 671 of the company `numero` (the tests' clock, June 2025: before the demo punches). */
function afd(numero: string, entries: Afd671Entry[], relogio = RELOGIO): Buffer {
  return writeAfd671({
    repKind: 'REP_C',
    employer: { idKind: 1, id: numero, name: 'EMPRESA' },
    repIdentifier: relogio,
    developer: { idKind: 1, id: '11444777000161' },
    model: 'TESTE',
    firstDate: '2025-06-01',
    lastDate: '2025-06-30',
    generatedAt: at('2025-07-01T09:00'),
    entries,
  }).bytes;
}

/** The REP wrote `numero` (a PIS) in the 671 "CPF" field of every line that had `cpf`, CRC recomputed. */
function comPisNoCampoCpf(conteudo: Buffer, cpf: string, numero: string): Buffer {
  const linhas = conteudo.toString('latin1').split('\r\n');
  return Buffer.from(
    linhas
      .map((l) => {
        if (l.length !== 50 || !l.includes(`0${cpf}`)) return l;
        const corpo = l.slice(0, 46).replace(`0${cpf}`, `0${numero}`);
        return corpo + crcHex(crc16Latin1('KERMIT', corpo));
      })
      .join('\r\n'),
    'latin1',
  );
}

describeEachBackend('Arquivo AFD (POST /api/afd/upload, paginação, vínculo)', (backend) => {
  let env: TestEnv;
  let token: string;
  let ids: DemoIds;
  let numero: string;
  /** Two active employees of the main company with CPF and PIS. */
  let ana: { id: number; cpf: string; pis: string };
  let bruno: { id: number; cpf: string; pis: string };

  beforeAll(async () => {
    env = await createTestEnv(backend);
    token = await login(env.app, ADMIN);
    ids = await demoIds(env);
    [{ numero } = { numero: '' }] = await queryRows<{ numero: string }>(
      env.database.owner,
      sql`SELECT numero FROM cnpjs WHERE id = ${ids.principal}`,
    );
    const dois = await queryRows<{ id: number; cpf: string; pis: string }>(
      env.database.owner,
      sql`SELECT id, cpf, pis FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo AND pis IS NOT NULL
           ORDER BY id LIMIT 2`,
    );
    [ana, bruno] = [dois[0]!, dois[1]!];
  });
  afterAll(() => env.close());

  const json = (over: Record<string, unknown> = {}) => ({
    numeroPortaria: '671',
    numCnpjRelogio: numero,
    cnpj: { id: ids.principal },
    dataInicio: '2025-06-01',
    dataFinal: '2025-06-30',
    nomeDocumento: 'AFD',
    nomeArquivo: 'afd.txt',
    servico: 'arquivoAFD',
    tipoDocumento: 'txt',
    usuarioRequisicao: { id: 1 },
    ...over,
  });
  const enviar = (
    conteudo: Buffer | string,
    o: { nome?: string; json?: Record<string, unknown>; token?: string } = {},
  ) =>
    upload(
      env.app,
      '/api/afd/upload',
      { jsonRequisicao: json(o.json) },
      { nomeArquivo: o.nome ?? 'AFD00004000000000123.txt', conteudo, campo: 'afdStream' },
      { token: o.token ?? token },
    );
  const buscar = async (id: number) =>
    (await call(env.app, `/api/solicitacao-documento/buscar?fdb=f&id=${id}`, undefined, { token, method: 'GET' })).body;
  const marcacoes = (relogio = RELOGIO) =>
    queryRows<{ nsr: number; dataHora: string; identificador: string; funcionarioId: number | null }>(
      env.database.owner,
      sql`SELECT m.nsr::int AS nsr, m.data_hora::text AS "dataHora", m.identificador, mf.funcionario_id AS "funcionarioId"
            FROM marcacoes m LEFT JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id
           WHERE m.relogio = ${relogio} ORDER BY m.nsr`,
    );
  const resultado = async (solicitacaoId: number) =>
    (
      await queryRows<{ resultado: any }>(
        env.database.owner,
        sql`SELECT resultado FROM afd_importacoes WHERE solicitacao_id = ${solicitacaoId}`,
      )
    )[0]!.resultado;

  it('importa: só o período, CPF e PIS no campo do 671, sem vínculo listado com a linha; a solicitação termina PROCESSADO', async () => {
    const SEM = cpfDe(7001);
    const conteudo = comPisNoCampoCpf(
      afd(numero, [
        punch('2025-05-31T08:00', ana.cpf),
        punch('2025-06-02T08:00', ana.cpf),
        punch('2025-06-02T08:01', SEM),
        punch('2025-06-02T08:02', bruno.cpf),
        punch('2025-07-01T08:00', ana.cpf),
      ]),
      bruno.cpf,
      bruno.pis,
    );
    const r = await enviar(conteudo);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number), status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    expect((await buscar(r.body.id)).status).toBe('FILA');
    await env.jobs.drain();
    const s = await buscar(r.body.id);
    expect(s.status).toBe('PROCESSADO');
    const mensagens = (s.mensagem as string).split('#');
    expect(mensagens[0]).toContain('5 marcações no arquivo, 3 no período 01/06/2025 a 30/06/2025; 3 novas gravadas');
    expect(mensagens.some((m) => m.startsWith('Linha 4: Identificador') && m.includes('nenhum funcionário'))).toBe(
      true,
    );
    expect(mensagens.some((m) => m.includes('2 marcações fora do período') && m.includes('(linhas 2, 6)'))).toBe(true);
    expect(await marcacoes()).toEqual([
      { nsr: 2, dataHora: '2025-06-02 08:00:00', identificador: `0${ana.cpf}`, funcionarioId: ana.id },
      { nsr: 3, dataHora: '2025-06-02 08:01:00', identificador: `0${SEM}`, funcionarioId: null },
      { nsr: 4, dataHora: '2025-06-02 08:02:00', identificador: `0${bruno.pis}`, funcionarioId: bruno.id },
    ]);
    const res = await resultado(r.body.id);
    expect(res).toMatchObject({ novas: 3, vinculadas: 2, semVinculo: 1, marcacoesNoPeriodo: 3, layout: '671' });
    expect(res.ocorrencias.map((o: { codigo: string; linha: number }) => [o.codigo, o.linha])).toEqual(
      expect.arrayContaining([
        ['FORA_DO_PERIODO', 2],
        ['SEM_FUNCIONARIO', 4],
      ]),
    );
  });

  it('importar de novo o mesmo arquivo, ou um que se sobrepõe, não grava nada em dobro', async () => {
    const base = [punch('2025-06-03T08:00', ana.cpf), punch('2025-06-03T12:00', ana.cpf)];
    const relogio = '00004000000000124';
    const a = await enviar(afd(numero, base, relogio));
    await env.jobs.drain();
    const b = await enviar(afd(numero, base, relogio));
    await env.jobs.drain();
    expect(await resultado(b.body.id)).toMatchObject({ novas: 0, jaGravadas: 2 });
    const c = await enviar(afd(numero, [...base, punch('2025-06-03T13:00', ana.cpf)], relogio));
    await env.jobs.drain();
    expect(await resultado(c.body.id)).toMatchObject({ novas: 1, jaGravadas: 2 });
    expect((await marcacoes(relogio)).map((m) => m.nsr)).toEqual([1, 2, 3]);
    expect((await buscar(a.body.id)).status).toBe('PROCESSADO');
  });

  it('AFD de outro empregador: ERRO na hora, com a mensagem, sem monitoramento nem marcações', async () => {
    const r = await enviar(afd('11444777000161', [punch('2025-06-02T08:00', ana.cpf)], '00004000000000125'));
    const esperado = MSG_AFD.empregadorDiferente(
      'CNPJ 11.444.777/0001-61',
      `CNPJ ${numero.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5')}`,
    );
    expect(r.body).toMatchObject({ status: 'ERRO', mensagem: `ERROS#${esperado}` });
    expect((await buscar(r.body.id)).status).toBe('ERRO');
    await env.jobs.drain();
    expect(await marcacoes('00004000000000125')).toEqual([]);
  });

  it('o que não é AFD é ERRO na hora; outra extensão é recusada antes do arquivo', async () => {
    const r = await enviar('nome;cpf\nFulano;123\n');
    expect(r.body.status).toBe('ERRO');
    expect(r.body.mensagem).toMatch(/^ERROS#O arquivo não é um AFD/);
    const csv = await enviar(afd(numero, []), { nome: 'afd.csv' });
    expect(csv.status).toBe(400);
    expect(csv.body.mensagem).toBe('Selecione um arquivo .txt');
  });

  it('CNPJ do relógio diferente da empresa, período invertido e portaria ausente: 400 com a mensagem', async () => {
    const outro = await enviar(afd(numero, []), { json: { numCnpjRelogio: '11444777000161' } });
    expect(outro.status).toBe(400);
    expect(outro.body.mensagem).toContain('O CNPJ do relógio informado (11444777000161)');
    const invertido = await enviar(afd(numero, []), { json: { dataInicio: '2025-06-30', dataFinal: '2025-06-01' } });
    expect(invertido.status).toBe(400);
    const semPortaria = await enviar(afd(numero, []), { json: { numeroPortaria: null } });
    expect(semPortaria.body.mensagem).toContain(MSG_AFD.selecionePortaria);
  });

  it('leiaute diferente da portaria escolhida: avisa e importa pelo leiaute do arquivo', async () => {
    const r = await enviar(afd(numero, [punch('2025-06-04T08:00', ana.cpf)], '00004000000000126'), {
      json: { numeroPortaria: 1510 },
    });
    expect(r.body.aviso).toBe(MSG_AFD.leiauteDiferente('671', '1510'));
    await env.jobs.drain();
    expect(await marcacoes('00004000000000126')).toHaveLength(1);
  });

  it('um número que é CPF de um e PIS de outro: ambíguo, sem vínculo, listado com os dois nomes', async () => {
    const refs = await refsDoTenant(env, ids.demo);
    const base = {
      cnpj: ids.principal,
      centroCusto: ids.cc.get('Contas a Pagar')!,
      cargo: [...refs.cargos.values()][0]!,
      escala: [...refs.escalas.values()][0]!,
    };
    const um = await call(
      env.app,
      '/api/funcionario/salvar',
      novoFuncionario(8101, base, { cpf: AMBOS, nome: 'Carla Ambígua' }),
      { token },
    );
    expect(um.status).toBe(200);
    const dois = await call(
      env.app,
      '/api/funcionario/salvar',
      novoFuncionario(8102, base, { pis: AMBOS, nome: 'Davi Ambíguo' }),
      { token },
    );
    expect(dois.status).toBe(200);
    const r = await enviar(afd(numero, [punch('2025-06-05T08:00', AMBOS)], '00004000000000127'));
    await env.jobs.drain();
    expect((await marcacoes('00004000000000127'))[0]!.funcionarioId).toBeNull();
    const o = (await resultado(r.body.id)).ocorrencias.find(
      (x: { codigo: string }) => x.codigo === 'IDENTIFICADOR_AMBIGUO',
    );
    expect(o.mensagem).toContain('Carla Ambígua, Davi Ambíguo');
  });

  it('marcações sem vínculo se vinculam quando o funcionário com aquele CPF é cadastrado', async () => {
    const novo = cpfDe(7002);
    const relogio = '00004000000000128';
    await enviar(afd(numero, [punch('2025-06-06T08:00', novo), punch('2025-06-06T17:00', novo)], relogio));
    await env.jobs.drain();
    expect((await marcacoes(relogio)).map((m) => m.funcionarioId)).toEqual([null, null]);
    const refs = await refsDoTenant(env, ids.demo);
    const salvo = await call(
      env.app,
      '/api/funcionario/salvar',
      novoFuncionario(
        7002,
        {
          cnpj: ids.principal,
          centroCusto: ids.cc.get('Contas a Pagar')!,
          cargo: [...refs.cargos.values()][0]!,
          escala: [...refs.escalas.values()][0]!,
        },
        { cpf: novo, pis: pisDe(7002) },
      ),
      { token },
    );
    expect(salvo.status).toBe(200);
    expect((await marcacoes(relogio)).map((m) => m.funcionarioId)).toEqual([salvo.body.id, salvo.body.id]);
  });

  it('paginação: importa só as linhas indicadas de um AFD já enviado; o restante vem com o processamento', async () => {
    const relogio = '00004000000000129';
    const r = await enviar(
      afd(
        numero,
        [punch('2025-06-07T08:00', ana.cpf), punch('2025-06-07T12:00', ana.cpf), punch('2025-06-07T17:00', ana.cpf)],
        relogio,
      ),
    );
    const p = await call(
      env.app,
      '/api/afd/paginacao?fdb=f',
      { arquivo: String(r.body.id), indexs: [2], numCnpjRelogio: numero },
      { token },
    );
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ marcacoesNovas: 1, mensagem: '1 marcação importada.' });
    expect((await marcacoes(relogio)).map((m) => m.nsr)).toEqual([2]);
    const demais = await call(
      env.app,
      '/api/afd/paginacao',
      { arquivo: r.body.id, indexs: Array.from({ length: 21 }, (_, i) => i) },
      { token },
    );
    expect(demais.status).toBe(400);
    expect(demais.body.mensagem).toContain(MSG_AFD.indicesDemais(20));
    await env.jobs.drain();
    expect((await marcacoes(relogio)).map((m) => [m.nsr, m.funcionarioId])).toEqual([
      [1, ana.id],
      [2, ana.id],
      [3, ana.id],
    ]);
  });

  it('/api/afd/v1/upload: os campos ao lado do jsonRequisicao valem', async () => {
    const relogio = '00004000000000130';
    const r = await upload(
      env.app,
      '/api/afd/v1/upload',
      {
        jsonRequisicao: { cnpj: { id: ids.principal } },
        // Each field a JSON text, as every upload call takes them (decision 0039).
        dtInicio: '"2025-06-08"',
        dtFinal: '"2025-06-08"',
        numCnpjRelogio: JSON.stringify(numero),
        numeroPortaria: 671,
      },
      {
        nomeArquivo: 'afd.txt',
        conteudo: afd(numero, [punch('2025-06-08T08:00', ana.cpf), punch('2025-06-09T08:00', ana.cpf)], relogio),
        campo: 'afdStream',
      },
      { token },
    );
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 'FILA' });
    await env.jobs.drain();
    expect((await marcacoes(relogio)).map((m) => m.dataHora)).toEqual(['2025-06-08 08:00:00']);
  });

  describe('acompanhamento (issue 24 §4, decisão 0080)', () => {
    const get = (url: string, t = token) => call(env.app, url, undefined, { token: t, method: 'GET' });
    const seguir = (id: number, diferenteDe: string) =>
      get(`/api/solicitacao-documento/buscar?fdb=f&id=${id}&diferenteDe=${encodeURIComponent(diferenteDe)}`);

    it('a espera responde quando a solicitação muda, não antes; já diferente ou encerrada, responde na hora', async () => {
      const r = await enviar(afd(numero, [punch('2025-06-11T08:00', ana.cpf)], '00004000000000133'));
      expect(r.body.status).toBe('FILA');
      // Another state than the one the request is in: at once.
      expect((await seguir(r.body.id, 'PROCESSANDO:40')).body).toMatchObject({ status: 'FILA', progresso: 0 });
      let respondeu = false;
      const espera = seguir(r.body.id, 'FILA:0').then((x) => {
        respondeu = true;
        return x;
      });
      // A whole request after it, and the import not run: it still waits.
      expect((await buscar(r.body.id)).status).toBe('FILA');
      expect(respondeu).toBe(false);
      await env.jobs.drain();
      const mudou = await espera;
      expect(mudou.status).toBe(200);
      expect(`${mudou.body.status}:${mudou.body.progresso}`).not.toBe('FILA:0');
      // Finished: answers at once whatever it is asked to differ from.
      expect((await seguir(r.body.id, 'PROCESSADO:100')).body.status).toBe('PROCESSADO');
      expect((await seguir(r.body.id, 'x'.repeat(21))).status).toBe(400);
    });

    it('o resumo da importação: nulo na fila; ao terminar, lidas, novas, já gravadas, fora do período, sem funcionário e ocorrências', async () => {
      const relogio = '00004000000000134';
      const SEM = cpfDe(7003);
      const entradas = [
        punch('2025-05-30T08:00', ana.cpf),
        punch('2025-06-12T08:00', ana.cpf),
        punch('2025-06-12T08:05', SEM),
        punch('2025-06-12T12:00', SEM),
      ];
      const r = await enviar(afd(numero, entradas, relogio));
      const url = `/api/afd/resultado?fdb=f&id=${r.body.id}`;
      const naFila = await get(url);
      expect(naFila.status).toBe(200);
      expect(naFila.body).toBeNull();
      await env.jobs.drain();
      const pronto = await get(url);
      expect(pronto.body).toMatchObject({
        layout: '671',
        marcacoesNoArquivo: 4,
        marcacoesNoPeriodo: 3,
        foraDoPeriodo: 1,
        novas: 3,
        jaGravadas: 0,
        vinculadas: 1,
        semVinculo: 2,
      });
      expect(pronto.body.totalOcorrencias).toBe(pronto.body.ocorrencias.length);
      expect(pronto.body.ocorrencias.map((o: { codigo: string }) => o.codigo)).toEqual(
        expect.arrayContaining(['FORA_DO_PERIODO', 'SEM_FUNCIONARIO']),
      );
      // The same file again: nothing new, all already stored.
      const de_novo = await enviar(afd(numero, entradas, relogio));
      await env.jobs.drain();
      expect((await get(`/api/afd/resultado?id=${de_novo.body.id}`)).body).toMatchObject({ novas: 0, jaGravadas: 3 });
      expect((await get('/api/afd/resultado?id=999999')).status).toBe(404);
      const semCodigo = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal], codes: [] });
      expect((await get(url, semCodigo.token)).status).toBe(403);
      const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
      expect([403, 404]).toContain((await get(url, campinas.token)).status);
    });

    it('marcações sem funcionário: por CPF/PIS, com relógio, quantidade e período; saem da lista quando o funcionário é cadastrado', async () => {
      const relogio = '00004000000000135';
      const n = 7004;
      const SEM = cpfDe(n);
      await enviar(
        afd(
          numero,
          [
            punch('2025-06-13T08:00', SEM),
            punch('2025-06-13T17:00', SEM),
            punch('2025-06-14T08:00', SEM),
            punch('2025-06-13T08:01', ana.cpf),
          ],
          relogio,
        ),
      );
      await env.jobs.drain();
      const listar = (de: string, ate: string, t = token) =>
        get(`/api/afd/marcacoes-sem-funcionario?fdb=f&idCnpj=${ids.principal}&dataInicio=${de}&dataFinal=${ate}`, t);
      const doCpf = (rows: { identificador: string }[]) => rows.filter((x) => x.identificador === `0${SEM}`);
      const lista = await listar('2025-06-13', '2025-06-14');
      expect(lista.status).toBe(200);
      expect(doCpf(lista.body)).toEqual([
        {
          identificador: `0${SEM}`,
          cpf: SEM,
          pis: null,
          relogios: [relogio],
          quantidade: 3,
          primeira: '2025-06-13T08:00',
          ultima: '2025-06-14T08:00',
          funcionarios: [],
        },
      ]);
      expect(lista.body.some((x: { cpf: string | null }) => x.cpf === ana.cpf)).toBe(false);
      // The period bounds it: the 14th alone has one.
      expect(doCpf((await listar('2025-06-14', '2025-06-14')).body)[0]).toMatchObject({ quantidade: 1 });
      expect((await listar('2025-06-14', '2025-06-13')).status).toBe(400);
      const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
      expect([403, 404]).toContain((await listar('2025-06-13', '2025-06-14', campinas.token)).status);

      const refs = await refsDoTenant(env, ids.demo);
      const salvo = await call(
        env.app,
        '/api/funcionario/salvar',
        novoFuncionario(
          n,
          {
            cnpj: ids.principal,
            centroCusto: ids.cc.get('Contas a Pagar')!,
            cargo: [...refs.cargos.values()][0]!,
            escala: [...refs.escalas.values()][0]!,
          },
          { cpf: SEM, pis: pisDe(n) },
        ),
        { token },
      );
      expect(salvo.status).toBe(200);
      expect(doCpf((await listar('2025-06-13', '2025-06-14')).body)).toEqual([]);
    });
  });

  it('o relógio do cabeçalho: sem cadastro em Relógio de Ponto, uma ocorrência diz; cadastrado (com ou sem zeros à esquerda), nada (issue 25 §2)', async () => {
    const relogio = '00004000000000136';
    const codigos = async (solicitacaoId: number) =>
      ((await resultado(solicitacaoId)).ocorrencias as { codigo: string; mensagem: string }[]).filter(
        (o) => o.codigo === 'RELOGIO_NAO_CADASTRADO',
      );
    const antes = await enviar(afd(numero, [punch('2025-06-16T08:00', ana.cpf)], relogio));
    await env.jobs.drain();
    const [aviso] = await codigos(antes.body.id);
    expect(aviso?.mensagem).toContain(`O relógio ${relogio} do cabeçalho do AFD não está cadastrado`);
    // The punches were imported all the same.
    expect((await marcacoes(relogio)).map((m) => m.funcionarioId)).toEqual([ana.id]);
    const cadastro = await call(
      env.app,
      '/api/relogio-ponto/salvar',
      { relogioPonto: { fabricante: 'ControlId', numeroSerie: '4000000000136' }, cnpj: { id: ids.principal } },
      { token },
    );
    expect(cadastro.status).toBe(200);
    const depois = await enviar(afd(numero, [punch('2025-06-16T12:00', ana.cpf)], relogio));
    await env.jobs.drain();
    expect(await codigos(depois.body.id)).toEqual([]);
  });

  describe('escopo', () => {
    it('quem não tem a empresa não envia para ela, nem pagina o AFD dela', async () => {
      const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
      const r = await enviar(afd(numero, []), { token: campinas.token });
      expect([403, 404]).toContain(r.status);
      const enviado = await enviar(afd(numero, [punch('2025-06-10T08:00', ana.cpf)], '00004000000000131'));
      const p = await call(
        env.app,
        '/api/afd/paginacao',
        { arquivo: enviado.body.id, indexs: [1] },
        { token: campinas.token },
      );
      expect([403, 404]).toContain(p.status);
      const semCodigo = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        codes: [PERM.DOCUMENTOS],
      });
      expect((await enviar(afd(numero, []), { token: semCodigo.token })).status).toBe(403);
    });

    it('outro cliente não vê a importação pelo id', async () => {
      const beta = await login(env.app, 'admin@beta.jornada.demo');
      const enviado = await enviar(afd(numero, [], '00004000000000132'));
      const p = await call(env.app, '/api/afd/paginacao', { arquivo: enviado.body.id, indexs: [1] }, { token: beta });
      expect(p.status).toBe(404);
    });
  });
});
