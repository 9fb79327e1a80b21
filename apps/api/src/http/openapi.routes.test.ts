import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';

describeEachBackend('OpenAPI em /api/docs', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend, { seed: false });
  });
  afterAll(() => env.close());

  it('descreve os caminhos dos contratos', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login/aut-usuario',
        '/api/cargo/salvar',
        '/api/cargo/listar',
        '/api/adm/mensagem/quantidade-do-dia',
      ]),
    );
    expect(
      doc.paths['/api/cargo/salvar'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('cargo');
  });
});
