/**
 * Calculation benchmark (issue 11 §5 "Benchmark"): on PostgreSQL, the demo
 * tenant's main company grown to 10,000 employees over the demo schedules
 * (44 h, 40 h, 12x36 nights, 6x1, flexible, hour bank), with seven weeks of
 * punches around February 2026 (late arrivals, ~3 % absent days, ~1 %
 * forgotten punches, overtime), occurrences, days off and bank entries. Then:
 *
 * 1. the month recalculated for every employee end to end, in this process,
 *    through the job handler (`executarCalculo`: per batch one transaction —
 *    lock, read every input set-based, engine, bulk write, progress) — twice:
 *    the first run writes into empty tables, the second replaces its rows;
 * 2. the bare read + write of the same rows, in the same batches: the same
 *    read statements, and the same result rows (computed outside the timing)
 *    written by the same statements; the goal is run 2 ≤ 3 × this;
 * 3. a real server process on the same database: POST /api/calculo-ponto/
 *    calcular for the whole company, timed until the progress read says
 *    PROCESSADO — once alone, then while two clients call POST
 *    /api/funcionario/listar back to back (their p50/p99: goal p99 ≤ 100 ms).
 *
 * 4. On the same server, the month calculated: Controle do Ponto's page and
 *    Marcações of one employee-month at 20 connections (issue 23, goal p99
 *    ≤ 50 ms).
 *
 * Peak memory: this process's RSS and heap, sampled every 20 ms during each
 * run. Figures are printed, never asserted. BENCH_FUNCIONARIOS sets the size.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/client.js';
import { withTenant } from '../apps/api/src/db/tenant-tx.js';
import { calculoRepository as repo } from '../apps/api/src/modules/calculo/calculo.repository.js';
import {
  fechamentoDoCliente,
  lerPeriodo,
  linhasDoLote,
  type Trabalho,
} from '../apps/api/src/modules/calculo/calculo.service.js';
import { executarCalculo, LOTE_FUNCIONARIOS } from '../apps/api/src/modules/calculo/calculo.jobs.js';
import type { Periodo } from '../apps/api/src/modules/calculo/entrada-motor.js';
import { systemClock } from '../apps/api/src/shared/clock.js';
import { createCpuPool } from '../apps/api/src/shared/cpu-pool.js';
import { bancoDescartavel, type Server, login, rssMb, startServer, stop } from './server.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.BENCH_FUNCIONARIOS ?? 10_000);
const PORT = 3431;
const raiz = join(fileURLToPath(import.meta.url), '..', '..');
const FEV: Periodo = { inicio: '2026-02-01', fim: '2026-02-28' };

/** The bench's employees (registro 'C…') with histories, punches and the other inputs, in SQL. */
async function fill(db: pg.Client): Promise<{ tenantId: number; cnpjId: number; ids: number[] }> {
  const { rows: t } = await db.query<{ tenant_id: number; cnpj_id: number }>(
    `SELECT c.tenant_id, c.id AS cnpj_id FROM cnpjs c JOIN tenants t ON t.id = c.tenant_id
      WHERE t.nome = 'Jornada Demonstração' AND c.principal`,
  );
  const { tenant_id: tenantId, cnpj_id: cnpjId } = t[0]!;
  const started = Date.now();
  await db.query('SELECT setseed(0.42)');
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, cpf, pis, cracha, registro,
                               data_admissao, data_ativacao, ativo)
     SELECT $1, $2, cc.ids[1 + i % array_length(cc.ids, 1)], 'Calculado ' || i,
            lpad((40000000000 + i)::text, 11, '0'), lpad((30000000000 + i)::text, 11, '0'),
            (300000 + i)::text, 'C' || i, DATE '2020-01-01', DATE '2020-01-01', true
       FROM generate_series(1, $3::int) AS i,
            (SELECT array_agg(id ORDER BY id) AS ids FROM centros_custo WHERE tenant_id = $1 AND cnpj_id = $2) cc`,
    [tenantId, cnpjId, TOTAL],
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
    `${TOTAL.toLocaleString('pt-BR')} funcionários, ${n[0]!.n.toLocaleString('pt-BR')} marcações gravados em ` +
      `${Date.now() - started} ms (com VACUUM ANALYZE)`,
  );
  return { tenantId, cnpjId, ids: f.map((r) => r.id) };
}

/** Peak RSS and heap of this process while `fn` runs, sampled every 20 ms. */
async function comMemoria<T>(fn: () => Promise<T>): Promise<{ r: T; ms: number; rss: number; heap: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  let rss = 0;
  let heap = 0;
  const amostra = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(amostra, 20);
  const started = performance.now();
  try {
    const r = await fn();
    amostra();
    return { r, ms: performance.now() - started, rss: rss / 2 ** 20, heap: heap / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

function lotes<T>(itens: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < itens.length; i += n) out.push(itens.slice(i, i + n));
  return out;
}

const silencioso = { error: (...a: unknown[]) => console.error(...a) } as never;

/** The job's engine threads, as the server and `npm run worker` give it (shared/cpu-pool.ts). */
const cpu = createCpuPool();

/** 1. The job handler over every employee (one run row, as Calcular creates it). */
async function completo(database: Database, tenantId: number, cnpjId: number, ids: number[]) {
  const execucaoId = await withTenant(database.app, tenantId, (tx) =>
    repo.criarExecucao(tx, tenantId, {
      usuarioId: null,
      cnpjId,
      modo: 'simples',
      dataInicio: FEV.inicio,
      dataFinal: FEV.fim,
      parametros: { funcionarioIds: ids, periodos: [FEV] },
      total: ids.length,
    }),
  );
  // How long this process's event loop was held at a time (what an HTTP request in the same process would wait).
  const atraso = monitorEventLoopDelay({ resolution: 5 });
  atraso.enable();
  const m = await comMemoria(() =>
    executarCalculo({ db: database.app, log: silencioso, cpu, clock: systemClock }, { tenantId, execucaoId }),
  );
  atraso.disable();
  const e = await withTenant(database.app, tenantId, (tx) => repo.execucao(tx, tenantId, execucaoId));
  if (e?.status !== 'PROCESSADO') throw new Error(`execução terminou ${e?.status}: ${e?.mensagem}`);
  return { ...m, laco: { p99: atraso.percentile(99) / 1e6, max: atraso.max / 1e6 } };
}

/** 2. The same batches, read and written bare: the read statements, then the same rows (computed untimed). */
async function nu(database: Database, tenantId: number, ids: number[]) {
  let leitura = 0;
  let escrita = 0;
  let linhas = 0;
  const m = await comMemoria(async () => {
    for (const lote of lotes(ids, LOTE_FUNCIONARIOS)) {
      const t0 = performance.now();
      const { l, fechamento } = await withTenant(database.app, tenantId, async (tx) => {
        const w: Trabalho = { tx, tenantId, now: new Date() };
        return { fechamento: await fechamentoDoCliente(w), l: await lerPeriodo(w, lote, FEV) };
      });
      leitura += performance.now() - t0;
      // The same rows the full run stores, computed outside the timing.
      const { dias, semanas, resumos } = await linhasDoLote(l, fechamento, FEV);
      linhas += dias.tamanho;
      const t1 = performance.now();
      await withTenant(database.app, tenantId, (tx) =>
        repo.gravar(
          tx,
          tenantId,
          l.funcionarios.map((f) => f.id),
          FEV,
          dias,
          semanas,
          resumos,
        ),
      );
      escrita += performance.now() - t1;
    }
  });
  return { ...m, leitura, escrita, linhas };
}

function percentil(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

/**
 * 3. Calcular through a real server, end to end (the call, the queue, the job, the progress read), while
 * `clientes` clients list employees back to back (none: the calculation's own time through the server).
 */
async function latencia(server: Server, cnpjId: number, implantacao: string, clientes = 2): Promise<void> {
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listar = async () => {
    const t = performance.now();
    const r = await fetch(`${server.url}/api/funcionario/listar`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ idCnpj: cnpjId, ativo: true, qtdLinhas: 10, numPagina: 0 }),
    });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`listar ${r.status}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 50; i++) await listar();
  const started = performance.now();
  const r = await fetch(`${server.url}/api/calculo-ponto/calcular`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ cnpj: { id: cnpjId }, mes: 2, ano: 2026 }),
  });
  const { id, total } = (await r.json()) as { id: number; total: number };
  let fim = false;
  const tempos: number[] = [];
  const cliente = async () => {
    while (!fim) tempos.push(await listar());
  };
  const acompanhar = async () => {
    for (;;) {
      await new Promise((res) => setTimeout(res, 250));
      const p = (await (await fetch(`${server.url}/api/calculo-ponto/progresso/${id}`, { headers })).json()) as {
        status: string;
        mensagem: string | null;
      };
      if (p.status === 'PROCESSADO' || p.status === 'ERRO') {
        fim = true;
        if (p.status === 'ERRO') console.log(`cálculo pelo servidor: ERRO ${p.mensagem}`);
        return;
      }
    }
  };
  await Promise.all([...Array.from({ length: clientes }, cliente), acompanhar()]);
  const duracao = performance.now() - started;
  console.log(
    `[postgres] ${implantacao}: Calcular (${total.toLocaleString('pt-BR')} funcionários × fev/2026) ` +
      `${(duracao / 1000).toFixed(1)} s até PROCESSADO${clientes ? '' : ' (nenhuma outra chamada)'}`,
  );
  if (clientes === 0) return;
  console.log(
    `[postgres] ${implantacao}: POST /api/funcionario/listar durante o cálculo (2 clientes): ` +
      `${tempos.length} chamadas, ` +
      `p50 ${percentil(tempos, 50).toFixed(1)} ms, p99 ${percentil(tempos, 99).toFixed(1)} ms, ` +
      `máx ${Math.max(...tempos).toFixed(1)} ms`,
  );
}

/**
 * Issue 23's goals on the calculated month, the server idle otherwise, 20 connections each: Controle do Ponto's
 * page (the first and a deep one) and Marcações of one employee-month (Detalhes, Resumo), each call a different
 * employee. Goal p99 ≤ 50 ms.
 */
async function telasDoPonto(server: Server, cnpjId: number, ids: readonly number[]): Promise<void> {
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const segundos = Number(process.env.BENCH_SECONDS ?? 10);
  const medir = async (titulo: string, path: string, corpo: (i: number) => object, metaP99 = 50) => {
    let i = 0;
    const r = await autocannon({
      url: `${server.url}${path}`,
      connections: 20,
      duration: segundos,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (req) => ({ ...req, body: JSON.stringify(corpo(i++)) }),
        },
      ],
    });
    console.log(
      `[postgres] ${titulo.padEnd(52)} 20 conexões: ${r.requests.average.toFixed(0)} req/s, ` +
        `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${r.requests.total} pedidos, ${r.non2xx + r.errors} não-2xx; meta p99 ≤ ${metaP99} ms)`,
    );
  };
  const mes = { mes: 2, ano: 2026, cnpj: cnpjId };
  const paginas = Math.floor(ids.length / 10);
  await medir('Controle do Ponto: 1ª página (10 linhas)', '/api/controle-ponto/listar', () => ({
    ...mes,
    qtdLinhas: 10,
    numPagina: 0,
  }));
  await medir('Controle do Ponto: páginas ao acaso (10 linhas)', '/api/controle-ponto/listar', (i) => ({
    ...mes,
    qtdLinhas: 10,
    numPagina: (i * 7919) % paginas,
  }));
  await medir('Marcações, Detalhes: um funcionário × fev/2026', '/api/controle-ponto/buscar-calcular-ponto', (i) => ({
    ...mes,
    funcionario: ids[(i * 7919) % ids.length],
  }));
  await medir('Marcações, Resumo: um funcionário × fev/2026', '/api/controle-ponto/buscar-resumo-funcionario', (i) => ({
    ...mes,
    funcionario: ids[(i * 7919) % ids.length],
  }));
  // A day action (decision 0074): the write, the employee's month recalculated (the week, the bank onward) and
  // the month read back, in one request. 'Não é Feriado' / 'É Feriado' on 10/02 alternate per employee.
  await medir(
    'Ação do dia: Feriado do dia, mês recalculado na resposta',
    '/api/feriado-excluido/salvar',
    (i) => ({
      cnpj: cnpjId,
      funcionario: ids[(i * 7919) % ids.length],
      data: '2026-02-10',
      excluido: Math.floor(i / ids.length) % 2 === 0,
    }),
    150,
  );
}

/**
 * Issue 23 §5: the espelho de ponto of 1,000 employees through the document queue (request → PROCESSADO, the
 * PDF read through its link), goal ≤ 30 s, while 2 clients page Controle do Ponto back to back (goal p99 < 100 ms).
 */
async function espelho(server: Server, cnpjId: number, ids: readonly number[]): Promise<void> {
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const paginas = Math.floor(ids.length / 10);
  let n = 0;
  const listar = async () => {
    const t = performance.now();
    const r = await fetch(`${server.url}/api/controle-ponto/listar`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mes: 2, ano: 2026, cnpj: cnpjId, qtdLinhas: 10, numPagina: (n++ * 7919) % paginas }),
    });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`controle-ponto/listar ${r.status}`);
    return performance.now() - t;
  };
  const ociosos: number[] = [];
  for (let i = 0; i < 200; i++) ociosos.push(await listar());
  const quantos = Number(process.env.BENCH_ESPELHOS ?? 1000);
  const started = performance.now();
  const r = await fetch(`${server.url}/api/solicitacao-documento`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      servico: 'espelhoPonto',
      tipoDocumento: 'pdf',
      cnpj: cnpjId,
      idsFuncionarios: ids.slice(0, quantos),
      todos: false,
      mesSelecionado: 2,
      anoSelecionado: 2026,
    }),
  });
  if (r.status !== 200) throw new Error(`solicitacao-documento ${r.status} ${await r.text()}`);
  const { id } = (await r.json()) as { id: number };
  let fim = false;
  let link: string | null = null;
  const tempos: number[] = [];
  const cliente = async () => {
    while (!fim) tempos.push(await listar());
  };
  const acompanhar = async () => {
    for (;;) {
      await new Promise((res) => setTimeout(res, 250));
      const q = (await (
        await fetch(`${server.url}/api/solicitacao-documento/buscar?id=${id}`, { headers })
      ).json()) as { status: string; mensagem: string | null; link: string | null };
      if (q.status === 'PROCESSADO' || q.status === 'ERRO') {
        fim = true;
        if (q.status === 'ERRO') throw new Error(`espelho: ERRO ${q.mensagem}`);
        link = q.link;
        return;
      }
    }
  };
  await Promise.all([cliente(), cliente(), acompanhar()]);
  const duracao = performance.now() - started;
  const pdf = await fetch(`${server.url}${link!}`);
  const bytes = (await pdf.arrayBuffer()).byteLength;
  console.log(
    `[postgres] Espelho de ponto: ${quantos.toLocaleString('pt-BR')} funcionários × fev/2026, ` +
      `${(duracao / 1000).toFixed(1)} s até PROCESSADO (meta ≤ 30 s), PDF de ${(bytes / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `[postgres] Controle do Ponto (página ao acaso) durante o espelho, 2 clientes: ${tempos.length} chamadas, ` +
      `p50 ${percentil(tempos, 50).toFixed(1)} ms, p99 ${percentil(tempos, 99).toFixed(1)} ms (meta < 100 ms); ` +
      `ocioso antes: p50 ${percentil(ociosos, 50).toFixed(1)} ms, p99 ${percentil(ociosos, 99).toFixed(1)} ms`,
  );
}

const banco = await bancoDescartavel(pgBase, 'calc');
const dataDir = mkdtempSync(join(tmpdir(), 'jornada-bench-calc-'));
let server: Server | undefined;
let worker: ChildProcess | undefined;
let database: Database | undefined;
try {
  const env = { DATABASE_URL: banco.url, JORNADA_DATA_DIR: dataDir };
  // The first start migrates and seeds the demo data.
  server = await startServer(env, PORT);
  await stop(server);
  server = undefined;
  const db = new pg.Client({ connectionString: banco.url });
  await db.connect();
  const { tenantId, cnpjId, ids } = await fill(db);
  await db.end();
  if (process.env.BENCH_MANTER_BANCO) {
    // For studying the statements by hand: the database stays, nothing is measured.
    console.log(`banco mantido: ${banco.url}`);
    process.exit(0);
  }

  database = await openDatabase({ databaseUrl: banco.url, poolSize: 4 });
  const fmt = (x: { ms: number; rss: number; heap: number; laco: { p99: number; max: number } }) =>
    `${(x.ms / 1000).toFixed(2)} s, pico RSS ${x.rss.toFixed(0)} MiB, heap ${x.heap.toFixed(0)} MiB, ` +
    `laço de eventos retido p99 ${x.laco.p99.toFixed(0)} ms / máx ${x.laco.max.toFixed(0)} ms`;
  const r1 = await completo(database, tenantId, cnpjId, ids);
  console.log(`[postgres] recálculo completo, 1ª vez (tabelas vazias): ${fmt(r1)}`);
  if (process.env.BENCH_SO === 'espelho') {
    // Only the espelho on the calculated month (studying it alone skips the rest).
    await database.close();
    database = undefined;
    server = await startServer(env, PORT);
    await espelho(server, cnpjId, ids);
  } else {
    const r2 = await completo(database, tenantId, cnpjId, ids);
    console.log(`[postgres] recálculo completo, 2ª vez (substitui):      ${fmt(r2)}`);
    const b = await nu(database, tenantId, ids);
    const nuMs = b.leitura + b.escrita;
    console.log(
      `[postgres] leitura + escrita nuas das mesmas linhas (${b.linhas.toLocaleString('pt-BR')} dias): ` +
        `${(nuMs / 1000).toFixed(2)} s (leitura ${(b.leitura / 1000).toFixed(2)} s, escrita ${(b.escrita / 1000).toFixed(2)} s)`,
    );
    console.log(`[postgres] razão recálculo / leitura+escrita nuas: ${(r2.ms / nuMs).toFixed(2)}× (meta ≤ 3×)`);
    await database.close();
    database = undefined;

    // 3a. The server runs the jobs too (the default; PGlite's only way).
    server = await startServer(env, PORT);
    await latencia(server, cnpjId, 'servidor com as tarefas', 0);
    await latencia(server, cnpjId, 'servidor com as tarefas');
    await telasDoPonto(server, cnpjId, ids);
    await espelho(server, cnpjId, ids);
    console.log(`RSS máximo do servidor (VmHWM): ${rssMb(server.proc.pid!, 'VmHWM').toFixed(0)} MiB`);
    await stop(server);
    server = undefined;
    // 3b. The server answers HTTP only; one `npm run worker` process calculates (decision 0041).
    server = await startServer({ ...env, JORNADA_SERVER_JOBS: 'off' }, PORT);
    worker = spawn(process.execPath, ['--import', 'tsx', join(raiz, 'apps/api/src/worker.ts')], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Its start re-applies the database walls (table locks): the clients start once it is ready.
    await new Promise<void>((resolve, reject) => {
      let lido = '';
      worker!.stdout!.on('data', (b: Buffer) => {
        lido += b.toString('utf8');
        if (lido.includes('Processador de tarefas pronto')) resolve();
      });
      worker!.once('exit', (code) => reject(new Error(`o processador de tarefas saiu (${code})`)));
    });
    await latencia(server, cnpjId, 'servidor só HTTP + npm run worker');
  }
} finally {
  if (worker) {
    const w = worker;
    await new Promise<void>((resolve) => {
      w.once('exit', () => resolve());
      w.kill('SIGTERM');
    });
  }
  if (server) await stop(server);
  if (database) await database.close();
  await cpu.close();
  await banco.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
