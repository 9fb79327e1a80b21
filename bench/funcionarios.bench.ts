/**
 * Employees benchmark (issue 10): on PostgreSQL, the demo tenant grown to
 * 100,000 employees on its main CNPJ (with their current schedule and
 * position), then
 *
 * - POST /api/funcionario/listar — the first page, a free-text search, a
 *   cost centre with its children on a deep page — at 4 and at 20
 *   connections (goal p99 ≤ 25 ms at 4, ≤ 100 ms at 20), driven by
 *   autocannon over loopback against a real server process;
 * - POST /api/funcionario/exportar-csv TODOS: time to the last byte and the
 *   server's resident memory before and at its peak while streaming;
 * - the plans PostgreSQL picks for the list's queries (EXPLAIN ANALYZE).
 *
 * Figures are printed, never asserted. BENCH_SECONDS sets each run's length.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { bancoDescartavel, type Server, rssMb, startServer, stop, login } from './server.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TOTAL = Number(process.env.BENCH_FUNCIONARIOS ?? 100_000);
const PORT = 3410;

/** The employees' names: common Brazilian first names and surnames, so a search for a surname matches thousands. */
const PRIMEIROS = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Antônio',
  'Francisca',
  'Carlos',
  'Paulo',
  'Adriana',
  'Lucas',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Rafael',
  'Sandra',
  'Bruno',
  'Camila',
  'Diego',
];
const SOBRENOMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
];
const TERCEIROS = [
  'Araújo',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Moura',
  'Correia',
  'Pinto',
  'Castro',
];

/**
 * 100,000 employees in one statement per table: names from common Brazilian
 * first names and surnames (so a search for a surname matches thousands),
 * spread over every cost centre of the main CNPJ; ~8% inactive.
 */
async function fill(db: pg.Client): Promise<{ cnpjId: number; producao: number }> {
  const { rows: t } = await db.query<{ tenant_id: number; cnpj_id: number }>(
    `SELECT c.tenant_id, c.id AS cnpj_id FROM cnpjs c JOIN tenants t ON t.id = c.tenant_id
      WHERE t.nome = 'Jornada Demonstração' AND c.principal`,
  );
  const { tenant_id: tenantId, cnpj_id: cnpjId } = t[0]!;
  const started = Date.now();
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, cpf, pis, cracha, registro,
                               data_admissao, data_ativacao, ativo, criado_em)
     SELECT $1, $2, cc.ids[1 + i % array_length(cc.ids, 1)],
            ($4::text[])[1 + i % 20] || ' ' || ($5::text[])[1 + (i / 20) % 20] || ' ' || ($6::text[])[1 + (i / 400) % 20]
            || ' ' || i,
            lpad((50000000000 + i)::text, 11, '0'), lpad((60000000000 + i)::text, 11, '0'),
            (200000 + i)::text, 'B' || i, DATE '2020-01-01' + (i % 1500), DATE '2020-01-01' + (i % 1500),
            i % 12 <> 0, now()
       FROM generate_series(1, $3::int) AS i,
            (SELECT array_agg(id ORDER BY id) AS ids FROM centros_custo WHERE tenant_id = $1 AND cnpj_id = $2) cc`,
    [tenantId, cnpjId, TOTAL, PRIMEIROS, SOBRENOMES, TERCEIROS],
  );
  await db.query(
    `INSERT INTO funcionario_escalas (tenant_id, funcionario_id, escala_id, data_inicio)
     SELECT f.tenant_id, f.id, e.ids[1 + f.id % array_length(e.ids, 1)], f.data_admissao
       FROM funcionarios f, (SELECT array_agg(id) AS ids FROM escalas WHERE tenant_id = $1) e
      WHERE f.tenant_id = $1 AND f.registro LIKE 'B%'`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO funcionario_cargos (tenant_id, funcionario_id, cargo_id, data_inicio)
     SELECT f.tenant_id, f.id, c.ids[1 + f.id % array_length(c.ids, 1)], f.data_admissao
       FROM funcionarios f, (SELECT array_agg(id) AS ids FROM cargos WHERE tenant_id = $1) c
      WHERE f.tenant_id = $1 AND f.registro LIKE 'B%'`,
    [tenantId],
  );
  // The list's search words (db/funcionario-busca.ts, decision 0033).
  await db.query(
    `INSERT INTO funcionario_palavras (tenant_id, funcionario_id, palavra)
     SELECT tenant_id, id, palavra FROM funcionarios, unnest(tsvector_to_array(busca)) AS palavra
      WHERE tenant_id = $1 AND registro LIKE 'B%'`,
    [tenantId],
  );
  // The list is measured on a quiet server: the new employees' days marked dirty (and the consumer job the
  // trigger queued) go with the fill. Calculating them is the calculation benchmark's (calculo.bench.ts).
  await db.query('DELETE FROM calculo_pendencias WHERE tenant_id = $1', [tenantId]);
  await db.query(`DELETE FROM pgboss.job WHERE name = 'calculo-pendencias'`);
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE funcionario_palavras');
  await db.query('VACUUM ANALYZE funcionarios');
  await db.query('VACUUM ANALYZE funcionario_escalas');
  await db.query('VACUUM ANALYZE funcionario_cargos');
  const { rows: p } = await db.query<{ id: number }>(
    `SELECT id FROM centros_custo WHERE tenant_id = $1 AND nome = 'Produção'`,
    [tenantId],
  );
  console.log(
    `${TOTAL.toLocaleString('pt-BR')} funcionários gravados em ${Date.now() - started} ms (com VACUUM ANALYZE)`,
  );
  return { cnpjId, producao: p[0]!.id };
}

async function drive(title: string, opts: autocannon.Options): Promise<void> {
  const result = await autocannon({ duration: DURATION, ...opts });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(58)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  (${result.requests.total} pedidos, ${non2xx} não-2xx)`,
  );
}

async function exportar(s: Server, token: string, cnpjId: number): Promise<void> {
  const pid = s.proc.pid!;
  const antes = rssMb(pid);
  let pico = antes;
  const timer = setInterval(() => (pico = Math.max(pico, rssMb(pid))), 10);
  const started = Date.now();
  const r = await fetch(`${s.url}/api/funcionario/exportar-csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ opcaoExportar: 'TODOS', idCnpj: cnpjId }),
  });
  const primeiroByte = Date.now() - started;
  let bytes = 0;
  let linhas = 0;
  for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) linhas++;
  }
  const total = Date.now() - started;
  clearInterval(timer);
  console.log(
    `POST /api/funcionario/exportar-csv TODOS: ${r.status}, ${linhas.toLocaleString('pt-BR')} linhas, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB em ${total} ms (primeiro byte ${primeiroByte} ms); ` +
      `RSS do servidor ${antes.toFixed(0)} → pico ${pico.toFixed(0)} MiB`,
  );
}

/**
 * The list's queries as the server sends them (the user sees the whole
 * company), planned as the app role under row-level security, where only
 * leakproof operators may use an index (decision 0033).
 */
async function explain(db: pg.Client, cnpjId: number, producao: number): Promise<void> {
  const { rows: t } = await db.query<{ tenant_id: number }>('SELECT tenant_id FROM cnpjs WHERE id = $1', [cnpjId]);
  const tenantId = t[0]!.tenant_id;
  const { rows: cc } = await db.query<{ ids: number[] }>(
    `WITH RECURSIVE d AS (SELECT id FROM centros_custo WHERE id = $1
                          UNION ALL SELECT c.id FROM centros_custo c JOIN d ON c.pai_id = d.id)
     SELECT array_agg(id) AS ids FROM d`,
    [producao],
  );
  const faixa = (t: string, x: string) =>
    `(${t}.palavra COLLATE "C") >= '${x}' AND (${t}.palavra COLLATE "C") < '${x}' || chr(1114111)`;
  /** As the repository writes it: the longest word drives, the others are checked per found employee. */
  const palavras = (guia: string, ...outras: string[]) =>
    `id IN (WITH achados AS MATERIALIZED (SELECT d.funcionario_id FROM funcionario_palavras d
              WHERE d.tenant_id = ${tenantId} AND ${faixa('d', guia)}
              ${outras.map((o) => `AND EXISTS (SELECT 1 FROM funcionario_palavras o WHERE o.tenant_id = ${tenantId} AND o.funcionario_id = d.funcionario_id AND ${faixa('o', o)})`).join(' ')})
            SELECT funcionario_id FROM achados)`;
  const filtros: [string, string][] = [
    ['sem filtro', 'TRUE'],
    ["texto 'silva ara'", palavras('silva', 'ara')],
    ["texto 'maria'", palavras('maria')],
    ['crachá 212345', palavras('212345')],
    ['Produção com filhos', `centro_custo_id IN (${cc[0]!.ids.join(',')})`],
  ];
  await db.query('BEGIN');
  await db.query(`SELECT set_config('role', 'jornada_app', true), jornada_definir_tenant($1::int)`, [tenantId]);
  for (const [nome, f] of filtros) {
    const where = `tenant_id = ${tenantId} AND cnpj_id = ${cnpjId} AND ativo AND (cnpj_id IN (${cnpjId}) OR false) AND ${f}`;
    for (const [q, sqlText] of [
      ['count', `SELECT count(*) FROM funcionarios WHERE ${where}`],
      ['página 1', `SELECT id FROM funcionarios WHERE ${where} ORDER BY nome, id LIMIT 10`],
      ['página 100', `SELECT id FROM funcionarios WHERE ${where} ORDER BY nome, id LIMIT 10 OFFSET 1000`],
    ] as const) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${sqlText}`);
      const plano = rows.map((r) => r['QUERY PLAN']);
      const tempo = /Execution Time: ([\d.]+)/.exec(plano.join('\n'))?.[1];
      const nos = plano
        .filter((l) => /Scan|Sort |Join|Aggregate/.test(l))
        .map((l) =>
          l
            .trim()
            .replace(/^->\s*/, '')
            .replace(/\s+\(cost.*$/, ''),
        )
        .slice(0, 4)
        .join(' / ');
      console.log(`EXPLAIN ${nome.padEnd(20)} ${q.padEnd(10)} ${String(tempo).padStart(8)} ms  ${nos}`);
    }
  }
  await db.query('ROLLBACK');
}

const banco = await bancoDescartavel(pgBase, 'func');
const dataDir = mkdtempSync(join(tmpdir(), 'jornada-bench-func-'));
let server: Server | undefined;
try {
  const env = { DATABASE_URL: banco.url, JORNADA_DATA_DIR: dataDir };
  server = await startServer(env, PORT);
  const db = new pg.Client({ connectionString: banco.url });
  await db.connect();
  const { cnpjId, producao } = await fill(db);
  await explain(db, cnpjId, producao);
  await db.end();
  if (process.env.BENCH_MANTER_BANCO) {
    // For studying plans by hand: the database stays, nothing is driven.
    await stop(server);
    console.log(`banco mantido: ${banco.url}`);
    process.exit(0);
  }
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listar = (body: Record<string, unknown>) => ({
    url: `${server!.url}/api/funcionario/listar`,
    method: 'POST' as const,
    headers,
    body: JSON.stringify({ idCnpj: cnpjId, ativo: true, qtdLinhas: 10, numPagina: 0, ...body }),
  });
  await drive('[postgres] aquecimento', { ...listar({}), connections: 4, duration: 3 });
  for (const c of [4, 20]) {
    await drive(`[postgres] listar 1ª página (${TOTAL / 1000} mil) c=${c}`, { ...listar({}), connections: c });
    await drive(`[postgres] listar texto 'silva ara' c=${c}`, {
      ...listar({ crachaNome: 'silva ara' }),
      connections: c,
    });
    await drive(`[postgres] listar Produção c/ filhos, página 100 c=${c}`, {
      ...listar({ idsCentrosCustos: [producao], numPagina: 100 }),
      connections: c,
    });
    // The figures above repeat one filter, so after its first call the list serves it from the result set it
    // keeps per data version (decision 0059). Here no two calls share a filter: every call pays the search.
    let k = 0;
    await drive(`[postgres] listar texto sempre outro (sem cache) c=${c}`, {
      ...listar({}),
      connections: c,
      requests: [
        {
          setupRequest: (req) => {
            const i = k++;
            const busca = `${PRIMEIROS[i % 20]} ${SOBRENOMES[Math.floor(i / 20) % 20]} ${TERCEIROS[Math.floor(i / 400) % 20]!.slice(0, 3)}`;
            return {
              ...req,
              body: JSON.stringify({
                idCnpj: cnpjId,
                ativo: true,
                qtdLinhas: 10,
                numPagina: Math.floor(i / 8000),
                crachaNome: busca,
              }),
            };
          },
        },
      ],
    });
  }
  await exportar(server, token, cnpjId);
  console.log(`RSS máximo do servidor em toda a execução (VmHWM): ${rssMb(server.proc.pid!, 'VmHWM').toFixed(0)} MiB`);
} finally {
  if (server) await stop(server);
  await banco.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
