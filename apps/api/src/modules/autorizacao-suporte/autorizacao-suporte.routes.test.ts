import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { autorizacoesSuporte, logOperacoes } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  OPERADOR,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';

/** T0 = 10/03/2026 12:00 UTC (09:00 in São Paulo). */
describeEachBackend('Autorização de Suporte (lado do cliente)', (backend) => {
  let env: TestEnv;
  let admin: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
  });
  afterAll(() => env.close());

  const list = (token: string, q = 'idEmp=1&a=2026&m=3') =>
    call(env.app, `/api/autorizacao-suporte/listar?${q}`, undefined, { token, method: 'GET' });
  const create = (token: string) => call(env.app, '/api/autorizacao-suporte/salvar', {}, { token });
  const remove = (token: string, id: number) =>
    call(env.app, '/api/autorizacao-suporte/excluir', { autorizacaoSuporte: { id } }, { token });

  it('Novo cria uma autorização aberta até hoje + 6 dias (calendário da empresa), e a lista do mês a mostra', async () => {
    const r = await create(admin);
    expect([r.status, r.body]).toEqual([200, { mensagem: MSG.autorizacaoCriada, dataFinal: '2026-03-16' }]);
    const rows = (await list(admin)).body;
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        autorizaPor: 'Administrador Demonstração',
        email: ADMIN,
        dataCadastro: '2026-03-10T12:00:00.000Z',
        dataFinal: '2026-03-16',
        fechado: false,
      },
    ]);
    const log = await env.database.owner.select().from(logOperacoes).where(eq(logOperacoes.tenantId, 1));
    expect(log.some((l) => l.acao === 'Cadastrar' && l.descricao.includes('até 16/03/2026'))).toBe(true);
  });

  it('só uma aberta por vez: outro Novo → 400 com a data final', async () => {
    const r = await create(await login(env.app, OPERADOR));
    expect([r.status, r.body.mensagem]).toEqual([400, MSG.autorizacaoJaAberta('16/03/2026')]);
  });

  it('outro mês, outra empresa e outro cliente não a veem', async () => {
    expect((await list(admin, 'idEmp=1&a=2026&m=4')).body).toEqual([]);
    expect((await list(admin, 'idEmp=2&a=2026&m=3')).body).toEqual([]);
    const beta = await login(env.app, BETA_ADMIN);
    expect((await list(beta, 'idEmp=2&a=2026&m=3')).body).toEqual([]);
    const [row] = await env.database.owner.select().from(autorizacoesSuporte);
    expect((await remove(beta, row!.id)).status).toBe(404);
  });

  it('mês e ano inválidos → 400 em português', async () => {
    const r = await list(admin, 'a=2026&m=13');
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(MSG.mesInvalido);
  });

  it('exclui uma aberta; uma fechada (data final passada) não se exclui', async () => {
    const [open] = await env.database.owner.select().from(autorizacoesSuporte);
    const r = await remove(admin, open!.id);
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.autorizacaoExcluida]);
    expect(await env.database.owner.select().from(autorizacoesSuporte)).toEqual([]);
    expect((await remove(admin, open!.id)).status).toBe(404);

    expect((await create(admin)).status).toBe(200);
    // 17/03 in São Paulo: the last day (16/03) has passed.
    env.clock.advanceMs(7 * 86_400_000);
    admin = await login(env.app, ADMIN);
    const rows = (await list(admin)).body;
    expect(rows.map((x: { fechado: boolean }) => x.fechado)).toEqual([true]);
    const closed = await remove(admin, rows[0].id);
    expect([closed.status, closed.body.mensagem]).toEqual([400, MSG.autorizacaoFechada]);
    // Closed by hand works the same way.
    const fresh = await create(admin);
    expect(fresh.body.dataFinal).toBe('2026-03-23');
    const [mine] = (await list(admin)).body.filter((x: { fechado: boolean }) => !x.fechado);
    await env.database.owner
      .update(autorizacoesSuporte)
      .set({ fechado: true })
      .where(eq(autorizacoesSuporte.id, mine.id));
    expect((await remove(admin, mine.id)).body.mensagem).toBe(MSG.autorizacaoFechada);
  });

  it('dois Novo ao mesmo tempo: um 200, um 400, uma só aberta', async () => {
    const results = await Promise.all([create(admin), create(await login(env.app, OPERADOR))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const open = (await list(admin)).body.filter((x: { fechado: boolean }) => !x.fechado);
    expect(open).toHaveLength(1);
  });
});
