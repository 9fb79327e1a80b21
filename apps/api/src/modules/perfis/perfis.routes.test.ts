import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ALL_CUSTOMER_CODES, MSG, PERM, PERMISSIONS, SUPER_ADMIN_CODE, type MenuPerfil } from '@jornada/contracts';
import { logOperacoes, perfilPermissoes, perfis, usuarios } from '../../db/schema/index.js';
import { hashPassword } from '../../shared/secrets.js';
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

const flatten = (items: MenuPerfil[]): MenuPerfil[] => items.flatMap((i) => [i, ...flatten(i.menuFilhos)]);

describeEachBackend('perfis e permissões', (backend) => {
  let env: TestEnv;
  let admin: string;
  let operador: string;
  let beta: string;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, operador, beta] = await Promise.all([
      login(env.app, ADMIN),
      login(env.app, OPERADOR),
      login(env.app, BETA_ADMIN),
    ]);
  });
  afterAll(() => env.close());

  const listar = async (token = admin) =>
    (await call(env.app, '/api/perfil-permissao/listar-menu-perfis', {}, { token })).body as {
      menus: MenuPerfil[];
      perfis: { id: number; nome: string; protegido: boolean; permissoes: number[] }[];
    };
  const salvar = (perfil: { id?: number | null; nome?: string }, permissoes: number[], token = admin) =>
    call(env.app, '/api/perfil-permissao/salvar', { perfil, permissoes }, { token });
  const excluir = (id: number, token = admin) =>
    call(env.app, '/api/perfil-permissao/excluir', { perfil: { id } }, { token });
  const profileNamed = async (nome: string, token = admin) => (await listar(token)).perfis.find((p) => p.nome === nome);
  const codesInDb = async (perfilId: number) =>
    (await env.database.owner.select().from(perfilPermissoes).where(eq(perfilPermissoes.perfilId, perfilId)))
      .map((r) => r.codigo)
      .sort((a, b) => a - b);
  /** A user of tenant 1 on a profile holding exactly `codes`. */
  const userWith = async (email: string, codes: number[]) => {
    const db = env.database.owner;
    const [p] = await db
      .insert(perfis)
      .values({ tenantId: 1, nome: `Perfil de ${email}` })
      .returning();
    if (codes.length)
      await db.insert(perfilPermissoes).values(codes.map((codigo) => ({ tenantId: 1, perfilId: p!.id, codigo })));
    await db.insert(usuarios).values({
      tenantId: 1,
      nome: email,
      nomeLogin: email,
      email,
      senhaHash: await hashPassword(DEMO_PASSWORD),
      perfilId: p!.id,
    });
    return login(env.app, email);
  };

  it('listar-menu-perfis: a árvore do catálogo e os perfis do cliente com os seus códigos', async () => {
    const { menus, perfis: list } = await listar();
    const nodes = flatten(menus);
    // Every customer code hangs from exactly one item, the principal first; 0 and 99999 nowhere.
    const codes = nodes.flatMap((n) => n.permissoes.map((p) => p.id));
    expect(codes.sort((a, b) => a - b)).toEqual([...ALL_CUSTOMER_CODES].sort((a, b) => a - b));
    for (const n of nodes.filter((x) => x.permissoes.length > 0)) {
      expect(n.permissoes[0]!.principal, n.id).toBe(true);
      expect(
        n.permissoes.filter((p) => p.principal),
        n.id,
      ).toHaveLength(1);
    }
    expect(menus.map((m) => m.nome)).toEqual([
      'Cadastros',
      'Movimento',
      'Relatórios',
      'Documentos',
      'Sistema',
      'Meus Dados',
    ]);
    const cargos = nodes.find((n) => n.id === 'cargos')!;
    expect(cargos.permissoes.map((p) => [p.id, p.principal, p.selecionado])).toEqual([
      [19, true, false],
      [20, false, false],
      [21, false, false],
      [22, false, false],
    ]);
    expect(cargos.permissoes[0]!.nome).toBe(PERMISSIONS.find((p) => p.codigo === 19)!.nome);
    expect(list.map((p) => p.nome)).toEqual(['Administrador', 'Consulta', 'Operador', 'RH']);
    const adm = list.find((p) => p.nome === 'Administrador')!;
    expect(adm.protegido).toBe(true);
    expect([...adm.permissoes].sort((a, b) => a - b)).toEqual([...ALL_CUSTOMER_CODES].sort((a, b) => a - b));
    expect(list.find((p) => p.nome === 'Operador')!.permissoes).not.toContain(PERM.CARGOS_NOVO);
    // Another tenant sees its own profiles only.
    expect((await listar(beta)).perfis.map((p) => p.nome)).toEqual(['Administrador', 'Operador']);
    expect((await call(env.app, '/api/perfil-permissao/listar-menu-perfis', {}, { token: operador })).status).toBe(403);
  });

  it('salvar um perfil novo (id nulo): nome aparado, códigos gravados, log; nome repetido → 409', async () => {
    const r = await salvar({ id: null, nome: '  Financeiro ' }, [PERM.CARGOS_VER, PERM.CARGOS_NOVO, PERM.CARGOS_VER]);
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.perfilSalvo]);
    const p = (await profileNamed('Financeiro'))!;
    expect(p).toMatchObject({ protegido: false, permissoes: [19, 20] });
    const [entry] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
    expect(entry).toMatchObject({ acao: 'Cadastrar', descricao: 'Perfil Financeiro (permissões: 19, 20)' });
    const dup = await salvar({ id: null, nome: 'Financeiro' }, []);
    expect([dup.status, dup.body.mensagem]).toEqual([409, MSG.perfilNomeEmUso]);
    // The same name in another tenant is fine.
    expect((await salvar({ id: null, nome: 'Financeiro' }, [], beta)).status).toBe(200);
  });

  it.each([
    ['sem nome', { id: null }, [], 400, MSG.informeNome],
    ['nome em branco', { id: null, nome: '   ' }, [], 400, MSG.informeNome],
    [
      'o código do provedor (99999)',
      { id: null, nome: 'Intruso' },
      [SUPER_ADMIN_CODE],
      400,
      MSG.permissaoDesconhecida(99999),
    ],
    ['o código 0', { id: null, nome: 'Zero' }, [0], 400, MSG.permissaoDesconhecida(0)],
    ['um código fora do catálogo', { id: null, nome: 'Inventado' }, [19, 4242], 400, MSG.permissaoDesconhecida(4242)],
  ] as const)('salvar com %s → %i, nada gravado', async (_n, perfil, codes, status, mensagem) => {
    const before = (await listar()).perfis.length;
    const r = await salvar(perfil, [...codes]);
    expect([r.status, r.body.mensagem]).toEqual([status, mensagem]);
    expect((await listar()).perfis.length).toBe(before);
  });

  it('salvar um perfil existente troca os seus códigos (log com o que entrou e saiu)', async () => {
    const p = (await profileNamed('Financeiro'))!;
    const r = await salvar({ id: p.id, nome: 'ignorado na edição' }, [
      PERM.CARGOS_VER,
      PERM.CARGOS_EDITAR,
      PERM.FERIADOS_VER,
    ]);
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.perfilAlterado]);
    expect(await codesInDb(p.id)).toEqual([19, 21, 33]);
    expect((await profileNamed('Financeiro'))!.nome).toBe('Financeiro');
    const [entry] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
    expect(entry).toMatchObject({ acao: 'Editar', descricao: 'Perfil Financeiro: incluídas 21, 33; retiradas 20' });
    // Everything off is allowed (a profile with no code).
    expect((await salvar({ id: p.id }, [])).status).toBe(200);
    expect(await codesInDb(p.id)).toEqual([]);
  });

  it('o Administrador mantém todos os códigos: retirar um é recusado com mensagem clara', async () => {
    const adm = (await profileNamed('Administrador'))!;
    const r = await salvar(
      { id: adm.id },
      ALL_CUSTOMER_CODES.filter((c) => c !== PERM.CARGOS_EXCLUIR),
    );
    expect([r.status, r.body.mensagem]).toEqual([400, MSG.perfilProtegidoPermissoes]);
    expect(await codesInDb(adm.id)).toEqual([...ALL_CUSTOMER_CODES].sort((a, b) => a - b));
    // Saving it whole (unchanged) is fine.
    expect((await salvar({ id: adm.id }, [...ALL_CUSTOMER_CODES])).status).toBe(200);
  });

  it('perfil de outro cliente → 404 ao salvar e ao excluir, e nada muda', async () => {
    const theirs = (await listar(beta)).perfis.find((p) => p.nome === 'Operador')!;
    const before = await codesInDb(theirs.id);
    const s = await salvar({ id: theirs.id }, [19]);
    expect([s.status, s.body.mensagem]).toEqual([404, MSG.perfilNaoEncontrado]);
    const e = await excluir(theirs.id);
    expect([e.status, e.body.mensagem]).toEqual([404, MSG.perfilNaoEncontrado]);
    expect(await codesInDb(theirs.id)).toEqual(before);
  });

  it('excluir: o Administrador nunca; perfil em uso nunca; um perfil sem usuários sim (com log)', async () => {
    const adm = (await profileNamed('Administrador'))!;
    const a = await excluir(adm.id);
    expect([a.status, a.body.mensagem]).toEqual([400, MSG.perfilProtegidoExcluir]);
    const rh = (await profileNamed('RH'))!;
    const inUse = await excluir(rh.id);
    expect([inUse.status, inUse.body.mensagem]).toEqual([400, MSG.perfilEmUso(2)]);
    const fin = (await profileNamed('Financeiro'))!;
    const ok = await excluir(fin.id);
    expect([ok.status, ok.body.mensagem]).toEqual([200, MSG.perfilExcluido]);
    expect(await profileNamed('Financeiro')).toBeUndefined();
    expect(await codesInDb(fin.id)).toEqual([]);
    const [entry] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
    expect(entry).toMatchObject({ acao: 'Excluir', descricao: 'Perfil Financeiro' });
  });

  it('códigos por ação: 8 só cria, 9 só altera, e excluir pede 10 e também 7 (10 é também Meus Dados)', async () => {
    const so8 = await userWith('so8@jornada.demo', [PERM.PERFIS_VER, PERM.PERFIS_NOVO]);
    const so9 = await userWith('so9@jornada.demo', [PERM.PERFIS_VER, PERM.PERFIS_EDITAR]);
    const operadorPerfil = (await profileNamed('Operador'))!;
    expect((await salvar({ id: null, nome: 'Criado por 8' }, [19], so8)).status).toBe(200);
    expect((await salvar({ id: operadorPerfil.id }, [19], so8)).status).toBe(403);
    expect((await salvar({ id: null, nome: 'Criado por 9' }, [19], so9)).status).toBe(403);
    expect((await salvar({ id: operadorPerfil.id }, operadorPerfil.permissoes, so9)).status).toBe(200);
    // The operador holds 10 (Meus Dados) but not 7: no delete through the API either.
    const criado = (await profileNamed('Criado por 8'))!;
    const r = await excluir(criado.id, operador);
    expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
    expect(await profileNamed('Criado por 8')).toBeDefined();
    expect((await excluir(criado.id)).status).toBe(200);
  });

  it('uma mudança de permissões vale na próxima chamada dos usuários já logados com o perfil', async () => {
    const token = await login(env.app, 'consulta@jornada.demo');
    const consulta = (await profileNamed('Consulta'))!;
    expect(consulta.permissoes).toContain(PERM.CARGOS_VER);
    const buscar = () => call(env.app, '/api/cargo/buscar', { idCargo: 1 }, { token });
    expect((await buscar()).status).toBe(200);
    await salvar(
      { id: consulta.id },
      consulta.permissoes.filter((c) => c !== PERM.CARGOS_VER),
    );
    expect((await buscar()).status).toBe(403);
    await salvar({ id: consulta.id }, consulta.permissoes);
    expect((await buscar()).status).toBe(200);
  });
});
