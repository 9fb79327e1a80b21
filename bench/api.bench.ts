/**
 * API benchmark (issue 2): /api/cargo/listar with 1,000 cargos and the login
 * call, driven by autocannon over loopback against a real server process, on
 * PostgreSQL (when TEST_DATABASE_URL / BENCH_DATABASE_URL is set, a fresh
 * database is created and dropped) and on the embedded PGlite. Also measures
 * `npm start`-equivalent start-up time to first answer, fresh and warm.
 *
 * Targets (PostgreSQL, 20 connections, this 2-core machine): list ≥ 1,500
 * req/s with p99 ≤ 25 ms. Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bancoDescartavel, startServer, stop, login } from './server.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

/** Grows the demo tenant to 1,000 cargos through the API itself. */
async function fillCargos(url: string, token: string): Promise<void> {
  const r = await fetch(`${url}/api/cargo/listar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const have = ((await r.json()) as unknown[]).length;
  for (let i = have; i < 1000; i++) {
    await fetch(`${url}/api/cargo/salvar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        cargo: { nome: `Cargo de bancada ${String(i).padStart(4, '0')}`, gerarCodogioEmSequencia: true },
      }),
    });
  }
}

async function drive(title: string, opts: autocannon.Options): Promise<void> {
  const result = await autocannon({ duration: DURATION, ...opts });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  (${result.requests.total} pedidos, ${non2xx} não-2xx)`,
  );
}

async function scenario(kind: 'postgres' | 'pglite'): Promise<void> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const dataDir = mkdtempSync(join(tmpdir(), 'jornada-bench-'));
  if (kind === 'postgres') {
    const banco = await bancoDescartavel(pgBase, 'api');
    env = { DATABASE_URL: banco.url, JORNADA_DATA_DIR: dataDir, TRUST_PROXY: '1' };
    cleanup = banco.drop;
  } else {
    env = { DATABASE_URL: '', JORNADA_DATA_DIR: dataDir, TRUST_PROXY: '1' };
    cleanup = async () => {};
  }
  try {
    const fresh = await startServer(env, 3400);
    console.log(
      `\n[${kind}] início até a primeira resposta: ${fresh.msToFirstAnswer} ms (banco novo: migrações + dados de demonstração)`,
    );
    const token = await login(fresh.url);
    await fillCargos(fresh.url, token);
    await stop(fresh);
    const warm = await startServer(env, 3400);
    console.log(`[${kind}] início até a primeira resposta: ${warm.msToFirstAnswer} ms (banco existente)`);
    const t = await login(warm.url);
    const headers = { authorization: `Bearer ${t}`, 'content-type': 'application/json' };
    await drive(`[${kind}] warm-up`, {
      url: `${warm.url}/api/cargo/listar`,
      method: 'POST',
      headers,
      body: '{}',
      connections: 20,
      duration: 3,
    });
    await drive(`[${kind}] POST /api/cargo/listar (1.000) c=20`, {
      url: `${warm.url}/api/cargo/listar`,
      method: 'POST',
      headers,
      body: '{}',
      connections: 20,
    });
    await drive(`[${kind}] POST /api/cargo/listar (1.000) c=50`, {
      url: `${warm.url}/api/cargo/listar`,
      method: 'POST',
      headers,
      body: '{}',
      connections: 50,
    });
    // Twenty users logging in at once, each from its own address (behind the
    // trusted proxy the bench server is told about): one e-mail and address
    // hammered 20 at a time is exactly what the login throttle refuses.
    let n = 0;
    await drive(`[${kind}] POST /api/login/aut-usuario c=20`, {
      url: `${warm.url}/api/login/aut-usuario`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@jornada.demo', senha: 'Jornada@2026' }),
      connections: 20,
      setupClient: (client) => {
        client.setHeaders({
          'content-type': 'application/json',
          'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n++ & 255}`,
        });
      },
    });
    await stop(warm);
  } finally {
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_DB;
for (const kind of ['postgres', 'pglite'] as const) {
  if (!only || only === kind) await scenario(kind);
}
