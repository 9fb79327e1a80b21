/**
 * Control iD push ingestion (issue 25 §4, "Benchmark"; decision 0081): on PostgreSQL, a real server process
 * (running its jobs, the default deployment) with the demo data and BENCH_FUNCIONARIOS (2,000) more employees, 200 push clocks registered on the main company,
 * and the device emulator (apps/api/test/emulador-controlid) as a separate process playing the 200 devices: each
 * polls /push every BENCH_PERIODO_MS (default 3 s) and sends its punches as monitor notifications
 * (`/notifications/dao`), as real iDFace clocks do.
 *
 * BENCH_TRABALHADOR=separado: the server answers HTTP only (JORNADA_SERVER_JOBS=off) and one `npm run worker` process
 * calculates (decision 0041), the deployment for a server with traffic from clocks.
 *
 * Prints, never asserts:
 * 1. the time from a pushed punch to its employee's day stored again by the calculation (five times, a
 *    different employee each time, on the server's own queue, the server otherwise idle);
 * 2. punches per second stored from bursts at a target rate (BENCH_TAXAS, default 500,1000,2500,4000 punches/s over
 *    the 200 devices, BENCH_POR_DISPOSITIVO punches each, default 50), the rate obtained, the device call's latency
 *    (punch → acknowledgement, p50/p99/max), and the check that every acknowledged punch is in the store.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ClienteEmulador } from '../apps/api/test/emulador-controlid/cliente.js';
import { cadastrarFuncionarios } from './funcionarios-calculados.js';
import { bancoDescartavel, login, startServer, startWorker, stop, stopWorker, type Server } from './server.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3435;
const DISPOSITIVOS = Number(process.env.BENCH_DISPOSITIVOS ?? 200);
const POR_DISPOSITIVO = Number(process.env.BENCH_POR_DISPOSITIVO ?? 50);
/** Employees added to the demo company (BENCH_FUNCIONARIOS): the punches of a burst go to them all. */
const FUNCIONARIOS = Number(process.env.BENCH_FUNCIONARIOS ?? 2_000);
const TAXAS = (process.env.BENCH_TAXAS ?? '500,1000,2500,4000').split(',').map(Number);
const PERIODO_MS = Number(process.env.BENCH_PERIODO_MS ?? 3000);
const PRIMEIRO_DEVICE = 700_001;
const carga = () => loadavg()[0]!.toFixed(1);

async function postJson(url: string, token: string, body: unknown) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { valor?: string; mensagem?: string };
}

const banco = await bancoDescartavel(pgBase, 'push');
const dataDir = mkdtempSync(join(tmpdir(), 'jornada-bench-push-'));
let server: Server | undefined;
let emulador: ClienteEmulador | undefined;
let worker: ChildProcess | undefined;
const db = new pg.Client({ connectionString: banco.url });
try {
  const env = { DATABASE_URL: banco.url, JORNADA_DATA_DIR: dataDir };
  const separado = process.env.BENCH_TRABALHADOR === 'separado';
  server = await startServer(separado ? { ...env, JORNADA_SERVER_JOBS: 'off' } : env, PORT);
  if (separado) worker = await startWorker(env);
  await db.connect();
  const admin = await login(server.url);
  const companyToken = (await postJson(`${server.url}/api/relogio-ponto/gerar-token`, admin, {})).valor!;
  const {
    rows: [empresa],
  } = await db.query<{ tenant_id: number; cnpj_id: number; fuso: string }>(
    `SELECT c.tenant_id, c.id AS cnpj_id, c.fuso_horario AS fuso FROM cnpjs c ORDER BY c.id LIMIT 1`,
  );
  await db.query(
    `INSERT INTO relogios_ponto (tenant_id, cnpj_id, numero_serie, fabricante, modelo, portaria, tipo_servico, id_cloud)
     SELECT $1, $2, 'BENCH-' || g, 'ControlId IdFace', 'ControlId IdFace', '1510', 'Push', ($3 + g)::text
       FROM generate_series(0, $4 - 1) g`,
    [empresa!.tenant_id, empresa!.cnpj_id, PRIMEIRO_DEVICE, DISPOSITIVOS],
  );
  // A burst's punches spread over a payroll's worth of people (4–5 each), as 200 clocks would see them.
  await db.query('BEGIN');
  await cadastrarFuncionarios(db, FUNCIONARIOS);
  await db.query('COMMIT');
  await db.query('ANALYZE');
  const { rows: funcionarios } = await db.query<{ id: number }>(
    `SELECT id FROM funcionarios WHERE cnpj_id = $1 AND data_demissao IS NULL ORDER BY id`,
    [empresa!.cnpj_id],
  );
  const userIds = funcionarios.map((f) => f.id);
  console.log(
    `${DISPOSITIVOS} relógios Push, ${userIds.length} funcionários na empresa; poll a cada ${PERIODO_MS} ms; ` +
      `servidor em ${server.msToFirstAnswer} ms; ${separado ? 'servidor só HTTP + npm run worker' : 'o servidor calcula'}`,
  );

  const base = new URL(server.url);
  emulador = await ClienteEmulador.iniciar({
    push: `${server.url}/cid/${companyToken}`,
    monitor: { hostname: base.hostname, port: Number(base.port), path: `cid/${companyToken}/notifications` },
    dispositivos: `${PRIMEIRO_DEVICE}-${PRIMEIRO_DEVICE + DISPOSITIVOS - 1}`,
    periodoMs: PERIODO_MS,
    aliveMs: 30_000,
    retryMs: 1000,
    eventos: ['perdida', 'protocolo'],
    prontoTimeoutMs: 60_000,
  });

  const contar = async () =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM marcacoes WHERE relogio LIKE 'BENCH-%'`)).rows[0]!.n,
    );
  // BENCH_SO_RAJADAS=1: only part 2 (e.g. with JORNADA_SERVER_JOBS=off, where nothing recalculates).
  const soRajadas = Boolean(process.env.BENCH_SO_RAJADAS);
  if (!soRajadas)
    console.log('\n1. da marcação enviada ao dia recalculado (servidor ocioso; o cálculo pela fila de tarefas)');
  const tempos: number[] = [];
  for (let i = 0; i < (soRajadas ? 0 : 5); i++) {
    const funcionario = userIds[(i * 7 + 3) % userIds.length]!;
    const device = PRIMEIRO_DEVICE + i;
    const {
      rows: [hoje],
    } = await db.query<{ d: string }>(`SELECT (now() AT TIME ZONE $1)::date::text AS d`, [empresa!.fuso]);
    const versao = async () =>
      (
        await db.query<{ v: string }>(
          `SELECT xmin::text AS v FROM calculo_dias WHERE funcionario_id = $1 AND dia = $2`,
          [funcionario, hoje!.d],
        )
      ).rows[0];
    // Whatever the day's dirty rows were (the burst's punches), let the queue settle first.
    for (let espera = 0; espera < 600; espera++) {
      const { rows } = await db.query(`SELECT 1 FROM calculo_pendencias WHERE funcionario_id = $1 LIMIT 1`, [
        funcionario,
      ]);
      if (rows.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const antes = await versao();
    const t0 = performance.now();
    await emulador.marcar(device, funcionario);
    let ms = NaN;
    for (;;) {
      const agora = await versao();
      if (agora && agora.v !== antes?.v) {
        ms = performance.now() - t0;
        break;
      }
      if (performance.now() - t0 > 60_000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    tempos.push(ms);
    console.log(`   funcionário ${funcionario}, dia ${hoje!.d}: ${ms.toFixed(0)} ms`);
  }
  const ordenados = [...tempos].sort((a, b) => a - b);
  if (!soRajadas)
    console.log(`   mediana ${ordenados[2]!.toFixed(0)} ms, máx ${ordenados[4]!.toFixed(0)} ms (meta ≤ 5 s)`);
  console.log('\n2. rajadas (taxa pedida → obtida; latência da chamada do relógio, da marcação ao aceite)');
  for (const taxa of TAXAS) {
    const antes = await contar();
    const r = await emulador.rajada(
      { porDispositivo: POR_DISPOSITIVO, userIds, taxaPorSegundo: taxa },
      Math.max(120_000, ((POR_DISPOSITIVO * DISPOSITIVOS) / taxa) * 4000),
    );
    const gravadas = (await contar()) - antes;
    console.log(
      `   pedida ${taxa}/s: ${r.acks} aceitas de ${r.total} (${r.perdidas} perdidas) em ${(r.duracaoMs / 1000).toFixed(1)} s` +
        ` = ${r.taxaObtidaPorSegundo.toFixed(0)}/s; latência p50 ${r.latenciaMs.p50.toFixed(0)} ms, p99 ` +
        `${r.latenciaMs.p99.toFixed(0)} ms, máx ${r.latenciaMs.max.toFixed(0)} ms; gravadas ${gravadas}` +
        `${gravadas === r.acks ? ' (= aceitas)' : ' (≠ aceitas!)'}; carga ${carga()}`,
    );
  }
} finally {
  await emulador?.encerrar();
  await db.end().catch(() => {});
  if (worker) await stopWorker(worker);
  if (server) await stop(server);
  await banco.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
