import { queryRows } from '../../db/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LIMITS, MSG } from '@jornada/contracts';
import { empresas, logOperacoes, usuarios } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  OPERADOR,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { novoFuncionario, refsDoTenant } from '../../../test/funcionario-fixtures.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';
import { sessaoSuporte } from '../../../test/suporte-fixtures.js';

const CAMPINAS = 'campinas@jornada.demo';

interface Entry {
  id: number;
  data: string;
  loginUsuario: string;
  nomeUsuario: string;
  acao: string;
  descricao: string;
}

describeEachBackend('logs de operações', (backend) => {
  let env: TestEnv;
  let admin: string;
  let beta: string;
  let demoTenant: number;
  let betaTenant: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, beta] = await Promise.all([login(env.app, ADMIN), login(env.app, BETA_ADMIN)]);
    const tenantOf = async (email: string) =>
      (await env.database.owner.select().from(usuarios).where(eq(usuarios.email, email)))[0]!.tenantId;
    [demoTenant, betaTenant] = await Promise.all([tenantOf(ADMIN), tenantOf(BETA_ADMIN)]);
  });
  afterAll(() => env.close());

  const search = (token: string, body: Record<string, unknown>) =>
    call(env.app, '/api/log-operacao/pesquisar', { usuarioRequisicao: {}, ...body }, { token });
  const entries = async (token: string, body: Record<string, unknown>) => {
    const r = await search(token, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Entry[];
  };
  const insert = (
    tenantId: number,
    rows: { at: string; login?: string; nome?: string; acao?: string; descricao: string }[],
  ) =>
    env.database.owner.insert(logOperacoes).values(
      rows.map((r) => ({
        tenantId,
        data: new Date(r.at),
        loginUsuario: r.login ?? ADMIN,
        nomeUsuario: r.nome ?? 'Administrador Demonstração',
        acao: r.acao ?? 'Cadastrar',
        descricao: r.descricao,
      })),
    );
  const setZone = (tenantId: number, zone: string) =>
    env.database.owner.update(empresas).set({ fusoHorario: zone }).where(eq(empresas.tenantId, tenantId));

  it('uma alteração feita pela API aparece no log do dia, com a hora da empresa', async () => {
    const r = await call(env.app, '/api/cargo/salvar', { cargo: { nome: 'Auditor de Log' } }, { token: admin });
    expect(r.status).toBe(200);
    const today = await entries(admin, { dataInicio: '2026-03-10', dataFinal: '2026-03-10' });
    const entry = today.find((e) => e.descricao.endsWith('Auditor de Log'));
    // T0 is 12:00 UTC = 09:00 in São Paulo.
    expect(entry).toMatchObject({
      data: '2026-03-10T09:00:00',
      loginUsuario: ADMIN,
      nomeUsuario: 'Administrador Demonstração',
      acao: 'Cadastrar',
    });
  });

  describe('período: dias do calendário da empresa, inclusive', () => {
    beforeAll(() =>
      insert(demoTenant, [
        { at: '2025-06-10T02:59:59Z', descricao: 'dia 09 23:59:59 SP' },
        { at: '2025-06-10T03:00:00Z', descricao: 'dia 10 00:00 SP' },
        { at: '2025-06-11T02:59:59Z', descricao: 'dia 10 23:59:59 SP' },
        { at: '2025-06-11T03:00:00Z', descricao: 'dia 11 00:00 SP' },
      ]),
    );

    it('em São Paulo, o dia 10 vai da meia-noite às 23:59:59 locais', async () => {
      const dia10 = await entries(admin, { dataInicio: '2025-06-10', dataFinal: '2025-06-10' });
      expect(dia10.map((e) => [e.data, e.descricao])).toEqual([
        ['2025-06-10T23:59:59', 'dia 10 23:59:59 SP'],
        ['2025-06-10T00:00:00', 'dia 10 00:00 SP'],
      ]);
      const tres = await entries(admin, { dataInicio: '2025-06-09', dataFinal: '2025-06-11' });
      expect(tres.map((e) => e.descricao)).toEqual([
        'dia 11 00:00 SP',
        'dia 10 23:59:59 SP',
        'dia 10 00:00 SP',
        'dia 09 23:59:59 SP',
      ]);
    });

    it('com a empresa em Manaus (UTC-4) os limites e as horas mudam junto', async () => {
      await setZone(demoTenant, 'America/Manaus');
      try {
        const dia10 = await entries(admin, { dataInicio: '2025-06-10', dataFinal: '2025-06-10' });
        expect(dia10.map((e) => [e.data, e.descricao])).toEqual([
          ['2025-06-10T23:00:00', 'dia 11 00:00 SP'],
          ['2025-06-10T22:59:59', 'dia 10 23:59:59 SP'],
        ]);
      } finally {
        await setZone(demoTenant, 'America/Sao_Paulo');
      }
    });
  });

  describe('filtros', () => {
    beforeAll(async () => {
      await insert(demoTenant, [
        { at: '2025-07-01T12:00:00Z', acao: 'Cadastrar', descricao: 'A cadastrou' },
        { at: '2025-07-01T13:00:00Z', acao: 'Editar', descricao: 'A editou' },
        { at: '2025-07-01T14:00:00Z', acao: 'Relatório', descricao: 'A emitiu' },
        {
          at: '2025-07-01T15:00:00Z',
          login: OPERADOR,
          nome: 'Operador Demonstração',
          acao: 'Excluir',
          descricao: 'B excluiu',
        },
        {
          at: '2025-07-01T16:00:00Z',
          login: 'suporte:ana@suporte.jornada.app.br',
          nome: 'Suporte Jornada',
          acao: 'Editar',
          descricao: 'Suporte editou',
        },
      ]);
      // The other tenant, same day, same login names: never visible to the first.
      await insert(betaTenant, [
        { at: '2025-07-01T12:30:00Z', acao: 'Cadastrar', descricao: 'Beta cadastrou' },
        { at: '2025-07-01T13:30:00Z', login: BETA_ADMIN, nome: 'Administrador Beta', descricao: 'Beta editou' },
      ]);
    });
    const dia = { dataInicio: '2025-07-01', dataFinal: '2025-07-01' };
    const descricoes = async (token: string, extra: Record<string, unknown> = {}) =>
      (await entries(token, { ...dia, ...extra })).map((e) => e.descricao);

    it('Todos, vazio ou ausente = sem filtro', async () => {
      const all = ['Suporte editou', 'B excluiu', 'A emitiu', 'A editou', 'A cadastrou'];
      expect(await descricoes(admin)).toEqual(all);
      expect(await descricoes(admin, { nomeLogin: null, operacao: 'Todos' })).toEqual(all);
      expect(await descricoes(admin, { nomeLogin: '', operacao: null })).toEqual(all);
    });

    it('por usuário, por operação e pelos dois', async () => {
      expect(await descricoes(admin, { nomeLogin: OPERADOR })).toEqual(['B excluiu']);
      expect(await descricoes(admin, { operacao: 'Editar' })).toEqual(['Suporte editou', 'A editou']);
      expect(await descricoes(admin, { operacao: 'Relatório' })).toEqual(['A emitiu']);
      expect(await descricoes(admin, { nomeLogin: ADMIN, operacao: 'Editar' })).toEqual(['A editou']);
      expect(await descricoes(admin, { nomeLogin: OPERADOR, operacao: 'Editar' })).toEqual([]);
    });

    it("aceita o login de uma sessão de suporte ('suporte:<e-mail>')", async () => {
      expect(await descricoes(admin, { nomeLogin: 'suporte:ana@suporte.jornada.app.br' })).toEqual(['Suporte editou']);
    });

    it('o log de outro cliente nunca aparece, nem filtrando pelo login dele', async () => {
      expect(await descricoes(admin)).not.toContain('Beta cadastrou');
      expect(await descricoes(admin, { nomeLogin: BETA_ADMIN })).toEqual([]);
      expect(await descricoes(beta)).toEqual(['Beta editou', 'Beta cadastrou']);
    });
  });

  describe('limite de linhas', () => {
    const max = LIMITS.logOperacoesMaxLinhas;
    const fill = (n: number, day: string) =>
      env.database.owner.execute(sql`
        INSERT INTO log_operacoes (tenant_id, data, login_usuario, nome_usuario, acao, descricao)
        SELECT ${demoTenant}, ${`${day}T15:00:00Z`}::timestamptz + make_interval(secs => g), ${ADMIN},
               'Administrador Demonstração', 'Editar', 'Carga ' || g
          FROM generate_series(1, ${n}) AS g`);

    it(`até ${max} operações vêm todas; uma a mais pede um período menor`, async () => {
      await fill(max, '2025-08-01');
      const all = await entries(admin, { dataInicio: '2025-08-01', dataFinal: '2025-08-01' });
      expect(all).toHaveLength(max);
      expect(all[0]?.descricao).toBe(`Carga ${max}`);
      await fill(1, '2025-08-02');
      const over = await search(admin, { dataInicio: '2025-08-01', dataFinal: '2025-08-02' });
      expect([over.status, over.body.mensagem]).toEqual([400, MSG.logOperacoesLimite(max)]);
      // A narrower search still answers.
      const one = await entries(admin, { dataInicio: '2025-08-02', dataFinal: '2025-08-02' });
      expect(one).toHaveLength(1);
      // The other tenant's search of the same days is not counted against this one's rows.
      expect(await entries(beta, { dataInicio: '2025-08-01', dataFinal: '2025-08-02' })).toEqual([]);
    });
  });

  describe('escopo do usuário (decision 0065)', () => {
    const dia = { dataInicio: '2026-03-10', dataFinal: '2026-03-10' };
    let ids: DemoIds;
    let campinas: string;
    let operador: string;
    const nomes = {
      campinas: 'Escopo Log Campinas',
      financeiro: 'Escopo Log Financeiro',
      turnoA: 'Escopo Log Turno A',
      deptoCampinas: 'Escopo Log Depto Campinas',
      deptoMatriz: 'Escopo Log Depto Matriz',
      cargo: 'Escopo Log Cargo',
    };
    /** The entries of this block each user reads: by the unique names above, and the matriz CSV export. */
    const visiveis = async (token: string) =>
      (await entries(token, dia))
        .map((e) => e.descricao)
        .map(
          (d) =>
            Object.entries(nomes).find(([, nome]) => d.includes(nome))?.[0] ??
            (d.startsWith('Exportação CSV') && d.includes(MATRIZ) ? 'exportMatriz' : undefined),
        )
        .filter((k): k is string => k !== undefined)
        .sort();
    const MATRIZ = 'Jornada Demonstração Ltda';
    const TODAS = ['campinas', 'cargo', 'deptoCampinas', 'deptoMatriz', 'exportMatriz', 'financeiro', 'turnoA'];

    beforeAll(async () => {
      ids = await demoIds(env);
      [campinas, operador] = await Promise.all([login(env.app, CAMPINAS), login(env.app, OPERADOR)]);
      const refs = await refsDoTenant(env, ids.demo);
      const comum = { cargo: refs.cargos.get('Operador de Máquinas')!, escala: [...refs.escalas.values()][0]! };
      const post = async (path: string, body: unknown) => {
        const r = await call(env.app, path, body, { token: admin });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      };
      const funcionario = (n: number, nome: string, cnpj: number, centro: string) =>
        post(
          '/api/funcionario/salvar',
          novoFuncionario(n, { ...comum, cnpj, centroCusto: ids.cc.get(centro)! }, { nome, registro: `LOG${n}` }),
        );
      await funcionario(801, nomes.campinas, ids.campinas, 'Armazém');
      await funcionario(802, nomes.financeiro, ids.principal, 'Financeiro');
      await funcionario(803, nomes.turnoA, ids.principal, 'Turno A');
      const departamento = (idCnpj: number, nome: string) =>
        post('/api/centro-custo/salvar-departamento', {
          idCnpj,
          centroCusto: { nome, gerarCodogioEmSequencia: true },
        });
      await departamento(ids.campinas, nomes.deptoCampinas);
      await departamento(ids.principal, nomes.deptoMatriz);
      await post('/api/cargo/salvar', { cargo: { nome: nomes.cargo } });
      const csv = await call(
        env.app,
        '/api/funcionario/exportar-csv',
        { opcaoExportar: 'TODOS', idCnpj: ids.principal },
        { token: admin },
      );
      expect(csv.status).toBe(200);
    });

    it('quem vê o cliente inteiro lê tudo, inclusive o que não é de empresa nenhuma', async () => {
      expect(await visiveis(admin)).toEqual(TODAS);
    });

    it('campinas@ (só a Filial Campinas) lê só o que é de Campinas', async () => {
      expect(await visiveis(campinas)).toEqual(['campinas', 'deptoCampinas']);
    });

    it('operador@ (matriz, só o Administrativo) lê o que é do Administrativo e o que é só da matriz', async () => {
      // The new Matriz department is not under Administrativo; the matriz's export names the company alone.
      expect(await visiveis(operador)).toEqual(['exportMatriz', 'financeiro']);
    });

    it('o que não é de empresa nenhuma pede todas as empresas inteiras', async () => {
      const todas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal, ids.campinas] });
      expect(await visiveis(todas.token)).toEqual(TODAS);
      // Every company, but limited inside one: not the whole tenant.
      const limitada = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal, ids.campinas],
        centroCustoIds: [ids.cc.get('Logística')!],
      });
      expect(await visiveis(limitada.token)).toEqual([
        'campinas',
        'deptoMatriz',
        'exportMatriz',
        'financeiro',
        'turnoA',
      ]);
    });

    it('uma sessão de suporte vê o cliente inteiro (decision 0016)', async () => {
      expect(await visiveis(await sessaoSuporte(env))).toEqual(TODAS);
    });
  });

  it.each([
    ['data inicial depois da final', { dataInicio: '2026-03-11', dataFinal: '2026-03-10' }, MSG.periodoInvertido],
    ['data que não existe', { dataInicio: '2026-02-30', dataFinal: '2026-03-10' }, MSG.dataInvalida],
    ['data em dd/mm/aaaa', { dataInicio: '10/03/2026', dataFinal: '2026-03-10' }, MSG.dataInvalida],
    ['sem data inicial', { dataFinal: '2026-03-10' }, MSG.informeDataInicial],
    ['data final vazia', { dataInicio: '2026-03-10', dataFinal: '' }, MSG.informeDataFinal],
    [
      'operação fora da lista',
      { dataInicio: '2026-03-10', dataFinal: '2026-03-10', operacao: 'Apagar' },
      'Operação inválida.',
    ],
  ])('%s → 400 em português', async (_n, body, mensagem) => {
    const r = await search(admin, body);
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(mensagem);
  });

  it('lista os usuários do próprio cliente para o filtro (id, nomeLogin, nome)', async () => {
    const mine = await call(env.app, '/api/log-operacao/listar-usuarios', { usuarioRequisicao: {} }, { token: admin });
    expect(mine.status).toBe(200);
    // Every user of the demo tenant, from the database itself, and nobody else's.
    const expected = await queryRows<{ email: string }>(
      env.database.owner,
      sql`SELECT u.email FROM usuarios u JOIN tenants t ON t.id = u.tenant_id
          WHERE t.nome = 'Jornada Demonstração'`,
    );
    const logins = mine.body.map((u: { nomeLogin: string }) => u.nomeLogin);
    expect([...logins].sort()).toEqual(expected.map((u) => u.email).sort());
    expect(logins).toEqual(expect.arrayContaining([ADMIN, OPERADOR]));
    expect(mine.body.find((u: { nomeLogin: string }) => u.nomeLogin === ADMIN)).toEqual({
      id: expect.any(Number),
      nomeLogin: ADMIN,
      nome: 'Administrador Demonstração',
    });
    const theirs = await call(env.app, '/api/log-operacao/listar-usuarios', {}, { token: beta });
    expect(theirs.body.map((u: { nomeLogin: string }) => u.nomeLogin)).toEqual([BETA_ADMIN]);
  });
});
