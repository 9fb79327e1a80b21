import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MONITORAMENTO_PUSH_MSG as MP, MSG, PERM } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { jpeg } from '../../../test/funcionario-fixtures.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';
import { DISPOSITIVO_PUSH_MSG as M } from './dispositivo-push.service.js';

/**
 * The device side of Control iD push and monitor (issue 25 §4; spec/devices.md §1.4, §1.5, §4(a)), with the
 * bodies the documentation shows, through inject(); the emulator's own process drives them over HTTP in
 * emulador-push.test.ts.
 */
describeEachBackend('Control iD push e monitor (/cid/:token/*, issue 25 §4)', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let token: string;
  let relogioId: number;
  let funcionarioId: number;
  let funcionarioPis: string;
  const DEVICE = '478435';
  const SERIE = 'IDF-PUSH-1';

  beforeAll(async () => {
    env = await createTestEnv(backend, {
      config: {
        dispositivos: {
          chamadasPorSegundo: 1_000,
          rajada: 1_000,
          chamadasPorSegundoPorToken: 10_000,
          rajadaPorToken: 10_000,
          comandoSemRespostaMs: 60_000,
          tentativasPorComando: 3,
          semContatoMs: 180_000,
          adiantamentoMaximoMs: 600_000,
        },
      },
    });
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    token = (await call(env.app, '/api/relogio-ponto/gerar-token', {}, { token: admin })).body.valor;
    const salvo = await call(
      env.app,
      '/api/relogio-ponto/salvar',
      {
        relogioPonto: {
          fabricante: 'ControlId IdFace',
          modelo: 'ControlId IdFace',
          numeroSerie: SERIE,
          localInstalacao: 'Refeitório',
          tipoServico: 'Push',
          idCloud: DEVICE,
        },
        cnpj: { id: ids.principal },
      },
      { token: admin },
    );
    expect(salvo.status).toBe(200);
    [{ id: relogioId }] = (await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM relogios_ponto WHERE numero_serie = ${SERIE}`,
    )) as [{ id: number }];
    const [f] = await queryRows<{ id: number; pis: string }>(
      env.database.owner,
      sql`SELECT id, pis FROM funcionarios
           WHERE cnpj_id = ${ids.principal} AND data_demissao IS NULL AND pis IS NOT NULL ORDER BY id LIMIT 1`,
    );
    [funcionarioId, funcionarioPis] = [f!.id, f!.pis];
  });
  afterAll(() => env.close());

  const poll = (deviceId: string = DEVICE, uuid = 'u-1', t = token) =>
    env.app.inject({ method: 'GET', url: `/cid/${t}/push?deviceId=${deviceId}&uuid=${uuid}` });
  const post = (path: string, body: unknown, t = token) =>
    env.app.inject({
      method: 'POST',
      url: `/cid/${t}${path}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const resultado = (uuid: string, resposta: unknown, deviceId = DEVICE) =>
    post(`/result?deviceId=${deviceId}&uuid=${uuid}`, { response: JSON.stringify(resposta) });
  const epoch = (minutosAntes: number) => Math.floor(env.clock.now().getTime() / 1000) - minutosAntes * 60;
  const dao = (logs: Record<string, unknown>[], deviceId: number = Number(DEVICE)) => ({
    object_changes: logs.map((v) => ({
      object: 'access_logs',
      type: 'inserted',
      values: Object.fromEntries(
        Object.entries({
          event: '7',
          device_id: String(deviceId),
          portal_id: '1',
          card_value: '0',
          log_type_id: '-1',
          ...v,
        }).map(([k, x]) => [k, String(x)]),
      ),
    })),
    device_id: deviceId,
  });
  const linha = async () =>
    (
      await call(env.app, `/api/relogio-ponto/monitoramento/buscar/${relogioId}`, undefined, {
        token: admin,
        method: 'GET',
      })
    ).body;
  const marcacoesDoRelogio = () =>
    queryRows<{ nsr: number; data_hora: string; identificador: string; vinculo: number | null }>(
      env.database.owner,
      sql`SELECT m.nsr::int AS nsr, m.data_hora::text AS data_hora, m.identificador, mf.funcionario_id AS vinculo
            FROM marcacoes m LEFT JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id
           WHERE m.relogio = ${SERIE} ORDER BY m.nsr`,
    );
  /** Answers every command the device gets until its queue is empty; returns the endpoints run, in order. */
  const drenar = async (responder: (c: { endpoint: string; body: any; queryString: string }) => unknown) => {
    const feitos: string[] = [];
    for (let i = 0; i < 500; i++) {
      const uuid = `d-${Date.now()}-${i}`;
      const r = await poll(DEVICE, uuid);
      expect(r.statusCode).toBe(200);
      if (r.body === '') return feitos;
      const c = r.json();
      feitos.push(c.endpoint);
      expect((await resultado(uuid, responder(c))).statusCode).toBe(200);
    }
    throw new Error('a fila não esvaziou');
  };

  it('recusa token desconhecido (401), deviceId e uuid inválidos (400); um equipamento desconhecido recebe 200 vazio e fica anotado', async () => {
    const falso = await poll(DEVICE, 'u', 'x'.repeat(43));
    expect([falso.statusCode, falso.json().mensagem]).toEqual([401, M.tokenInvalido]);
    expect((await poll('12a')).json().mensagem).toBe(M.deviceIdInvalido);
    expect((await env.app.inject({ method: 'GET', url: `/cid/${token}/push?deviceId=1` })).statusCode).toBe(400);
    const desconhecido = await poll('5550001', 'u-9');
    expect([desconhecido.statusCode, desconhecido.body]).toEqual([200, '']);
    const [d] = await queryRows<{ chamadas: number }>(
      env.database.owner,
      sql`SELECT chamadas FROM relogio_dispositivos_desconhecidos WHERE device_id = '5550001'`,
    );
    expect(d?.chamadas).toBe(1);
  });

  it('antes de qualquer contato o equipamento aparece em Erro; o poll o deixa Autenticado com a última conexão', async () => {
    expect(await linha()).toMatchObject({ status: 'Erro', mensagem: MP.semContato, dataUltimaConexao: null });
    const r = await poll();
    expect([r.statusCode, r.body]).toEqual([200, '']);
    expect(await linha()).toMatchObject({
      status: 'Autenticado',
      dataUltimaConexao: env.clock.now().toISOString(),
      numeroSerie: SERIE,
      localInstalacao: 'Refeitório',
    });
  });

  it('uma marcação do monitor (evento 7) é gravada uma vez, vinculada e marcada para o cálculo; negado e não identificado não', async () => {
    const quando = epoch(30);
    const corpo = dao([
      { id: 101, time: quando, user_id: funcionarioId },
      { id: 102, time: quando, user_id: funcionarioId, event: '6' },
      { id: 103, time: quando, user_id: 0, event: '3' },
    ]);
    expect((await post('/notifications/dao', corpo)).statusCode).toBe(200);
    // A retry of the same notification (the device did not see the answer) adds nothing.
    expect((await post('/notifications/dao', corpo)).statusCode).toBe(200);
    const m = await marcacoesDoRelogio();
    expect(m).toHaveLength(1);
    const local = new Date((quando - 3 * 3600) * 1000).toISOString();
    expect(m[0]).toMatchObject({
      nsr: 101,
      data_hora: `${local.slice(0, 10)} ${local.slice(11, 16)}:00`,
      // An IdFace registers people by PIS (portaria 1510, seed 001 §5): the punch carries the PIS.
      identificador: funcionarioPis,
      vinculo: funcionarioId,
    });
    const pend = await queryRows(
      env.database.owner,
      sql`SELECT 1 FROM calculo_pendencias WHERE funcionario_id = ${funcionarioId}
            AND ${local.slice(0, 10)}::date BETWEEN data_inicio AND data_final`,
    );
    expect(pend.length).toBeGreaterThan(0);
    expect((await linha()).nsr).toBe(102);
  });

  it('hora fora do intervalo, corpo malformado ou user_id longo: 400 e nada gravado da chamada', async () => {
    const antes = (await marcacoesDoRelogio()).length;
    const futuro = await post('/notifications/dao', dao([{ id: 201, time: epoch(-60), user_id: funcionarioId }]));
    expect([futuro.statusCode, futuro.json().mensagem]).toEqual([400, M.horaForaDoIntervalo('201')]);
    const misto = await post(
      '/notifications/dao',
      dao([
        { id: 202, time: epoch(5), user_id: funcionarioId },
        { id: 203, time: 100, user_id: funcionarioId },
      ]),
    );
    expect(misto.statusCode).toBe(400);
    expect((await post('/notifications/dao', { object_changes: 'x', device_id: 1 })).statusCode).toBe(400);
    expect((await post('/notifications/dao', dao([{ id: 'abc', time: epoch(1) }]))).statusCode).toBe(400);
    expect(
      (await post('/notifications/dao', dao([{ id: 204, time: epoch(1), user_id: '1234567890123' }]))).statusCode,
    ).toBe(400);
    const texto = await env.app.inject({
      method: 'POST',
      url: `/cid/${token}/notifications/dao`,
      headers: { 'content-type': 'text/plain' },
      payload: '{não é json',
    });
    expect(texto.statusCode).toBe(400);
    expect((await marcacoesDoRelogio()).length).toBe(antes);
  });

  it('o relógio de outro cliente nunca escreve aqui: o mesmo deviceId com o token do beta vai para o relógio do beta', async () => {
    const beta = await login(env.app, 'admin@beta.jornada.demo');
    const tokenBeta = (await call(env.app, '/api/relogio-ponto/gerar-token', {}, { token: beta })).body.valor;
    // Beta has no clock with this deviceId yet: its punches are not stored anywhere.
    expect(
      (await post('/notifications/dao', dao([{ id: 301, time: epoch(3), user_id: funcionarioId }]), tokenBeta))
        .statusCode,
    ).toBe(200);
    await call(
      env.app,
      '/api/relogio-ponto/salvar',
      {
        relogioPonto: { fabricante: 'ControlId IdFace', numeroSerie: 'BETA-1', tipoServico: 'Push', idCloud: DEVICE },
        cnpj: ids.betaCnpj,
      },
      { token: beta },
    );
    // Now it is beta's clock; the demo employee's id is just a number there: stored without a link, in beta.
    expect(
      (await post('/notifications/dao', dao([{ id: 302, time: epoch(3), user_id: funcionarioId }]), tokenBeta))
        .statusCode,
    ).toBe(200);
    const rows = await queryRows<{ tenant_id: number; relogio: string; identificador: string; nsr: number }>(
      env.database.owner,
      sql`SELECT m.tenant_id, m.relogio, m.identificador, m.nsr::int AS nsr FROM marcacoes m WHERE m.nsr IN (301, 302) AND m.relogio IN (${SERIE}, 'BETA-1')`,
    );
    expect(rows).toEqual([{ tenant_id: ids.beta, relogio: 'BETA-1', identificador: `ID${funcionarioId}`, nsr: 302 }]);
    const vinculos = await queryRows(
      env.database.owner,
      sql`SELECT 1 FROM marcacao_funcionarios mf JOIN marcacoes m ON m.id = mf.marcacao_id WHERE m.relogio = 'BETA-1'`,
    );
    expect(vinculos).toHaveLength(0);
  });

  it('sincronizar todos: apaga os usuários, cadastra funcionários e grupos, manda as fotos; a tela conta e depois zera', async () => {
    await env.database.owner.execute(
      sql`INSERT INTO funcionario_fotos (tenant_id, funcionario_id, imagem) VALUES (${ids.demo}, ${funcionarioId}, ${jpeg(120, 160)})
          ON CONFLICT (funcionario_id) DO NOTHING`,
    );
    const r = await call(
      env.app,
      '/api/relogio-ponto/criar-tarefa-sincrionizar-todos',
      { cnpj: { id: ids.principal } },
      { token: admin },
    );
    expect(r.body.mensagem).toBe(MP.tarefaCriada(2));
    const antes = await linha();
    expect(antes.funcionariosSincronizar).toBeGreaterThan(0);
    const cadastrados: any[] = [];
    const feitos = await drenar((c) => {
      if (c.endpoint === 'create_objects' && c.body.object === 'users') cadastrados.push(...c.body.values);
      if (c.endpoint === 'create_objects') return { ids: c.body.values.map((v: any) => v.id ?? v.user_id) };
      if (c.endpoint === 'user_set_image_list')
        return { results: c.body.user_images.map((i: any) => ({ user_id: i.user_id, success: true })) };
      return { changes: 0 };
    });
    expect(feitos[0]).toBe('destroy_objects');
    expect(feitos.filter((f) => f === 'user_set_image_list')).toHaveLength(1);
    expect(feitos.indexOf('user_set_image_list')).toBeGreaterThan(feitos.lastIndexOf('create_objects'));
    expect(cadastrados.find((u) => u.id === funcionarioId)).toMatchObject({ id: funcionarioId });
    const depois = await linha();
    expect(depois).toMatchObject({
      funcionariosSincronizar: 0,
      dataUltimaSincronizacao: env.clock.now().toISOString(),
    });
  });

  it('um comando recusado põe o equipamento em Erro com a mensagem; iniciar o monitoramento limpa; parado não recebe comandos', async () => {
    await call(
      env.app,
      '/api/relogio-ponto/criar-tarefa-sincrionizar-todos',
      { cnpj: ids.principal },
      { token: admin },
    );
    const r = await poll(DEVICE, 'e-1');
    expect(r.json().endpoint).toBe('destroy_objects');
    await post(`/result?deviceId=${DEVICE}&uuid=e-1`, { error: 'Falha de memória', code: 1 });
    expect(await linha()).toMatchObject({
      status: 'Erro',
      mensagem: M.comandoRecusado('delete_all_users', 'Falha de memória'),
    });
    // A replay of that result changes nothing.
    expect((await post(`/result?deviceId=${DEVICE}&uuid=e-1`, { response: '{}' })).statusCode).toBe(200);

    const parar = await call(
      env.app,
      '/api/relogio-ponto/desativar-monitoramento',
      { id: relogioId },
      { token: admin },
    );
    expect(parar.body.mensagem).toBe(MP.monitoramentoParado);
    expect((await linha()).status).toBe('Parado');
    expect((await poll(DEVICE, 'e-2')).body).toBe('');
    // Punches still arrive while it is stopped.
    expect(
      (await post('/notifications/dao', dao([{ id: 401, time: epoch(2), user_id: funcionarioId }]))).statusCode,
    ).toBe(200);
    expect((await marcacoesDoRelogio()).some((m) => m.nsr === 401)).toBe(true);

    await call(env.app, '/api/relogio-ponto/ativar-monitoramento', { id: relogioId }, { token: admin });
    expect(await linha()).toMatchObject({ status: 'Autenticado', mensagem: null });
    await drenar(() => ({}));
  });

  it('um comando entregue e nunca respondido volta na próxima chamada e, depois das tentativas, falha e põe Erro', async () => {
    await call(
      env.app,
      '/api/relogio-ponto/criar-tarefa-importar-imagens',
      { relogioPonto: { id: relogioId }, cnpj: ids.principal },
      { token: admin },
    );
    for (let i = 1; i <= 3; i++) expect((await poll(DEVICE, `p-${i}`)).json().endpoint).toBe('user_list_images');
    expect((await poll(DEVICE, 'p-4')).body).toBe('');
    expect(await linha()).toMatchObject({ status: 'Erro', mensagem: M.comandoSemResposta('user_list_images', 3) });
    await call(env.app, '/api/relogio-ponto/ativar-monitoramento', { id: relogioId }, { token: admin });
  });

  it('importar imagens: lista, busca cada uma e guarda no funcionário da empresa; outro id é ignorado', async () => {
    const foto = jpeg(100, 130);
    await call(
      env.app,
      '/api/relogio-ponto/criar-tarefa-importar-imagens',
      { relogioPonto: { id: relogioId }, cnpj: ids.principal },
      { token: admin },
    );
    const feitos = await drenar((c) => {
      if (c.endpoint === 'user_list_images') return { user_ids: [funcionarioId, 999_999] };
      return { timestamp: 1, image: foto.toString('base64') };
    });
    expect(feitos).toEqual(['user_list_images', 'user_get_image', 'user_get_image']);
    const [f] = await queryRows<{ imagem: Buffer }>(
      env.database.owner,
      sql`SELECT imagem FROM funcionario_fotos WHERE funcionario_id = ${funcionarioId}`,
    );
    expect(Buffer.from(f!.imagem).equals(foto)).toBe(true);
    // Only a face reader keeps faces.
    const outro = await call(
      env.app,
      '/api/relogio-ponto/criar-tarefa-importar-imagens',
      { relogioPonto: null, cnpj: ids.principal },
      { token: admin },
    );
    expect(outro.status).toBe(400);
    expect(outro.body.mensagem).toContain(MP.selecioneEquipamento);
  });

  it('Atualizar NSR coleta as marcações do equipamento a partir dele (load_objects access_logs)', async () => {
    const r = await call(env.app, '/api/relogio-ponto/atualizar-nsr', { id: relogioId, nsr: '500' }, { token: admin });
    expect(r.body.mensagem).toBe(MP.nsrAtualizado);
    expect((await linha()).nsr).toBe(500);
    const quando = epoch(20);
    const feitos = await drenar((c) => {
      expect(c.body).toEqual({ object: 'access_logs', where: { access_logs: { id: { '>': 499 } } } });
      return {
        access_logs: [
          { id: 500, time: quando, event: 7, user_id: funcionarioId },
          { id: 501, time: quando + 60, event: 7, user_id: funcionarioId },
        ],
      };
    });
    expect(feitos).toEqual(['load_objects']);
    expect((await marcacoesDoRelogio()).filter((m) => m.nsr >= 500).map((m) => m.nsr)).toEqual([500, 501]);
    expect((await linha()).nsr).toBe(502);
    for (const nsr of ['0', 'abc', '']) {
      const ruim = await call(env.app, '/api/relogio-ponto/atualizar-nsr', { id: relogioId, nsr }, { token: admin });
      expect(ruim.status).toBe(400);
      expect(ruim.body.mensagem).toContain(MP.informeNsr);
    }
  });

  it('um equipamento que volta depois de muito tempo sem contato tem suas marcações coletadas de novo a partir do cursor', async () => {
    await drenar(() => ({ access_logs: [] }));
    env.clock.advanceMs(200_000);
    const r = await poll(DEVICE, 'volta-1');
    expect(r.json()).toMatchObject({
      endpoint: 'load_objects',
      body: { where: { access_logs: { id: { '>': 501 } } } },
    });
    await resultado('volta-1', { access_logs: [] });
  });

  it('os códigos valem: sem 174 não altera; quem não vê a empresa não lista; sem 173 nada', async () => {
    const leitor = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.SERVICO_PUSH_VER],
    });
    const l = await call(env.app, `/api/relogio-ponto/monitoramento/listar?idCnpj=${ids.principal}`, undefined, {
      token: leitor.token,
      method: 'GET',
    });
    expect(l.status).toBe(200);
    expect(l.body.some((x: { numeroSerie: string }) => x.numeroSerie === SERIE)).toBe(true);
    const nsr = await call(
      env.app,
      '/api/relogio-ponto/atualizar-nsr',
      { id: relogioId, nsr: 1 },
      { token: leitor.token },
    );
    expect([nsr.status, nsr.body.mensagem]).toEqual([403, MSG.semPermissao]);
    const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
    expect([403, 404]).toContain(
      (
        await call(env.app, `/api/relogio-ponto/monitoramento/listar?idCnpj=${ids.principal}`, undefined, {
          token: campinas.token,
          method: 'GET',
        })
      ).status,
    );
    expect([403, 404]).toContain(
      (await call(env.app, '/api/relogio-ponto/desativar-monitoramento', { id: relogioId }, { token: campinas.token }))
        .status,
    );
  });

  it('uma alteração do funcionário vai ao equipamento: sai e é cadastrado de novo com a foto; só o centro de custo não manda nada; inativo sai', async () => {
    await drenar(() => ({}));
    await env.database.owner.execute(
      sql`INSERT INTO funcionario_fotos (tenant_id, funcionario_id, imagem) VALUES (${ids.demo}, ${funcionarioId}, ${jpeg(120, 160)})
          ON CONFLICT (funcionario_id) DO NOTHING`,
    );
    const [{ cc, outro }] = (await queryRows<{ cc: number; outro: number }>(
      env.database.owner,
      sql`SELECT f.centro_custo_id AS cc, (SELECT min(c.id) FROM centros_custo c
                 WHERE c.cnpj_id = f.cnpj_id AND c.id <> f.centro_custo_id) AS outro
            FROM funcionarios f WHERE f.id = ${funcionarioId}`,
    )) as [{ cc: number; outro: number }];
    const alterar = async (mudanca: Record<string, unknown>, centroCusto = cc) => {
      const b = (await call(env.app, '/api/funcionario/buscar', { idFuncionario: funcionarioId }, { token: admin }))
        .body;
      const r = await call(
        env.app,
        '/api/funcionario/alterar',
        { funcionario: { ...b.funcionario, ...mudanca }, centroCusto: { id: centroCusto } },
        { token: admin },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const corpos: { endpoint: string; body: any }[] = [];
    const guardar = (c: { endpoint: string; body: any }) => {
      corpos.push(c);
      return c.endpoint === 'create_objects' ? { ids: [] } : { changes: 1 };
    };

    await alterar({ nome: 'Nome Novo No Relógio' });
    expect((await linha()).funcionariosSincronizar).toBe(1);
    expect(await drenar(guardar)).toEqual([
      'destroy_objects',
      'create_objects',
      'create_objects',
      'user_set_image_list',
    ]);
    expect(corpos[0]!.body).toEqual({ object: 'users', where: { users: { id: [funcionarioId] } } });
    expect(corpos[1]!.body.values).toEqual([
      expect.objectContaining({ id: funcionarioId, name: 'Nome Novo No Relógio' }),
    ]);
    expect(corpos[3]!.body.user_images.map((i: any) => i.user_id)).toEqual([funcionarioId]);
    expect((await linha()).funcionariosSincronizar).toBe(0);

    // What a clock does not hold changes nothing on it.
    await alterar({}, outro);
    expect((await poll(DEVICE, 'cc-1')).body).toBe('');

    corpos.length = 0;
    await alterar({ ativo: false });
    expect(await drenar(guardar)).toEqual(['destroy_objects']);
    await alterar({ ativo: true });
    expect(await drenar(guardar)).toEqual([
      'destroy_objects',
      'create_objects',
      'create_objects',
      'user_set_image_list',
    ]);
  });

  // Two polls of one device at once (a device that retried a poll it thought lost, two processes behind a
  // balancer): both must get the head of the queue. Handing the second one the next command would run it before
  // the first (a create_objects before its destroy_objects).
  if (backend === 'postgres')
    it('duas chamadas do mesmo equipamento ao mesmo tempo recebem o primeiro comando da fila, nunca o seguinte', async () => {
      await call(
        env.app,
        '/api/relogio-ponto/criar-tarefa-sincrionizar-todos',
        { cnpj: ids.principal },
        { token: admin },
      );
      const [primeiro] = await queryRows<{ id: number }>(
        env.database.owner,
        sql`SELECT id::int AS id FROM relogio_comandos WHERE relogio_id = ${relogioId} AND status = 'PENDENTE' ORDER BY id LIMIT 1`,
      );
      const outro = new pg.Client({ connectionString: env.databaseUrl });
      await outro.connect();
      let respostas: string[];
      try {
        // Another poll holds the head of the queue, not yet committed.
        await outro.query('BEGIN');
        await outro.query('SELECT id FROM relogio_comandos WHERE id = $1 FOR UPDATE', [primeiro!.id]);
        const polls = Promise.all([poll(DEVICE, 'c-1'), poll(DEVICE, 'c-2')]);
        // Until both are seen waiting for that row, or one has answered (the defect: it skipped the row).
        const respondeu = { sim: false };
        void polls.then(() => (respondeu.sim = true));
        for (let i = 0; !respondeu.sim; i++) {
          const [espera] = await queryRows<{ n: number }>(
            env.database.owner,
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (espera!.n >= 2) break;
          if (i > 400) throw new Error('as chamadas não chegaram a esperar pelo comando');
          await new Promise((r) => setTimeout(r, 25));
        }
        await outro.query('COMMIT');
        respostas = (await polls).map((r) => r.json().endpoint as string);
      } finally {
        await outro.end();
      }
      expect(respostas).toEqual(['destroy_objects', 'destroy_objects']);
      await drenar(() => ({}));
    });

  describe('limites de chamadas', () => {
    let apertado: TestEnv;
    afterAll(() => apertado?.close());

    it('um equipamento que passa do limite recebe 429 com Retry-After; os outros seguem', async () => {
      apertado = await createTestEnv(backend, {
        config: {
          dispositivos: {
            chamadasPorSegundo: 0.001,
            rajada: 3,
            chamadasPorSegundoPorToken: 1_000,
            rajadaPorToken: 1_000,
            comandoSemRespostaMs: 60_000,
            tentativasPorComando: 3,
            semContatoMs: 180_000,
            adiantamentoMaximoMs: 600_000,
          },
        },
      });
      const a = await login(apertado.app, ADMIN);
      const t = (await call(apertado.app, '/api/relogio-ponto/gerar-token', {}, { token: a })).body.valor;
      const get = (d: string) => apertado.app.inject({ method: 'GET', url: `/cid/${t}/push?deviceId=${d}&uuid=x` });
      for (let i = 0; i < 3; i++) expect((await get('1')).statusCode).toBe(200);
      const barrado = await get('1');
      expect(barrado.statusCode).toBe(429);
      expect(Number(barrado.headers['retry-after'])).toBeGreaterThan(0);
      expect(barrado.json().mensagem).toBe(M.muitasChamadas);
      expect((await get('2')).statusCode).toBe(200);
    });
  });
});
