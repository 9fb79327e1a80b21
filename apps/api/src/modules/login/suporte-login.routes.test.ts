import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALL_CUSTOMER_CODES, MSG, cnpjCheckDigits } from '@jornada/contracts';
import {
  autorizacoesSuporte,
  centrosCusto,
  cnpjs,
  logOperacoes,
  perfis,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  DEMO_PASSWORD,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';

const PROVEDOR = 'superadmin@jornada.demo';

/**
 * The support login (seed 000 §2.1, §7; decision 0016): the customer opens an
 * authorisation, the provider turns it into a one-time link, the provider's
 * staff logs in through it with their own e-mail and password.
 */
describeEachBackend('login de suporte', (backend) => {
  let env: TestEnv;
  let provedor: string;
  let admin: string;
  let autId: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  beforeEach(async () => {
    // A fresh day each time, so tokens never outlive the clock.
    provedor = await login(env.app, PROVEDOR);
    admin = await login(env.app, ADMIN);
    await env.database.owner.delete(autorizacoesSuporte);
    expect((await call(env.app, '/api/autorizacao-suporte/salvar', {}, { token: admin })).status).toBe(200);
    const [row] = await env.database.owner.select().from(autorizacoesSuporte);
    autId = row!.id;
  });

  /** The provider asks for a link; returns its query parameters. */
  const issueLink = async (idCliente = 1) => {
    const r = await call(env.app, '/api/autorizacao-suporte/atualizar-ref-acesso', { idCliente }, { token: provedor });
    expect(r.status).toBe(200);
    const url = new URL(r.body.link as string);
    return {
      url,
      body: r.body,
      ref: url.searchParams.get('_ref')!,
      aut: url.searchParams.get('_aut')!,
      code: url.searchParams.get('_refacesso')!,
    };
  };
  const supportLogin = (l: { ref: string; aut: string; code: string }, email = PROVEDOR, senha = DEMO_PASSWORD) =>
    call(
      env.app,
      '/api/login/aut-usuario',
      { email, senha, referencia: l.ref, autorizacao: l.aut, refAcesso: l.code },
      { ip: `10.9.${Math.floor(Math.random() * 250)}.1` },
    );

  it('o link: /login com redirect, _ref = código do cliente, _aut = autorização, _refacesso de uso único', async () => {
    const l = await issueLink();
    expect(l.url.origin + l.url.pathname).toBe('http://jornada.test/login');
    expect(l.url.searchParams.get('redirect')).toBe('/');
    expect([l.ref, l.aut]).toEqual(['1', String(autId)]);
    expect(l.code).toMatch(/^[\w-]{20,}$/);
    expect(l.body.expiraEm).toBe(new Date(env.clock.now().getTime() + 5 * 60_000).toISOString());
    expect(l.body.autorizacao).toEqual({ id: autId, dataFinal: expect.any(String) });
    // Stored hashed only.
    const [row] = await env.database.owner.select().from(autorizacoesSuporte);
    expect(row!.refAcessoHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.refAcessoHash).not.toContain(l.code);
    // Another customer without an open authorisation: no link.
    const beta = await call(
      env.app,
      '/api/autorizacao-suporte/atualizar-ref-acesso',
      { idCliente: 2 },
      { token: provedor },
    );
    expect([beta.status, beta.body.mensagem]).toEqual([400, MSG.semAutorizacaoAberta]);
    // The customer's Clientes row shows the open authorisation.
    const list = await call(env.app, '/api/adm/cliente/listar', {}, { token: provedor });
    expect(list.body.find((c: { id: number }) => c.id === 1).autorizacaoSuporte).toMatchObject({ id: autId });
  });

  it('caminho feliz: sessão de suporte no cliente, com os códigos do Administrador e a marca de suporte', async () => {
    const r = await supportLogin(await issueLink());
    expect(r.status).toBe(200);
    expect(r.body.suporte).toBe(true);
    expect(r.body.user.email).toBe(PROVEDOR);
    expect(r.body.permissoes).toEqual([...[...ALL_CUSTOMER_CODES].sort((a, b) => a - b), 0]);
    expect(r.body.permissoes).not.toContain(99999);
    expect(r.body.dadosRequisicao.empresa.nome).toBe('Jornada Demonstração Ltda');
    expect(r.body.dadosRequisicao.usuario.nomeLogin).toBe(`suporte:${PROVEDOR}`);
    expect(r.body.cacheEmpresa.cnpjs).toHaveLength(2);
    const token = r.body.token.valor as string;
    // It sees the customer's data, not the provider's area.
    const cargos = await call(env.app, '/api/cargo/listar', {}, { token });
    expect([cargos.status, cargos.body.length]).toEqual([200, 8]);
    expect((await call(env.app, '/api/adm/cliente/listar', {}, { token })).status).toBe(403);
    // Every action goes to the customer's log as 'suporte:<e-mail>'.
    const save = await call(env.app, '/api/cargo/salvar', { cargo: { nome: 'Criado pelo suporte' } }, { token });
    expect(save.status).toBe(200);
    const [entry] = await env.database.owner
      .select()
      .from(logOperacoes)
      .where(and(eq(logOperacoes.tenantId, 1), eq(logOperacoes.loginUsuario, `suporte:${PROVEDOR}`)));
    expect(entry).toMatchObject({ acao: 'Cadastrar', usuarioId: null, nomeUsuario: 'Suporte Jornada' });
    // Support cannot extend or remove its own access.
    const ext = await call(env.app, '/api/autorizacao-suporte/salvar', {}, { token });
    expect([ext.status, ext.body.mensagem]).toEqual([403, MSG.suporteNegado]);
    const del = await call(
      env.app,
      '/api/autorizacao-suporte/excluir',
      { autorizacaoSuporte: { id: autId } },
      { token },
    );
    expect(del.status).toBe(403);
    // The session stays bound to the authorisation when /login rotates it.
    const rotated = await call(env.app, '/api/login/validar-token', { token });
    expect(rotated.body.tokenValido).toBe(true);
    const next = rotated.body.token.valor as string;
    expect((await call(env.app, '/api/cargo/listar', {}, { token: next })).status).toBe(200);
    await env.database.owner.delete(autorizacoesSuporte).where(eq(autorizacoesSuporte.id, autId));
    expect((await call(env.app, '/api/cargo/listar', {}, { token: next })).status).toBe(401);
  });

  // Issue 22 §1, decision 0064: the access it leaves behind would outlive the authorisation.
  it('a sessão de suporte não cria um Administrador, não troca senhas nem mexe em perfis: 403, nada gravado', async () => {
    const r = await supportLogin(await issueLink());
    const token = r.body.token.valor as string;
    const db = env.database.owner;
    const [administrador] = await db
      .select()
      .from(perfis)
      .where(and(eq(perfis.tenantId, 1), eq(perfis.protegido, true)));
    const novo = await call(
      env.app,
      '/api/usuario/salvar',
      { usuario: { nome: 'Porta dos fundos', email: 'porta.dos.fundos@fora.test' }, perfil: { id: administrador!.id } },
      { token },
    );
    expect([novo.status, novo.body.mensagem]).toEqual([403, MSG.suporteNegado]);
    expect(await db.select().from(usuarios).where(eq(usuarios.email, 'porta.dos.fundos@fora.test'))).toEqual([]);
    await env.settle();
    expect(env.mails.filter((m) => m.to.includes('porta.dos.fundos'))).toEqual([]);
    const senha = await call(
      env.app,
      '/api/usuario/conta/alterar-senha',
      { senha: 'Outra@Senha1', repetirSenha: 'Outra@Senha1' },
      { token },
    );
    expect([senha.status, senha.body.mensagem]).toEqual([403, MSG.suporteNegado]);
    const perfil = await call(
      env.app,
      '/api/perfil-permissao/salvar',
      { perfil: { id: null, nome: 'Do suporte' }, permissoes: [] },
      { token },
    );
    expect([perfil.status, perfil.body.mensagem]).toEqual([403, MSG.suporteNegado]);
    expect(await db.select().from(perfis).where(eq(perfis.nome, 'Do suporte'))).toEqual([]);
    // Looking is still allowed: the users and the profiles.
    expect((await call(env.app, '/api/usuario/listar', {}, { token })).status).toBe(200);
    expect((await call(env.app, '/api/perfil-permissao/listar-menu-perfis', {}, { token })).status).toBe(200);
  });

  it('a sessão de suporte vê o cliente inteiro: todas as empresas e centros de custos; empresa criada não vai a ninguém', async () => {
    const r = await supportLogin(await issueLink());
    expect(r.status).toBe(200);
    const token = r.body.token.valor as string;
    const db = env.database.owner;
    const tenantCnpjs = (await db.select().from(cnpjs).where(eq(cnpjs.tenantId, 1))).map((c) => c.id).sort();
    const tenantCentros = (await db.select().from(centrosCusto).where(eq(centrosCusto.tenantId, 1)))
      .map((c) => c.id)
      .sort();
    // The provider's staff member has no assignment in the customer's tenant (decision 0016).
    expect(r.body.cacheEmpresa.centrosCustos.map((c: { id: number }) => c.id).sort()).toEqual(tenantCentros);
    const listed = await call(env.app, '/api/empresa/listar-cnpjs', {}, { token });
    expect(listed.body.map((c: { id: number }) => c.id).sort()).toEqual(tenantCnpjs);
    const numero = `556667770001${cnpjCheckDigits('556667770001')}`;
    const created = await call(
      env.app,
      '/api/empresa/salvar-cnpj',
      {
        cnpj: { tipoNumeroDocumento: 'cnpj', numero, razaoSocial: 'Criada pelo Suporte Ltda', telefone1: '1134567890' },
        endereco: {
          tipoLocal: 'Rua',
          rua: 'Augusta',
          numero: '1',
          cep: '01304000',
          bairro: 'Consolação',
          cidade: { id: 3550308 },
        },
      },
      { token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [nova] = await db.select().from(cnpjs).where(eq(cnpjs.numero, numero));
    expect(await db.select().from(usuarioCnpjs).where(eq(usuarioCnpjs.cnpjId, nova!.id))).toEqual([]);
    // Still seen by the support session, which sees the whole tenant.
    const again = await call(env.app, '/api/empresa/listar-cnpjs', {}, { token });
    expect(again.body.map((c: { id: number }) => c.id)).toContain(nova!.id);
  });

  it('código errado → 401', async () => {
    const l = await issueLink();
    const r = await supportLogin({ ...l, code: `${l.code}x` });
    expect([r.status, r.body.mensagem]).toEqual([401, MSG.acessoSuporteInvalido]);
    // The real code still works afterwards.
    expect((await supportLogin(l)).status).toBe(200);
  });

  it('código vencido (mais de 5 minutos) → 401', async () => {
    const l = await issueLink();
    env.clock.advanceMs(5 * 60_000 + 1);
    const r = await supportLogin(l);
    expect([r.status, r.body.mensagem]).toEqual([401, MSG.acessoSuporteInvalido]);
  });

  it('código já usado → 401; um novo código vale de novo e mata o anterior', async () => {
    const l = await issueLink();
    expect((await supportLogin(l)).status).toBe(200);
    const again = await supportLogin(l);
    expect([again.status, again.body.mensagem]).toEqual([401, MSG.acessoSuporteInvalido]);
    const l2 = await issueLink();
    const l3 = await issueLink();
    expect((await supportLogin(l2)).status).toBe(401);
    expect((await supportLogin(l3)).status).toBe(200);
  });

  it('sem autorização aberta (excluída, fechada ou vencida) → 401', async () => {
    const l = await issueLink();
    await env.database.owner.update(autorizacoesSuporte).set({ fechado: true });
    const closed = await supportLogin(l);
    expect([closed.status, closed.body.mensagem]).toEqual([401, MSG.semAutorizacaoAberta]);
    await env.database.owner.delete(autorizacoesSuporte);
    expect((await supportLogin(l)).body.mensagem).toBe(MSG.semAutorizacaoAberta);
    // Another tenant's code in the link.
    expect((await supportLogin({ ...l, ref: '2' })).status).toBe(401);
    expect((await supportLogin({ ...l, ref: 'abc' })).body.mensagem).toBe(MSG.acessoSuporteInvalido);
  });

  it('senha errada → 401 de login, e o código não é gasto', async () => {
    const l = await issueLink();
    const r = await supportLogin(l, PROVEDOR, 'Errada@2026');
    expect([r.status, r.body.mensagem]).toEqual([401, MSG.loginInvalido]);
    expect((await supportLogin(l)).status).toBe(200);
  });

  it('um usuário de cliente com o link → 401 (só a equipe do provedor usa o acesso de suporte)', async () => {
    const l = await issueLink();
    const r = await supportLogin(l, BETA_ADMIN);
    expect([r.status, r.body.mensagem]).toEqual([401, MSG.acessoSuporteInvalido]);
    expect((await supportLogin(l)).status).toBe(200);
  });

  it('autorização excluída pelo cliente no meio da sessão → a próxima chamada do suporte é 401', async () => {
    const r = await supportLogin(await issueLink());
    const token = r.body.token.valor as string;
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(200);
    const del = await call(
      env.app,
      '/api/autorizacao-suporte/excluir',
      { autorizacaoSuporte: { id: autId } },
      { token: admin },
    );
    expect(del.status).toBe(200);
    const after = await call(env.app, '/api/cargo/listar', {}, { token });
    expect([after.status, after.body.mensagem]).toEqual([401, MSG.naoAutenticado]);
  });

  it('a sessão de suporte termina quando a autorização vence (passa o último dia)', async () => {
    const r = await supportLogin(await issueLink());
    const token = r.body.token.valor as string;
    // Still open at 23:59 of the last day in São Paulo; closed a minute later. The session itself lasts 12 h,
    // so this test checks the end of the authorisation with a session opened on its last day.
    await env.database.owner.update(autorizacoesSuporte).set({ dataFinal: '2026-03-10' });
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(200);
    env.clock.advanceMs(new Date('2026-03-11T03:00:00Z').getTime() - env.clock.now().getTime());
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(401);
  });

  it('cliente suspenso: o link não entra e a sessão de suporte termina', async () => {
    const r = await supportLogin(await issueLink());
    const token = r.body.token.valor as string;
    const l = await issueLink();
    expect((await call(env.app, '/api/adm/cliente/suspender', { idCliente: 1 }, { token: provedor })).status).toBe(200);
    try {
      expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(401);
      const refused = await supportLogin(l);
      expect([refused.status, refused.body.mensagem]).toEqual([403, MSG.acessoSuspenso]);
      const link = await call(
        env.app,
        '/api/autorizacao-suporte/atualizar-ref-acesso',
        { idCliente: 1 },
        { token: provedor },
      );
      expect([link.status, link.body.mensagem]).toEqual([400, MSG.acessoSuspenso]);
    } finally {
      expect((await call(env.app, '/api/adm/cliente/reativar', { idCliente: 1 }, { token: provedor })).status).toBe(
        200,
      );
    }
  });

  it('dez logins ao mesmo tempo com o mesmo código: exatamente um entra', async () => {
    const l = await issueLink();
    const results = await Promise.all(Array.from({ length: 10 }, () => supportLogin(l)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
  });
});
