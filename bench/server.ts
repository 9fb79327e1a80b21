/**
 * The product's API as a real server process for the benchmarks: started with
 * tsx on a port, awaited until it answers, stopped with SIGTERM; and the demo
 * admin's login. One copy for every `*.bench.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(fileURLToPath(import.meta.url), '..', '..');

export interface Server {
  proc: ChildProcess;
  url: string;
  /** From spawn to the first answer (start-up cost, printed by api.bench.ts). */
  msToFirstAnswer: number;
}

export async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const started = Date.now();
  // BENCH_PERFIL_DIR: the server writes a V8 CPU profile there when it stops (for finding where a call's time goes).
  const perfil = process.env.BENCH_PERFIL_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PERFIL_DIR}`] : [];
  const proc = spawn(process.execPath, [...perfil, '--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const r = await fetch(`${url}/api/login/validar-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"token":"x"}',
      });
      if (r.status === 200) break;
    } catch {
      /* not yet */
    }
    // A first start seeds the demo data (and a large bench database takes longer to open).
    if (Date.now() - started > 180_000) throw new Error('servidor não subiu');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, url, msToFirstAnswer: Date.now() - started };
}

export async function stop(s: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    s.proc.once('exit', () => resolve());
    s.proc.kill('SIGTERM');
  });
}

/** The demo admin's token. */
/**
 * One `npm run worker` process (decision 0041: the server answers HTTP only with JORNADA_SERVER_JOBS=off, and
 * the worker calculates), resolved once it says it is ready (its start re-applies the database walls).
 */
export async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const worker = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/worker.ts')], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let lido = '';
    worker.stdout!.on('data', (b: Buffer) => {
      lido += b.toString('utf8');
      if (lido.includes('Processador de tarefas pronto')) resolve();
    });
    worker.once('exit', (code) => reject(new Error(`o processador de tarefas saiu (${code})`)));
  });
  // Keep draining its log, or a full pipe would stall it.
  worker.stdout!.resume();
  return worker;
}

/** Stops a worker started by startWorker and waits for it to exit. */
export function stopWorker(worker: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (worker.exitCode !== null) return resolve();
    worker.once('exit', () => resolve());
    worker.kill('SIGTERM');
  });
}

export async function login(url: string): Promise<string> {
  const r = await fetch(`${url}/api/login/aut-usuario`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@jornada.demo', senha: 'Jornada@2026' }),
  });
  return ((await r.json()) as { token: { valor: string } }).token.valor;
}

/** Resident memory of a process in MiB (Linux /proc): now (VmRSS) or its peak so far (VmHWM). */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU seconds a process has spent so far, all its threads (proc(5) utime + stime). */
export function cpuDoProcesso(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

/**
 * CPU seconds spent so far by the local PostgreSQL's processes (this machine's server, /proc): the live
 * processes' own time plus what they reaped from ended children (a backend's time accrues to the postmaster's
 * cutime when its connection closes). The difference across a run is what the database worked for it, to tell
 * time spent in PostgreSQL from time spent waiting.
 */
export function cpuDoPostgres(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fim = stat.lastIndexOf(')');
    if (!stat.slice(stat.indexOf('(') + 1, fim).startsWith('postgres')) continue;
    const campos = stat.slice(fim + 2).split(' ');
    // Fields 14–17 of proc(5) (utime, stime, cutime, cstime), counted after the command's closing parenthesis.
    ticks += Number(campos[11]) + Number(campos[12]) + Number(campos[13]) + Number(campos[14]);
  }
  return ticks / 100;
}

/** One statement on the server's maintenance database (CREATE / DROP DATABASE cannot run inside one). */
async function noServidor(base: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A scratch database for one benchmark on the server of `base`: its URL, and `drop()` for the end. */
export async function bancoDescartavel(
  base: string,
  prefixo: string,
): Promise<{ nome: string; url: string; drop: () => Promise<void> }> {
  const nome = `jornada_bench_${prefixo}_${Date.now()}_${process.pid}`;
  await noServidor(base, `CREATE DATABASE ${nome}`);
  const url = new URL(base);
  url.pathname = `/${nome}`;
  return { nome, url: url.toString(), drop: () => noServidor(base, `DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`) };
}
