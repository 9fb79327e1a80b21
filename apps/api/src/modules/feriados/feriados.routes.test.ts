import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { feriadoApi, type Feriado } from '@jornada/contracts';
import {
  centrosCusto,
  cnpjs,
  feriados,
  logOperacoes,
  perfilPermissoes,
  perfis,
  tenants,
  usuarioCentrosCusto,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';
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
import { novaEscala, novosFuncionarios } from '../../../test/pesquisa-fixtures.js';

const M = feriadoApi.FERIADO_MSG;
const SP = 35;
const RJ = 33;
const SAO_PAULO = 3_550_308;
const CAMPINAS = 3_509_502;
const RIO = 3_304_557;

describeEachBackend('feriados', (backend) => {
  let env: TestEnv;
  let admin: string;
  let operador: string;
  let beta: string;
  let limitado: string;
  let semExcecao: string;
  let tenantId: number;
  /** Two departments of the demo tenant's main CNPJ: the limited user sees only the first. */
  let deptA: number;
  let deptB: number;
  let setorA: number;
  let cargoIds: number[];
  let betaCargo: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    const db = env.database.owner;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.nome, 'Jornada Demonstração'));
    tenantId = tenant!.id;
    const [main] = await db.select().from(cnpjs).where(eq(cnpjs.tenantId, tenantId)).orderBy(desc(cnpjs.principal));
    const dept = async (codigo: string, nome: string, tipo = 1, paiId: number | null = null) =>
      (
        await db
          .insert(centrosCusto)
          .values({ tenantId, cnpjId: main!.id, tipo, codigo, nome, paiId })
          .returning({ id: centrosCusto.id })
      )[0]!.id;
    deptA = await dept('FER-A', 'Produção Feriados');
    deptB = await dept('FER-B', 'Logística Feriados');
    setorA = await dept('FER-A1', 'Montagem Feriados', 2, deptA);

    // A user with every code, limited to the main CNPJ and department A.
    const [adminRow] = await db.select().from(usuarios).where(eq(usuarios.email, ADMIN));
    const hash = await hashPassword(DEMO_PASSWORD);
    const [lim] = await db
      .insert(usuarios)
      .values({
        tenantId,
        nome: 'Limitado Feriados',
        nomeLogin: 'limitado.feriados@jornada.demo',
        email: 'limitado.feriados@jornada.demo',
        senhaHash: hash,
        perfilId: adminRow!.perfilId,
      })
      .returning();
    await db.insert(usuarioCnpjs).values({ tenantId, usuarioId: lim!.id, cnpjId: main!.id });
    await db.insert(usuarioCentrosCusto).values({ tenantId, usuarioId: lim!.id, centroCustoId: deptA });

    // A user with 33–36 but not 152.
    const [perfil] = await db.insert(perfis).values({ tenantId, nome: 'Feriados sem exceção' }).returning();
    await db
      .insert(perfilPermissoes)
      .values([33, 34, 35, 36].map((codigo) => ({ tenantId, perfilId: perfil!.id, codigo })));
    const [sem] = await db
      .insert(usuarios)
      .values({
        tenantId,
        nome: 'Sem Exceção',
        nomeLogin: 'sem.excecao@jornada.demo',
        email: 'sem.excecao@jornada.demo',
        senhaHash: hash,
        perfilId: perfil!.id,
      })
      .returning();
    const allCnpjs = await db.select().from(cnpjs).where(eq(cnpjs.tenantId, tenantId));
    await db.insert(usuarioCnpjs).values(allCnpjs.map((c) => ({ tenantId, usuarioId: sem!.id, cnpjId: c.id })));

    [admin, operador, beta, limitado, semExcecao] = await Promise.all([
      login(env.app, ADMIN),
      login(env.app, OPERADOR),
      login(env.app, BETA_ADMIN),
      login(env.app, 'limitado.feriados@jornada.demo'),
      login(env.app, 'sem.excecao@jornada.demo'),
    ]);
    cargoIds = ((await call(env.app, '/api/cargo/listar', {}, { token: admin })).body as { id: number }[]).map(
      (c) => c.id,
    );
    betaCargo = ((await call(env.app, '/api/cargo/listar', {}, { token: beta })).body as { id: number }[])[0]!.id;
  });
  afterAll(() => env.close());

  const list = async (ano: number, token = admin) =>
    (await call(env.app, '/api/feriado/listar', { ano }, { token })).body as Feriado[];
  const save = (feriado: Record<string, unknown>, token = admin) =>
    call(env.app, '/api/feriado/salvar', { feriado, usuarioRequisicao: {} }, { token });
  const remove = (id: number, token = admin) => call(env.app, '/api/feriado/excluir', { feriado: { id } }, { token });
  const find = async (ano: number, descricao: string, token = admin) =>
    (await list(ano, token)).find((f) => f.descricao === descricao)!;
  const lastLog = async () =>
    (await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1))[0];
  const countRows = async () => (await env.database.owner.select().from(feriados)).length;

  describe('listar, buscar, estados e cidades', () => {
    it('lista os feriados do ano do cliente, por data, com abrangência, estado, cidade e listas', async () => {
      const rows = await list(2026);
      expect(rows.map((f) => f.data)).toEqual([...rows.map((f) => f.data)].sort());
      expect(rows.find((f) => f.descricao === 'Natal')).toMatchObject({
        data: '2026-12-25',
        abrangencia: 1,
        descricaoAbrangencia: 'Federal',
        fixo: true,
        estado: null,
        cidade: null,
        restrito: false,
      });
      expect(rows.find((f) => f.descricao === 'Revolução Constitucionalista')).toMatchObject({
        data: '2026-07-09',
        descricaoAbrangencia: 'Estadual',
        estado: { id: SP, uf: 'SP', nome: 'São Paulo' },
        cidade: null,
      });
      expect(rows.find((f) => f.descricao === 'Corpus Christi')).toMatchObject({
        data: '2026-06-04',
        fixo: false,
        regraPascoa: 'CORPUS_CHRISTI',
        cidade: { id: SAO_PAULO, nome: 'São Paulo' },
      });
      const vigilante = rows.find((f) => f.descricao === 'Dia do Vigilante')!;
      expect(vigilante.descricaoAbrangencia).toBe('Cargo');
      expect(vigilante.cargos.map((c) => c.nome)).toEqual(['Vigilante']);
      expect(rows.some((f) => f.data === '2026-11-20' && f.abrangencia === 1)).toBe(true);
      expect(await list(2025)).toEqual([]);
      const theirs = await list(2026, beta);
      expect(theirs.map((f) => f.descricao)).not.toContain('Revolução Constitucionalista');
      expect(theirs.filter((f) => f.abrangencia === 1)).toHaveLength(9);
    });

    it('buscar devolve o feriado, os estados e as cidades do seu estado', async () => {
      const corpus = await find(2026, 'Corpus Christi');
      const r = await call(env.app, '/api/feriado/buscar', { idFeriado: corpus.id }, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.feriado).toEqual(corpus);
      expect(r.body.estados).toHaveLength(27);
      expect(r.body.cidades.map((c: { id: number }) => c.id)).toContain(CAMPINAS);
      const natal = await find(2026, 'Natal');
      expect(
        (await call(env.app, '/api/feriado/buscar', { idFeriado: natal.id }, { token: admin })).body.cidades,
      ).toEqual([]);
      expect((await call(env.app, '/api/feriado/buscar', { idFeriado: natal.id }, { token: beta })).status).toBe(404);
    });

    it('GET listar-estados e listar-cidades/{idEstado} leem as tabelas do IBGE', async () => {
      const estados = await call(env.app, '/api/feriado/listar-estados', undefined, { method: 'GET', token: admin });
      expect(estados.status).toBe(200);
      expect(estados.body).toHaveLength(27);
      expect(estados.body).toContainEqual({ id: SP, uf: 'SP', nome: 'São Paulo' });
      const cidades = await call(env.app, `/api/feriado/listar-cidades/${RJ}`, undefined, {
        method: 'GET',
        token: admin,
      });
      expect(cidades.status).toBe(200);
      expect(cidades.body).toContainEqual({ id: RIO, nome: 'Rio de Janeiro' });
      expect(cidades.body.map((c: { nome: string }) => c.nome)).toEqual(
        [...cidades.body.map((c: { nome: string }) => c.nome)].sort(),
      );
      for (const bad of ['99', '70000', '0', 'abc']) {
        const r = await call(env.app, `/api/feriado/listar-cidades/${bad}`, undefined, { method: 'GET', token: admin });
        expect([r.status, typeof r.body.mensagem]).toEqual([bad === '99' || bad === '70000' ? 404 : 400, 'string']);
      }
    });
  });

  describe('salvar: validação da abrangência', () => {
    const base = { data: '2026-08-15', descricao: 'Feriado de teste', abrangencia: 1 };
    it.each([
      ['estadual sem estado', { abrangencia: 2 }, 'feriado.estado.id: Selecione um estado'],
      ['municipal sem cidade', { abrangencia: 3, estado: { id: SP } }, 'feriado.cidade.id: Selecione uma cidade'],
      ['municipal sem estado', { abrangencia: 3, cidade: { id: SAO_PAULO } }, 'feriado.estado.id: Selecione um estado'],
      ['centro de custo sem lista', { abrangencia: 4 }, 'feriado.centrosCustos: * Selecione Centros de Custos'],
      ['cargo sem lista', { abrangencia: 5 }, 'feriado.cargos: * Selecione Cargos'],
      ['sem data', { data: null }, 'feriado.data: Selecione uma data'],
      ['data inexistente', { data: '2026-02-30' }, 'feriado.data: Selecione uma data'],
      ['data em outro formato', { data: '15/08/2026' }, 'feriado.data: Selecione uma data'],
      ['sem descrição', { descricao: '  ' }, 'feriado.descricao: Informe a descrição'],
      ['abrangência 7', { abrangencia: 7 }, 'feriado.abrangencia: Selecione a abrangência'],
      ['abrangência ausente', { abrangencia: null }, 'feriado.abrangencia: Selecione a abrangência'],
      [
        'cidade de outro estado',
        { abrangencia: 3, estado: { id: RJ }, cidade: { id: SAO_PAULO } },
        M.cidadeForaDoEstado,
      ],
      ['estado inexistente', { abrangencia: 2, estado: { id: 99 } }, M.estadoNaoEncontrado],
      [
        'id 0 na lista de cargos',
        { abrangencia: 5, cargos: [{ id: 0 }] },
        'feriado.cargos.0.id: Identificador inválido',
      ],
      [
        'Páscoa na data errada',
        { descricao: 'Páscoa', fixo: false, regraPascoa: 'PASCOA', data: '2026-04-12' },
        'Páscoa em 2026 é 05/04/2026.',
      ],
      ['regra da Páscoa num feriado fixo', { fixo: true, regraPascoa: 'PASCOA', data: '2026-04-05' }, M.regraMovel],
    ])('%s → 400 "%s"', async (_caso, patch, mensagem) => {
      const before = await countRows();
      const r = await save({ ...base, ...patch });
      expect(r.status).toBe(400);
      expect(r.body.mensagem).toContain(mensagem);
      expect(await countRows()).toBe(before);
    });

    it('um cargo de outro cliente é um cargo que não existe (400) e nada é gravado', async () => {
      const r = await save({ ...base, abrangencia: 5, cargos: [{ id: betaCargo }] });
      expect([r.status, r.body.mensagem]).toEqual([400, M.cargoNaoEncontrado]);
    });

    it.each([
      [1, {}, null, null],
      [6, {}, null, null],
      [2, { estado: { id: SP } }, SP, null],
      [3, { estado: { id: SP }, cidade: { id: CAMPINAS } }, SP, CAMPINAS],
    ])('abrangência %i válida; guarda só o que a abrangência usa', async (abrangencia, patch, estado, cidade) => {
      const descricao = `Válido abrangência ${abrangencia}`;
      const r = await save({
        ...base,
        descricao,
        abrangencia,
        // What the scope does not use is dropped, not refused.
        estado: { id: SP },
        cidade: { id: CAMPINAS },
        cargos: [{ id: cargoIds[0] }],
        centrosCustos: [{ id: deptA }],
        ...patch,
      });
      expect([r.status, r.body.mensagem]).toEqual([200, M.salvo]);
      const f = await find(2026, descricao);
      expect([f.estado?.id ?? null, f.cidade?.id ?? null, f.cargos, f.centrosCustos]).toEqual([estado, cidade, [], []]);
    });

    it('abrangência 4 e 5 guardam suas listas (sem repetir) e trocar a abrangência limpa a lista', async () => {
      const r = await save({
        ...base,
        descricao: 'Parada de manutenção',
        abrangencia: 4,
        centrosCustos: [{ id: deptA, nome: 'qualquer' }, { id: deptB }, { id: deptA }],
      });
      expect(r.status).toBe(200);
      const f = await find(2026, 'Parada de manutenção');
      expect(f.centrosCustos.map((c) => c.id).sort()).toEqual([deptA, deptB].sort());
      expect(f.centrosCustos.find((c) => c.id === deptA)?.nome).toBe('FER-A - Produção Feriados (Departamento)');
      const toCargo = await save({
        id: f.id,
        ...base,
        descricao: 'Parada de manutenção',
        abrangencia: 5,
        cargos: [{ id: cargoIds[1] }],
        centrosCustos: [{ id: deptA }],
      });
      expect(toCargo.status).toBe(200);
      const after = await find(2026, 'Parada de manutenção');
      expect([after.cargos.map((c) => c.id), after.centrosCustos]).toEqual([[cargoIds[1]], []]);
      expect((await lastLog())!.descricao).toBe(
        'Feriado 15/08/2026 - Parada de manutenção (Centro de Custo) alterado para 15/08/2026 - Parada de manutenção (Cargo)',
      );
    });

    it('mesma data, descrição (qualquer caixa) e abrangência → 409 em português', async () => {
      const r = await save({ data: '2026-12-25', descricao: 'NATAL', abrangencia: 1 });
      expect([r.status, r.body.mensagem]).toEqual([409, M.duplicado]);
      // Another scope, or another city, is another holiday.
      expect((await save({ data: '2026-12-25', descricao: 'Natal', abrangencia: 6 })).status).toBe(200);
    });
  });

  describe('Exceção da Regra (152)', () => {
    it('quem tem 152 grava exceções de centros de custo e cargos; funcionário inexistente → 400', async () => {
      const r = await save({
        data: '2026-10-15',
        descricao: 'Dia do Professor',
        abrangencia: 6,
        excecoes: { centrosCustos: [setorA], cargos: [cargoIds[0], cargoIds[0]] },
      });
      expect(r.status).toBe(200);
      const f = await find(2026, 'Dia do Professor');
      expect(f.excecoes).toEqual({ centrosCustos: [setorA], cargos: [cargoIds[0]], funcionarios: [] });
      const func = await save({
        id: f.id,
        data: f.data,
        descricao: f.descricao,
        abrangencia: 6,
        excecoes: { funcionarios: [2_147_483_647] },
      });
      expect([func.status, func.body.mensagem]).toEqual([400, M.funcionarioNaoEncontrado]);
      expect((await find(2026, 'Dia do Professor')).excecoes.centrosCustos).toEqual([setorA]);
    });

    it('funcionários do cliente e do escopo entram na exceção, com crachá e nome; os fora do escopo ficam, sem aparecer', async () => {
      const [main] = await env.database.owner
        .select()
        .from(cnpjs)
        .where(eq(cnpjs.tenantId, tenantId))
        .orderBy(desc(cnpjs.principal));
      const emprega = async (tId: number, cnpjId: number, centroCustoId: number, nome: string, cracha?: string) =>
        (
          await novosFuncionarios(
            env,
            { tenantId: tId, cnpjId, centroCustoId, escalaId: await novaEscala(env, tId, 'Feriados') },
            [{ nome, ...(cracha ? { cracha } : {}) }],
          )
        )[0]!;
      const dentro = await emprega(tenantId, main!.id, setorA, 'Exceção Dentro', 'F1');
      const fora = await emprega(tenantId, main!.id, deptB, 'Exceção Fora', 'F2');
      const db = env.database.owner;
      const [betaTenant] = await db.select().from(tenants).where(eq(tenants.nome, 'Beta Indústria'));
      const [betaCnpj] = await db.select().from(cnpjs).where(eq(cnpjs.tenantId, betaTenant!.id));
      const [betaCentro] = await db.select().from(centrosCusto).where(eq(centrosCusto.tenantId, betaTenant!.id));
      const alheio = await emprega(betaTenant!.id, betaCnpj!.id, betaCentro!.id, 'Alheio Beta');
      expect(
        (
          await save({
            data: '2026-11-20',
            descricao: 'Consciência Negra',
            abrangencia: 6,
            excecoes: { funcionarios: [fora, dentro] },
          })
        ).status,
      ).toBe(200);
      const f = await find(2026, 'Consciência Negra');
      expect(f.excecoes.funcionarios).toEqual([dentro, fora].sort((a, b) => a - b));
      expect(f.funcionariosExcecao.map((x) => [x.cracha, x.nome])).toEqual([
        ['F1', 'Exceção Dentro'],
        ['F2', 'Exceção Fora'],
      ]);
      // The user limited to department A sees only the employee inside; saving without the other keeps it.
      const seen = await find(2026, 'Consciência Negra', limitado);
      expect(seen.excecoes.funcionarios).toEqual([dentro]);
      expect(JSON.stringify(seen)).not.toContain('Exceção Fora');
      const kept = await save(
        { id: f.id, data: f.data, descricao: f.descricao, abrangencia: 6, excecoes: { funcionarios: [] } },
        limitado,
      );
      expect(kept.status).toBe(200);
      expect((await find(2026, 'Consciência Negra')).excecoes.funcionarios).toEqual([fora]);
      // Picking an employee outside the scope, or of another tenant: as if it did not exist.
      const pick = await save(
        { id: f.id, data: f.data, descricao: f.descricao, abrangencia: 6, excecoes: { funcionarios: [fora] } },
        limitado,
      );
      expect([pick.status, pick.body.mensagem]).toEqual([400, M.funcionarioNaoEncontrado]);
      const foreign = await save({
        id: f.id,
        data: f.data,
        descricao: f.descricao,
        abrangencia: 6,
        excecoes: { funcionarios: [alheio] },
      });
      expect([foreign.status, foreign.body.mensagem]).toEqual([400, M.funcionarioNaoEncontrado]);
      expect((await find(2026, 'Consciência Negra')).excecoes.funcionarios).toEqual([fora]);
    });

    it('sem 152: não cria nem muda exceções (403); editar sem enviar exceções as mantém', async () => {
      const created = await save(
        { data: '2026-03-19', descricao: 'São José', abrangencia: 6, excecoes: { cargos: [cargoIds[0]] } },
        semExcecao,
      );
      expect([created.status, created.body.mensagem]).toEqual([403, M.semPermissaoExcecao]);
      const f = await find(2026, 'Dia do Professor');
      const changed = await save(
        { id: f.id, data: f.data, descricao: f.descricao, abrangencia: 6, excecoes: { centrosCustos: [] } },
        semExcecao,
      );
      expect([changed.status, changed.body.mensagem]).toEqual([403, M.semPermissaoExcecao]);
      const same = await save(
        { id: f.id, data: f.data, descricao: f.descricao, abrangencia: 6, excecoes: f.excecoes },
        semExcecao,
      );
      expect(same.status).toBe(200);
      const renamed = await save(
        { id: f.id, data: f.data, descricao: 'Dia dos Professores', abrangencia: 6 },
        semExcecao,
      );
      expect(renamed.status).toBe(200);
      expect((await find(2026, 'Dia dos Professores')).excecoes).toEqual(f.excecoes);
      // The demo operator has every holiday code but 152.
      const op = await save(
        { data: '2026-03-19', descricao: 'São José', abrangencia: 6, excecoes: { cargos: [cargoIds[0]] } },
        operador,
      );
      expect(op.status).toBe(403);
      expect((await save({ data: '2026-03-19', descricao: 'São José', abrangencia: 6 }, operador)).status).toBe(200);
    });
  });

  describe('escopo de centros de custo do usuário', () => {
    it('o seletor lista só os centros de custo do escopo, com o rótulo "código - nome (tipo)"', async () => {
      const mine = await call(env.app, '/api/feriado/listar-centros-custos', {}, { token: limitado });
      expect(mine.body.map((c: { id: number }) => c.id).sort()).toEqual([deptA, setorA].sort());
      expect(mine.body).toContainEqual(
        expect.objectContaining({ id: setorA, nome: 'FER-A1 - Montagem Feriados (Setor)', tipo: 2 }),
      );
      const all = await call(env.app, '/api/feriado/listar-centros-custos', {}, { token: admin });
      expect(all.body.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([deptA, deptB, setorA]));
    });

    it('um feriado ligado a centro fora do escopo: a lista omite o centro, marca restrito e recusa editar e excluir', async () => {
      expect(
        (
          await save({
            data: '2026-09-01',
            descricao: 'Inventário',
            abrangencia: 4,
            centrosCustos: [{ id: deptA }, { id: deptB }],
          })
        ).status,
      ).toBe(200);
      const seen = await find(2026, 'Inventário', limitado);
      expect(seen.restrito).toBe(true);
      expect(seen.centrosCustos.map((c) => c.id)).toEqual([deptA]);
      expect(JSON.stringify(await list(2026, limitado))).not.toContain('Logística Feriados');
      const edit = await save(
        { id: seen.id, data: seen.data, descricao: 'Inventário anual', abrangencia: 6 },
        limitado,
      );
      expect([edit.status, edit.body.mensagem]).toEqual([403, M.restrito]);
      expect((await remove(seen.id, limitado)).status).toBe(403);
      // Picking a cost centre outside the scope: as if it did not exist.
      const pick = await save(
        { data: '2026-09-02', descricao: 'Balanço', abrangencia: 4, centrosCustos: [{ id: deptB }] },
        limitado,
      );
      expect([pick.status, pick.body.mensagem]).toEqual([400, M.centroCustoNaoEncontrado]);
      expect((await find(2026, 'Inventário')).restrito).toBe(false);
    });
  });

  describe('excluir', () => {
    it('exclui com log; de novo → 404; de outro cliente → 404', async () => {
      expect((await save({ data: '2026-08-16', descricao: 'Para excluir', abrangencia: 6 })).status).toBe(200);
      const f = await find(2026, 'Para excluir');
      expect((await remove(f.id, beta)).status).toBe(404);
      const r = await remove(f.id);
      expect([r.status, r.body.mensagem]).toEqual([200, M.excluido]);
      expect(await lastLog()).toMatchObject({
        acao: 'Excluir',
        descricao: 'Feriado 16/08/2026 - Para excluir (Global)',
      });
      expect((await remove(f.id)).status).toBe(404);
    });
  });

  describe('copiar', () => {
    it('copia os fixos, recalcula os da Páscoa, leva as listas, pula os repetidos e conta', async () => {
      // Two holidays that cannot be copied to 2027: a movable one without rule and 29/02 of a leap year.
      expect((await save({ data: '2026-05-10', descricao: 'Festa móvel', abrangencia: 6, fixo: false })).status).toBe(
        200,
      );
      expect((await save({ data: '2024-02-29', descricao: 'Dia bissexto', abrangencia: 6 })).status).toBe(200);
      const source = await list(2026);
      const r = await call(env.app, '/api/feriado/copiar', { anoDe: 2026, anoPara: 2027 }, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ incluidos: source.length - 1, existentes: 0, semData: 1 });
      expect(r.body.mensagem).toBe(
        `Feriados copiados de 2026 para 2027: ${source.length - 1} incluídos, 1 móvel sem data calculável.`,
      );
      const target = await list(2027);
      expect(target.find((f) => f.descricao === 'Corpus Christi')).toMatchObject({
        data: '2027-05-27',
        regraPascoa: 'CORPUS_CHRISTI',
        cidade: { id: SAO_PAULO, nome: 'São Paulo' },
      });
      expect(target.find((f) => f.descricao === 'Natal' && f.abrangencia === 1)?.data).toBe('2027-12-25');
      expect(target.find((f) => f.descricao === 'Dia do Vigilante')?.cargos.map((c) => c.nome)).toEqual(['Vigilante']);
      expect(target.find((f) => f.descricao === 'Dia dos Professores')?.excecoes.centrosCustos).toEqual([setorA]);
      expect(target.map((f) => f.descricao)).not.toContain('Festa móvel');

      const again = await call(env.app, '/api/feriado/copiar', { anoDe: 2026, anoPara: 2027 }, { token: admin });
      expect(again.body).toMatchObject({ incluidos: 0, existentes: source.length - 1 });
      expect(await list(2027)).toHaveLength(target.length);

      const leap = await call(env.app, '/api/feriado/copiar', { anoDe: 2024, anoPara: 2025 }, { token: admin });
      expect(leap.body).toMatchObject({ incluidos: 0, semData: 1 });
      expect(await lastLog()).toMatchObject({ acao: 'Cadastrar' });
    });

    it('Carnaval e Sexta-feira Santa recalculados para vários anos', async () => {
      expect(
        (
          await call(
            env.app,
            '/api/feriado/incluir-nacionais',
            { ano: 2031, carnaval: true, sextaFeiraSanta: true, abrangenciaOpcionais: 6 },
            { token: admin },
          )
        ).status,
      ).toBe(200);
      for (const [ano, carnaval, sexta] of [
        [2032, ['2032-02-09', '2032-02-10'], '2032-03-26'],
        [2038, ['2038-03-08', '2038-03-09'], '2038-04-23'],
      ] as const) {
        await call(env.app, '/api/feriado/copiar', { anoDe: 2031, anoPara: ano }, { token: admin });
        const rows = await list(ano);
        expect(rows.filter((f) => f.descricao.startsWith('Carnaval')).map((f) => f.data)).toEqual(carnaval);
        expect(rows.find((f) => f.descricao === 'Sexta-feira Santa')?.data).toBe(sexta);
      }
    });

    it.each([
      [{ anoDe: 2026, anoPara: 2026 }, M.anosIguais],
      [{ anoDe: 0, anoPara: 2027 }, `anoDe: ${M.informeAnoDe}`],
      [{ anoDe: 2026 }, `anoPara: ${M.informeAnoPara}`],
      [{ anoDe: 2026, anoPara: 10000 }, `anoPara: ${M.informeAnoPara}`],
      [{ anoDe: 2026.5, anoPara: 2027 }, `anoDe: ${M.informeAnoDe}`],
      // Decision 0064: the bulk calls write 1900–2100 only.
      [{ anoDe: 2026, anoPara: 2101 }, `anoPara: ${M.anoForaDoLote}`],
      [{ anoDe: 2026, anoPara: 1899 }, `anoPara: ${M.anoForaDoLote}`],
      [{ anoDe: 1899, anoPara: 2027 }, `anoDe: ${M.anoForaDoLote}`],
      [{ anoDe: 2026, anoPara: 9999 }, `anoPara: ${M.anoForaDoLote}`],
    ])('%o → 400 "%s"', async (body, mensagem) => {
      const antes = await env.database.owner.select().from(feriados);
      const r = await call(env.app, '/api/feriado/copiar', body, { token: admin });
      expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
      expect(await env.database.owner.select().from(feriados)).toHaveLength(antes.length);
    });

    it('os anos-limite 1900 e 2100 são aceitos', async () => {
      const r = await call(env.app, '/api/feriado/copiar', { anoDe: 2026, anoPara: 2100 }, { token: admin });
      expect(r.status).toBe(200);
      expect(
        (await call(env.app, '/api/feriado/copiar', { anoDe: 1900, anoPara: 1901 }, { token: admin })).status,
      ).toBe(200);
    });

    it('cada cliente copia só os seus feriados', async () => {
      const r = await call(env.app, '/api/feriado/copiar', { anoDe: 2026, anoPara: 2028 }, { token: beta });
      expect(r.body).toMatchObject({ incluidos: 9 });
      expect(await list(2028, beta)).toHaveLength(9);
      expect(await list(2028)).toEqual([]);
    });
  });

  describe('incluir feriados nacionais', () => {
    it('inclui os nove federais e os opcionais marcados, na abrangência escolhida; repetir não duplica', async () => {
      const r = await call(
        env.app,
        '/api/feriado/incluir-nacionais',
        {
          ano: 2030,
          carnaval: true,
          corpusChristi: true,
          abrangenciaOpcionais: 3,
          estado: { id: SP },
          cidade: { id: CAMPINAS },
        },
        { token: admin },
      );
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ incluidos: 12, existentes: 0 });
      expect(r.body.mensagem).toBe('Feriados nacionais de 2030: 12 incluídos.');
      const rows = await list(2030);
      expect(rows.filter((f) => f.abrangencia === 1)).toHaveLength(9);
      expect(
        rows.filter((f) => f.descricao.startsWith('Carnaval')).map((f) => [f.data, f.cidade?.nome, f.fixo]),
      ).toEqual([
        ['2030-03-04', 'Campinas', false],
        ['2030-03-05', 'Campinas', false],
      ]);
      expect(rows.find((f) => f.descricao === 'Corpus Christi')?.data).toBe('2030-06-20');
      expect(rows.map((f) => f.descricao)).not.toContain('Sexta-feira Santa');
      const again = await call(env.app, '/api/feriado/incluir-nacionais', { ano: 2030 }, { token: admin });
      expect(again.body).toMatchObject({ incluidos: 0, existentes: 9 });
      expect(again.body.mensagem).toBe('Feriados nacionais de 2030: 0 incluídos, 9 já existiam.');
    });

    it('antes de 2024, Consciência Negra não é federal', async () => {
      const r = await call(env.app, '/api/feriado/incluir-nacionais', { ano: 2023 }, { token: admin });
      expect(r.body.incluidos).toBe(8);
      expect((await list(2023)).map((f) => f.data)).not.toContain('2023-11-20');
    });

    it.each([
      [{ ano: 2029, carnaval: true, abrangenciaOpcionais: 2 }, 'estado.id: Selecione um estado'],
      [{ ano: 2029, carnaval: true, abrangenciaOpcionais: 3, estado: { id: SP } }, 'cidade.id: Selecione uma cidade'],
      [{ ano: 2029, carnaval: true, abrangenciaOpcionais: 4 }, 'abrangenciaOpcionais: Selecione a abrangência'],
      [{ ano: 0 }, 'ano: Informe o ano'],
      [{ ano: 2101 }, `ano: ${M.anoForaDoLote}`],
      [{ ano: 1899 }, `ano: ${M.anoForaDoLote}`],
      [{ ano: 9999 }, `ano: ${M.anoForaDoLote}`],
      [
        { ano: 2029, carnaval: true, abrangenciaOpcionais: 3, estado: { id: RJ }, cidade: { id: CAMPINAS } },
        M.cidadeForaDoEstado,
      ],
    ])('%o → 400 "%s"', async (body, mensagem) => {
      const r = await call(env.app, '/api/feriado/incluir-nacionais', body, { token: admin });
      expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
      expect(await list(2029)).toEqual([]);
    });
  });

  describe('concorrência', () => {
    it('5 "incluir nacionais" simultâneos do mesmo ano: todos 200, cada feriado uma vez', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(env.app, '/api/feriado/incluir-nacionais', { ano: 2040, carnaval: true }, { token: admin }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(results.reduce((n, r) => n + (r.body.incluidos as number), 0)).toBe(11);
      const rows = await list(2040);
      expect(rows).toHaveLength(11);
      expect(new Set(rows.map((f) => `${f.data} ${f.descricao}`)).size).toBe(11);
    });

    it('5 cópias simultâneas para o mesmo ano: cada feriado uma vez', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(env.app, '/api/feriado/copiar', { anoDe: 2040, anoPara: 2041 }, { token: admin }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(results.reduce((n, r) => n + (r.body.incluidos as number), 0)).toBe(11);
      expect(await list(2041)).toHaveLength(11);
    });

    it('"incluir nacionais" e cópia ao mesmo tempo para o mesmo ano: nenhum feriado em dobro', async () => {
      const results = await Promise.all([
        call(env.app, '/api/feriado/copiar', { anoDe: 2040, anoPara: 2042 }, { token: admin }),
        call(env.app, '/api/feriado/incluir-nacionais', { ano: 2042, carnaval: true }, { token: admin }),
      ]);
      // A deadlock between the two would be answered 409 in Portuguese; never a 5xx, never a double.
      for (const r of results) expect([200, 409]).toContain(r.status);
      const rows = await list(2042);
      expect(new Set(rows.map((f) => `${f.data} ${f.descricao} ${f.abrangencia}`)).size).toBe(rows.length);
    });
  });

  it('o outro cliente não altera um feriado daqui (404) e nada muda', async () => {
    const natal = await find(2026, 'Natal');
    expect((await save({ id: natal.id, data: natal.data, descricao: 'X', abrangencia: 1 }, beta)).status).toBe(404);
    expect(await find(2026, 'Natal')).toEqual(natal);
  });
});
