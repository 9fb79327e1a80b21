import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ALL_CUSTOMER_CODES, MSG, allEndpoints, cnpjCheckDigits } from '@jornada/contracts';
import {
  cnpjs,
  empresas,
  funcionarios,
  logOperacoes,
  motivosAfastamento,
  perfilPermissoes,
  perfis,
  planos,
  tenants,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { usoPlanoCsv } from './clientes.service.js';

export const PROVEDOR = 'superadmin@jornada.demo';

/** A valid CNPJ from a 12-digit base. */
export const cnpjOf = (base: string) => base + cnpjCheckDigits(base);

/** Every call of the provider's area: under /api/adm/ (but the customers' news) plus the support link. */
const providerCalls = allEndpoints().filter(
  (e) =>
    (e.path.startsWith('/api/adm/') && !e.path.startsWith('/api/adm/mensagem/')) ||
    e.path === '/api/autorizacao-suporte/atualizar-ref-acesso',
);

describe('a lista das chamadas do provedor', () => {
  it('tem as chamadas de clientes, planos, notícias, relatório, importação de funcionários e o link de suporte, todas com 99999', () => {
    expect(providerCalls.length).toBe(17);
    expect(providerCalls.every((e) => e.permission === 99999)).toBe(true);
  });
});

describeEachBackend('área do provedor (99999)', (backend) => {
  let env: TestEnv;
  let provedor: string;
  let admin: string;
  /** The demo tenant's active employees, counted straight from the table. */
  let ativosDemo: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    provedor = await login(env.app, PROVEDOR);
    admin = await login(env.app, ADMIN);
    ativosDemo = (
      await env.database.owner
        .select({ id: funcionarios.id })
        .from(funcionarios)
        .where(and(eq(funcionarios.tenantId, 1), eq(funcionarios.ativo, true)))
    ).length;
  });
  afterAll(() => env.close());

  const adm = (path: string, body: unknown = {}) => call(env.app, path, body, { token: provedor });

  it('a conta do provedor recebe 99999 (e só ele) na sessão', async () => {
    const r = await call(env.app, '/api/login/aut-usuario', { email: PROVEDOR, senha: 'Jornada@2026' });
    expect(r.status).toBe(200);
    expect(r.body.permissoes).toEqual([99999, 0]);
    expect(r.body.suporte).toBe(false);
  });

  it.each(providerCalls.map((e) => [`${e.method} ${e.path}`, e] as const))(
    'administrador de cliente → 403 em %s',
    async (_l, e) => {
      const r = await call(env.app, e.path, e.method === 'GET' ? undefined : {}, { method: e.method, token: admin });
      expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
    },
  );

  it('99999 gravado no perfil de um cliente não abre a área do provedor (só vale para o provedor)', async () => {
    const db = env.database.owner;
    const [perfil] = await db
      .select()
      .from(perfis)
      .where(and(eq(perfis.tenantId, 2), eq(perfis.nome, 'Administrador')));
    await db.insert(perfilPermissoes).values({ tenantId: 2, perfilId: perfil!.id, codigo: 99999 });
    try {
      const beta = await login(env.app, BETA_ADMIN);
      expect((await call(env.app, '/api/adm/cliente/listar', {}, { token: beta })).status).toBe(403);
      const session = await call(env.app, '/api/login/aut-usuario', { email: BETA_ADMIN, senha: 'Jornada@2026' });
      expect(session.body.permissoes).not.toContain(99999);
    } finally {
      await db
        .delete(perfilPermissoes)
        .where(and(eq(perfilPermissoes.perfilId, perfil!.id), eq(perfilPermissoes.codigo, 99999)));
    }
  });

  describe('Planos', () => {
    const plano = {
      nome: 'Plano de Teste',
      maxCnpjs: 3,
      maxFuncionarios: 120,
      maxDispositivosMoveis: 40,
      maxDispositivosWeb: 4,
      maxUsuarios: 9,
    };

    it('cadastra com os cinco limites, lista com quantos clientes usam, altera', async () => {
      const r = await adm('/api/adm/plano/salvar', { plano });
      expect([r.status, r.body.mensagem]).toEqual([200, MSG.planoSalvo]);
      const [row] = await env.database.owner.select().from(planos).where(eq(planos.nome, plano.nome));
      expect(row).toMatchObject(plano);
      const list = (await adm('/api/adm/plano/listar')).body as { nome: string; clientes: number; id: number }[];
      expect(list.find((p) => p.nome === 'Profissional')?.clientes).toBe(2);
      expect(list.find((p) => p.nome === plano.nome)).toMatchObject({ ...plano, clientes: 0 });
      const edit = await adm('/api/adm/plano/salvar', { plano: { ...plano, id: row!.id, maxUsuarios: 11 } });
      expect([edit.status, edit.body.mensagem]).toEqual([200, MSG.planoAlterado]);
      const [after] = await env.database.owner.select().from(planos).where(eq(planos.id, row!.id));
      expect(after!.maxUsuarios).toBe(11);
    });

    it('nome repetido → 409; limite inválido → 400 em português', async () => {
      const dup = await adm('/api/adm/plano/salvar', { plano: { ...plano, nome: 'Profissional' } });
      expect([dup.status, dup.body.mensagem]).toEqual([409, MSG.planoNomeEmUso]);
      const bad = await adm('/api/adm/plano/salvar', { plano: { ...plano, nome: 'X', maxCnpjs: -1 } });
      expect(bad.status).toBe(400);
      expect(bad.body.mensagem).toContain(MSG.limiteInvalido);
    });

    it('um plano em uso não é excluído; um livre é', async () => {
      const inUse = await adm('/api/adm/plano/excluir', { plano: { id: 1 } });
      expect([inUse.status, inUse.body.mensagem]).toEqual([400, MSG.planoEmUso]);
      const [free] = await env.database.owner.select().from(planos).where(eq(planos.nome, plano.nome));
      const r = await adm('/api/adm/plano/excluir', { plano: { id: free!.id } });
      expect([r.status, r.body.mensagem]).toEqual([200, MSG.planoExcluido]);
      expect((await adm('/api/adm/plano/excluir', { plano: { id: free!.id } })).status).toBe(404);
    });
  });

  describe('Clientes', () => {
    const novo = {
      nome: 'Gama Logística',
      idPlano: 2,
      cnpj: '77.888.999/0001-' + cnpjOf('778889990001').slice(12),
      razaoSocial: 'Gama Logística Ltda',
      nomeAdministrador: 'Ana Gama',
      emailAdministrador: 'Ana@Gama.test',
    };
    let tenantId: number;

    it('lista os clientes (nunca o provedor) com plano, uso e situação', async () => {
      const r = await adm('/api/adm/cliente/listar');
      expect(r.status).toBe(200);
      expect(r.body.map((c: { id: number }) => c.id)).toEqual([2, 1]);
      expect(r.body[1]).toMatchObject({
        id: 1,
        nome: 'Jornada Demonstração',
        ativo: true,
        plano: { nome: 'Profissional', maxCnpjs: 50, maxUsuarios: 200 },
        uso: { cnpjs: 2, usuarios: 6, funcionariosAtivos: ativosDemo, dispositivosMoveis: 0, dispositivosWeb: 0 },
        autorizacaoSuporte: null,
        cnpjPrincipal: cnpjOf('112223330001'),
      });
      expect(ativosDemo).toBeGreaterThan(10);
    });

    it('CNPJ com dígito errado, plano ausente, e-mail inválido → 400 em português', async () => {
      const refused = async (cliente: object, mensagem: string) => {
        const r = await adm('/api/adm/cliente/salvar', { cliente });
        expect(r.status).toBe(400);
        expect(r.body.mensagem).toContain(mensagem);
      };
      await refused({ ...novo, cnpj: '77888999000100' }, MSG.cnpjInvalido);
      await refused({ ...novo, cnpj: '' }, MSG.informeCnpj);
      await refused({ ...novo, idPlano: null }, MSG.selecionePlano);
      await refused({ ...novo, idPlano: 999 }, MSG.selecionePlano);
      await refused({ ...novo, emailAdministrador: 'ana' }, MSG.emailInvalido);
      await refused({ ...novo, razaoSocial: ' ' }, MSG.informeRazaoSocial);
    });

    it('cadastra tudo: cliente, empresa, CNPJ principal, perfil Administrador protegido, usuário e convite', async () => {
      env.mails.length = 0;
      const r = await adm('/api/adm/cliente/salvar', { cliente: novo });
      expect(r.status).toBe(200);
      expect(r.body.mensagem).toBe(MSG.clienteCadastrado('ana@gama.test'));
      tenantId = r.body.id;
      await env.settle();
      const db = env.database.owner;
      const [t] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
      expect(t).toMatchObject({ nome: 'Gama Logística', planoId: 2, ativo: true, provedor: false });
      const [empresa] = await db.select().from(empresas).where(eq(empresas.tenantId, tenantId));
      expect(empresa!.nome).toBe('Gama Logística Ltda');
      const cnpjRows = await db.select().from(cnpjs).where(eq(cnpjs.tenantId, tenantId));
      expect(cnpjRows.map((c) => [c.numero, c.principal, c.razaoSocial])).toEqual([
        [cnpjOf('778889990001'), true, 'Gama Logística Ltda'],
      ]);
      const reasons = await db.select().from(motivosAfastamento).where(eq(motivosAfastamento.tenantId, tenantId));
      expect(reasons.map((m) => [m.descricao, m.protegido, m.definitivo])).toEqual([['Transferência', true, true]]);
      const profiles = await db.select().from(perfis).where(eq(perfis.tenantId, tenantId));
      expect(profiles.map((p) => [p.nome, p.protegido])).toEqual([['Administrador', true]]);
      const codes = await db
        .select({ c: perfilPermissoes.codigo })
        .from(perfilPermissoes)
        .where(eq(perfilPermissoes.perfilId, profiles[0]!.id))
        .orderBy(asc(perfilPermissoes.codigo));
      expect(codes.map((c) => c.c)).toEqual([...ALL_CUSTOMER_CODES].sort((a, b) => a - b));
      const [user] = await db.select().from(usuarios).where(eq(usuarios.tenantId, tenantId));
      expect(user).toMatchObject({ email: 'ana@gama.test', nome: 'Ana Gama', perfilId: profiles[0]!.id, ativo: true });
      const assigned = await db.select().from(usuarioCnpjs).where(eq(usuarioCnpjs.usuarioId, user!.id));
      expect(assigned.map((a) => a.cnpjId)).toEqual([cnpjRows[0]!.id]);
      const log = await db.select().from(logOperacoes).where(eq(logOperacoes.tenantId, 3));
      expect(log.map((l) => [l.acao, l.loginUsuario])).toContainEqual(['Cadastrar', PROVEDOR]);
      // The mail carries a link, never a password.
      expect(env.mails).toHaveLength(1);
      expect(env.mails[0]!.to).toBe('ana@gama.test');
      expect(env.mails[0]!.text).not.toMatch(/senha:\s*\S/i);
    });

    it('o convite cria a primeira senha uma única vez, e então o administrador entra', async () => {
      const m = /redefinir-senha-email\?em=([^&]+)&tm=(\d+)&tk=(\S+)/.exec(env.mails[0]!.text)!;
      expect(m).not.toBeNull();
      const body = {
        email: decodeURIComponent(m[1]!),
        senha: 'Primeira@2026',
        repetirSenha: 'Primeira@2026',
        time: Number(m[2]),
        token: m[3],
      };
      // Nobody can log in before the invitation is used: the stored password is unknown to all.
      expect((await call(env.app, '/api/login/aut-usuario', { email: 'ana@gama.test', senha: '' + m[3] })).status).toBe(
        401,
      );
      // An invitation lives longer than a reset link (72 h): two days later it still works.
      env.clock.advanceMs(48 * 3_600_000);
      const first = await call(env.app, '/api/login/redefinir-senha', body);
      expect([first.status, first.body.mensagem]).toEqual([200, MSG.senhaRedefinida]);
      const again = await call(env.app, '/api/login/redefinir-senha', {
        ...body,
        senha: 'Outra@2026x',
        repetirSenha: 'Outra@2026x',
      });
      expect([again.status, again.body.mensagem]).toEqual([400, MSG.linkInvalido]);
      const s = await call(env.app, '/api/login/aut-usuario', { email: 'ana@gama.test', senha: 'Primeira@2026' });
      expect(s.status).toBe(200);
      expect(s.body.permissoes).toEqual([...[...ALL_CUSTOMER_CODES].sort((a, b) => a - b), 0]);
      expect(s.body.dadosRequisicao.empresa.nome).toBe('Gama Logística Ltda');
      // The provider's own session expired while the clock moved on.
      provedor = await login(env.app, PROVEDOR);
      // Tenant wall: the new customer sees its own data only.
      const cargos = await call(env.app, '/api/cargo/listar', {}, { token: s.body.token.valor });
      expect([cargos.status, cargos.body]).toEqual([200, []]);
    });

    it('o mesmo CNPJ ou o mesmo e-mail em outro cliente → 409', async () => {
      const cnpj = await adm('/api/adm/cliente/salvar', { cliente: { ...novo, emailAdministrador: 'x@gama.test' } });
      expect([cnpj.status, cnpj.body.mensagem]).toEqual([409, MSG.cnpjDeOutroCliente]);
      const email = await adm('/api/adm/cliente/salvar', {
        cliente: { ...novo, cnpj: cnpjOf('778889990002'), emailAdministrador: ADMIN },
      });
      expect([email.status, email.body.mensagem]).toEqual([409, MSG.emailJaCadastrado]);
    });

    it('troca o plano', async () => {
      const r = await adm('/api/adm/cliente/alterar-plano', { idCliente: tenantId, idPlano: 1 });
      expect([r.status, r.body.mensagem]).toEqual([200, MSG.clientePlanoAlterado]);
      const [t] = await env.database.owner.select().from(tenants).where(eq(tenants.id, tenantId));
      expect(t!.planoId).toBe(1);
      expect((await adm('/api/adm/cliente/alterar-plano', { idCliente: tenantId, idPlano: 999 })).status).toBe(400);
      // The provider's own tenant is not a customer.
      expect((await adm('/api/adm/cliente/alterar-plano', { idCliente: 3, idPlano: 1 })).status).toBe(404);
    });

    it('suspende: o login é recusado e a sessão aberta para na próxima chamada; reativa', async () => {
      const token = await login(env.app, 'ana@gama.test', 'Primeira@2026');
      expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(200);
      const r = await adm('/api/adm/cliente/suspender', { idCliente: tenantId });
      expect([r.status, r.body.mensagem]).toEqual([200, MSG.clienteSuspenso]);
      expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(401);
      const refused = await call(env.app, '/api/login/aut-usuario', { email: 'ana@gama.test', senha: 'Primeira@2026' });
      expect([refused.status, refused.body.mensagem]).toEqual([403, MSG.acessoSuspenso]);
      const listed = (await adm('/api/adm/cliente/listar')).body.find((c: { id: number }) => c.id === tenantId);
      expect(listed.ativo).toBe(false);
      expect((await adm('/api/adm/cliente/suspender', { idCliente: 3 })).status).toBe(404);
      const back = await adm('/api/adm/cliente/reativar', { idCliente: tenantId });
      expect([back.status, back.body.mensagem]).toEqual([200, MSG.clienteReativado]);
      expect(
        (await call(env.app, '/api/login/aut-usuario', { email: 'ana@gama.test', senha: 'Primeira@2026' })).status,
      ).toBe(200);
    });
  });

  describe('Relatórios admin', () => {
    it('uso diante do plano por cliente', async () => {
      const r = await adm('/api/adm/relatorio/uso-planos');
      expect(r.status).toBe(200);
      const demo = r.body.find((l: { id: number }) => l.id === 1);
      expect(demo).toEqual({
        id: 1,
        nome: 'Jornada Demonstração',
        plano: 'Profissional',
        ativo: true,
        cnpjs: 2,
        maxCnpjs: 50,
        usuarios: 6,
        maxUsuarios: 200,
        funcionariosAtivos: ativosDemo,
        maxFuncionarios: 50_000,
        dispositivosMoveis: 0,
        maxDispositivosMoveis: 5_000,
        dispositivosWeb: 0,
        maxDispositivosWeb: 100,
      });
    });

    it('CSV em UTF-8 com BOM, separado por ponto e vírgula, registrado como relatório', async () => {
      const r = await adm('/api/adm/relatorio/uso-planos/csv');
      expect(r.status).toBe(200);
      expect(r.res.headers['content-type']).toMatch(/^text\/csv/);
      expect(JSON.parse(String(r.res.headers['ik-response']))).toMatchObject({
        status: 'OK',
        nomeArquivo: 'uso-dos-planos.csv',
      });
      const bytes = r.res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]!.split(';').slice(0, 4)).toEqual(['Código', 'Cliente', 'Plano', 'Situação']);
      expect(lines).toContain(`1;Jornada Demonstração;Profissional;Ativo;2;50;6;200;${ativosDemo};50000;0;5000;0;100`);
      const log = await env.database.owner.select().from(logOperacoes).where(eq(logOperacoes.acao, 'Relatório'));
      expect(log.some((l) => l.tenantId === 3 && l.descricao.startsWith('Uso dos planos'))).toBe(true);
    });

    it('um cliente cujo nome parece fórmula sai no CSV como texto (apóstrofo antes)', async () => {
      const db = env.database.owner;
      const [beta] = await db.select().from(tenants).where(eq(tenants.id, 2));
      await db.update(tenants).set({ nome: '=HYPERLINK("http://x.test";"Clique")' }).where(eq(tenants.id, 2));
      try {
        const r = await adm('/api/adm/relatorio/uso-planos/csv');
        const lines = r.res.rawPayload.subarray(3).toString('utf8').split('\r\n');
        expect(lines.find((l) => l.startsWith('2;'))).toMatch(/^2;"'=HYPERLINK\(""http:\/\/x\.test"";""Clique""\)";/);
      } finally {
        await db.update(tenants).set({ nome: beta!.nome }).where(eq(tenants.id, 2));
      }
    });
  });
});

describe('CSV do relatório de uso', () => {
  it('põe entre aspas o campo com ponto e vírgula ou aspas', () => {
    const text = usoPlanoCsv([
      {
        id: 9,
        nome: 'Alfa; "Beta"',
        plano: null,
        ativo: false,
        cnpjs: 0,
        maxCnpjs: null,
        usuarios: 0,
        maxUsuarios: null,
        funcionariosAtivos: 0,
        maxFuncionarios: null,
        dispositivosMoveis: 0,
        maxDispositivosMoveis: null,
        dispositivosWeb: 0,
        maxDispositivosWeb: null,
      },
    ])
      .toString('utf8')
      .split('\r\n');
    expect(text[1]).toBe('9;"Alfa; ""Beta""";;Suspenso;0;;0;;0;;0;;0;');
  });
});

describeEachBackend('Novo cliente sob concorrência', (backend) => {
  let env: TestEnv;
  let provedor: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    provedor = await login(env.app, PROVEDOR);
  });
  afterAll(() => env.close());

  it('dois cadastros do mesmo CNPJ ao mesmo tempo: um 200, um 409, um só cliente', async () => {
    const cliente = (n: number) => ({
      nome: `Delta ${n}`,
      idPlano: 1,
      cnpj: cnpjOf('556667770001'),
      razaoSocial: `Delta ${n} Ltda`,
      nomeAdministrador: 'Delta',
      emailAdministrador: `delta${n}@delta.test`,
    });
    const results = await Promise.all(
      [1, 2].map((n) => call(env.app, '/api/adm/cliente/salvar', { cliente: cliente(n) }, { token: provedor })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await env.database.owner
      .select()
      .from(cnpjs)
      .where(eq(cnpjs.numero, cnpjOf('556667770001')));
    expect(rows).toHaveLength(1);
  });
});
