import { afterAll, beforeAll, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { buildApp } from '../../app.js';
import { emailsSaida, sessoes, tenants, usuarios } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { tokenHash } from '../../shared/secrets.js';
import {
  ADMIN,
  BETA_ADMIN,
  DEMO_PASSWORD,
  OPERADOR,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import {
  FIRST_LOCK_SECONDS,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_PAIR,
  addressKey,
} from './login-throttle.service.js';
import { ROTATION_GRACE_MS } from './login.service.js';
import { suspenderTenant } from '../clientes/clientes.service.js';

/**
 * Issue 7: each attack found on the first slice, reproduced. The concurrent
 * ones matter on PostgreSQL, where requests really run in parallel.
 */
describeEachBackend('ataques ao login (issue 7)', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  const attempt = (email: string, senha: string, ip: string, headers: Record<string, string> = {}) =>
    env.app.inject({
      method: 'POST',
      url: '/api/login/aut-usuario',
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: ip,
      payload: JSON.stringify({ email, senha }),
    });

  it('§1 sem TRUST_PROXY, trocar o X-Forwarded-For não escapa do limite por endereço', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS + 2; i++) {
      const r = await attempt(`spray${i}@nada.demo`, 'errada', '10.50.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, MAX_FAILURES_PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(MAX_FAILURES_PER_ADDRESS)).toEqual([429, 429]);
  });

  it('§1 com TRUST_PROXY=1 vale o endereço do proxy; um X-Forwarded-For de 400 caracteres não dá 500', async () => {
    const proxied = await buildApp({
      config: { ...env.config, trustProxy: 1 },
      database: env.database,
      clock: env.clock,
    });
    try {
      const r = await proxied.inject({
        method: 'POST',
        url: '/api/login/aut-usuario',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': 'x'.repeat(400) },
        remoteAddress: '10.60.0.1',
        payload: JSON.stringify({ email: 'ninguem@nada.demo', senha: 'errada' }),
      });
      expect(r.statusCode).toBe(401);
      const ok = await proxied.inject({
        method: 'POST',
        url: '/api/login/aut-usuario',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        remoteAddress: '10.60.0.1',
        payload: JSON.stringify({ email: ADMIN, senha: DEMO_PASSWORD }),
      });
      expect(ok.statusCode).toBe(200);
      const [session] = await env.database.owner
        .select({ ip: sessoes.ip })
        .from(sessoes)
        .where(eq(sessoes.tokenHash, tokenHash(ok.json().token.valor)));
      expect(session?.ip).toBe('198.51.100.7');
    } finally {
      await proxied.close();
    }
  });

  it('§1 60 palpites simultâneos no mesmo e-mail: no máximo 5 avaliados, a senha certa não passa depois do limite', async () => {
    const ip = '10.70.0.1';
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 40 ? DEMO_PASSWORD : `errada${i}`));
    const results = await Promise.all(guesses.map((senha) => attempt(OPERADOR, senha, ip)));
    const evaluated = results.filter((r) => r.statusCode === 401 || r.statusCode === 200);
    expect(evaluated.length).toBeLessThanOrEqual(MAX_FAILURES_PER_PAIR);
    expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(60 - MAX_FAILURES_PER_PAIR);
    expect(results.every((r) => [200, 401, 429].includes(r.statusCode))).toBe(true);
    // The correct password was the 41st guess: it never got checked.
    expect(results[40]!.statusCode).toBe(429);
  });

  it('§2 o bloqueio dobra a cada reincidência (até 15 min) e o login certo em outro endereço limpa só o próprio par', async () => {
    const ip = '10.80.0.1';
    const fail = () => attempt(BETA_ADMIN, 'errada', ip);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) expect((await fail()).statusCode).toBe(401);
    const first = await fail();
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe(String(FIRST_LOCK_SECONDS));
    env.clock.advanceMs(FIRST_LOCK_SECONDS * 1000 + 1);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) expect((await fail()).statusCode).toBe(401);
    const second = await fail();
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe(String(2 * FIRST_LOCK_SECONDS));
    expect(second.json().mensagem).toBe(MSG.muitasTentativas(2 * FIRST_LOCK_SECONDS));
    // Meanwhile the owner, elsewhere, logs in.
    expect((await attempt(BETA_ADMIN, DEMO_PASSWORD, '10.80.0.2')).statusCode).toBe(200);
    expect((await fail()).statusCode).toBe(429);
  });

  it('§2 uma redefinição de senha limpa os bloqueios do e-mail', async () => {
    const ip = '10.81.0.1';
    for (let i = 0; i <= MAX_FAILURES_PER_PAIR; i++) await attempt(ADMIN, 'errada', ip);
    expect((await attempt(ADMIN, DEMO_PASSWORD, ip)).statusCode).toBe(429);
    await call(env.app, '/api/login/solicitar-redefinir-senha', { email: ADMIN });
    await env.settle();
    const text = env.mails.findLast((m) => m.to === ADMIN)!.text;
    const m = /tm=(\d+)&tk=([\w-]+)/.exec(text)!;
    const reset = await call(env.app, '/api/login/redefinir-senha', {
      email: ADMIN,
      time: Number(m[1]),
      token: m[2],
      senha: DEMO_PASSWORD,
      repetirSenha: DEMO_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await attempt(ADMIN, DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('§2 IPv6 conta por /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('§5 50 rotações simultâneas do mesmo token: um só vencedor, todos recebem o mesmo token novo', async () => {
    const token = await login(env.app, ADMIN);
    const before = await liveSessions();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(env.app, '/api/login/validar-token', { email: ADMIN, token })),
    );
    expect(results.every((r) => r.status === 200 && r.body.tokenValido === true)).toBe(true);
    const tokens = new Set(results.map((r) => r.body.token.valor as string));
    expect(tokens.size).toBe(1);
    // The old session was replaced by exactly one new one.
    expect(await liveSessions()).toBe(before);
    const [winner] = [...tokens];
    expect((await call(env.app, '/api/cargo/listar', {}, { token: winner })).status).toBe(200);
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(401);
    env.clock.advanceMs(ROTATION_GRACE_MS + 1);
    expect((await call(env.app, '/api/login/validar-token', { token })).body.tokenValido).toBe(false);
  });

  it('§6 a caixa de saída e o log não guardam o token', async () => {
    await call(env.app, '/api/login/solicitar-redefinir-senha', { email: OPERADOR });
    await env.settle();
    const delivered = env.mails.findLast((m) => m.to === OPERADOR)!;
    const token = /tk=([\w-]+)/.exec(delivered.text)![1]!;
    const rows = await env.database.owner.select().from(emailsSaida).where(eq(emailsSaida.para, OPERADOR));
    const stored = rows.at(-1)!;
    expect(stored.texto).not.toContain(token);
    expect(stored.html ?? '').not.toContain(token);
    expect(stored.texto).toContain('tk=[omitido]');
  });

  it('§6 a resposta não espera a busca nem o envio: mesma resposta enquanto o e-mail ainda não saiu', async () => {
    let deliver!: () => void;
    const held = new Promise<void>((resolve) => (deliver = resolve));
    const captured: string[] = [];
    const slowMail = nodemailer.createTransport({
      name: 'lenta',
      version: '1',
      send(mail, callback) {
        captured.push(String(mail.data.to));
        void held.then(() => callback(null, { envelope: mail.message.getEnvelope(), messageId: 'x' } as never));
      },
    });
    const app = await buildApp({
      config: env.config,
      database: env.database,
      clock: env.clock,
      mailTransport: slowMail,
      jobs: 'manual',
    });
    try {
      for (const email of [ADMIN, 'ninguem@nada.demo']) {
        const r = await call(app, '/api/login/solicitar-redefinir-senha', { email });
        expect([r.status, r.body.mensagem]).toEqual([200, MSG.redefinicaoSolicitada]);
      }
      // Both answers came before any lookup: each request only queued a job, the same for both.
      expect(captured).toEqual([]);
      const sending = app.jobs.drain();
      deliver();
      expect(await sending).toBe(2);
    } finally {
      deliver();
      await app.close();
    }
    expect(captured).toEqual([ADMIN]);
  });

  it('§12 cliente suspenso não entra e suas sessões terminam', async () => {
    const [beta] = await env.database.owner.select().from(tenants).where(eq(tenants.nome, 'Beta Indústria'));
    const token = await login(env.app, BETA_ADMIN);
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(200);
    await suspenderTenant(env.database.system, beta!.id, env.clock.now());
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(401);
    const r = await attempt(BETA_ADMIN, DEMO_PASSWORD, '10.90.0.1');
    expect([r.statusCode, r.json().mensagem]).toEqual([403, MSG.acessoSuspenso]);
    const live = await env.database.owner
      .select()
      .from(sessoes)
      .where(sql`${sessoes.tenantId} = ${beta!.id} AND ${sessoes.revogadaEm} IS NULL`);
    expect(live).toEqual([]);
    // Another tenant is untouched.
    expect((await attempt(ADMIN, DEMO_PASSWORD, '10.90.0.2')).statusCode).toBe(200);
  });

  it('§15 cada conta de demonstração tem o próprio hash (sal diferente)', async () => {
    const hashes = (await env.database.owner.select({ h: usuarios.senhaHash }).from(usuarios)).map((u) => u.h);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  async function liveSessions(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM sessoes WHERE revogada_em IS NULL`,
    );
    return Number(row!.n);
  }
});
