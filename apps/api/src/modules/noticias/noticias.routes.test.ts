import { afterAll, beforeAll, expect, it } from 'vitest';
import { noticias } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  T0,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';

describeEachBackend('notícias: quantidade do dia', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  const count = async (token: string) =>
    call(env.app, '/api/adm/mensagem/quantidade-do-dia?fdb=f', undefined, { token, method: 'GET' });

  it('conta as notícias publicadas hoje no calendário da empresa', async () => {
    const token = await login(env.app, ADMIN);
    // The demo seed publishes one news item dated the seed's "today".
    const r = await count(token);
    expect([r.status, r.body]).toEqual([200, { quantidade: 1 }]);
    await env.database.owner
      .insert(noticias)
      .values({ titulo: 'Outra', conteudo: '@pX@ep', dataPublicacao: '2026-03-10' });
    expect((await count(token)).body).toEqual({ quantidade: 2 });
    expect((await count(await login(env.app, BETA_ADMIN))).body).toEqual({ quantidade: 2 });
  });

  it('vira o dia à meia-noite de São Paulo, não à de UTC', async () => {
    // T0 = 12:00 UTC on 10/03. 02:30 UTC on the 11th is still 23:30 on the 10th in São Paulo (UTC-3).
    env.clock.advanceMs(new Date('2026-03-11T02:30:00Z').getTime() - T0.getTime());
    const token = await login(env.app, ADMIN);
    expect((await count(token)).body).toEqual({ quantidade: 2 });
    env.clock.advanceMs(60 * 60_000);
    expect((await count(token)).body).toEqual({ quantidade: 0 });
  });

  it('sem sessão → 401', async () => {
    expect((await count('')).status).toBe(401);
  });
});
