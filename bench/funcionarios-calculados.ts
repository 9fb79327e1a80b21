/**
 * The calculation benches' tenant (bench/calculo.bench.ts, bench/recalculo.bench.ts): the demo tenant's main
 * company grown by `total` employees (registro 'C…') over the demo schedules and positions, with seven weeks of
 * punches around February 2026 (late arrivals, ~3 % absent days, ~1 % forgotten punches, overtime), occurrences,
 * days off and bank entries, all in SQL on a database the demo seed has filled.
 */
import type pg from 'pg';
import type { Database } from '../apps/api/src/db/client.js';
import { withTenant } from '../apps/api/src/db/tenant-tx.js';
import { calculoRepository as repo } from '../apps/api/src/modules/calculo/calculo.repository.js';

/** February 2026, the month the benches calculate. */
export const FEV = { inicio: '2026-02-01', fim: '2026-02-28' };

/** A Cálculo do Ponto run of February for these employees, as Calcular creates it (its job then runs it). */
export function execucaoDeFevereiro(database: Database, tenantId: number, cnpjId: number, ids: readonly number[]) {
  return withTenant(database.app, tenantId, (tx) =>
    repo.criarExecucao(tx, tenantId, {
      usuarioId: null,
      cnpjId,
      modo: 'simples',
      dataInicio: FEV.inicio,
      dataFinal: FEV.fim,
      parametros: { funcionarioIds: [...ids], periodos: [FEV] },
      total: ids.length,
    }),
  );
}

/**
 * `total` employees ('Calculado n', registro 'C…') on the demo tenant's main company, over its cost centres,
 * schedules and positions in turn, admitted in 2020; no punches. Inside the caller's transaction.
 */
export async function cadastrarFuncionarios(
  db: pg.Client,
  total: number,
): Promise<{ tenantId: number; cnpjId: number; bench: string }> {
  const { rows: t } = await db.query<{ tenant_id: number; cnpj_id: number }>(
    `SELECT c.tenant_id, c.id AS cnpj_id FROM cnpjs c JOIN tenants t ON t.id = c.tenant_id
      WHERE t.nome = 'Jornada Demonstração' AND c.principal`,
  );
  const { tenant_id: tenantId, cnpj_id: cnpjId } = t[0]!;
  await db.query(
    `INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, cpf, pis, cracha, registro,
                               data_admissao, data_ativacao, ativo)
     SELECT $1, $2, cc.ids[1 + i % array_length(cc.ids, 1)], 'Calculado ' || i,
            lpad((40000000000 + i)::text, 11, '0'), lpad((30000000000 + i)::text, 11, '0'),
            (300000 + i)::text, 'C' || i, DATE '2020-01-01', DATE '2020-01-01', true
       FROM generate_series(1, $3::int) AS i,
            (SELECT array_agg(id ORDER BY id) AS ids FROM centros_custo WHERE tenant_id = $1 AND cnpj_id = $2) cc`,
    [tenantId, cnpjId, total],
  );
  const bench = `tenant_id = ${tenantId} AND registro LIKE 'C%'`;
  await db.query(
    `INSERT INTO funcionario_escalas (tenant_id, funcionario_id, escala_id, data_inicio)
     SELECT f.tenant_id, f.id, e.ids[1 + f.id % array_length(e.ids, 1)], f.data_admissao
       FROM funcionarios f, (SELECT array_agg(id ORDER BY id) AS ids FROM escalas WHERE tenant_id = $1) e
      WHERE f.${bench}`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO funcionario_cargos (tenant_id, funcionario_id, cargo_id, data_inicio)
     SELECT f.tenant_id, f.id, c.ids[1 + f.id % array_length(c.ids, 1)], f.data_admissao
       FROM funcionarios f, (SELECT array_agg(id) AS ids FROM cargos WHERE tenant_id = $1) c
      WHERE f.${bench}`,
    [tenantId],
  );
  return { tenantId, cnpjId, bench };
}

export async function preencherFuncionarios(
  db: pg.Client,
  total: number,
): Promise<{ tenantId: number; cnpjId: number; ids: number[] }> {
  const started = Date.now();
  await db.query('SELECT setseed(0.42)');
  await db.query('BEGIN');
  const { tenantId, cnpjId, bench } = await cadastrarFuncionarios(db, total);
  // Punches: Monday–Saturday 08:00 / 12:00 / 13:00 / 17:00 with jitter (late arrivals, overtime), ~3 % of
  // days absent, ~1 % with the lunch return forgotten; the schedules that plan otherwise get their debits.
  await db.query(
    `INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, identificador)
     SELECT $1, $2, 'R', 'BENCH', row_number() OVER (), x.dh, 'America/Sao_Paulo', x.cpf
       FROM (SELECT f.cpf, d + make_interval(mins => p.minuto + (random() * p.jitter)::int - p.jitter / 3) AS dh,
                    p.ordem, r.falta, r.esquece
               FROM funcionarios f
               CROSS JOIN generate_series(DATE '2026-01-18', DATE '2026-03-09', '1 day') AS d
               CROSS JOIN LATERAL (SELECT random() < 0.03 AS falta, random() < 0.01 AS esquece) r
               CROSS JOIN (VALUES (1, 480, 20), (2, 720, 8), (3, 780, 8), (4, 1020, 60)) AS p(ordem, minuto, jitter)
              WHERE f.${bench} AND extract(isodow FROM d) < 7) x
      WHERE NOT x.falta AND NOT (x.esquece AND x.ordem = 3)`,
    [tenantId, cnpjId],
  );
  await db.query(
    `INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
     SELECT m.tenant_id, m.id, f.id, m.data_hora, m.origem
       FROM marcacoes m JOIN funcionarios f ON f.tenant_id = m.tenant_id AND f.cpf = m.identificador
      WHERE m.tenant_id = $1 AND m.relogio = 'BENCH' AND f.registro LIKE 'C%'`,
    [tenantId],
  );
  // Occurrences (Abonar) on ~2 % of employee-days, a day off for one in ten, bank entries for one in five.
  await db.query(
    `INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id, abrange_faltas,
                              abrange_atrasos, usuario_nome)
     SELECT f.tenant_id, f.id, d, d, j.id, true, true, 'bench'
       FROM funcionarios f CROSS JOIN generate_series(DATE '2026-02-01', DATE '2026-02-28', '1 day') AS d,
            (SELECT id FROM justificativas WHERE tenant_id = $1 AND tipo = 1 ORDER BY id LIMIT 1) j
      WHERE f.${bench} AND random() < 0.02`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_nome)
     SELECT tenant_id, id, DATE '2026-02-13', 'bench' FROM funcionarios WHERE ${bench} AND id % 10 = 0`,
  );
  await db.query(
    `INSERT INTO banco_horas_lancamentos (tenant_id, funcionario_id, data, minutos, negativo, usuario_nome)
     SELECT tenant_id, id, DATE '2026-02-10', 30 + id % 90, id % 2 = 0, 'bench' FROM funcionarios
      WHERE ${bench} AND id % 5 = 0`,
  );
  // The fill's own writes marked every new employee-day dirty, and the trigger queued the consumer: left there,
  // a server started on this database would calculate February again plus the current and previous periods of
  // all 10,000 employees beside the measured Calcular (in production that consumer ran when the data came in).
  await db.query('DELETE FROM calculo_pendencias WHERE tenant_id = $1', [tenantId]);
  await db.query(`DELETE FROM pgboss.job WHERE name = 'calculo-pendencias'`);
  await db.query('COMMIT');
  for (const tabela of [
    'funcionarios',
    'funcionario_escalas',
    'funcionario_cargos',
    'marcacoes',
    'marcacao_funcionarios',
    'ocorrencias',
  ]) {
    await db.query(`VACUUM ANALYZE ${tabela}`);
  }
  const { rows: n } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM marcacao_funcionarios WHERE tenant_id = $1`,
    [tenantId],
  );
  const { rows: f } = await db.query<{ id: number }>(`SELECT id FROM funcionarios WHERE ${bench} ORDER BY id`);
  console.log(
    `${total.toLocaleString('pt-BR')} funcionários, ${n[0]!.n.toLocaleString('pt-BR')} marcações gravados em ` +
      `${Date.now() - started} ms (com VACUUM ANALYZE)`,
  );
  return { tenantId, cnpjId, ids: f.map((r) => r.id) };
}
