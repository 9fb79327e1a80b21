/**
 * Recalculation latency (issue 26, "the two latency benches"): on PostgreSQL, the demo tenant grown to
 * BENCH_FUNCIONARIOS employees (default 10,000; bench/funcionarios-calculados.ts) with February 2026 calculated
 * and stored, a real server process running the jobs (the default deployment), idle otherwise. Then, five times
 * each, the time from the request to the stored result a user would see:
 *
 * 1. one punch: POST /api/afd/upload of an AFD with one line (a fifth punch at 19:00 on 11/02 for a different
 *    employee each time) → that employee's 11/02 stored again with the punch in it (the import job, then the
 *    dirty-days job);
 * 2. one national holiday: POST /api/feriado/salvar of a holiday on a Tuesday of February (a different one each
 *    time) → every bench employee's day of that date stored as a holiday (but on 12x36, spec §4.2 rule 2);
 *    then POST /api/feriado/excluir of it → every one back to an ordinary day.
 *
 * Each change also prints the rows it wrote to `calculo_dias` (new, rewritten, deleted: the row versions before
 * and after, compared outside the timing) and the load average. The stored days are read every 20 ms (one employee) or 250 ms (the whole
 * date). Figures are printed, never asserted.
 *
 * BENCH_SO=marcacao or feriado runs only that part. With pg_stat_statements loaded on the server (and created in
 * its `postgres` database), the holidays' statements are counted and the costliest printed: where the database's
 * CPU goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpfCheckDigits, writeAfd671 } from '../packages/fiscal/src/index.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { executarCalculo } from '../apps/api/src/modules/calculo/calculo.jobs.js';
import { systemClock } from '../apps/api/src/shared/clock.js';
import { createCpuPool } from '../apps/api/src/shared/cpu-pool.js';
import { execucaoDeFevereiro, preencherFuncionarios } from './funcionarios-calculados.js';
import { bancoDescartavel, cpuDoPostgres, cpuDoProcesso, login, startServer, stop, type Server } from './server.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.BENCH_FUNCIONARIOS ?? 10_000);
const VEZES = Number(process.env.BENCH_VEZES ?? 5);
const PORT = 3433;
const SO = process.env.BENCH_SO;
/** Tuesdays of February 2026, one per holiday run. */
const TERCAS = ['2026-02-03', '2026-02-10', '2026-02-17', '2026-02-24', '2026-02-03'];

/** The employee who gets the `i`-th run's punch. */
const doAfd = (ids: readonly number[], i: number) => ids[(i * 7919) % ids.length]!;

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const carga = () => loadavg()[0]!.toFixed(1);
/** The running server's process, for its CPU figures. */
let pidDoServidor = 0;
/** CPU spent so far by the server (every thread) and by PostgreSQL (bench/server.ts). */
const cpuAgora = () => ({ servidor: cpuDoProcesso(pidDoServidor), pg: cpuDoPostgres() });
/** What each spent since `a`: the work of a change beside its wall time (two cores: wall ≥ (a + b) / 2). */
const cpuDesde = (a: { servidor: number; pg: number }) => {
  const b = cpuAgora();
  return `CPU: o servidor ${(b.servidor - a.servidor).toFixed(2)} s, PostgreSQL ${(b.pg - a.pg).toFixed(2)} s`;
};

/** Each stored day's row version (xmin) by employee and date: what a change wrote is what differs after it. */
async function escritasDias(db: pg.Client): Promise<Map<string, string>> {
  const { rows } = await db.query<{ k: string; v: string }>(
    `SELECT funcionario_id || ' ' || dia AS k, xmin::text AS v FROM calculo_dias`,
  );
  return new Map(rows.map((r) => [r.k, r.v]));
}

/** Waits (bounded) until `pronto` answers true, reading every `cadaMs`; answers the milliseconds since `desde`. */
async function ate(pronto: () => Promise<boolean>, desde: number, cadaMs: number, limiteMs = 120_000): Promise<number> {
  for (;;) {
    if (await pronto()) return performance.now() - desde;
    if (performance.now() - desde > limiteMs) return NaN;
    await new Promise((r) => setTimeout(r, cadaMs));
  }
}

/** What one change wrote to `calculo_dias`: rows new, rewritten (a new version) and gone since `antes`. */
async function linhas(db: pg.Client, antes: Map<string, string>): Promise<string> {
  const depois = await escritasDias(db);
  let novas = 0;
  let reescritas = 0;
  for (const [k, v] of depois) {
    const a = antes.get(k);
    if (a === undefined) novas++;
    else if (a !== v) reescritas++;
  }
  const apagadas = [...antes.keys()].filter((k) => !depois.has(k)).length;
  return `${novas} inseridas, ${reescritas} reescritas, ${apagadas} apagadas`;
}

async function umaMarcacao(server: Server, db: pg.Client, cnpjId: number, ids: readonly number[]): Promise<void> {
  const token = await login(server.url);
  const { rows } = await db.query<{ numero: string }>(`SELECT numero FROM cnpjs WHERE id = $1`, [cnpjId]);
  const numero = rows[0]!.numero;
  const tempos: number[] = [];
  for (let i = 0; i < VEZES; i++) {
    const id = doAfd(ids, i);
    const { rows: f } = await db.query<{ cpf: string }>(`SELECT cpf FROM funcionarios WHERE id = $1`, [id]);
    const antes = (
      await db.query<{ r: string }>(
        `SELECT resultado::text AS r FROM calculo_dias WHERE funcionario_id = $1 AND dia = '2026-02-11'`,
        [id],
      )
    ).rows[0]?.r;
    const afd = writeAfd671({
      repKind: 'REP_C',
      employer: { idKind: 1, id: numero, name: 'EMPRESA' },
      repIdentifier: '00004000000099001',
      developer: { idKind: 1, id: '11444777000161' },
      model: 'BENCH',
      firstDate: '2026-02-11',
      lastDate: '2026-02-11',
      generatedAt: { local: '2026-02-12T09:00', offset: '-0300' },
      entries: [{ type: 3, dateTime: { local: `2026-02-11T19:0${i}`, offset: '-0300' }, cpf: f[0]!.cpf }],
    }).bytes;
    const corpo = new FormData();
    corpo.append(
      'jsonRequisicao',
      JSON.stringify({
        numeroPortaria: '671',
        numCnpjRelogio: numero,
        cnpj: { id: cnpjId },
        dataInicio: '2026-02-11',
        dataFinal: '2026-02-11',
        nomeDocumento: 'AFD',
        nomeArquivo: 'afd.txt',
        servico: 'arquivoAFD',
        tipoDocumento: 'txt',
        usuarioRequisicao: { id: 1 },
      }),
    );
    corpo.append('afdStream', new Blob([afd]), `AFD0000400000009900${i}.txt`);
    const escritas = await escritasDias(db);
    const t0 = performance.now();
    const r = await fetch(`${server.url}/api/afd/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: corpo,
    });
    if (r.status !== 200) throw new Error(`afd/upload ${r.status} ${await r.text()}`);
    const resposta = performance.now() - t0;
    const ms = await ate(
      async () =>
        (
          await db.query<{ r: string }>(
            `SELECT resultado::text AS r FROM calculo_dias WHERE funcionario_id = $1 AND dia = '2026-02-11'`,
            [id],
          )
        ).rows[0]?.r !== antes,
      t0,
      20,
    );
    tempos.push(ms);
    console.log(
      `[postgres] uma marcação (AFD de 1 linha) → dia gravado: ${ms.toFixed(0)} ms ` +
        `(upload respondeu em ${resposta.toFixed(0)} ms; calculo_dias: ${await linhas(db, escritas)}; carga ${carga()})`,
    );
  }
  console.log(
    `[postgres] uma marcação → dia gravado: mediana de ${VEZES} ${mediana(tempos).toFixed(0)} ms (meta ≤ 1 s)`,
  );
}

async function umFeriado(server: Server, db: pg.Client, tenantId: number, todos: readonly number[]): Promise<void> {
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Spec §4.2 rule 2: a holiday does not apply on a 12x36 regime (the demo's 'Vigilância 12x36 Noturno'), whose
  // days keep their own type: those employees are left out of the count (issue 26 §3).
  const { rows: alvo } = await db.query<{ id: number }>(
    `SELECT d.funcionario_id AS id FROM calculo_dias d JOIN escalas e ON e.id = d.escala_id
      WHERE d.tenant_id = $1 AND d.dia = '2026-02-01' AND d.funcionario_id = ANY($2::int[])
        AND e.descricao NOT LIKE '%12x36%'`,
    [tenantId, todos],
  );
  const ids = alvo.map((r) => r.id);
  console.log(
    `[postgres] feriado: ${ids.length.toLocaleString('pt-BR')} dos ${todos.length.toLocaleString('pt-BR')} ` +
      'funcionários têm feriados (os de 12x36 não, §4.2)',
  );
  const doDia = async (data: string) =>
    (
      await db.query<{ feriado: number; total: number }>(
        `SELECT count(*) FILTER (WHERE tipo_dia = 'holiday')::int AS feriado, count(*)::int AS total
           FROM calculo_dias WHERE tenant_id = $1 AND dia = $2::date AND funcionario_id = ANY($3::int[])`,
        [tenantId, data, ids],
      )
    ).rows[0]!;
  // The consumer deletes its dirty rows in the transaction that stores their days: the tenant's dirty rows gone is
  // the cheap signal that every day is stored, and the count over the holiday's 8,334 days (about 100 ms of the
  // database's CPU) runs only then, to confirm. Polled every 250 ms, the count took some 40 % of a core from the
  // very work being timed on this 2-core machine; and a count of the dirty rows themselves, every 20 ms, 0.2 s of
  // the database's CPU per change: whether one is left is enough.
  const semPendencias = async () =>
    !(
      await db.query<{ ha: boolean }>(`SELECT EXISTS (SELECT 1 FROM calculo_pendencias WHERE tenant_id = $1) AS ha`, [
        tenantId,
      ])
    ).rows[0]!.ha;
  const novos: number[] = [];
  const desfeitos: number[] = [];
  for (let i = 0; i < VEZES; i++) {
    const data = TERCAS[i % TERCAS.length]!;
    let escritas = await escritasDias(db);
    let cpu = cpuAgora();
    let t0 = performance.now();
    const r = await fetch(`${server.url}/api/feriado/salvar`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        feriado: { data, descricao: `Feriado do bench ${i}`, abrangencia: 1, fixo: false },
        usuarioRequisicao: {},
      }),
    });
    if (r.status !== 200) throw new Error(`feriado/salvar ${r.status} ${await r.text()}`);
    const ms = await ate(async () => (await semPendencias()) && (await doDia(data)).feriado === ids.length, t0, 20);
    // The CPU of the change alone: taken before the reads that count what it wrote.
    const gasto = cpuDesde(cpu);
    const falta = ids.length - (await doDia(data)).feriado;
    if (falta > 0) {
      // Which days did not become holidays: their type and schedule (issue 26 §3).
      const { rows: resto } = await db.query<{ tipo: string; escala: string; n: number }>(
        `SELECT d.tipo_dia AS tipo, e.descricao AS escala, count(*)::int AS n
           FROM calculo_dias d LEFT JOIN escalas e ON e.id = d.escala_id
          WHERE d.tenant_id = $1 AND d.dia = $2::date AND d.funcionario_id = ANY($3::int[]) AND d.tipo_dia <> 'holiday'
          GROUP BY 1, 2 ORDER BY 3 DESC`,
        [tenantId, data, ids],
      );
      console.log(`  não viraram feriado: ${resto.map((x) => `${x.n} ${x.tipo} (${x.escala})`).join(', ')}`);
    }
    novos.push(ms);
    console.log(
      `[postgres] feriado nacional novo em ${data} → ${ids.length.toLocaleString('pt-BR')} dias gravados como feriado: ` +
        `${Number.isNaN(ms) ? `não em 120 s (${falta} ainda não)` : `${(ms / 1000).toFixed(2)} s`} ` +
        `(calculo_dias: ${await linhas(db, escritas)}; ${gasto}; carga ${carga()})`,
    );
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM feriados WHERE tenant_id = $1 AND descricao = $2`, [
      tenantId,
      `Feriado do bench ${i}`,
    ]);
    escritas = await escritasDias(db);
    cpu = cpuAgora();
    t0 = performance.now();
    const x = await fetch(`${server.url}/api/feriado/excluir`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ feriado: { id: rows[0]!.id }, usuarioRequisicao: {} }),
    });
    if (x.status !== 200) throw new Error(`feriado/excluir ${x.status} ${await x.text()}`);
    const ms2 = await ate(async () => (await semPendencias()) && (await doDia(data)).feriado === 0, t0, 20);
    const gasto2 = cpuDesde(cpu);
    desfeitos.push(ms2);
    console.log(
      `[postgres] o mesmo feriado excluído → os dias voltam a dia comum: ` +
        `${Number.isNaN(ms2) ? 'não em 120 s' : `${(ms2 / 1000).toFixed(2)} s`} ` +
        `(calculo_dias: ${await linhas(db, escritas)}; ${gasto2}; carga ${carga()})`,
    );
  }
  console.log(
    `[postgres] feriado nacional: mediana de ${VEZES} ${(mediana(novos) / 1000).toFixed(2)} s para incluir, ` +
      `${(mediana(desfeitos) / 1000).toFixed(2)} s para excluir (meta ≤ 5 s)`,
  );
}

/**
 * pg_stat_statements on the bench's server, when it is loaded: `zerar` before the part studied, `imprimir` after it
 * (the 12 statements of most execution time). Undefined when the extension is not there.
 */
async function estudoDasInstrucoes(base: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
  } catch {
    await c.end();
    return undefined;
  }
  return {
    zerar: async () => void (await c.query('SELECT pg_stat_statements_reset()')),
    imprimir: async () => {
      const { rows } = await c.query<{ ms: number; n: number; linhas: number; q: string }>(
        `SELECT round(total_exec_time)::int AS ms, calls::int AS n, rows::int AS linhas,
                regexp_replace(left(query, 140), '\\s+', ' ', 'g') AS q
           FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 12`,
      );
      console.log('[postgres] instruções de mais tempo durante os feriados (pg_stat_statements):');
      for (const r of rows) console.log(`  ${r.ms} ms em ${r.n}× (${r.linhas} linhas): ${r.q}`);
      await c.end();
    },
  };
}

const banco = await bancoDescartavel(pgBase, 'recalc');
const dataDir = mkdtempSync(join(tmpdir(), 'jornada-bench-recalc-'));
const cpu = createCpuPool();
let server: Server | undefined;
const db = new pg.Client({ connectionString: banco.url });
try {
  const env = { DATABASE_URL: banco.url, JORNADA_DATA_DIR: dataDir };
  // The first start migrates and seeds the demo data.
  server = await startServer(env, PORT);
  await stop(server);
  server = undefined;
  await db.connect();
  const { tenantId, cnpjId, ids } = await preencherFuncionarios(db, TOTAL);
  // The employees who get a punch by AFD need a CPF the file can carry (the fill's are only unique).
  for (let i = 0; i < VEZES; i++) {
    const base = String(500_000_000 + i * 7);
    await db.query(`UPDATE funcionarios SET cpf = $1 WHERE id = $2`, [base + cpfCheckDigits(base), doAfd(ids, i)]);
  }
  await db.query(`DELETE FROM calculo_pendencias WHERE tenant_id = $1`, [tenantId]);
  await db.query(`DELETE FROM pgboss.job WHERE name = 'calculo-pendencias'`);
  // February calculated and stored, in this process (as Calcular's job does it).
  const database = await openDatabase({ databaseUrl: banco.url, poolSize: 4 });
  try {
    const execucaoId = await execucaoDeFevereiro(database, tenantId, cnpjId, ids);
    const silencioso = { error: (...a: unknown[]) => console.error(...a) } as never;
    await executarCalculo({ db: database.app, log: silencioso, cpu, clock: systemClock }, { tenantId, execucaoId });
  } finally {
    await database.close();
  }
  await db.query('VACUUM ANALYZE calculo_dias, calculo_semanas, calculo_resumos');
  server = await startServer(env, PORT);
  pidDoServidor = server.proc.pid!;
  if (SO !== 'feriado') await umaMarcacao(server, db, cnpjId, ids);
  if (SO !== 'marcacao') {
    const estudo = await estudoDasInstrucoes(pgBase);
    await estudo?.zerar();
    await umFeriado(server, db, tenantId, ids);
    await estudo?.imprimir();
  }
} finally {
  if (server) await stop(server);
  await db.end().catch(() => undefined);
  await cpu.close();
  await banco.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
