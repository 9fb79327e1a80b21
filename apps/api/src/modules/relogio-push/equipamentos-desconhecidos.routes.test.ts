import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MONITORAMENTO_PUSH_MSG as M, MSG, PERM, type EquipamentoDesconhecido } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import {
  ADMIN,
  BETA_ADMIN,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const LISTAR = '/api/relogio-ponto/monitoramento/desconhecidos';
const VINCULAR = '/api/relogio-ponto/monitoramento/desconhecidos/vincular';
const DESCARTAR = '/api/relogio-ponto/monitoramento/desconhecidos/descartar';

/**
 * Equipamentos não cadastrados (decision 0084; spec/devices.md §4(a) 'Binding'): a device that polls with the
 * company token and a deviceId no clock has is listed for the tenant, bound to a Push clock (its deviceId becomes
 * the clock's Id Cloud) or discarded. The polls go through the devices' own route, as in
 * dispositivo-push.routes.test.ts.
 */
describeEachBackend('Equipamentos não cadastrados do serviço Push (decision 0084)', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let token: string;
  /** Push clocks of this file: one of the main company, one of Campinas. */
  let matriz: number;
  let campinas: number;
  const SERIE_MATRIZ = 'DESC-PUSH-1';
  const SERIE_CAMPINAS = 'DESC-PUSH-2';

  const salvarRelogio = async (auth: string, cnpj: number, numeroSerie: string, idCloud: string) => {
    const r = await call(
      env.app,
      '/api/relogio-ponto/salvar',
      {
        relogioPonto: { fabricante: 'ControlId IdFace', numeroSerie, tipoServico: 'Push', idCloud },
        cnpj: { id: cnpj },
      },
      { token: auth },
    );
    expect(r.status).toBe(200);
    const [row] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM relogios_ponto WHERE numero_serie = ${numeroSerie} AND cnpj_id = ${cnpj}`,
    );
    return row!.id;
  };

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    token = (await call(env.app, '/api/relogio-ponto/gerar-token', {}, { token: admin })).body.valor;
    matriz = await salvarRelogio(admin, ids.principal, SERIE_MATRIZ, '7000001');
    campinas = await salvarRelogio(admin, ids.campinas, SERIE_CAMPINAS, '7000002');
  });
  afterAll(() => env.close());

  const poll = (deviceId: string, t = token) =>
    env.app.inject({ method: 'GET', url: `/cid/${t}/push?deviceId=${deviceId}&uuid=u-${deviceId}` });
  const listar = async (auth = admin) => {
    const r = await call(env.app, LISTAR, undefined, { token: auth, method: 'GET' });
    expect(r.status).toBe(200);
    return r.body as EquipamentoDesconhecido[];
  };
  const deviceIds = async (auth = admin) => (await listar(auth)).map((d) => d.deviceId);
  const vincular = (deviceId: string, idRelogio: number, auth = admin) =>
    call(env.app, VINCULAR, { deviceId, idRelogio }, { token: auth });
  const descartar = (deviceId: string, auth = admin) => call(env.app, DESCARTAR, { deviceId }, { token: auth });
  const idCloud = async (relogioId: number) =>
    (
      await queryRows<{ id_cloud: string | null }>(
        env.database.owner,
        sql`SELECT id_cloud FROM relogios_ponto WHERE id = ${relogioId}`,
      )
    )[0]!.id_cloud;
  const linha = async (relogioId: number) =>
    (
      await call(env.app, `/api/relogio-ponto/monitoramento/buscar/${relogioId}`, undefined, {
        token: admin,
        method: 'GET',
      })
    ).body;
  /** Every tenant's entries of a device id, read past row-level security. */
  const entradas = (deviceId: string) =>
    queryRows<{ tenant_id: number; chamadas: number }>(
      env.database.owner,
      sql`SELECT tenant_id, chamadas FROM relogio_dispositivos_desconhecidos WHERE device_id = ${deviceId}
           ORDER BY tenant_id`,
    );

  it('um equipamento desconhecido aparece depois de um poll, com a primeira e a última chamada e as chamadas; o mais recente antes', async () => {
    const t1 = env.clock.now();
    expect((await poll('8000001')).statusCode).toBe(200);
    env.clock.advanceMs(60_000);
    expect((await poll('8000001')).statusCode).toBe(200);
    const t2 = env.clock.now();
    env.clock.advanceMs(60_000);
    expect((await poll('8000002')).statusCode).toBe(200);
    const t3 = env.clock.now();
    const lista = await listar();
    expect(lista.filter((d) => d.deviceId.startsWith('800000'))).toEqual([
      { deviceId: '8000002', primeiraChamada: t3.toISOString(), ultimaChamada: t3.toISOString(), chamadas: 1 },
      { deviceId: '8000001', primeiraChamada: t1.toISOString(), ultimaChamada: t2.toISOString(), chamadas: 2 },
    ]);
    // A device with a clock is not a pending one.
    expect((await poll('7000001')).statusCode).toBe(200);
    expect(await deviceIds()).not.toContain('7000001');
  });

  it('vincular: o deviceId vira o Id Cloud do relógio, sai da lista, fica no log e o próximo poll chega ao relógio (Autenticado)', async () => {
    const [antes] = await entradas('8000001');
    expect(antes).toBeDefined();
    const r = await vincular('8000001', matriz);
    expect([r.status, r.body.mensagem]).toEqual([200, M.vinculado(SERIE_MATRIZ)]);
    expect(await idCloud(matriz)).toBe('8000001');
    expect(await deviceIds()).not.toContain('8000001');
    const [log] = await queryRows<{ acao: string; descricao: string; cnpj_id: number }>(
      env.database.owner,
      sql`SELECT acao, descricao, cnpj_id FROM log_operacoes WHERE descricao LIKE ${`Id Cloud do equipamento ${SERIE_MATRIZ}:%`}`,
    );
    expect(log).toEqual({
      acao: 'Editar',
      descricao: `Id Cloud do equipamento ${SERIE_MATRIZ}: 7000001 → 8000001 (equipamento não cadastrado vinculado)`,
      cnpj_id: ids.principal,
    });

    env.clock.advanceMs(60_000);
    expect(await linha(matriz)).toMatchObject({ idCloud: '8000001' });
    const p = await poll('8000001');
    expect([p.statusCode, p.body]).toEqual([200, '']);
    expect(await linha(matriz)).toMatchObject({
      status: 'Autenticado',
      dataUltimaConexao: env.clock.now().toISOString(),
    });
    // Reached the clock: not recorded as unknown again. Its old Id Cloud now is unknown.
    expect(await entradas('8000001')).toEqual([]);
    await poll('7000001');
    expect(await deviceIds()).toContain('7000001');
    expect((await descartar('7000001')).status).toBe(200);
  });

  it('descartar apaga o registro; se o equipamento chamar de novo, ele volta com uma chamada', async () => {
    const r = await descartar('8000002');
    expect([r.status, r.body.mensagem]).toEqual([200, M.descartado]);
    expect(await deviceIds()).not.toContain('8000002');
    const deNovo = await descartar('8000002');
    expect([deNovo.status, deNovo.body.mensagem]).toEqual([404, M.desconhecidoNaoEncontrado]);
    await poll('8000002');
    expect((await listar()).find((d) => d.deviceId === '8000002')).toMatchObject({ chamadas: 1 });
  });

  it('entrada inválida é 400 com a mensagem; um deviceId que não está na lista é 404', async () => {
    // The field's name leads the message, as in every call (http/errors.ts).
    for (const [corpo, mensagem] of [
      [{ deviceId: '12a', idRelogio: matriz }, `deviceId: ${M.deviceIdInvalido}`],
      [{ deviceId: '1'.repeat(21), idRelogio: matriz }, `deviceId: ${M.deviceIdInvalido}`],
      [{ idRelogio: matriz }, `deviceId: ${M.informeDeviceId}`],
      [{ deviceId: '8000002' }, `idRelogio: ${M.selecioneEquipamento}`],
      [{ deviceId: '8000002', idRelogio: 'x' }, `idRelogio: ${M.selecioneEquipamento}`],
    ] as const) {
      const r = await call(env.app, VINCULAR, corpo, { token: admin });
      expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
    }
    const vazio = await call(env.app, DESCARTAR, {}, { token: admin });
    expect([vazio.status, vazio.body.mensagem]).toEqual([400, `deviceId: ${M.informeDeviceId}`]);
    const r = await vincular('8123456', matriz);
    expect([r.status, r.body.mensagem]).toEqual([404, M.desconhecidoNaoEncontrado]);
    expect(await idCloud(matriz)).toBe('8000001');
  });

  it('sem o código 174 lista mas não vincula nem descarta (403); sem o 173 nem lista', async () => {
    const leitor = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.SERVICO_PUSH_VER],
    });
    expect(await deviceIds(leitor.token)).toContain('8000002');
    for (const r of [await vincular('8000002', matriz, leitor.token), await descartar('8000002', leitor.token)])
      expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
    const nenhum = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal], codes: [] });
    expect((await call(env.app, LISTAR, undefined, { token: nenhum.token, method: 'GET' })).status).toBe(403);
    expect(await entradas('8000002')).toHaveLength(1);
    expect(await idCloud(matriz)).toBe('8000001');
  });

  it('um relógio de uma empresa que o usuário não vê, ou que não é Push, é 404 e nada muda', async () => {
    const soMatriz = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal] });
    const r = await vincular('8000002', campinas, soMatriz.token);
    expect([r.status, r.body.mensagem]).toEqual([404, M.naoEncontrado]);
    expect(await idCloud(campinas)).toBe('7000002');
    const [naoPush] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM relogios_ponto WHERE cnpj_id = ${ids.principal} AND tipo_servico <> 'Push' ORDER BY id LIMIT 1`,
    );
    expect(naoPush).toBeDefined();
    const n = await vincular('8000002', naoPush!.id);
    expect([n.status, n.body.mensagem]).toEqual([404, M.naoEncontrado]);
    expect(await entradas('8000002')).toHaveLength(1);
    // The company it sees: bound.
    expect((await vincular('8000002', matriz, soMatriz.token)).status).toBe(200);
    expect(await idCloud(matriz)).toBe('8000002');
  });

  it('um Id Cloud que outro relógio já tem é 400 com a mensagem; nada muda e o registro fica', async () => {
    // The device polled before someone typed its id as another clock's Id Cloud in Relógio de Ponto.
    await poll('8000003');
    await env.database.owner.execute(sql`UPDATE relogios_ponto SET id_cloud = '8000003' WHERE id = ${campinas}`);
    const r = await vincular('8000003', matriz);
    expect([r.status, r.body.mensagem]).toEqual([400, M.idCloudEmUso]);
    expect([await idCloud(matriz), await idCloud(campinas)]).toEqual(['8000002', '8000003']);
    expect(await entradas('8000003')).toHaveLength(1);
    // The clock that already has it: nothing to change but the stale entry.
    expect((await vincular('8000003', campinas)).status).toBe(200);
    expect(await entradas('8000003')).toEqual([]);
  });

  // A save in Relógio de Ponto that gives another clock the same Id Cloud between the check and the update:
  // the unique index refuses the bind, and the answer is the same 400, never a 500 (nor the generic 409).
  if (backend === 'postgres')
    it('um Id Cloud gravado em outro relógio ao mesmo tempo: o índice único recusa com a mesma mensagem (400)', async () => {
      await poll('8000004');
      const outro = new pg.Client({ connectionString: env.databaseUrl });
      await outro.connect();
      let r: Awaited<ReturnType<typeof vincular>>;
      try {
        await outro.query('BEGIN');
        await outro.query(`UPDATE relogios_ponto SET id_cloud = '8000004' WHERE id = $1`, [campinas]);
        const pedido = vincular('8000004', matriz);
        const respondeu = { sim: false };
        void pedido.then(() => (respondeu.sim = true));
        // Until the bind waits on the other transaction's index entry (or has answered: then the check below fails).
        for (let i = 0; !respondeu.sim; i++) {
          const [espera] = await queryRows<{ n: number }>(
            env.database.owner,
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (espera!.n >= 1) break;
          if (i > 400) throw new Error('o vínculo não chegou a esperar pelo outro relógio');
          await new Promise((res) => setTimeout(res, 25));
        }
        await outro.query('COMMIT');
        r = await pedido;
      } finally {
        await outro.end();
      }
      expect([r.status, r.body.mensagem]).toEqual([400, M.idCloudEmUso]);
      expect([await idCloud(matriz), await idCloud(campinas)]).toEqual(['8000002', '8000004']);
      expect(await entradas('8000004')).toHaveLength(1);
    });

  it('o cliente beta nunca vê nem toca os equipamentos desconhecidos da demonstração', async () => {
    await poll('8000009');
    const beta = await login(env.app, BETA_ADMIN);
    const tokenBeta = (await call(env.app, '/api/relogio-ponto/gerar-token', {}, { token: beta })).body.valor;
    const relogioBeta = await salvarRelogio(beta, ids.betaCnpj, 'DESC-BETA-1', '7000009');
    expect(await deviceIds(beta)).not.toContain('8000009');
    for (const r of [await vincular('8000009', relogioBeta, beta), await descartar('8000009', beta)])
      expect([r.status, r.body.mensagem]).toEqual([404, M.desconhecidoNaoEncontrado]);
    // Nor a demo clock through beta, whatever the device.
    expect((await vincular('8000009', matriz, beta)).status).toBe(404);
    expect(await idCloud(relogioBeta)).toBe('7000009');
    expect(await entradas('8000009')).toEqual([{ tenant_id: ids.demo, chamadas: 1 }]);

    // The same device id polling with beta's token is beta's entry: each tenant sees its own.
    await poll('8000009', tokenBeta);
    expect(await entradas('8000009')).toEqual([
      { tenant_id: ids.demo, chamadas: 1 },
      { tenant_id: ids.beta, chamadas: 1 },
    ]);
    expect(await deviceIds(beta)).toEqual(['8000009']);
    expect((await vincular('8000009', relogioBeta, beta)).status).toBe(200);
    expect(await idCloud(relogioBeta)).toBe('8000009');
    expect(await entradas('8000009')).toEqual([{ tenant_id: ids.demo, chamadas: 1 }]);
    expect(await deviceIds()).toContain('8000009');
  });
});
