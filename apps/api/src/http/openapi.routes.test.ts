import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@jornada/contracts';
import { loadConfig } from '../config.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';
import { registerApiDocs } from './api-docs.js';
import { registerNotFound } from './errors.js';

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

// Decision 0064: in production the page is off unless JORNADA_API_DOCS=on says otherwise.
describe('OpenAPI desligada (produção)', () => {
  it.each([
    ['NODE_ENV=production', false, { NODE_ENV: 'production' }],
    ['NODE_ENV=production, JORNADA_API_DOCS=on', true, { NODE_ENV: 'production', JORNADA_API_DOCS: 'on' }],
    ['JORNADA_API_DOCS=off', false, { JORNADA_API_DOCS: 'off' }],
    ['fora de produção', true, {}],
  ])('%s → aberta: %s', async (_n, aberta, ambiente) => {
    const config = loadConfig(ambiente);
    expect(config.apiDocs).toBe(aberta);
    const app = Fastify();
    await registerApiDocs(app, config);
    registerNotFound(app, false);
    await app.ready();
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
        const res = await app.inject({ method: 'GET', url });
        if (aberta) expect(res.statusCode, url).not.toBe(404);
        else expect([res.statusCode, res.json()], url).toEqual([404, { mensagem: MSG.rotaNaoEncontrada }]);
      }
    } finally {
      await app.close();
    }
  });
});
