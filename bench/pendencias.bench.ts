/**
 * Cost of the dirty-day triggers (issue 11 §2, decision 0053) on the largest
 * write the product makes: 1,000,000 punch links (`marcacao_funcionarios`,
 * 10,000 employees × 25 days × 4 punches), stored by COPY, with the trigger
 * and without it, in one statement and in 20 batches (an import committing as
 * it goes). On PostgreSQL (a fresh database, created and dropped; server-side
 * COPY from a file the server writes; batches in time order, as an AFD file
 * is), then on PostgreSQL and PGlite the trigger's share of one INSERT …
 * SELECT by EXPLAIN ANALYZE (the embedded database has no server file to COPY
 * from, and its runs of minutes swing with the machine's load). Figures are
 * printed, never asserted.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/client.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FUNCIONARIOS = Number(process.env.BENCH_PENDENCIAS_FUNCIONARIOS ?? 10_000);
const DIAS = 25;
const POR_DIA = 4;
const LINHAS = FUNCIONARIOS * DIAS * POR_DIA;
const LOTES = 20;
const GATILHO = 'marcacao_funcionarios_pendencias_ins';

async function run(db: Database, text: string): Promise<void> {
  await db.owner.execute(text);
}

async function count(db: Database, text: string): Promise<number> {
  const r = (await db.owner.execute(text)) as unknown as { rows: { n: string | number }[] };
  return Number(r.rows[0]!.n);
}

/** One tenant, company, cost centre, the employees and their punches (the links are what is measured). */
async function preparar(db: Database): Promise<void> {
  await run(
    db,
    `DO $$
DECLARE t int; c int; cc int;
BEGIN
  INSERT INTO tenants (nome) VALUES ('Bench') RETURNING id INTO t;
  INSERT INTO empresas (tenant_id, nome) VALUES (t, 'Bench');
  INSERT INTO cnpjs (tenant_id, empresa_id, numero, razao_social)
    SELECT t, id, '11222333000181', 'Bench' FROM empresas WHERE tenant_id = t RETURNING id INTO c;
  INSERT INTO centros_custo (tenant_id, cnpj_id, tipo, codigo, nome) VALUES (t, c, 1, '1', 'Bench') RETURNING id INTO cc;
  INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, cpf, cracha, registro, data_admissao, data_ativacao)
    SELECT t, c, cc, 'F' || g, lpad(g::text, 11, '0'), g::text, g::text, '2020-01-01', '2020-01-01'
      FROM generate_series(1, ${FUNCIONARIOS}) g;
  INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
    SELECT t, c, 'R', row_number() OVER (), make_timestamp(2026, 3, d, 6 + k * 3, 0, 0), 'America/Sao_Paulo', f.id::text
      FROM funcionarios f, generate_series(1, ${DIAS}) d, generate_series(0, ${POR_DIA - 1}) k
     WHERE f.tenant_id = t;
END $$`,
  );
  await run(
    db,
    `CREATE UNLOGGED TABLE bench_links AS
       SELECT tenant_id, id AS marcacao_id, identificador::int AS funcionario_id, data_hora, origem,
              ntile(${LOTES}) OVER (ORDER BY data_hora, id) AS lote
         FROM marcacoes`,
  );
  await run(db, 'VACUUM ANALYZE');
}

const limpar = (db: Database) => run(db, 'TRUNCATE marcacao_funcionarios, calculo_pendencias');

const INSERIR_TUDO = `INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
  SELECT tenant_id, marcacao_id, funcionario_id, data_hora, origem FROM bench_links`;

/**
 * The trigger's own share, free of the machine's load swings between runs:
 * EXPLAIN ANALYZE of one INSERT … SELECT of every row times each trigger of
 * the same statement (ours, and the foreign-key checks every row pays).
 */
async function parcelaDoGatilho(db: Database): Promise<void> {
  await limpar(db);
  const r = (await db.owner.execute(`EXPLAIN (ANALYZE, FORMAT JSON) ${INSERIR_TUDO}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ 'Execution Time': number; Triggers: { 'Trigger Name': string; Time: number }[] }] }[];
  };
  const plano = r.rows[0]!['QUERY PLAN'][0];
  const nosso = plano.Triggers.find((t) => t['Trigger Name'] === GATILHO)?.Time ?? 0;
  const chaves = plano.Triggers.filter((t) => t['Trigger Name'] !== GATILHO).reduce((s, t) => s + t.Time, 0);
  console.log(
    `  EXPLAIN ANALYZE de um INSERT … SELECT: ${(plano['Execution Time'] / 1000).toFixed(2)} s no total, ` +
      `${(nosso / 1000).toFixed(2)} s no gatilho de pendências ` +
      `(${((100 * nosso) / plano['Execution Time']).toFixed(1)} %), ${(chaves / 1000).toFixed(2)} s nas chaves estrangeiras`,
  );
}

async function medir(
  db: Database,
  rotulo: string,
  comGatilho: boolean,
  escrever: () => Promise<void>,
): Promise<{ ms: number; pendencias: number }> {
  await limpar(db);
  await run(db, `ALTER TABLE marcacao_funcionarios ${comGatilho ? 'ENABLE' : 'DISABLE'} TRIGGER ${GATILHO}`);
  await run(db, 'CHECKPOINT');
  const t0 = performance.now();
  await escrever();
  const ms = performance.now() - t0;
  const pendencias = await count(db, 'SELECT count(*) AS n FROM calculo_pendencias');
  console.log(
    `  ${rotulo.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s   ${String(pendencias).padStart(7)} faixas pendentes`,
  );
  return { ms, pendencias };
}

async function cenarios(db: Database, escreverLote: (lote: number | null) => Promise<void>): Promise<void> {
  const tudo = () => escreverLote(null);
  const emLotes = async () => {
    for (let l = 1; l <= LOTES; l++) await escreverLote(l);
  };
  const semUm = await medir(db, 'um comando, sem o gatilho', false, tudo);
  const comUm = await medir(db, 'um comando, com o gatilho', true, tudo);
  const semLotes = await medir(db, `${LOTES} lotes, sem o gatilho`, false, emLotes);
  const comLotes = await medir(db, `${LOTES} lotes, com o gatilho`, true, emLotes);
  console.log(
    `  custo do gatilho: ×${(comUm.ms / semUm.ms).toFixed(2)} num comando, ×${(comLotes.ms / semLotes.ms).toFixed(2)} em lotes` +
      ` (${LINHAS.toLocaleString('pt-BR')} linhas, ${FUNCIONARIOS.toLocaleString('pt-BR')} funcionários)`,
  );
  await run(db, `ALTER TABLE marcacao_funcionarios ENABLE TRIGGER ${GATILHO}`);
}

async function postgres(): Promise<void> {
  const name = `jornada_bench_pend_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  let db: Database | undefined;
  try {
    db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const d = db;
    console.log(`PostgreSQL: preparando ${LINHAS.toLocaleString('pt-BR')} marcações…`);
    await preparar(d);
    // The server writes the files it will COPY from (bench only: the owner here is a superuser).
    const arquivo = (l: number | null) => `/tmp/${name}_${l ?? 'todos'}.csv`;
    for (const l of [null, ...Array.from({ length: LOTES }, (_, i) => i + 1)]) {
      await run(
        d,
        `COPY (SELECT tenant_id, marcacao_id, funcionario_id, data_hora, origem FROM bench_links
                ${l === null ? '' : `WHERE lote = ${l}`}) TO '${arquivo(l)}' (FORMAT csv)`,
      );
    }
    await parcelaDoGatilho(d);
    console.log('COPY para marcacao_funcionarios:');
    await cenarios(d, (l) =>
      run(
        d,
        `COPY marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem) FROM '${arquivo(l)}' (FORMAT csv)`,
      ),
    );
  } finally {
    for (const f of readdirSync('/tmp')) if (f.startsWith(name)) rmSync(join('/tmp', f), { force: true });
    await db?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function pglite(): Promise<void> {
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    console.log(`PGlite: preparando ${LINHAS.toLocaleString('pt-BR')} marcações…`);
    await preparar(db);
    await parcelaDoGatilho(db);
  } finally {
    await db.close();
  }
}

const rss = () => `${Math.round(process.memoryUsage().rss / 1048576)} MB`;
await postgres();
await pglite();
console.log(`memória do processo no fim: ${rss()}`);
