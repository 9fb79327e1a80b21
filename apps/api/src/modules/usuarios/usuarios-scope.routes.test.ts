import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { centrosCusto, perfis, usuarioCentrosCusto, usuarioCnpjs, usuarios } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

interface Cc {
  id: number;
  nome: string;
  idCnpj: number;
}

/**
 * Editar Usuário and Novo Usuário under the caller's own scope (decision
 * 0020): a user administrator limited to the main CNPJ and its department
 * Administrativo neither sees nor hands out other companies or cost centres,
 * and cannot open a whole company to someone by leaving them without cost
 * centres in it.
 */
describeEachBackend('usuários: o escopo de quem edita', (backend) => {
  let env: TestEnv;
  let admin: string;
  let limitado: string;
  let ids: DemoIds;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    ids = await demoIds(env);
    admin = await login(env.app, ADMIN);
    ({ token: limitado } = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [ids.cc.get('Administrativo')!],
    }));
  });
  afterAll(() => env.close());

  const cc = (nome: string) => ids.cc.get(nome)!;
  const ADMINISTRATIVO = [
    'Administrativo',
    'Financeiro',
    'Recursos Humanos',
    'Contas a Pagar',
    'Contas a Receber',
    'Departamento Pessoal',
    'Recrutamento e Seleção',
  ];
  const perfilOperador = async () =>
    (
      await env.database.owner
        .select()
        .from(perfis)
        .where(and(eq(perfis.tenantId, ids.demo), eq(perfis.nome, 'Operador')))
    )[0]!.id;
  const userId = async (email: string) =>
    (await env.database.owner.select().from(usuarios).where(eq(usuarios.email, email)))[0]!.id;
  const scopeOf = async (usuarioId: number) => {
    const db = env.database.owner;
    const cnpjs = (await db.select().from(usuarioCnpjs).where(eq(usuarioCnpjs.usuarioId, usuarioId)))
      .map((r) => r.cnpjId)
      .sort((a, b) => a - b);
    const centros = (
      await db
        .select({ nome: centrosCusto.nome })
        .from(usuarioCentrosCusto)
        .innerJoin(centrosCusto, eq(centrosCusto.id, usuarioCentrosCusto.centroCustoId))
        .where(eq(usuarioCentrosCusto.usuarioId, usuarioId))
    )
      .map((r) => r.nome)
      .sort();
    return { cnpjs, centros };
  };
  const editar = (idUsuario: number, token = limitado) =>
    call(env.app, '/api/usuario/buscar-editar', { idUsuario }, { token });
  const alterar = async (
    usuarioId: number,
    diff: Partial<Record<'idsCnpjs' | 'idsCnpjsExcluir' | 'idsCentrosCustos' | 'idsCentrosCustosExcluir', number[]>>,
  ) => {
    const [u] = await env.database.owner.select().from(usuarios).where(eq(usuarios.id, usuarioId));
    return call(
      env.app,
      '/api/usuario/alterar',
      {
        usuario: { id: u!.id, nome: u!.nome, email: u!.email },
        perfil: { id: u!.perfilId },
        idsCnpjs: [],
        idsCnpjsExcluir: [],
        idsCentrosCustos: [],
        idsCentrosCustosExcluir: [],
        ...diff,
      },
      { token: limitado },
    );
  };
  /** A new user made by the tenant's administrator: every company, no cost centre. */
  const novoUsuario = async (email: string) => {
    const r = await call(
      env.app,
      '/api/usuario/salvar',
      { usuario: { nome: email, email }, perfil: { id: await perfilOperador() } },
      { token: admin },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return userId(email);
  };

  it('buscar-editar: só as empresas e os centros de custos de quem edita, também entre os do usuário', async () => {
    const r = await editar(await userId(ADMIN));
    expect(r.status).toBe(200);
    expect(r.body.cnpjs.map((c: { id: number }) => c.id)).toEqual([ids.principal]);
    expect(r.body.cnpjsUsuario.map((c: { id: number }) => c.id)).toEqual([ids.principal]);
    expect((r.body.centrosCustos as Cc[]).map((c) => c.nome).sort()).toEqual([...ADMINISTRATIVO].sort());
    const text = JSON.stringify(r.body);
    for (const alheio of ['Filial Campinas', 'Produção', 'Logística', 'Comercial']) expect(text).not.toContain(alheio);

    // The Campinas RH user: its company and its department there are out of the caller's sight.
    const rh = await editar(await userId('rh.campinas@jornada.demo'));
    expect([rh.body.cnpjsUsuario, rh.body.centrosCustosUsuario]).toEqual([[], []]);

    // The tenant's administrator still sees everything.
    const full = await editar(await userId('rh.campinas@jornada.demo'), admin);
    expect(full.body.cnpjs.map((c: { id: number }) => c.id)).toEqual([ids.principal, ids.campinas]);
    expect((full.body.centrosCustosUsuario as Cc[]).map((c) => c.nome)).toEqual(['Logística']);
    expect((full.body.centrosCustos as Cc[]).map((c) => c.nome)).toEqual(
      expect.arrayContaining(['Produção', 'Logística', ...ADMINISTRATIVO]),
    );
  });

  it('alterar: empresa ou centro de custo fora do escopo → 400 como id inexistente, nada gravado', async () => {
    const alvo = await novoUsuario('alvo.escopo@jornada.demo');
    const rh = await userId('rh.campinas@jornada.demo');
    const antes = [await scopeOf(alvo), await scopeOf(rh)];
    const cases: [number, Parameters<typeof alterar>[1], string][] = [
      [alvo, { idsCnpjs: [ids.campinas] }, MSG.empresaNaoEncontrada],
      [alvo, { idsCnpjsExcluir: [ids.campinas] }, MSG.empresaNaoEncontrada],
      [alvo, { idsCnpjs: [ids.betaCnpj] }, MSG.empresaNaoEncontrada],
      [alvo, { idsCentrosCustos: [cc('Produção')] }, MSG.centroCustoNaoEncontrado],
      [alvo, { idsCentrosCustos: [cc('Financeiro'), cc('Turno A')] }, MSG.centroCustoNaoEncontrado],
      [rh, { idsCentrosCustosExcluir: [cc('Logística')] }, MSG.centroCustoNaoEncontrado],
    ];
    for (const [usuarioId, diff, mensagem] of cases) {
      const r = await alterar(usuarioId, diff);
      expect([r.status, r.body.mensagem], JSON.stringify(diff)).toEqual([400, mensagem]);
    }
    expect([await scopeOf(alvo), await scopeOf(rh)]).toEqual(antes);
  });

  it('um ancestral visível não é atribuível: limitado ao setor Financeiro, o departamento Administrativo → 400', async () => {
    const { token } = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [cc('Financeiro')],
    });
    const alvo = await novoUsuario('alvo.ancestral@jornada.demo');
    const [u] = await env.database.owner.select().from(usuarios).where(eq(usuarios.id, alvo));
    const r = await call(
      env.app,
      '/api/usuario/alterar',
      {
        usuario: { id: alvo, nome: u!.nome, email: u!.email },
        perfil: { id: u!.perfilId },
        idsCnpjs: [],
        idsCnpjsExcluir: [],
        idsCentrosCustos: [cc('Administrativo')],
        idsCentrosCustosExcluir: [],
      },
      { token },
    );
    expect([r.status, r.body.mensagem]).toEqual([400, MSG.centroCustoNaoEncontrado]);
    expect((await scopeOf(alvo)).centros).toEqual([]);
  });

  it('alterar: quem só vê parte da empresa não a abre inteira a ninguém', async () => {
    const campinas = await userId('campinas@jornada.demo');
    expect(await scopeOf(campinas)).toEqual({ cnpjs: [ids.campinas], centros: [] });

    // The main CNPJ without a cost centre would be the whole company.
    const semCentro = await alterar(campinas, { idsCnpjs: [ids.principal] });
    expect([semCentro.status, semCentro.body.mensagem]).toEqual([403, MSG.escopoUsuarioSemCentroCusto]);
    expect(await scopeOf(campinas)).toEqual({ cnpjs: [ids.campinas], centros: [] });

    const comCentro = await alterar(campinas, { idsCnpjs: [ids.principal], idsCentrosCustos: [cc('Financeiro')] });
    expect(comCentro.status, JSON.stringify(comCentro.body)).toBe(200);
    expect(await scopeOf(campinas)).toEqual({
      cnpjs: [ids.principal, ids.campinas].sort((a, b) => a - b),
      centros: ['Financeiro'],
    });

    // Taking its only cost centre there away would open the company too; swapping it is fine.
    const tirar = await alterar(campinas, { idsCentrosCustosExcluir: [cc('Financeiro')] });
    expect([tirar.status, tirar.body.mensagem]).toEqual([403, MSG.escopoUsuarioSemCentroCusto]);
    const trocar = await alterar(campinas, {
      idsCentrosCustos: [cc('Contas a Pagar')],
      idsCentrosCustosExcluir: [cc('Financeiro')],
    });
    expect(trocar.status, JSON.stringify(trocar.body)).toBe(200);
    expect((await scopeOf(campinas)).centros).toEqual(['Contas a Pagar']);

    // Taking the company away narrows the user: allowed, and its cost centres go with it.
    const remover = await alterar(campinas, { idsCnpjsExcluir: [ids.principal] });
    expect(remover.status, JSON.stringify(remover.body)).toBe(200);
    expect(await scopeOf(campinas)).toEqual({ cnpjs: [ids.campinas], centros: [] });
  });

  it('salvar: o novo usuário recebe o que quem o cria vê — a matriz, limitada ao Administrativo', async () => {
    const r = await call(
      env.app,
      '/api/usuario/salvar',
      {
        usuario: { nome: 'Criado Por Limitado', email: 'criado.limitado@jornada.demo' },
        perfil: { id: await perfilOperador() },
      },
      { token: limitado },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await scopeOf(await userId('criado.limitado@jornada.demo'))).toEqual({
      cnpjs: [ids.principal],
      centros: ['Administrativo'],
    });
  });
});
