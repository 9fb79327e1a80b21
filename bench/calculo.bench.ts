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
 *    PROCESSADO — once alone, then while 20 connections call POST
 *    /api/funcionario/listar back to back (their p50/p99: issue 26 §6's goal
 *    p99 ≤ 50 ms).
 *
 * 4. On the same server, the month calculated: Controle do Ponto's page and
 *    Marcações of one employee-month at 20 connections (issue 23, goal p99
 *    ≤ 50 ms).
 *
 * Peak memory: this process's RSS and heap, sampled every 20 ms during each
 * run. Figures are printed, never asserted. BENCH_FUNCIONARIOS sets the size.
 *
 * One part alone: BENCH_SO=calcular (issue 26 §4: the month in-process and through the server, alternating,
 * BENCH_RODADAS times), BENCH_SO=listar (§6: the list call during Calcular), BENCH_SO=telas (4 only),
 * BENCH_SO=espelho (the espelho of BENCH_ESPELHOS employees).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { systemClock } from '../apps/api/src/shared/clock.js';
import { createCpuPool } from '../apps/api/src/shared/cpu-pool.js';
import {
  bancoDescartavel,
  cpuDoPostgres,
  cpuDoProcesso,
  type Server,
  login,
  rssMb,
  startServer,
  startWorker,
  stop,
  stopWorker,
} from './server.js';
import { execucaoDeFevereiro, FEV, preencherFuncionarios } from './funcionarios-calculados.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.BENCH_FUNCIONARIOS ?? 10_000);
const PORT = 3431;

/** Peak RSS and heap of this process while `fn` runs, sampled every 20 ms. */
async function comMemoria<T>(
  fn: () => Promise<T>,
): Promise<{ r: T; ms: number; rss: number; heap: number; cpu: number; cpuPg: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const cpu0 = process.cpuUsage();
  const pg0 = cpuDoPostgres();
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
    const cpu = process.cpuUsage(cpu0);
    return {
      r,
      ms: performance.now() - started,
      rss: rss / 2 ** 20,
      heap: heap / 2 ** 20,
      // This process's CPU (every thread, the engine's included) and the database's, over the run.
      cpu: (cpu.user + cpu.system) / 1e6,
      cpuPg: cpuDoPostgres() - pg0,
    };
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
  const execucaoId = await execucaoDeFevereiro(database, tenantId, cnpjId, ids);
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
        // With the stored fingerprints, as the product reads: only the rows that differ are written.
        return { fechamento: await fechamentoDoCliente(w), l: await lerPeriodo(w, lote, FEV, { gravados: true }) };
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
 * `conexoes` connections list employees back to back (none: the calculation's own time through the server), with
 * the same call's figures on the idle server first, in the same run. The load is autocannon's (raw HTTP): twenty
 * `fetch` loops in this process were themselves the bottleneck (480 calls/s at p99 106 ms on the idle server,
 * against autocannon's ~1,000 at p99 ~32 ms).
 */
async function latencia(server: Server, cnpjId: number, implantacao: string, conexoes = 20): Promise<void> {
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listar = (duration: number) =>
    autocannon({
      url: `${server.url}/api/funcionario/listar`,
      connections: conexoes,
      duration,
      requests: [
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ idCnpj: cnpjId, ativo: true, qtdLinhas: 10, numPagina: 0 }),
        },
      ],
    });
  const figuras = (x: autocannon.Result) =>
    `${x.requests.total} chamadas (${Math.round(x.requests.average)}/s), p50 ${x.latency.p50} ms, ` +
    `p99 ${x.latency.p99} ms, máx ${x.latency.max} ms, ${x.non2xx} não-2xx`;
  let ocioso: autocannon.Result | undefined;
  if (conexoes > 0) {
    await listar(3); // warm-up, not counted
    ocioso = await listar(5);
  }
  const cpuServidor0 = cpuDoProcesso(server.proc.pid!);
  const cpuPg0 = cpuDoPostgres();
  const started = performance.now();
  const r = await fetch(`${server.url}/api/calculo-ponto/calcular`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ cnpj: { id: cnpjId }, mes: 2, ano: 2026 }),
  });
  const { id, total } = (await r.json()) as { id: number; total: number };
  // Until the calculation ends: stopped by the progress read below, every second as the screen reads it.
  const carga = conexoes > 0 ? listar(3600) : undefined;
  for (;;) {
    await new Promise((res) => setTimeout(res, 1_000));
    const p = (await (await fetch(`${server.url}/api/calculo-ponto/progresso/${id}`, { headers })).json()) as {
      status: string;
      mensagem: string | null;
    };
    if (p.status === 'PROCESSADO' || p.status === 'ERRO') {
      if (p.status === 'ERRO') console.log(`cálculo pelo servidor: ERRO ${p.mensagem}`);
      break;
    }
  }
  const duracao = performance.now() - started;
  (carga as (Promise<autocannon.Result> & { stop?: () => void }) | undefined)?.stop?.();
  const durante = await carga;
  const cpuServidor = cpuDoProcesso(server.proc.pid!) - cpuServidor0;
  const cpuPg = cpuDoPostgres() - cpuPg0;
  // Where the time went, by the run's own stamps: asked → the job started → the job ended.
  const db = new pg.Client({ connectionString: banco.url });
  await db.connect();
  const { rows } = await db.query<{ fila: number; trabalho: number }>(
    `SELECT extract(epoch FROM inicio_processamento - solicitado_em) * 1000 AS fila,
            extract(epoch FROM fim_processamento - inicio_processamento) * 1000 AS trabalho
       FROM calculo_execucoes WHERE id = $1`,
    [id],
  );
  await db.end();
  console.log(
    `[postgres] ${implantacao}: Calcular (${total.toLocaleString('pt-BR')} funcionários × fev/2026) ` +
      `${(duracao / 1000).toFixed(1)} s até PROCESSADO${conexoes ? '' : ' (nenhuma outra chamada)'}; ` +
      `na fila ${Number(rows[0]?.fila ?? 0).toFixed(0)} ms, a tarefa ${(Number(rows[0]?.trabalho ?? 0) / 1000).toFixed(2)} s ` +
      `(CPU: o servidor ${cpuServidor.toFixed(2)} s, PostgreSQL ${cpuPg.toFixed(2)} s)`,
  );
  if (!durante || !ocioso) return;
  console.log(
    `[postgres] ${implantacao}: POST /api/funcionario/listar, ${conexoes} conexões, durante o cálculo: ${figuras(durante)}` +
      ` (meta p99 ≤ 50 ms); ocioso antes: ${figuras(ocioso)}`,
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
  // BENCH_TELAS=<texto>: only the measurements whose title contains it (e.g. 'Ação', to profile one call).
  const so = process.env.BENCH_TELAS;
  const medir = async (titulo: string, path: string, corpo: (i: number) => object, metaP99 = 50) => {
    if (so && !titulo.includes(so)) return;
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

type Rodada = Awaited<ReturnType<typeof completo>>;

/**
 * The in-process run in a process started for it (issue 26 §4): what a fresh server's first Calcular compares
 * with, since both pay a new process's warm-up (the engine thread loading its modules and compiling).
 */
async function noProcessoNovo(url: string, tenantId: number, cnpjId: number, ids: readonly number[]): Promise<Rodada> {
  const arquivo = join(dataDir, 'processo-novo.json');
  writeFileSync(arquivo, JSON.stringify({ url, tenantId, cnpjId, ids }));
  const filho = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_PROCESSO_NOVO: arquivo },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const codigo = await new Promise<number | null>((resolve) => filho.once('exit', resolve));
  if (codigo !== 0) throw new Error(`o processo novo saiu com ${codigo}`);
  return JSON.parse(readFileSync(arquivo, 'utf8')) as Rodada;
}

if (process.env.BENCH_PROCESSO_NOVO) {
  // The child of noProcessoNovo: one run, its figures written back to the file it was given.
  const arquivo = process.env.BENCH_PROCESSO_NOVO;
  const a = JSON.parse(readFileSync(arquivo, 'utf8')) as {
    url: string;
    tenantId: number;
    cnpjId: number;
    ids: number[];
  };
  const database = await openDatabase({ databaseUrl: a.url, poolSize: 4 });
  const r = await completo(database, a.tenantId, a.cnpjId, a.ids);
  await database.close();
  await cpu.close();
  writeFileSync(arquivo, JSON.stringify(r));
  process.exit(0);
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
  const { tenantId, cnpjId, ids } = await preencherFuncionarios(db, TOTAL);
  await db.end();
  if (process.env.BENCH_MANTER_BANCO) {
    // For studying the statements by hand: the database stays, nothing is measured.
    console.log(`banco mantido: ${banco.url}`);
    process.exit(0);
  }

  database = await openDatabase({ databaseUrl: banco.url, poolSize: 4 });
  const fmt = (x: {
    ms: number;
    rss: number;
    heap: number;
    cpu: number;
    cpuPg: number;
    laco: { p99: number; max: number };
  }) =>
    `${(x.ms / 1000).toFixed(2)} s (CPU: este processo ${x.cpu.toFixed(2)} s, PostgreSQL ${x.cpuPg.toFixed(2)} s), ` +
    `pico RSS ${x.rss.toFixed(0)} MiB, heap ${x.heap.toFixed(0)} MiB, ` +
    `laço de eventos retido p99 ${x.laco.p99.toFixed(0)} ms / máx ${x.laco.max.toFixed(0)} ms`;
  const r1 = await completo(database, tenantId, cnpjId, ids);
  console.log(`[postgres] recálculo completo, 1ª vez (tabelas vazias): ${fmt(r1)}`);
  if (process.env.BENCH_MANTER_CALCULADO) {
    // For studying the time sheet's statements by hand on a calculated month: the database stays.
    console.log(`banco mantido, mês calculado: ${banco.url} (tenant ${tenantId}, empresa ${cnpjId})`);
    process.exit(0);
  }
  if (process.env.BENCH_SO === 'calcular') {
    // Issue 26 §4 alone: the same month in-process and through the running server (nothing else calling),
    // alternating, so the ratio compares runs taken minutes apart on the same machine.
    for (let i = 0; i < Number(process.env.BENCH_RODADAS ?? 2); i++) {
      database ??= await openDatabase({ databaseUrl: banco.url, poolSize: 4 });
      const r = await completo(database, tenantId, cnpjId, ids);
      console.log(`[postgres] rodada ${i + 1}, no processo: ${fmt(r)}`);
      await database.close();
      database = undefined;
      const novo = await noProcessoNovo(banco.url, tenantId, cnpjId, ids);
      console.log(`[postgres] rodada ${i + 1}, num processo recém-iniciado: ${fmt(novo)}`);
      server = await startServer(env, PORT);
      // Twice on the same server: the first pays the fresh process's warm-up (the engine thread loads and JITs
      // on its first task), which a server that has been running does not; the in-process runs above are warm.
      await latencia(server, cnpjId, `rodada ${i + 1}, pelo servidor recém-iniciado`, 0);
      await latencia(server, cnpjId, `rodada ${i + 1}, pelo mesmo servidor, de novo`, 0);
      await stop(server);
      server = undefined;
    }
  } else if (process.env.BENCH_SO === 'listar') {
    // Issue 26 §6 alone: the list call at 20 connections while the server recalculates the month (twice).
    await database.close();
    database = undefined;
    server = await startServer(env, PORT);
    await latencia(server, cnpjId, 'servidor com as tarefas', 0);
    await latencia(server, cnpjId, 'servidor com as tarefas');
    await latencia(server, cnpjId, 'servidor com as tarefas');
    await stop(server);
    server = await startServer({ ...env, JORNADA_SERVER_JOBS: 'off' }, PORT);
    worker = await startWorker(env);
    await latencia(server, cnpjId, 'servidor só HTTP + npm run worker');
  } else if (process.env.BENCH_SO === 'espelho' || process.env.BENCH_SO === 'telas') {
    // Only the espelho, or only the time sheet's screens and day action, on the calculated month (studying one
    // alone skips the rest).
    await database.close();
    database = undefined;
    server = await startServer(env, PORT);
    if (process.env.BENCH_SO === 'espelho') await espelho(server, cnpjId, ids);
    else await telasDoPonto(server, cnpjId, ids);
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
    worker = await startWorker(env);
    await latencia(server, cnpjId, 'servidor só HTTP + npm run worker');
  }
} finally {
  if (worker) await stopWorker(worker);
  if (server) await stop(server);
  if (database) await database.close();
  await cpu.close();
  await banco.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
