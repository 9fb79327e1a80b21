import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { centrosCusto, logOperacoes } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

interface Cc {
  id: number;
  codigo: string;
  nome: string;
  tipo: string;
  centroCustoPaiId: number | null;
  idCnpj: number;
}

describeEachBackend('centros de custos', (backend) => {
  let env: TestEnv;
  let admin: string;
  let beta: string;
  let ids: DemoIds;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, beta] = await Promise.all([login(env.app, ADMIN), login(env.app, BETA_ADMIN)]);
    ids = await demoIds(env);
  });
  afterAll(() => env.close());

  const cc = (nome: string) => ids.cc.get(nome)!;
  const post = (path: string, body: unknown, token = admin) =>
    call(env.app, `/api/centro-custo/${path}`, body, { token });
  const lista = async (path: string, body: unknown, token = admin) => {
    const r = await post(path, body, token);
    expect(r.status).toBe(200);
    return r.body as Cc[];
  };
  const nomes = (rows: Cc[]) => rows.map((r) => r.nome);
  const total = async () => (await env.database.owner.select().from(centrosCusto)).length;
  const lastLog = async () =>
    (await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1))[0]!;
  let n = 0;
  const unico = (prefixo: string) => `${prefixo} ${++n}`;

  /** Creates a department (automatic code) and returns it. */
  async function departamento(nome = unico('Depto'), idCnpj = ids.principal): Promise<Cc> {
    const r = await post('salvar-departamento', { idCnpj, centroCusto: { nome, gerarCodogioEmSequencia: true } });
    expect(r.status).toBe(200);
    return (await lista('listar-departamentos', { idCnpj })).find((d) => d.nome === nome)!;
  }
  async function filho(pai: Cc, nome = unico('Filho')): Promise<Cc> {
    const r = await post('salvar-setor-secao', {
      idCnpj: pai.idCnpj,
      idCentroCustoPai: pai.id,
      centroCusto: { nome, gerarCodogioEmSequencia: true },
    });
    expect(r.status).toBe(200);
    const path = pai.tipo === 'Departamento' ? 'listar-setores' : 'listar-secoes';
    return (await lista(path, pai.tipo === 'Departamento' ? { idDepartamento: pai.id } : { idSetor: pai.id })).find(
      (f) => f.nome === nome,
    )!;
  }

  it('listar-cnpjs: as empresas do usuário para o seletor Empresa', async () => {
    const r = await post('listar-cnpjs', {});
    expect(r.body.map((c: { id: number }) => c.id)).toEqual([ids.principal, ids.campinas]);
  });

  it('a cadeia: departamentos da empresa, setores do departamento, seções do setor', async () => {
    const deps = await lista('listar-departamentos', { idCnpj: ids.principal });
    expect(nomes(deps)).toEqual(['Administrativo', 'Comercial', 'Produção']);
    expect(deps[0]).toEqual({
      id: cc('Administrativo'),
      codigo: '1',
      nome: 'Administrativo',
      tipo: 'Departamento',
      centroCustoPaiId: null,
      idCnpj: ids.principal,
    });
    const setores = await lista('listar-setores', { idDepartamento: cc('Administrativo') });
    expect(nomes(setores)).toEqual(['Financeiro', 'Recursos Humanos']);
    expect(setores[0]).toMatchObject({ tipo: 'Setor', centroCustoPaiId: cc('Administrativo') });
    const secoes = await lista('listar-secoes', { idSetor: cc('Financeiro') });
    expect(nomes(secoes)).toEqual(['Contas a Pagar', 'Contas a Receber']);
    expect(secoes[0]).toMatchObject({ tipo: 'Seção', centroCustoPaiId: cc('Financeiro') });
    expect(nomes(await lista('listar-departamentos', { idCnpj: ids.campinas }))).toEqual(['Logística']);
  });

  it.each([
    ['listar-setores', () => ({ idDepartamento: cc('Financeiro') })],
    ['listar-secoes', () => ({ idSetor: cc('Administrativo') })],
    ['listar-secoes', () => ({ idSetor: cc('Soldagem') })],
    ['listar-departamentos', () => ({ idCnpj: ids.betaCnpj })],
    ['buscar', () => ({ idCentroCusto: cc('Operações') })],
  ])('%s com id de outro nível ou de outro cliente → 404', async (path, body) => {
    const r = await post(path, body());
    expect([r.status, r.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
  });

  it('busca um centro de custo', async () => {
    const r = await post('buscar', { idCentroCusto: cc('Montagem') });
    expect(r.body).toEqual({
      id: cc('Montagem'),
      codigo: '9',
      nome: 'Montagem',
      tipo: 'Setor',
      centroCustoPaiId: cc('Produção'),
      idCnpj: ids.principal,
    });
  });

  it('cria departamento, setor e seção com códigos automáticos, cada um no seu nível, e registra no log', async () => {
    const r = await post('salvar-departamento', {
      idCnpj: ids.principal,
      centroCusto: { nome: 'Manutenção Predial', gerarCodogioEmSequencia: true },
    });
    expect([r.status, r.body.mensagem]).toEqual([200, 'Departamento cadastrado com sucesso!']);
    const dep = (await lista('listar-departamentos', { idCnpj: ids.principal })).find(
      (d) => d.nome === 'Manutenção Predial',
    )!;
    expect(dep.codigo).toMatch(/^\d+$/);
    expect(Number(dep.codigo)).toBeGreaterThan(19);
    expect(await lastLog()).toMatchObject({
      acao: 'Cadastrar',
      descricao: `Departamento ${dep.codigo} - Manutenção Predial`,
    });
    const setor = await post('salvar-setor-secao', {
      idCnpj: ids.principal,
      idCentroCustoPai: dep.id,
      centroCusto: { codigo: 'MP-EL', nome: 'Elétrica', gerarCodogioEmSequencia: false },
    });
    expect([setor.status, setor.body.mensagem]).toEqual([200, 'Setor cadastrado com sucesso!']);
    const eletrica = (await lista('listar-setores', { idDepartamento: dep.id }))[0]!;
    expect(eletrica).toMatchObject({ codigo: 'MP-EL', tipo: 'Setor', centroCustoPaiId: dep.id, idCnpj: ids.principal });
    const secao = await post('salvar-setor-secao', {
      idCnpj: ids.principal,
      idCentroCustoPai: eletrica.id,
      centroCusto: { nome: 'Plantão', gerarCodogioEmSequencia: true },
    });
    expect([secao.status, secao.body.mensagem]).toEqual([200, 'Seção cadastrada com sucesso!']);
    expect((await lista('listar-secoes', { idSetor: eletrica.id }))[0]).toMatchObject({
      nome: 'Plantão',
      tipo: 'Seção',
      centroCustoPaiId: eletrica.id,
    });
    expect((await lastLog()).descricao).toMatch(/^Seção \d+ - Plantão$/);
  });

  it('código digitado repetido em qualquer nível → 409; o mesmo código em outro cliente é permitido', async () => {
    const before = await total();
    const r = await post('salvar-departamento', {
      idCnpj: ids.campinas,
      centroCusto: { codigo: '9', nome: 'Repetido', gerarCodogioEmSequencia: false },
    });
    expect([r.status, r.body.mensagem]).toEqual([409, MSG.centroCustoCodigoDuplicado('9')]);
    expect(await total()).toBe(before);
    const noBeta = await post(
      'salvar-departamento',
      { idCnpj: ids.betaCnpj, centroCusto: { codigo: '9', nome: 'Nove', gerarCodogioEmSequencia: false } },
      beta,
    );
    expect(noBeta.status).toBe(200);
  });

  it.each([
    ['sem empresa', 'salvar-departamento', () => ({ centroCusto: { nome: 'X' } }), `idCnpj: ${MSG.selecioneEmpresa}`],
    [
      'nome vazio',
      'salvar-departamento',
      () => ({ idCnpj: ids.principal, centroCusto: { nome: ' ' } }),
      `centroCusto.nome: ${MSG.informeNome}`,
    ],
    [
      'sem código e sem sequência',
      'salvar-departamento',
      () => ({ idCnpj: ids.principal, centroCusto: { nome: 'X', gerarCodogioEmSequencia: false } }),
      `centroCusto.codigo: ${MSG.informeCodigo}`,
    ],
    [
      'código com 13',
      'salvar-departamento',
      () => ({
        idCnpj: ids.principal,
        centroCusto: { codigo: 'C'.repeat(13), nome: 'X', gerarCodogioEmSequencia: false },
      }),
      'centroCusto.codigo: Código: no máximo 12 caracteres',
    ],
    [
      'nome com 51',
      'salvar-departamento',
      () => ({ idCnpj: ids.principal, centroCusto: { nome: 'N'.repeat(51) } }),
      'centroCusto.nome: Nome: no máximo 50 caracteres',
    ],
    [
      'com id (alterar é outra chamada)',
      'salvar-departamento',
      () => ({ idCnpj: ids.principal, centroCusto: { id: cc('Comercial'), codigo: '14', nome: 'X' } }),
      MSG.centroCustoSalvarSemId,
    ],
    [
      'sem pai',
      'salvar-setor-secao',
      () => ({ idCnpj: ids.principal, centroCusto: { nome: 'X' } }),
      `idCentroCustoPai: ${MSG.selecioneCentroCustoPai}`,
    ],
    [
      'pai que é seção',
      'salvar-setor-secao',
      () => ({ idCnpj: ids.principal, idCentroCustoPai: cc('Turno A'), centroCusto: { nome: 'X' } }),
      MSG.centroCustoPaiInvalido,
    ],
    [
      'pai de outra empresa do cliente',
      'salvar-setor-secao',
      () => ({ idCnpj: ids.principal, idCentroCustoPai: cc('Logística'), centroCusto: { nome: 'X' } }),
      MSG.centroCustoPaiInvalido,
    ],
  ])('%s → 400 e nada gravado', async (_n, path, body, mensagem) => {
    const before = await total();
    const r = await post(path, body());
    expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
    expect(await total()).toBe(before);
  });

  it('ids de outro cliente (empresa, pai, centro de custo) → 404, nunca uma gravação silenciosa', async () => {
    const before = await total();
    const snapshot = JSON.stringify(await lista('listar-todos', { idCNPJ: ids.betaCnpj }, beta));
    const results = await Promise.all([
      post('salvar-departamento', { idCnpj: ids.betaCnpj, centroCusto: { nome: 'Invasor' } }),
      post('salvar-setor-secao', {
        idCnpj: ids.betaCnpj,
        idCentroCustoPai: cc('Operações'),
        centroCusto: { nome: 'Invasor' },
      }),
      post('salvar-setor-secao', {
        idCnpj: ids.principal,
        idCentroCustoPai: cc('Operações'),
        centroCusto: { nome: 'Invasor' },
      }),
      post('alterar', { centroCusto: { id: cc('Soldagem'), codigo: '102', nome: 'Invasor' } }),
      post('excluir', { centroCusto: { id: cc('Manutenção') } }),
      post('listar-todos', { idCnpj: ids.betaCnpj }),
      post('listar-centros-custos-usuario', { idCnpj: ids.betaCnpj }),
    ]);
    expect(results.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await total()).toBe(before);
    expect(JSON.stringify(await lista('listar-todos', { idCNPJ: ids.betaCnpj }, beta))).toBe(snapshot);
  });

  it('altera código e nome (o código é obrigatório na edição) e registra "alterado para"', async () => {
    const dep = await departamento();
    const semCodigo = await post('alterar', { centroCusto: { id: dep.id, codigo: '', nome: 'X' } });
    expect([semCodigo.status, semCodigo.body.mensagem]).toEqual([400, `centroCusto.codigo: ${MSG.informeCodigo}`]);
    const semId = await post('alterar', { centroCusto: { codigo: 'A', nome: 'X' } });
    expect([semId.status, semId.body.mensagem]).toEqual([400, `centroCusto.id: ${MSG.idInvalido}`]);
    const repetido = await post('alterar', { centroCusto: { id: dep.id, codigo: '1', nome: 'X' } });
    expect([repetido.status, repetido.body.mensagem]).toEqual([409, MSG.centroCustoCodigoDuplicado('1')]);
    const r = await post('alterar', { centroCusto: { id: dep.id, codigo: 'EXP-1', nome: 'Exportação' } });
    expect([r.status, r.body.mensagem]).toEqual([200, 'Departamento alterado com sucesso!']);
    expect((await post('buscar', { idCentroCusto: dep.id })).body).toMatchObject({
      codigo: 'EXP-1',
      nome: 'Exportação',
      tipo: 'Departamento',
    });
    expect((await lastLog()).descricao).toBe(
      `Departamento ${dep.codigo} - ${dep.nome} alterado para EXP-1 - Exportação`,
    );
  });

  it('exclui só o que não tem filhos nem está atribuído a usuários', async () => {
    const dep = await departamento();
    const setor = await filho(dep);
    const secao = await filho(setor);
    const comSetor = await post('excluir', { centroCusto: { id: dep.id } });
    expect([comSetor.status, comSetor.body.mensagem]).toEqual([
      409,
      'Não é possível excluir: há setores neste departamento.',
    ]);
    const comSecao = await post('excluir', { centroCusto: { id: setor.id } });
    expect([comSecao.status, comSecao.body.mensagem]).toEqual([409, 'Não é possível excluir: há seções neste setor.']);
    await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal], centroCustoIds: [secao.id] });
    const atribuida = await post('excluir', { centroCusto: { id: secao.id } });
    expect([atribuida.status, atribuida.body.mensagem]).toEqual([409, MSG.centroCustoAtribuido(1)]);

    const livre = await filho(setor);
    const r = await post('excluir', { centroCusto: { id: livre.id } });
    expect([r.status, r.body.mensagem]).toEqual([200, 'Seção excluída com sucesso!']);
    expect(await lastLog()).toMatchObject({ acao: 'Excluir', descricao: `Seção ${livre.codigo} - ${livre.nome}` });
    expect((await post('buscar', { idCentroCusto: livre.id })).status).toBe(404);
  });

  it('listar-todos (idCNPJ ou idCnpj) e listar-centros-custos-usuario: todos os níveis da empresa', async () => {
    const porCNPJ = await lista('listar-todos', { idCNPJ: ids.campinas });
    expect(porCNPJ.map((c) => [c.tipo, c.nome])).toEqual([
      ['Departamento', 'Logística'],
      ['Setor', 'Armazém'],
      ['Setor', 'Expedição'],
      ['Seção', 'Turno Noturno'],
    ]);
    expect(await lista('listar-todos', { idCnpj: ids.campinas })).toEqual(porCNPJ);
    expect(await lista('listar-centros-custos-usuario', { idCnpj: ids.campinas })).toEqual(porCNPJ);
    const semEmpresa = await post('listar-todos', {});
    expect([semEmpresa.status, semEmpresa.body.mensagem]).toEqual([400, `idCnpj: ${MSG.selecioneEmpresa}`]);
  });

  it('a sessão do login traz os centros de custo do usuário (cacheEmpresa)', async () => {
    const r = await call(
      env.app,
      '/api/login/aut-usuario',
      { email: BETA_ADMIN, senha: 'Jornada@2026' },
      { ip: '10.3.3.3' },
    );
    const centros = r.body.cacheEmpresa.centrosCustos as { nome: string; tipo: string; idCnpj: number }[];
    expect(centros.map((c) => c.nome)).toEqual(
      expect.arrayContaining(['Operações', 'Soldagem', 'Turno 1', 'Manutenção']),
    );
    expect(centros.every((c) => c.idCnpj === ids.betaCnpj)).toBe(true);
    expect(centros.find((c) => c.nome === 'Turno 1')!.tipo).toBe('Seção');
  });
});
