import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import {
  centrosCusto,
  cnpjs,
  emailsSaida,
  logOperacoes,
  perfis,
  sessoes,
  usuarioCentrosCusto,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';
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

const CONSULTA = 'consulta@jornada.demo';
const NOVA_SENHA = 'NovaSenha2026';

describeEachBackend('usuários, editar usuário e meus dados', (backend) => {
  let env: TestEnv;
  let admin: string;
  let operador: string;
  let beta: string;
  /** Tenant 1's CNPJs (Matriz, Campinas) and one of tenant 2, and cost centres of each. */
  let matriz: number;
  let campinasCnpj: number;
  let betaCnpj: number;
  let ccMatriz: number;
  let ccCampinas: number;
  let ccCampinasSetor: number;
  let ccBeta: number;
  let perfilOperador: number;
  let perfilAdmin: number;
  let perfilBeta: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, operador, beta] = await Promise.all([
      login(env.app, ADMIN),
      login(env.app, OPERADOR),
      login(env.app, BETA_ADMIN),
    ]);
    const db = env.database.owner;
    const all = await db.select().from(cnpjs).orderBy(cnpjs.id);
    [matriz, campinasCnpj, betaCnpj] = all.map((c) => c.id) as [number, number, number];
    const insertCc = async (tenantId: number, cnpjId: number, codigo: string, tipo: number, paiId?: number) => {
      const [row] = await db
        .insert(centrosCusto)
        .values({ tenantId, cnpjId, codigo, nome: `Centro ${codigo}`, tipo, paiId: paiId ?? null })
        .returning();
      return row!.id;
    };
    ccMatriz = await insertCc(1, matriz, 'UT-M1', 1);
    ccCampinas = await insertCc(1, campinasCnpj, 'UT-C1', 1);
    ccCampinasSetor = await insertCc(1, campinasCnpj, 'UT-C2', 2, ccCampinas);
    ccBeta = await insertCc(2, betaCnpj, 'UT-B1', 1);
    const profiles = await db.select().from(perfis);
    perfilAdmin = profiles.find((p) => p.tenantId === 1 && p.nome === 'Administrador')!.id;
    perfilOperador = profiles.find((p) => p.tenantId === 1 && p.nome === 'Operador')!.id;
    perfilBeta = profiles.find((p) => p.tenantId === 2 && p.nome === 'Operador')!.id;
  });
  afterAll(() => env.close());

  const list = async (token = admin) => (await call(env.app, '/api/usuario/listar', {}, { token })).body as any[];
  const userByEmail = async (email: string) =>
    (await env.database.owner.select().from(usuarios).where(eq(usuarios.email, email)))[0];
  const create = (nome: string, email: string, perfilId = perfilOperador, token = admin) =>
    call(env.app, '/api/usuario/salvar', { usuario: { nome, email }, perfil: { id: perfilId } }, { token });
  const lastMailTo = async (to: string) => {
    await env.settle();
    return env.mails.findLast((m) => m.to === to);
  };
  const linkParams = (text: string) => {
    const m = /redefinir-senha-email\?em=([^&]+)&tm=(\d+)&tk=([\w-]+)/.exec(text);
    if (!m) throw new Error('link ausente no e-mail');
    return { email: decodeURIComponent(m[1]!), time: Number(m[2]), token: m[3]! };
  };
  const logCount = async () => (await env.database.owner.select().from(logOperacoes)).length;
  const scopeOf = async (usuarioId: number) => ({
    cnpjs: (await env.database.owner.select().from(usuarioCnpjs).where(eq(usuarioCnpjs.usuarioId, usuarioId)))
      .map((r) => r.cnpjId)
      .sort((a, b) => a - b),
    centros: (
      await env.database.owner.select().from(usuarioCentrosCusto).where(eq(usuarioCentrosCusto.usuarioId, usuarioId))
    )
      .map((r) => r.centroCustoId)
      .sort((a, b) => a - b),
  });

  it('listar: só os usuários do cliente, com perfil e datas ISO; a tela de logs (12) também lista', async () => {
    const rows = await list();
    const emails = rows.map((u) => u.email);
    expect(emails).toContain(ADMIN);
    expect(emails).toContain(OPERADOR);
    expect(emails).not.toContain(BETA_ADMIN);
    const a = rows.find((u) => u.email === ADMIN)!;
    expect(a).toMatchObject({
      nome: 'Administrador Demonstração',
      nomeLogin: ADMIN,
      perfil: { nome: 'Administrador' },
    });
    expect(new Date(a.dataCadastro).toISOString()).toBe(a.dataCadastro);
    // Logged in by beforeAll: the last access is set.
    expect(a.dataUltimoAcesso).not.toBeNull();
    expect(Object.keys(a).sort()).toEqual(
      ['dataCadastro', 'dataUltimoAcesso', 'email', 'id', 'nome', 'nomeLogin', 'perfil'].sort(),
    );
    // Operador holds 12 (Logs de Operações) but not 2: the alternative code opens the list.
    expect((await call(env.app, '/api/usuario/listar', {}, { token: operador })).status).toBe(200);
    expect((await call(env.app, '/api/usuario/listar-perfis', {}, { token: operador })).status).toBe(403);
  });

  it('listar-perfis: os perfis do cliente por nome', async () => {
    const r = await call(env.app, '/api/usuario/listar-perfis', {}, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.map((p: { nome: string }) => p.nome)).toEqual(['Administrador', 'Consulta', 'Operador', 'RH']);
    const b = await call(env.app, '/api/usuario/listar-perfis', {}, { token: beta });
    expect(b.body.map((p: { nome: string }) => p.nome)).toEqual(['Administrador', 'Operador']);
  });

  it('salvar: cria sem senha, com e-mail aparado e minúsculo, todas as empresas, log; convite leva o link', async () => {
    const before = await logCount();
    const r = await create('  Maria Convidada ', '  Maria.Convidada@Jornada.Demo ');
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.usuarioSalvo]);
    const u = (await userByEmail('maria.convidada@jornada.demo'))!;
    expect(u).toMatchObject({ nome: 'Maria Convidada', nomeLogin: 'maria.convidada@jornada.demo', senhaHash: null });
    expect(u.dataCadastro.toISOString()).toBe(env.clock.now().toISOString());
    expect((await scopeOf(u.id)).cnpjs).toEqual([matriz, campinasCnpj]);
    expect(await logCount()).toBe(before + 1);
    const [entry] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
    expect(entry).toMatchObject({
      acao: 'Cadastrar',
      loginUsuario: ADMIN,
      descricao: 'Usuário maria.convidada@jornada.demo - Maria Convidada (perfil Operador)',
    });

    const mail = await lastMailTo('maria.convidada@jornada.demo');
    expect(mail?.subject).toBe('Jornada — seu acesso foi criado');
    expect(mail?.text).toContain('Administrador Demonstração criou o seu acesso');
    expect(mail?.text).toContain('válido por 72 horas');
    // No password, ever, in the message; the stored copy has no usable token.
    expect(mail?.text).not.toMatch(/senha:\s*\S/i);
    const stored = (await env.database.owner.select().from(emailsSaida)).findLast(
      (m) => m.para === 'maria.convidada@jornada.demo',
    );
    const { token } = linkParams(mail!.text);
    expect(stored?.texto).not.toContain(token);
  });

  it('o novo usuário não entra antes de criar a senha; o link do convite funciona uma única vez', async () => {
    await create('Joao Convidado', 'joao.convidado@jornada.demo');
    const mail = await lastMailTo('joao.convidado@jornada.demo');
    const link = linkParams(mail!.text);
    // An empty or any password: no way in.
    for (const senha of [DEMO_PASSWORD, 'x', ' ']) {
      const r = await call(
        env.app,
        '/api/login/aut-usuario',
        { email: 'joao.convidado@jornada.demo', senha },
        { ip: '10.9.9.9' },
      );
      expect(r.status).toBe(senha.trim() === '' ? 400 : 401);
    }
    const body = { email: link.email, senha: NOVA_SENHA, repetirSenha: NOVA_SENHA, time: link.time, token: link.token };
    const ok = await call(env.app, '/api/login/redefinir-senha', body);
    expect([ok.status, ok.body.mensagem]).toEqual([200, MSG.senhaRedefinida]);
    const again = await call(env.app, '/api/login/redefinir-senha', body);
    expect([again.status, again.body.mensagem]).toEqual([400, MSG.linkInvalido]);
    expect(await login(env.app, 'joao.convidado@jornada.demo', NOVA_SENHA)).toBeTruthy();
  });

  it('o link do convite vale 72 horas', async () => {
    await create('Prazo Convite', 'prazo.convite@jornada.demo');
    const link = linkParams((await lastMailTo('prazo.convite@jornada.demo'))!.text);
    env.clock.advanceMs(72 * 3_600_000 + 1);
    const r = await call(env.app, '/api/login/redefinir-senha', {
      email: link.email,
      senha: NOVA_SENHA,
      repetirSenha: NOVA_SENHA,
      time: link.time,
      token: link.token,
    });
    expect([r.status, r.body.mensagem]).toEqual([400, MSG.linkInvalido]);
    // The sessions of beforeAll expired with the time that passed.
    [admin, operador, beta] = await Promise.all([
      login(env.app, ADMIN),
      login(env.app, OPERADOR),
      login(env.app, BETA_ADMIN),
    ]);
  });

  it('e-mail já usado, também por outro cliente (invisível pela RLS) → 409, nada gravado', async () => {
    const before = (await list()).length;
    const mine = await create('Repetido', OPERADOR.toUpperCase());
    expect([mine.status, mine.body.mensagem]).toEqual([409, MSG.emailJaCadastrado]);
    const other = await create('Repetido', BETA_ADMIN);
    expect([other.status, other.body.mensagem]).toEqual([409, MSG.emailJaCadastrado]);
    expect((await list()).length).toBe(before);
  });

  it.each([
    ['nome vazio', { usuario: { nome: '  ', email: 'a@b.com' }, perfil: { id: 1 } }, MSG.informeNome],
    ['e-mail vazio', { usuario: { nome: 'A', email: ' ' }, perfil: { id: 1 } }, MSG.informeOEmail],
    ['e-mail sem forma', { usuario: { nome: 'A', email: 'sem-arroba' }, perfil: { id: 1 } }, MSG.emailInvalido],
    ['sem perfil', { usuario: { nome: 'A', email: 'a@b.com' } }, MSG.selecionePerfil],
    ['com senha', { usuario: { nome: 'A', email: 'a@b.com', senha: 'x' }, perfil: { id: 1 } }, undefined],
  ])('salvar com corpo inválido (%s) → 400 em português', async (_n, body, message) => {
    const r = await call(env.app, '/api/usuario/salvar', body, { token: admin });
    expect(r.status).toBe(400);
    if (message) expect(r.body.mensagem).toContain(message);
  });

  it('salvar com perfil de outro cliente → 400 e nada gravado', async () => {
    const r = await create('Perfil Alheio', 'perfil.alheio@jornada.demo', perfilBeta);
    expect([r.status, r.body.mensagem]).toEqual([400, MSG.perfilNaoEncontrado]);
    expect(await userByEmail('perfil.alheio@jornada.demo')).toBeUndefined();
  });

  it('o limite de usuários do plano vale: 400 claro ao chegar nele', async () => {
    const db = env.database.owner;
    const count = (await list()).length;
    const { planos, tenants } = await import('../../db/schema/index.js');
    const [plan] = await db
      .insert(planos)
      .values({ nome: 'Pequeno', maxFuncionarios: 10, maxCnpjs: 1, maxUsuarios: count + 1 })
      .returning();
    const [old] = await db.select().from(tenants).where(eq(tenants.id, 1));
    await db.update(tenants).set({ planoId: plan!.id }).where(eq(tenants.id, 1));
    try {
      expect((await create('Ultimo Lugar', 'ultimo.lugar@jornada.demo')).status).toBe(200);
      const over = await create('Sem Lugar', 'sem.lugar@jornada.demo');
      expect([over.status, over.body.mensagem]).toEqual([400, MSG.limiteUsuarios(count + 1)]);
      expect(await userByEmail('sem.lugar@jornada.demo')).toBeUndefined();
    } finally {
      await db.update(tenants).set({ planoId: old!.planoId }).where(eq(tenants.id, 1));
    }
  });

  it('buscar-editar: o usuário, todas as empresas, as dele, os centros de custos e os perfis', async () => {
    const u = (await userByEmail('rh.campinas@jornada.demo'))!;
    const r = await call(env.app, '/api/usuario/buscar-editar', { idUsuario: u.id }, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.usuario).toMatchObject({ id: u.id, email: 'rh.campinas@jornada.demo', perfil: { nome: 'RH' } });
    expect(r.body.perfil.nome).toBe('RH');
    expect(r.body.cnpjs.map((c: { id: number }) => c.id)).toEqual([matriz, campinasCnpj]);
    expect(r.body.cnpjsUsuario.map((c: { id: number }) => c.id)).toEqual([campinasCnpj]);
    expect(r.body.perfis.map((p: { nome: string }) => p.nome)).toEqual(['Administrador', 'Consulta', 'Operador', 'RH']);
    const ids = r.body.centrosCustos.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([ccMatriz, ccCampinas, ccCampinasSetor]));
    expect(ids).not.toContain(ccBeta);
    expect(r.body.centrosCustos.find((c: { id: number }) => c.id === ccCampinasSetor)).toEqual({
      id: ccCampinasSetor,
      codigo: 'UT-C2',
      nome: 'Centro UT-C2',
      tipo: 2,
      idCnpj: campinasCnpj,
      centroCustoPaiId: ccCampinas,
    });
    const other = await call(env.app, '/api/usuario/buscar-editar', { idUsuario: u.id }, { token: beta });
    expect([other.status, other.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    expect((await call(env.app, '/api/usuario/buscar-editar', { idUsuario: u.id }, { token: operador })).status).toBe(
      403,
    );
  });

  it('alterar: dados, perfil, empresas e centros de custos; o log diz o que mudou', async () => {
    await create('Editavel', 'editavel@jornada.demo');
    const u = (await userByEmail('editavel@jornada.demo'))!;
    const r = await call(
      env.app,
      '/api/usuario/alterar',
      {
        usuario: { id: u.id, nome: ' Editável Silva ', email: ' Editavel.Silva@Jornada.demo', nomeLogin: 'ignorado' },
        perfil: { id: perfilAdmin },
        idsCnpjs: [],
        idsCnpjsExcluir: [matriz],
        idsCentrosCustos: [ccCampinas, ccCampinasSetor],
        idsCentrosCustosExcluir: [],
      },
      { token: admin },
    );
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.usuarioAlterado]);
    const after = (await userByEmail('editavel.silva@jornada.demo'))!;
    expect(after).toMatchObject({
      nome: 'Editável Silva',
      nomeLogin: 'editavel.silva@jornada.demo',
      perfilId: perfilAdmin,
    });
    expect(await scopeOf(u.id)).toEqual({ cnpjs: [campinasCnpj], centros: [ccCampinas, ccCampinasSetor].sort() });
    const [entry] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
    expect(entry?.acao).toBe('Editar');
    expect(entry?.descricao).toBe(
      'Usuário editavel@jornada.demo - Editavel: nome Editavel → Editável Silva; e-mail editavel@jornada.demo → ' +
        'editavel.silva@jornada.demo; perfil Operador → Administrador; empresas +0/-1; centros de custos +2/-0',
    );

    // Taking Campinas away takes its cost centres with it.
    const back = await call(
      env.app,
      '/api/usuario/alterar',
      {
        usuario: { id: u.id, nome: 'Editável Silva', email: 'editavel.silva@jornada.demo' },
        perfil: { id: perfilOperador },
        idsCnpjs: [matriz],
        idsCnpjsExcluir: [campinasCnpj],
      },
      { token: admin },
    );
    expect(back.status).toBe(200);
    expect(await scopeOf(u.id)).toEqual({ cnpjs: [matriz], centros: [] });
  });

  it.each([
    ['empresa de outro cliente', { idsCnpjs: () => [betaCnpj] }, 400, MSG.empresaNaoEncontrada],
    ['empresa inexistente a excluir', { idsCnpjsExcluir: () => [999_999] }, 400, MSG.empresaNaoEncontrada],
    ['centro de custo de outro cliente', { idsCentrosCustos: () => [ccBeta] }, 400, MSG.centroCustoNaoEncontrado],
    [
      'centro de custo de empresa não atribuída',
      { idsCentrosCustos: () => [ccMatriz] },
      400,
      MSG.centroCustoForaDasEmpresas,
    ],
    [
      'centro de custo de empresa retirada na mesma gravação',
      { idsCnpjsExcluir: () => [campinasCnpj], idsCentrosCustos: () => [ccCampinas] },
      400,
      MSG.centroCustoForaDasEmpresas,
    ],
    [
      'a mesma empresa incluída e excluída',
      { idsCnpjs: () => [matriz], idsCnpjsExcluir: () => [matriz] },
      400,
      MSG.incluirEExcluirOMesmo,
    ],
    ['perfil de outro cliente', { perfil: () => ({ id: perfilBeta }) }, 400, MSG.perfilNaoEncontrado],
    ['usuário de outro cliente', { usuario: () => ({ id: 3, nome: 'X', email: 'x@y.com' }) }, 404, MSG.naoEncontrado],
  ] as const)('alterar com %s → %i, nada gravado', async (_n, patch, status, mensagem) => {
    const u = (await userByEmail('rh.campinas@jornada.demo'))!;
    const before = { user: u, scope: await scopeOf(u.id), logs: await logCount() };
    const body: Record<string, unknown> = {
      usuario: { id: u.id, nome: 'Mudou', email: 'mudou@jornada.demo' },
      perfil: { id: perfilOperador },
    };
    for (const [k, f] of Object.entries(patch)) body[k] = (f as () => unknown)();
    const r = await call(env.app, '/api/usuario/alterar', body, { token: admin });
    expect([r.status, r.body.mensagem]).toEqual([status, mensagem]);
    expect(await userByEmail('rh.campinas@jornada.demo')).toEqual(before.user);
    expect(await scopeOf(u.id)).toEqual(before.scope);
    expect(await logCount()).toBe(before.logs);
  });

  it.each([
    ['nome vazio', { nome: ' ', email: 'a@b.com' }],
    ['e-mail vazio', { nome: 'A', email: '' }],
  ])('alterar com %s → 400 "Informe nome e e-mail"', async (_n, dados) => {
    const u = (await userByEmail('rh.campinas@jornada.demo'))!;
    const r = await call(
      env.app,
      '/api/usuario/alterar',
      { usuario: { id: u.id, ...dados }, perfil: { id: perfilOperador } },
      { token: admin },
    );
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(MSG.informeNomeEEmail);
  });

  it('alterar para um e-mail de outro cliente → 409', async () => {
    const u = (await userByEmail('rh.campinas@jornada.demo'))!;
    const r = await call(
      env.app,
      '/api/usuario/alterar',
      { usuario: { id: u.id, nome: u.nome, email: BETA_ADMIN }, perfil: { id: perfilOperador } },
      { token: admin },
    );
    expect([r.status, r.body.mensagem]).toEqual([409, MSG.emailJaCadastrado]);
  });

  it('o último Administrador não deixa de sê-lo, nem é excluído; ninguém exclui a si mesmo', async () => {
    // Beta has one Administrador: its own admin.
    const betaUser = (await userByEmail(BETA_ADMIN))!;
    const demote = await call(
      env.app,
      '/api/usuario/alterar',
      { usuario: { id: betaUser.id, nome: betaUser.nome, email: BETA_ADMIN }, perfil: { id: perfilBeta } },
      { token: beta },
    );
    expect([demote.status, demote.body.mensagem]).toEqual([400, MSG.ultimoAdministrador]);
    const self = await call(env.app, '/api/usuario/excluir', { usuario: { id: betaUser.id } }, { token: beta });
    expect([self.status, self.body.mensagem]).toEqual([400, MSG.naoExcluirProprioUsuario]);

    // In tenant 1, a second Administrador (made in 'alterar' above, then set back) — make one, then the
    // last one left cannot be deleted by the other.
    await create('Segundo Admin', 'segundo.admin@jornada.demo', perfilAdmin);
    const segundo = (await userByEmail('segundo.admin@jornada.demo'))!;
    await env.database.owner
      .update(usuarios)
      .set({ senhaHash: (await userByEmail(ADMIN))!.senhaHash })
      .where(eq(usuarios.id, segundo.id));
    const tokenSegundo = await login(env.app, 'segundo.admin@jornada.demo');
    const adminUser = (await userByEmail(ADMIN))!;
    // Another Administrador exists: the demo admin could be demoted, and the second one deleted.
    const del = await call(env.app, '/api/usuario/excluir', { usuario: { id: segundo.id } }, { token: admin });
    expect([del.status, del.body.mensagem]).toEqual([200, MSG.usuarioExcluido]);
    // The second admin's session is gone with the user.
    expect((await call(env.app, '/api/usuario/listar', {}, { token: tokenSegundo })).status).toBe(401);
    const lastDemote = await call(
      env.app,
      '/api/usuario/alterar',
      { usuario: { id: adminUser.id, nome: adminUser.nome, email: ADMIN }, perfil: { id: perfilOperador } },
      { token: admin },
    );
    // 'Editável Silva' went back to Operador: the demo admin is the last one again.
    expect([lastDemote.status, lastDemote.body.mensagem]).toEqual([400, MSG.ultimoAdministrador]);
  });

  it('excluir: usuário de outro cliente → 404; log do que foi excluído; log antigo do usuário fica', async () => {
    await create('Para Excluir', 'para.excluir@jornada.demo');
    const u = (await userByEmail('para.excluir@jornada.demo'))!;
    const foreign = await call(env.app, '/api/usuario/excluir', { usuario: { id: u.id } }, { token: beta });
    expect([foreign.status, foreign.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    expect(await userByEmail('para.excluir@jornada.demo')).toBeDefined();
    const r = await call(env.app, '/api/usuario/excluir', { usuario: { id: u.id, nome: u.nome } }, { token: admin });
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.usuarioExcluido]);
    expect(await userByEmail('para.excluir@jornada.demo')).toBeUndefined();
    const [entry] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
    expect(entry).toMatchObject({ acao: 'Excluir', descricao: 'Usuário para.excluir@jornada.demo - Para Excluir' });
    expect((await call(env.app, '/api/usuario/excluir', { usuario: { id: u.id } }, { token: admin })).status).toBe(404);
  });

  it('operador (sem 3, 4, 5) não cria, não edita, não exclui', async () => {
    const u = (await userByEmail(CONSULTA))!;
    for (const [path, body] of [
      ['/api/usuario/salvar', { usuario: { nome: 'X', email: 'x@x.com' }, perfil: { id: perfilOperador } }],
      ['/api/usuario/alterar', { usuario: { id: u.id, nome: 'X', email: 'x@x.com' }, perfil: { id: perfilOperador } }],
      ['/api/usuario/excluir', { usuario: { id: u.id } }],
    ] as const) {
      const r = await call(env.app, path, body, { token: operador });
      expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
    }
    expect(await userByEmail(CONSULTA)).toEqual(u);
  });

  it('buscar (Meus Dados): o próprio usuário, perfil, empresas e centros de custos, nunca outro', async () => {
    const db = env.database.owner;
    const rh = (await userByEmail('rh.campinas@jornada.demo'))!;
    // The seed narrows this user to a Campinas department; one more cost centre is added here.
    const seeded = await db
      .select({ codigo: centrosCusto.codigo, tipo: centrosCusto.tipo })
      .from(usuarioCentrosCusto)
      .innerJoin(centrosCusto, eq(centrosCusto.id, usuarioCentrosCusto.centroCustoId))
      .where(eq(usuarioCentrosCusto.usuarioId, rh.id));
    expect(seeded.map((c) => c.tipo)).toEqual([1]);
    await db.insert(usuarioCentrosCusto).values({ tenantId: 1, usuarioId: rh.id, centroCustoId: ccCampinasSetor });
    const token = await login(env.app, 'rh.campinas@jornada.demo');
    const r = await call(env.app, '/api/usuario/buscar', { usuarioRequisicao: { usuario: { id: 1 } } }, { token });
    expect(r.status).toBe(200);
    expect(r.body.usuario).toEqual({
      id: rh.id,
      nome: 'RH Campinas',
      nomeLogin: 'rh.campinas@jornada.demo',
      email: 'rh.campinas@jornada.demo',
    });
    expect(r.body.perfil.nome).toBe('RH');
    expect(r.body.cnpjs.map((c: { razaoSocial: string }) => c.razaoSocial)).toEqual([
      'Jornada Demonstração Ltda - Filial Campinas',
    ]);
    expect(r.body.centrosCustos.map((c: { codigo: string; tipo: number }) => [c.codigo, c.tipo])).toEqual([
      ...seeded.map((c) => [c.codigo, c.tipo]),
      ['UT-C2', 2],
    ]);
  });

  it('alterar-senha: regra inteira no servidor, com as mensagens do seed', async () => {
    const token = await login(env.app, CONSULTA);
    for (const [senha, repetirSenha, mensagem] of [
      ['curta1A', 'curta1A', MSG.senhaFraca],
      ['semnumeroAa', 'semnumeroAa', MSG.senhaFraca],
      ['semmaiuscula1', 'semmaiuscula1', MSG.senhaFraca],
      ['SEMMINUSCULA1', 'SEMMINUSCULA1', MSG.senhaFraca],
      ['12345678', '12345678', MSG.senhaFraca],
      [NOVA_SENHA, `${NOVA_SENHA}x`, MSG.naoSaoIguais],
    ] as const) {
      const r = await call(env.app, '/api/usuario/conta/alterar-senha', { senha, repetirSenha }, { token });
      expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
    }
    expect((await call(env.app, '/api/usuario/conta/alterar-senha', {}, { token })).status).toBe(400);
    // Nothing changed: the demo password still works.
    expect(await login(env.app, CONSULTA)).toBeTruthy();
  });

  it('alterar-senha: aparada, troca a senha, encerra as outras sessões e mantém a atual', async () => {
    const email = 'campinas@jornada.demo';
    const [current, other1, other2] = [
      await login(env.app, email),
      await login(env.app, email),
      await login(env.app, email),
    ];
    await call(env.app, '/api/login/solicitar-redefinir-senha', { email });
    await env.settle();
    const resetLink = linkParams(env.mails.findLast((m) => m.to === email)!.text);
    const before = await logCount();
    const r = await call(
      env.app,
      '/api/usuario/conta/alterar-senha',
      { senha: `  ${NOVA_SENHA} `, repetirSenha: NOVA_SENHA },
      { token: current },
    );
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.senhaAlterada]);
    expect(await logCount()).toBe(before + 1);
    // The current session goes on; the others are out.
    expect((await call(env.app, '/api/usuario/buscar', {}, { token: current })).status).toBe(200);
    for (const t of [other1, other2]) {
      expect((await call(env.app, '/api/usuario/buscar', {}, { token: t })).status).toBe(401);
    }
    const u = (await userByEmail(email))!;
    const live = await env.database.owner
      .select()
      .from(sessoes)
      .where(and(eq(sessoes.usuarioId, u.id)));
    expect(live.filter((s) => s.revogadaEm === null)).toHaveLength(1);
    // The old password no longer opens a session; the new one (trimmed) does.
    const old = await call(env.app, '/api/login/aut-usuario', { email, senha: DEMO_PASSWORD }, { ip: '10.7.7.7' });
    expect(old.status).toBe(401);
    expect(await login(env.app, email, NOVA_SENHA)).toBeTruthy();
    // A reset link asked for before the change dies with it.
    const reuse = await call(env.app, '/api/login/redefinir-senha', {
      email,
      senha: 'OutraSenha1',
      repetirSenha: 'OutraSenha1',
      time: resetLink.time,
      token: resetLink.token,
    });
    expect([reuse.status, reuse.body.mensagem]).toEqual([400, MSG.linkInvalido]);
  });
});
