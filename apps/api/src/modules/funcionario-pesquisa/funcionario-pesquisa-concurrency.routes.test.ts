import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { PESQUISA_FUNCIONARIOS_MSG as M } from '@jornada/contracts';
import { funcionarioEscalas } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { novaEscala, novosFuncionarios } from '../../../test/pesquisa-fixtures.js';

const TROCAR = '/api/configuracao-escala/trocar-contrato-funcionarios';

/**
 * Mass moves of the same employees at the same moment (two operators on the
 * tab 'Funcionário/Escala'). On PostgreSQL the requests really run in
 * parallel: none may answer 5xx, and no employee may end with two current
 * schedules or lose the one it had.
 */
describeEachBackend('Funcionário/Escala sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
  });
  afterAll(() => env.close());

  const grupo = async (n: number, escalaId: number) =>
    novosFuncionarios(
      env,
      { tenantId: ids.demo, cnpjId: ids.principal, centroCustoId: ids.cc.get('Turno B')!, escalaId },
      Array.from({ length: n }, (_, i) => ({ nome: `Paralelo ${i}` })),
    );

  /** Per employee: how many open entries, of which schedule, and how many entries in all. */
  async function estado(funcionarioIds: number[]) {
    const db = env.database.owner;
    const abertas = await db
      .select({ funcionarioId: funcionarioEscalas.funcionarioId, escalaId: funcionarioEscalas.escalaId })
      .from(funcionarioEscalas)
      .where(and(inArray(funcionarioEscalas.funcionarioId, funcionarioIds), isNull(funcionarioEscalas.dataFinal)));
    const [total] = await db
      .select({ n: count() })
      .from(funcionarioEscalas)
      .where(inArray(funcionarioEscalas.funcionarioId, funcionarioIds));
    return { abertas, total: Number(total!.n) };
  }

  it('10 identical moves at once: one 200, nine 400, one current schedule each', async () => {
    const [a, b] = [await novaEscala(env, ids.demo, 'Origem'), await novaEscala(env, ids.demo, 'Destino')];
    const pessoas = await grupo(40, a);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(
          env.app,
          TROCAR,
          { idsFuncionarios: pessoas, idAntigoContrato: a, idNovoContrato: b, dataInicio: '2026-04-01' },
          { token: admin },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.mensagem).toBe(M.nenhumNaEscalaAtual);
    const { abertas, total } = await estado(pessoas);
    expect(abertas).toHaveLength(40);
    expect(new Set(abertas.map((x) => x.escalaId))).toEqual(new Set([b]));
    expect(total).toBe(80);
  });

  it('overlapping selections to different schedules, in opposite orders: no 5xx, no deadlock, one move each', async () => {
    const [a, b, c] = [
      await novaEscala(env, ids.demo, 'Origem'),
      await novaEscala(env, ids.demo, 'Destino B'),
      await novaEscala(env, ids.demo, 'Destino C'),
    ];
    const pessoas = await grupo(40, a);
    const primeiros = pessoas.slice(0, 30);
    const ultimos = pessoas.slice(10).reverse();
    const mover = (sel: number[], para: number, data: string) =>
      call(
        env.app,
        TROCAR,
        { idsFuncionarios: sel, idAntigoContrato: a, idNovoContrato: para, dataInicio: data },
        { token: admin },
      );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? mover(primeiros, b, '2026-04-01') : mover(ultimos, c, '2026-05-01'),
      ),
    );
    // The first of each kind that runs moves its employees; later ones find none of theirs left (400) or only the ones the other kind did not take (200).
    for (const r of results) expect([200, 400]).toContain(r.status);
    const { abertas, total } = await estado(pessoas);
    expect(abertas).toHaveLength(40);
    expect(total).toBe(80);
    const porEscala = (id: number) => abertas.filter((x) => x.escalaId === id).map((x) => x.funcionarioId);
    // Only the first 10 can go to B alone and only the last 10 to C alone; the middle 20 went to one of them.
    expect(porEscala(a)).toEqual([]);
    for (const id of pessoas.slice(0, 10)) expect(porEscala(b)).toContain(id);
    for (const id of pessoas.slice(30)) expect(porEscala(c)).toContain(id);
  });

  it('a move and a move back at once leave exactly one current schedule', async () => {
    const [a, b] = [await novaEscala(env, ids.demo, 'Ida'), await novaEscala(env, ids.demo, 'Volta')];
    const pessoas = await grupo(20, a);
    const results = await Promise.all([
      call(
        env.app,
        TROCAR,
        { idsFuncionarios: pessoas, idAntigoContrato: a, idNovoContrato: b, dataInicio: '2026-04-01' },
        { token: admin },
      ),
      call(
        env.app,
        TROCAR,
        { idsFuncionarios: pessoas, idAntigoContrato: b, idNovoContrato: a, dataInicio: '2026-06-01' },
        { token: admin },
      ),
    ]);
    for (const r of results) expect([200, 400]).toContain(r.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const { abertas } = await estado(pessoas);
    expect(abertas).toHaveLength(20);
    const rows = await env.database.owner
      .select({ n: count() })
      .from(funcionarioEscalas)
      .where(and(eq(funcionarioEscalas.funcionarioId, pessoas[0]!), isNull(funcionarioEscalas.dataFinal)));
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
