import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../../test/harness.js';
import { demoIds } from '../../../test/scope-fixtures.js';

/**
 * Issue 11 §7: the demo months are calculated at the first start. The tests'
 * databases are seeded as `npm start` seeds (at T0 = 10/03/2026): the punches
 * of the 91 days before it are imported, then every period they meet is
 * calculated for every demo employee.
 */
describeEachBackend('calculo: a demonstração', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => env.close());

  it('every demo employee has December to March calculated, with worked days, events and night shifts', async () => {
    const ids = await demoIds(env);
    const rows = await queryRows<{ periodo: string; funcionarios: number; todos: number }>(
      env.database.owner,
      sql`SELECT r.periodo_inicio::text AS periodo, count(*)::int AS funcionarios,
                 (SELECT count(*)::int FROM funcionarios WHERE tenant_id = ${ids.demo}) AS todos
            FROM calculo_resumos r WHERE r.tenant_id = ${ids.demo} GROUP BY r.periodo_inicio ORDER BY 1`,
    );
    expect(rows.map((r) => r.periodo)).toEqual(['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
    for (const r of rows) expect(r.funcionarios).toBe(r.todos);
    const [dias] = await queryRows<{ trabalhados: number; atrasos: number; noturnos: number; extras: number }>(
      env.database.owner,
      sql`SELECT count(*) FILTER (WHERE trabalhado > 0)::int AS trabalhados,
                 count(*) FILTER (WHERE atraso > 0)::int AS atrasos,
                 count(*) FILTER (WHERE noturno_reduzido > 0)::int AS noturnos,
                 count(*) FILTER (WHERE horas_extras > 0)::int AS extras
            FROM calculo_dias WHERE tenant_id = ${ids.demo} AND dia BETWEEN '2026-01-01' AND '2026-02-28'`,
    );
    expect(dias!.trabalhados).toBeGreaterThan(1000);
    expect(dias!.atrasos).toBeGreaterThan(0);
    expect(dias!.noturnos).toBeGreaterThan(0);
    expect(dias!.extras).toBeGreaterThan(0);
  });
});
