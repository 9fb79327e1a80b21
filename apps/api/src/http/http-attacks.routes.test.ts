import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../test/harness.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

/** Issue 7: the holes found in the shared HTTP layer, reproduced. */
describeEachBackend('ataques à camada HTTP (issue 7)', (backend) => {
  let env: TestEnv;
  let admin: string;
  let logLines: string[];
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
  });
  afterAll(() => env.close());

  it('§7 cabeçalhos de segurança em toda resposta; /api sem cache', async () => {
    const r = await call(env.app, '/api/cargo/listar', {}, { token: admin });
    expect(r.res.headers).toMatchObject({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(r.res.headers['strict-transport-security']).toBeUndefined();
    const notFound = await call(env.app, '/api/nada', {}, { token: admin });
    expect(notFound.res.headers['x-frame-options']).toBe('DENY');
  });

  it('§7 HSTS só quando a requisição veio por TLS (proxy confiável)', async () => {
    const behindTls = await buildApp({ config: { ...env.config, trustProxy: 1 }, database: env.database });
    try {
      const r = await behindTls.inject({
        method: 'POST',
        url: '/api/login/aut-usuario',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        payload: '{}',
      });
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await behindTls.close();
    }
  });

  it.each([
    ['/api/login/aut-usuario', { email: 'a\u0000b@x.com', senha: 'x' }, 'email'],
    ['/api/login/aut-usuario', { email: 'a@x.com', senha: 'x\u0000' }, 'senha'],
    ['/api/login/solicitar-redefinir-senha', { email: 'a\u0000@x.com' }, 'email'],
    ['/api/login/validar-token', { token: 'abc\u0000' }, 'token'],
    ['/api/cargo/salvar', { cargo: { nome: 'Nul\u0000o', codigo: '9', gerarCodogioEmSequencia: false } }, 'cargo.nome'],
    ['/api/cargo/salvar', { cargo: { nome: 'Sino\u0007', gerarCodogioEmSequencia: true } }, 'cargo.nome'],
  ])('§8 caractere de controle em %s → 400 em português', async (path, body, field) => {
    const r = await call(env.app, path, body, { token: admin, ip: '10.99.0.1' });
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toBe(MSG.caracteresDeControle(field));
  });

  it('§8/§9 quebras de linha e tabulação continuam permitidas', async () => {
    const r = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { nome: 'Cargo\tcom tab', gerarCodogioEmSequencia: true } },
      { token: admin },
    );
    expect(r.status).toBe(200);
  });

  it('§9 URL mal codificada → 400 em português, sem ecoar a entrada', async () => {
    const r = await env.app.inject({ method: 'GET', url: '/api/cargo/%E0%A4%A' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ mensagem: MSG.enderecoInvalido });
    expect(r.body).not.toContain('%E0');
  });

  it('§9 JSON quebrado e tipo errado respondem em português sem ecoar o corpo', async () => {
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/login/aut-usuario',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "segredo-123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ mensagem: MSG.jsonMalformado });
  });

  it.each([true, [1], '0x1', ' 1 ', '1e0', 1.5, 0, -1, 2_147_483_648, '2147483648', '01'])(
    '§11 id %j é recusado com 400',
    async (bad) => {
      const r = await call(env.app, '/api/cargo/buscar', { idCargo: bad }, { token: admin });
      expect(r.status).toBe(400);
      expect(r.body.mensagem).toMatch(/idCargo/);
    },
  );

  it('§11 ids válidos: número ou texto decimal de 1 a 2147483647', async () => {
    for (const ok of [2_147_483_647, '2147483647']) {
      const r = await call(env.app, '/api/cargo/buscar', { idCargo: ok }, { token: admin });
      expect([r.status, r.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    }
    const [first] = (await call(env.app, '/api/cargo/listar', {}, { token: admin })).body as { id: number }[];
    for (const ok of [first!.id, String(first!.id)]) {
      const r = await call(env.app, '/api/cargo/buscar', { idCargo: ok }, { token: admin });
      expect([r.status, r.body.id]).toEqual([200, first!.id]);
    }
  });

  it('§8 erro de banco nunca vai ao log com os valores dos parâmetros', async () => {
    logLines = [];
    const logged = await buildApp({
      config: env.config,
      database: env.database,
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
    });
    try {
      const token = await login(logged, ADMIN);
      // A statement that fails with a parameter bound to it: the table is gone.
      await env.database.owner.execute(sql`ALTER TABLE cargos RENAME TO cargos_escondido`);
      try {
        const r = await call(logged, '/api/cargo/buscar', { idCargo: 777_777 }, { token });
        expect(r.status).toBe(500);
      } finally {
        await env.database.owner.execute(sql`ALTER TABLE cargos_escondido RENAME TO cargos`);
      }
      const text = logLines.join('\n');
      expect(text).toContain('42P01');
      expect(text).not.toContain('777777');
      expect(text).not.toContain('params');
      // Requests are logged at debug, not info.
      expect(text).not.toContain('"requisição"');
    } finally {
      await logged.close();
    }
  });
});

describe('§10/§9/§15 o servidor de verdade (socket)', () => {
  let app: FastifyInstance;
  let env: TestEnv;
  let port: number;
  beforeAll(async () => {
    env = await createTestEnv('pglite', { seed: false });
    const config = loadConfig({});
    app = await buildApp({
      config: {
        ...env.config,
        http: { ...config.http, headersTimeoutMs: 300, jsonBodyTimeoutMs: 300 },
      },
      database: env.database,
      connectionsCheckingIntervalMs: 100,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  /** Sends raw bytes and returns everything the server answers until it closes. */
  function raw(chunks: string[], pauseMs = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => (answer += d.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => socket.destroy());
      void (async () => {
        for (const c of chunks) {
          if (socket.destroyed) return;
          socket.write(c);
          if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
        }
      })();
    });
  }

  it('§10 cabeçalhos que não terminam → 408 e conexão fechada', async () => {
    const answer = await raw(['POST /api/login/aut-usuario HTTP/1.1\r\nHost: x\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ mensagem: MSG.requisicaoLenta });
  });

  it('§10 corpo JSON lento → 408 em português', async () => {
    const answer = await raw([
      'POST /api/login/aut-usuario HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(JSON.stringify({ mensagem: MSG.requisicaoLenta }));
  });

  it('§10 o corpo lento também expira por inject (stream que nunca termina)', async () => {
    const never = new Readable({ read() {} });
    never.push('{"email":');
    const r = await app.inject({
      method: 'POST',
      url: '/api/login/aut-usuario',
      headers: { 'content-type': 'application/json' },
      payload: never,
    });
    expect(r.statusCode).toBe(408);
    expect(r.json()).toEqual({ mensagem: MSG.requisicaoLenta });
  });

  it('§10 um corpo recusado antes de ser lido (grande demais, tipo recusado) não vira erro sem dono quando o prazo vence', async () => {
    // The refusal answers before reading the body; the body's timer fired later and destroyed the stream with an
    // error nobody listened to any more: an uncaught exception (30 s after each such request, with the defaults).
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.prependListener('uncaughtException', onUncaught);
    try {
      const casos = [
        { type: 'text/plain', payload: 'a=1' },
        { type: 'application/xml', payload: '<a/>' },
        { type: 'application/json', payload: `{"x":"${'a'.repeat(1_100_000)}"}` }, // over the body limit
      ];
      for (const { type, payload } of casos) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/login/aut-usuario',
          headers: { 'content-type': type },
          payload,
        });
        expect([400, 413, 415]).toContain(r.statusCode);
      }
      await new Promise((resolve) => setTimeout(resolve, 900)); // the guard's 300 ms, three times over
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });

  it('§9 cabeçalho grande demais → 431 em português', async () => {
    const answer = await raw([`GET /api/docs HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toContain(JSON.stringify({ mensagem: MSG.cabecalhosGrandesDemais }));
    expect(answer).not.toMatch(/Header Fields Too Large","message/);
  });

  it('§9 lixo no lugar de HTTP → 400 em português', async () => {
    const answer = await raw(['\u0000\u0001 nada disso é HTTP\r\n\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain(JSON.stringify({ mensagem: MSG.requisicaoMalformada }));
  });

  it('§15 por padrão escuta só em localhost e registra requisições em debug', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});
