import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@jornada/contracts';
import { centrosCusto } from '../../db/schema/index.js';
import {
  ADMIN,
  DEMO_PASSWORD,
  OPERADOR,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

interface Cc {
  id: number;
  nome: string;
  tipo: string;
}

/**
 * The user scope on the server (decision 0020), whatever the client sends:
 * the demo operator sees the main CNPJ only and, in it, the department
 * Administrativo with its sectors and sections.
 */
describeEachBackend('centros de custos: escopo do usuário', (backend) => {
  let env: TestEnv;
  let admin: string;
  let operador: string;
  let ids: DemoIds;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, operador] = await Promise.all([login(env.app, ADMIN), login(env.app, OPERADOR)]);
    ids = await demoIds(env);
  });
  afterAll(() => env.close());

  const cc = (nome: string) => ids.cc.get(nome)!;
  const post = (path: string, body: unknown, token: string) =>
    call(env.app, `/api/centro-custo/${path}`, body, { token });
  const nomes = async (path: string, body: unknown, token: string) => {
    const r = await post(path, body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Cc[]).map((c) => c.nome);
  };
  const total = async () => (await env.database.owner.select().from(centrosCusto)).length;
  const ADMINISTRATIVO = [
    'Administrativo',
    'Financeiro',
    'Recursos Humanos',
    'Contas a Pagar',
    'Contas a Receber',
    'Departamento Pessoal',
    'Recrutamento e Seleção',
  ];

  it('o operador vê só a matriz e, nela, só o Administrativo e o que está abaixo dele', async () => {
    expect((await post('listar-cnpjs', {}, operador)).body.map((c: { id: number }) => c.id)).toEqual([ids.principal]);
    expect(await nomes('listar-departamentos', { idCnpj: ids.principal }, operador)).toEqual(['Administrativo']);
    expect(await nomes('listar-setores', { idDepartamento: cc('Administrativo') }, operador)).toEqual([
      'Financeiro',
      'Recursos Humanos',
    ]);
    expect(await nomes('listar-secoes', { idSetor: cc('Recursos Humanos') }, operador)).toEqual([
      'Departamento Pessoal',
      'Recrutamento e Seleção',
    ]);
    expect((await nomes('listar-todos', { idCNPJ: ids.principal }, operador)).sort()).toEqual(
      [...ADMINISTRATIVO].sort(),
    );
    expect((await nomes('listar-centros-custos-usuario', { idCnpj: ids.principal }, operador)).sort()).toEqual(
      [...ADMINISTRATIVO].sort(),
    );
  });

  it.each([
    ['listar-departamentos da filial', 'listar-departamentos', () => ({ idCnpj: ids.campinas })],
    ['listar-setores da Produção', 'listar-setores', () => ({ idDepartamento: cc('Produção') })],
    ['listar-secoes da Montagem', 'listar-secoes', () => ({ idSetor: cc('Montagem') })],
    ['buscar a Qualidade', 'buscar', () => ({ idCentroCusto: cc('Qualidade') })],
    ['listar-todos da filial', 'listar-todos', () => ({ idCnpj: ids.campinas })],
    ['listar-centros-custos-usuario da filial', 'listar-centros-custos-usuario', () => ({ idCnpj: ids.campinas })],
  ])('operador: %s → 404', async (_n, path, body) => {
    const r = await post(path, body(), operador);
    expect([r.status, r.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
  });

  it('operador: escritas fora do escopo são recusadas e nada muda', async () => {
    const before = await total();
    const produção = JSON.stringify((await post('buscar', { idCentroCusto: cc('Produção') }, admin)).body);
    const results = await Promise.all([
      post('salvar-departamento', { idCnpj: ids.principal, centroCusto: { nome: 'Novo' } }, operador),
      post('salvar-departamento', { idCnpj: ids.campinas, centroCusto: { nome: 'Novo' } }, operador),
      post(
        'salvar-setor-secao',
        { idCnpj: ids.principal, idCentroCustoPai: cc('Produção'), centroCusto: { nome: 'Novo' } },
        operador,
      ),
      post(
        'salvar-setor-secao',
        { idCnpj: ids.campinas, idCentroCustoPai: cc('Logística'), centroCusto: { nome: 'Novo' } },
        operador,
      ),
      post('alterar', { centroCusto: { id: cc('Produção'), codigo: '8', nome: 'Invadida' } }, operador),
      post('excluir', { centroCusto: { id: cc('Turno A') } }, operador),
    ]);
    expect(results.map((r) => [r.status, r.body.mensagem])).toEqual([
      // The company is his, but he is limited to some of its cost centres: told why.
      [403, MSG.escopoSomenteAtribuidos],
      [404, MSG.naoEncontrado],
      [404, MSG.naoEncontrado],
      [404, MSG.naoEncontrado],
      [404, MSG.naoEncontrado],
      [404, MSG.naoEncontrado],
    ]);
    expect(await total()).toBe(before);
    expect(JSON.stringify((await post('buscar', { idCentroCusto: cc('Produção') }, admin)).body)).toBe(produção);
  });

  it('operador: dentro do Administrativo cria, altera e exclui; o que cria fica no seu escopo', async () => {
    const r = await post(
      'salvar-setor-secao',
      { idCnpj: ids.principal, idCentroCustoPai: cc('Administrativo'), centroCusto: { nome: 'Jurídico' } },
      operador,
    );
    expect(r.status).toBe(200);
    const setores = (await post('listar-setores', { idDepartamento: cc('Administrativo') }, operador)).body as Cc[];
    const juridico = setores.find((s) => s.nome === 'Jurídico')!;
    expect(juridico.tipo).toBe('Setor');
    const alterado = await post(
      'alterar',
      { centroCusto: { id: juridico.id, codigo: 'JUR', nome: 'Jurídico e Compliance' } },
      operador,
    );
    expect(alterado.status).toBe(200);
    expect((await post('excluir', { centroCusto: { id: juridico.id } }, operador)).status).toBe(200);
  });

  it('limitado a um setor: vê o departamento acima (para navegar) mas não o altera', async () => {
    const { token } = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal, ids.campinas],
      centroCustoIds: [cc('Financeiro')],
    });
    expect(await nomes('listar-departamentos', { idCnpj: ids.principal }, token)).toEqual(['Administrativo']);
    expect(await nomes('listar-setores', { idDepartamento: cc('Administrativo') }, token)).toEqual(['Financeiro']);
    expect((await post('buscar', { idCentroCusto: cc('Administrativo') }, token)).status).toBe(200);
    expect((await post('buscar', { idCentroCusto: cc('Recursos Humanos') }, token)).status).toBe(404);
    // The filters of other screens offer only what is his, not the ancestor.
    expect((await nomes('listar-centros-custos-usuario', { idCnpj: ids.principal }, token)).sort()).toEqual([
      'Contas a Pagar',
      'Contas a Receber',
      'Financeiro',
    ]);
    for (const r of await Promise.all([
      post('alterar', { centroCusto: { id: cc('Administrativo'), codigo: '1', nome: 'Outro' } }, token),
      post('excluir', { centroCusto: { id: cc('Administrativo') } }, token),
      post(
        'salvar-setor-secao',
        { idCnpj: ids.principal, idCentroCustoPai: cc('Administrativo'), centroCusto: { nome: 'Irmão' } },
        token,
      ),
    ])) {
      expect([r.status, r.body.mensagem]).toEqual([403, MSG.escopoSomenteAtribuidos]);
    }
    const secao = await post(
      'salvar-setor-secao',
      { idCnpj: ids.principal, idCentroCustoPai: cc('Financeiro'), centroCusto: { nome: 'Tesouraria' } },
      token,
    );
    expect(secao.status).toBe(200);
    // The branch, without a limit there, is his whole.
    expect(await nomes('listar-departamentos', { idCnpj: ids.campinas }, token)).toEqual(['Logística']);
    expect(
      (await post('salvar-departamento', { idCnpj: ids.campinas, centroCusto: { nome: unique('Frota') } }, token))
        .status,
    ).toBe(200);
  });

  it('um centro de custo atribuído numa empresa que não é do usuário não abre nada', async () => {
    const { token } = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.campinas],
      centroCustoIds: [cc('Produção')],
    });
    expect((await post('listar-departamentos', { idCnpj: ids.principal }, token)).status).toBe(404);
    expect((await post('buscar', { idCentroCusto: cc('Produção') }, token)).status).toBe(404);
    // The branch is his, whole.
    expect(await nomes('listar-departamentos', { idCnpj: ids.campinas }, token)).toContain('Logística');
  });

  it('ninguém alarga o próprio escopo excluindo o único centro de custo que lhe foi atribuído', async () => {
    const r = await post(
      'salvar-departamento',
      { idCnpj: ids.campinas, centroCusto: { nome: unique('Isolado') } },
      admin,
    );
    expect(r.status).toBe(200);
    const deps = (await post('listar-departamentos', { idCnpj: ids.campinas }, admin)).body as Cc[];
    const isolado = deps.find((d) => d.nome.startsWith('Isolado'))!;
    const { token } = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.campinas],
      centroCustoIds: [isolado.id],
    });
    const excluir = await post('excluir', { centroCusto: { id: isolado.id } }, token);
    expect([excluir.status, excluir.body.mensagem]).toEqual([409, MSG.centroCustoAtribuido(1)]);
    expect(await nomes('listar-departamentos', { idCnpj: ids.campinas }, token)).toEqual([isolado.nome]);
  });

  it('o login do operador traz só a matriz e os centros de custo do Administrativo', async () => {
    const r = await call(
      env.app,
      '/api/login/aut-usuario',
      { email: OPERADOR, senha: DEMO_PASSWORD },
      { ip: '10.4.4.4' },
    );
    expect(r.body.cacheEmpresa.cnpjs.map((c: { id: number }) => c.id)).toEqual([ids.principal]);
    expect(r.body.cacheEmpresa.idCnpjSelecionado).toBe(ids.principal);
    // Tesouraria was added under Financeiro by an earlier test.
    expect((r.body.cacheEmpresa.centrosCustos as { nome: string }[]).map((c) => c.nome).sort()).toEqual(
      [...ADMINISTRATIVO, 'Tesouraria'].sort(),
    );
  });
});

let u = 0;
const unique = (prefixo: string) => `${prefixo} ${++u}`;
