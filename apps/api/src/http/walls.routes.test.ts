import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, SUPER_ADMIN_CODE, allEndpoints, type Endpoint } from '@jornada/contracts';
import { perfis, tenants, usuarios } from '../db/schema/index.js';
import { hashPassword } from '../shared/secrets.js';
import {
  ADMIN,
  DEMO_PASSWORD,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../test/harness.js';
import { sessaoSuporte } from '../../test/suporte-fixtures.js';

/**
 * The walls, generated from the contract registry (issue 8 §4, §6): every
 * endpoint of every area is checked, so a new area can never be skipped.
 */
const endpoints = allEndpoints();
const authed = endpoints.filter((e) => e.permission !== null);
const coded = endpoints.filter((e) => e.permission !== null && e.permission > 0);
const label = (e: Endpoint) => `${e.method} ${e.path}`;

/** English words that must never reach a user (framework and zod defaults). */
const ENGLISH = /\b(expected|invalid input|required|received|must|unexpected|unrecognized|body|should)\b/i;

const expectPortugueseRefusal = (status: number, body: unknown) => {
  expect([400, 413, 415]).toContain(status);
  const mensagem = (body as { mensagem?: unknown }).mensagem;
  expect(typeof mensagem).toBe('string');
  expect(mensagem).not.toBe(MSG.oops);
  expect(mensagem as string).not.toMatch(ENGLISH);
};

describeEachBackend('as paredes (geradas do registro de contratos)', (backend) => {
  let env: TestEnv;
  let semCodigos: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    // A user whose profile holds no code at all (only the implicit 0).
    const [tenant] = await env.database.owner.select().from(tenants).limit(1);
    const [perfil] = await env.database.owner
      .insert(perfis)
      .values({ tenantId: tenant!.id, nome: 'Sem permissões' })
      .returning();
    await env.database.owner.insert(usuarios).values({
      tenantId: tenant!.id,
      nome: 'Sem Permissões',
      nomeLogin: 'sem.permissoes@jornada.demo',
      email: 'sem.permissoes@jornada.demo',
      senhaHash: await hashPassword(DEMO_PASSWORD),
      perfilId: perfil!.id,
    });
    semCodigos = await login(env.app, 'sem.permissoes@jornada.demo');
  });
  afterAll(() => env.close());

  it('cada contrato do registro está ligado exatamente uma vez', () => {
    expect(new Set([...env.app.boundEndpoints].map(label))).toEqual(new Set(endpoints.map(label)));
    expect(env.app.boundEndpoints.size).toBe(endpoints.length);
    expect(new Set(endpoints.map(label)).size).toBe(endpoints.length);
  });

  it.each(authed.map((e) => [label(e), e] as const))('%s sem sessão → 401', async (_l, e) => {
    const r = await call(env.app, e.path, e.method === 'GET' ? undefined : {}, { method: e.method });
    expect([r.status, r.body.mensagem]).toEqual([401, MSG.naoAutenticado]);
  });

  it.each(coded.map((e) => [label(e), e] as const))('%s sem o código da permissão → 403', async (_l, e) => {
    const r = await call(env.app, e.path, e.method === 'GET' ? undefined : {}, {
      method: e.method,
      token: semCodigos,
    });
    expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
  });

  // The provider's calls (99999) are outside the tenant wall: a customer's
  // administrator, who holds every customer code, must still be refused.
  const provider = endpoints.filter((e) => e.permission === SUPER_ADMIN_CODE);
  it.each(provider.map((e) => [label(e), e] as const))('%s com o administrador de um cliente → 403', async (_l, e) => {
    const admin = await login(env.app, ADMIN);
    const r = await call(env.app, e.path, e.method === 'GET' ? undefined : {}, { method: e.method, token: admin });
    expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
  });

  // Decision 0064: what a support session may not do is declared on each
  // contract and refused by the wall; this list is the decision's, so turning
  // one of them 'permitido' (or adding one) is a change seen here.
  it("as chamadas declaradas suporte: 'negado' são as da decisão 0064", () => {
    const negadas = endpoints.filter((e) => e.suporte === 'negado' && e.permission !== SUPER_ADMIN_CODE);
    expect(negadas.map(label).sort()).toEqual([
      'POST /api/autorizacao-suporte/excluir',
      'POST /api/autorizacao-suporte/salvar',
      'POST /api/perfil-permissao/excluir',
      'POST /api/perfil-permissao/salvar',
      'POST /api/usuario/alterar',
      'POST /api/usuario/conta/alterar-senha',
      'POST /api/usuario/excluir',
      'POST /api/usuario/salvar',
    ]);
    // The provider's area is the provider's: never the support session's.
    expect(endpoints.filter((e) => e.permission === SUPER_ADMIN_CODE && e.suporte !== 'negado')).toEqual([]);
  });

  describe('sessão de suporte', () => {
    let suporte: string;
    beforeAll(async () => {
      suporte = await sessaoSuporte(env);
    });
    // Ending the session goes last: the calls before use it.
    const sair = (e: Endpoint) => Number(e.path === '/api/login/sair');
    const negadas = authed.filter((e) => e.suporte === 'negado');
    const permitidas = authed.filter((e) => e.suporte === 'permitido').sort((a, b) => sair(a) - sair(b));

    it.each(negadas.map((e) => [label(e), e] as const))("%s (suporte: 'negado') → 403", async (_l, e) => {
      const r = await call(env.app, e.path, e.method === 'GET' ? undefined : {}, { method: e.method, token: suporte });
      // Before the body is read (an empty body is not a 400), with the reason; the provider's codes it never holds.
      const mensagem = e.permission === SUPER_ADMIN_CODE ? MSG.semPermissao : MSG.suporteNegado;
      expect([r.status, r.body.mensagem]).toEqual([403, mensagem]);
    });

    it.each(permitidas.map((e) => [label(e), e] as const))(
      "%s (suporte: 'permitido') passa a parede",
      async (_l, e) => {
        const r = await call(env.app, e.path, e.method === 'GET' ? undefined : {}, {
          method: e.method,
          token: suporte,
        });
        // It holds every customer code: whatever the call answers to an empty body, the wall let it through.
        expect([401, 403]).not.toContain(r.status);
      },
    );
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
    const admin = await login(env.app, ADMIN);
    const r = await call(env.app, '/api/nao-existe', {}, { token: admin });
    expect(r.status).toBe(404);
    expect(r.body.mensagem).toBe(MSG.rotaNaoEncontrada);
  });

  it('erro inesperado → 500 "Oops! Algo deu errado!" sem detalhes', async () => {
    const admin = await login(env.app, ADMIN);
    // A real failure of the database under the service: the table is gone.
    await env.database.owner.execute(sql`ALTER TABLE cargos RENAME TO cargos_fora`);
    try {
      const r = await call(env.app, '/api/cargo/buscar', { idCargo: 1 }, { token: admin });
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ mensagem: MSG.oops });
    } finally {
      await env.database.owner.execute(sql`ALTER TABLE cargos_fora RENAME TO cargos`);
    }
    expect((await call(env.app, '/api/cargo/buscar', { idCargo: 1 }, { token: admin })).status).not.toBe(500);
  });
});

/** Bodies no contract accepts: each must get a Portuguese 4xx, never a 5xx. */
const MALFORMED_BODIES: readonly [string, string, string?][] = [
  ['null', 'null'],
  ['lista', '[]'],
  ['texto', '"texto"'],
  ['número', '1'],
  ['booleano', 'true'],
  ['JSON cortado', '{"a":'],
  ['JSON inválido', "{'a': 1}"],
  ['vazio', ''],
  ['__proto__', '{"__proto__":{"admin":true}}'],
  ['constructor', '{"constructor":{"prototype":{"admin":true}}}'],
  ['aninhamento profundo', `${'['.repeat(2000)}${']'.repeat(2000)}`],
  ['chave desconhecida', '{"campoQueNaoExiste":1}'],
  ['caractere NUL', '{"campoQueNaoExiste":"a\\u0000b"}'],
  ['número enorme', '{"campoQueNaoExiste":1e400}'],
  ['chave repetida', '{"x":1,"x":2}'],
  ['UTF-8 inválido', '{"x":"\xff\xfe"}'],
  ['texto gigante', `{"x":"${'a'.repeat(1_100_000)}"}`],
  ['tipo de conteúdo errado', '<a/>', 'application/xml'],
  ['texto puro', 'a=1', 'text/plain'],
  ['formulário', 'a=1', 'application/x-www-form-urlencoded'],
];

const MALFORMED_QUERIES: readonly string[] = [
  'campoQueNaoExiste=1',
  'fdb=%00',
  `fdb=${'x'.repeat(5_000)}`,
  'fdb[]=1&fdb[]=2',
  'fdb=%E0%A4%A',
];

// Bad input cannot reach the database, so PGlite is enough and keeps CI fast.
describe('corpo malformado em cada contrato → 4xx em português, nunca 5xx [pglite]', () => {
  let env: TestEnv;
  let admin: string;
  // The provider's calls (99999) are refused to a customer before the body is read: they get the provider's token.
  let provedor: string;
  const tokenFor = (e: Endpoint) => (e.permission === SUPER_ADMIN_CODE ? provedor : admin);
  beforeAll(async () => {
    env = await createTestEnv('pglite');
    admin = await login(env.app, ADMIN);
    provedor = await login(env.app, 'superadmin@jornada.demo');
  });
  afterAll(() => env.close());

  const posts = endpoints.filter((e) => e.method === 'POST');
  const gets = endpoints.filter((e) => e.method === 'GET');

  it.each(
    posts.flatMap((e) => MALFORMED_BODIES.map(([name, payload, type]) => [label(e), name, e, payload, type] as const)),
  )('%s com corpo %s', async (_l, _n, e, payload, type) => {
    const res = await env.app.inject({
      method: 'POST',
      url: e.path,
      headers: {
        'content-type': type ?? 'application/json',
        ...(e.permission !== null ? { authorization: `Bearer ${tokenFor(e)}` } : {}),
      },
      remoteAddress: '10.200.0.1',
      payload,
    });
    expectPortugueseRefusal(res.statusCode, res.json());
  });

  it.each(gets.flatMap((e) => MALFORMED_QUERIES.map((q) => [label(e), q, e] as const)))(
    '%s com consulta %s',
    async (_l, query, e) => {
      const res = await env.app.inject({
        method: 'GET',
        url: `${e.path}?${query}`,
        headers: e.permission !== null ? { authorization: `Bearer ${tokenFor(e)}` } : {},
      });
      expectPortugueseRefusal(res.statusCode, res.json());
    },
  );
});
