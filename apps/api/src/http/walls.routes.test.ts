import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, cargoApi, loginApi, noticiasApi, type Endpoint } from '@jornada/contracts';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../test/harness.js';

/** Every contract that needs a session: each must answer 401 without one. */
const isEndpoint = (e: unknown): e is Endpoint =>
  typeof e === 'object' && e !== null && 'path' in e && 'permission' in e;
const authedEndpoints: Endpoint[] = (
  [...Object.values(cargoApi), ...Object.values(loginApi), ...Object.values(noticiasApi)] as unknown[]
)
  .filter(isEndpoint)
  .filter((e) => e.permission !== null);

describeEachBackend('as paredes', (backend) => {
  let env: TestEnv;
  let admin: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
  });
  afterAll(() => env.close());

  it('há contratos com sessão para testar', () => {
    expect(authedEndpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/api/cargo/listar',
        '/api/cargo/salvar',
        '/api/adm/mensagem/quantidade-do-dia',
        '/api/login/sair',
      ]),
    );
  });

  it.each(authedEndpoints.map((e) => [e.method, e.path, e] as const))('%s %s sem sessão → 401', async (_m, path, e) => {
    const r = await call(env.app, path, e.method === 'GET' ? undefined : {}, { method: e.method });
    expect([r.status, r.body.mensagem]).toEqual([401, MSG.naoAutenticado]);
  });

  it.each(['Bearer', 'Bearer abc', 'Basic YWRtaW46c2VuaGE=', `Bearer ${'x'.repeat(500)}`])(
    'cabeçalho %s → 401',
    async (header) => {
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/cargo/listar',
        headers: { authorization: header, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().mensagem).toBe(MSG.naoAutenticado);
    },
  );

  it('rota desconhecida da API → 404 com mensagem', async () => {
    const r = await call(env.app, '/api/nao-existe', {}, { token: admin });
    expect(r.status).toBe(404);
    expect(typeof r.body.mensagem).toBe('string');
  });

  it('tipo de conteúdo errado → 415 com mensagem, nunca 500', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/cargo/salvar',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/xml' },
      payload: '<cargo/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().mensagem).toMatch(/JSON/);
  });

  it('erro inesperado → 500 "Oops! Algo deu errado!" sem detalhes', async () => {
    // A real failure of the database under the service: the table is gone.
    await env.database.owner.execute(sql`ALTER TABLE cargos RENAME TO cargos_fora`);
    try {
      const r = await call(env.app, '/api/cargo/listar', {}, { token: admin });
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ mensagem: MSG.oops });
    } finally {
      await env.database.owner.execute(sql`ALTER TABLE cargos_fora RENAME TO cargos`);
    }
    expect((await call(env.app, '/api/cargo/listar', {}, { token: admin })).status).toBe(200);
  });
});
