import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONTROLE_PONTO_MSG as M, MSG } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const P = '/api/controle-ponto';

interface Esperado {
  id: number;
  cracha: string;
  nome: string;
  centro: number;
  qtd_faltas: number | null;
  qtd_atrasos: number | null;
  qtd_excesso_refeicao: number | null;
  qtd_saidas_antecipadas: number | null;
  qtd_falta_marcacao: number | null;
  qtd_interjornada: number | null;
}

describeEachBackend('controle-ponto', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  /** The main company's active employees in list order, with February 2026's stored counters. */
  let fevereiro: Esperado[];

  const post = (path: string, body: unknown, token = admin) => call(env.app, `${P}/${path}`, body, { token });
  const listar = (body: Record<string, unknown>, token = admin) =>
    post('listar', { mes: 2, ano: 2026, cnpj: ids.principal, ...body }, token);
  const nomes = (r: { body: { periodosControle: { funcionario: { nome: string } }[] } }) =>
    r.body.periodosControle.map((p) => p.funcionario.nome);
  const owner = (q: ReturnType<typeof sql>) => queryRows(env.database.owner, q);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    fevereiro = await queryRows<Esperado>(
      env.database.owner,
      sql`SELECT f.id, f.cracha, f.nome, f.centro_custo_id AS centro, r.qtd_faltas, r.qtd_atrasos,
                 r.qtd_excesso_refeicao, r.qtd_saidas_antecipadas, r.qtd_falta_marcacao, r.qtd_interjornada
            FROM funcionarios f
            LEFT JOIN calculo_resumos r ON r.tenant_id = f.tenant_id AND r.funcionario_id = f.id
                                       AND r.ano = 2026 AND r.mes = 2
           WHERE f.tenant_id = ${ids.demo} AND f.cnpj_id = ${ids.principal} AND f.ativo
           ORDER BY f.nome, f.id`,
    );
  });
  afterAll(async () => env.close());

  it('lists a page of the company with the stored counters of the month, the badge and the lock', async () => {
    expect(fevereiro.length).toBeGreaterThan(20);
    // The demo calculated February 2026 for everyone, and someone has divergences.
    expect(fevereiro.every((f) => f.qtd_faltas !== null)).toBe(true);
    expect(fevereiro.some((f) => (f.qtd_faltas ?? 0) + (f.qtd_atrasos ?? 0) + (f.qtd_falta_marcacao ?? 0) > 0)).toBe(
      true,
    );
    const r = await listar({});
    expect(r.status).toBe(200);
    expect(r.body.qdtFuncionarios).toBe(fevereiro.length);
    expect(r.body.periodosControle).toEqual(
      fevereiro.slice(0, 10).map((f) => ({
        funcionario: { id: f.id, cracha: f.cracha, nome: f.nome },
        temPendencias: false,
        qtdFaltas: f.qtd_faltas,
        qtdAtrasos: f.qtd_atrasos,
        qtdExcessoRefeicao: f.qtd_excesso_refeicao,
        qtdSaidasAntecipadas: f.qtd_saidas_antecipadas,
        qtdFaltaMarcacao: f.qtd_falta_marcacao,
        qtdInterjornada: f.qtd_interjornada,
        fechado: false,
        calculado: true,
      })),
    );
  });

  it('pages on the server by 10, 15, 20 or 30; past the end, no rows and the total', async () => {
    const r = await listar({ qtdLinhas: 15, numPagina: 1 });
    expect(nomes(r)).toEqual(fevereiro.slice(15, 30).map((f) => f.nome));
    const longe = await listar({ qtdLinhas: 30, numPagina: 50 });
    expect(longe.body).toEqual({ qdtFuncionarios: fevereiro.length, periodosControle: [] });
    expect(await listar({ qtdLinhas: 25 })).toMatchObject({
      status: 400,
      body: { mensagem: `qtdLinhas: ${M.linhasPorPagina}` },
    });
  });

  it('counters come from the stored results (never recomputed); the lock from the period of the month', async () => {
    const [a, b] = fevereiro;
    await owner(
      sql`UPDATE calculo_resumos SET qtd_interjornada = 41 WHERE funcionario_id = ${a!.id} AND ano = 2026 AND mes = 2`,
    );
    await owner(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
                    SELECT tenant_id, funcionario_id, periodo_inicio, periodo_fim, true, 'Teste' FROM calculo_resumos
                     WHERE funcionario_id = ${b!.id} AND ano = 2026 AND mes = 2`);
    try {
      const [ra, rb] = (await listar({ qtdLinhas: 10 })).body.periodosControle;
      expect(ra).toMatchObject({ funcionario: { id: a!.id }, qtdInterjornada: 41, fechado: false });
      expect(rb).toMatchObject({ funcionario: { id: b!.id }, fechado: true });
      // The lock is the month's: January's row of the same employee stays open.
      const jan = (await listar({ mes: 1, qtdLinhas: 10 })).body.periodosControle;
      expect(jan.find((p: { funcionario: { id: number } }) => p.funcionario.id === b!.id)).toMatchObject({
        fechado: false,
        calculado: true,
      });
    } finally {
      await owner(sql`UPDATE calculo_resumos SET qtd_interjornada = ${a!.qtd_interjornada}
                       WHERE funcionario_id = ${a!.id} AND ano = 2026 AND mes = 2`);
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${b!.id}`);
    }
  });

  it('a month nobody calculated lists the employees with calculado false and zero counters', async () => {
    const r = await listar({ mes: 6, ano: 2024 });
    expect(r.body.qdtFuncionarios).toBe(fevereiro.length);
    expect(r.body.periodosControle[0]).toMatchObject({
      calculado: false,
      fechado: false,
      qtdFaltas: 0,
      qtdInterjornada: 0,
    });
  });

  it('a cost centre brings its children; the free text finds by name or padded badge; Ativo false the inactive', async () => {
    const producao = ids.cc.get('Produção')!;
    const filhos = await owner(
      sql`WITH RECURSIVE c AS (SELECT id FROM centros_custo WHERE id = ${producao}
          UNION SELECT x.id FROM centros_custo x JOIN c ON x.pai_id = c.id) SELECT id FROM c`,
    );
    const sob = new Set(filhos.map((c) => Number((c as { id: number }).id)));
    const esperados = fevereiro.filter((f) => sob.has(f.centro));
    expect(esperados.length).toBeGreaterThan(0);
    expect(esperados.some((f) => f.centro !== producao)).toBe(true);
    const r = await listar({ idsCentrosCustos: [producao], qtdLinhas: 30 });
    expect(r.body.qdtFuncionarios).toBe(esperados.length);
    expect(nomes(r)).toEqual(esperados.slice(0, 30).map((f) => f.nome));
    expect((await post('quantidade-funcionarios', { cnpj: ids.principal, idsCentrosCustos: [producao] })).body).toEqual(
      {
        totalFuncionarios: esperados.length,
      },
    );

    const alvo = fevereiro[3]!;
    expect(nomes(await listar({ crachaNome: alvo.nome }))).toContain(alvo.nome);
    expect(nomes(await listar({ crachaNome: alvo.cracha.padStart(14, '0') }))).toEqual([alvo.nome]);

    const [inativos] = await owner(
      sql`SELECT count(*)::int AS n FROM funcionarios WHERE cnpj_id = ${ids.principal} AND NOT ativo`,
    );
    expect((await listar({ ativo: false })).body.qdtFuncionarios).toBe((inativos as { n: number }).n);
  });

  it('a limited user sees only their cost centres; another company is 404; a centre outside lists nobody', async () => {
    const admin_ = ids.cc.get('Administrativo')!;
    const limitado = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [admin_],
    });
    const sob = new Set(
      (
        await owner(
          sql`WITH RECURSIVE c AS (SELECT id FROM centros_custo WHERE id = ${admin_}
              UNION SELECT x.id FROM centros_custo x JOIN c ON x.pai_id = c.id) SELECT id FROM c`,
        )
      ).map((c) => Number((c as { id: number }).id)),
    );
    const esperados = fevereiro.filter((f) => sob.has(f.centro));
    const r = await listar({ qtdLinhas: 30 }, limitado.token);
    expect(r.body.qdtFuncionarios).toBe(esperados.length);
    expect(nomes(r)).toEqual(esperados.map((f) => f.nome).slice(0, 30));
    expect(
      (await post('quantidade-funcionarios', { cnpj: ids.principal }, limitado.token)).body.totalFuncionarios,
    ).toBe(esperados.length);
    expect((await listar({ idsCentrosCustos: [ids.cc.get('Produção')!] }, limitado.token)).body).toEqual({
      qdtFuncionarios: 0,
      periodosControle: [],
    });
    expect(await listar({ cnpj: ids.campinas }, limitado.token)).toMatchObject({
      status: 404,
      body: { mensagem: MSG.naoEncontrado },
    });
  });

  it('bad input is a 400 with a Portuguese mensagem, never a 500', async () => {
    expect(await post('listar', { mes: 2, ano: 2026 })).toMatchObject({
      status: 400,
      body: { mensagem: `cnpj: ${M.selecioneEmpresa}` },
    });
    expect(await listar({ mes: 13 })).toMatchObject({ status: 400, body: { mensagem: `mes: ${M.informeMesAno}` } });
    expect(await listar({ ano: 'x' })).toMatchObject({ status: 400, body: { mensagem: `ano: ${M.informeMesAno}` } });
    expect(await listar({ crachaNome: 'a'.repeat(201) })).toMatchObject({
      status: 400,
      body: { mensagem: `crachaNome: ${M.crachaNomeLongo}` },
    });
    expect(await listar({ crachaNome: "'; DROP TABLE funcionarios; --" })).toMatchObject({
      status: 200,
      body: { qdtFuncionarios: 0 },
    });
  });
});
