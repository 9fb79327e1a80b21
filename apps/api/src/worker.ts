import { getPriority, setPriority } from 'node:os';
import Fastify from 'fastify';
import { buildDeps } from './app.js';
import { WORKER_NEEDS_POSTGRES, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { BackgroundTasks } from './shared/background-tasks.js';
import { systemClock } from './shared/clock.js';
import { onShutdownSignals } from './process-shutdown.js';

/** The worker process's own OS priority (nice): below the servers', above its pool's threads (19). */
const NICE_DO_PROCESSADOR = 10;

/**
 * `npm run worker` (decision 0041): a process that runs the job handlers of
 * modules/jobs.ts and nothing else — no HTTP. Any number of them may run
 * beside the servers on one PostgreSQL database; pg-boss hands each job to
 * one of them. Stops on SIGINT/SIGTERM after the running jobs end.
 */
async function main(): Promise<void> {
  // Requests first (decision 0089): on a machine shared with a server, the kernel gives the cores to the one
  // answering requests; alone on its machine, the worker loses nothing. Its CPU pool's threads go lower still.
  // Only ever lower: raising a priority back needs a privilege the process may not have.
  if (getPriority() < NICE_DO_PROCESSADOR) setPriority(NICE_DO_PROCESSADOR);
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(WORKER_NEEDS_POSTGRES);
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    rolePassword: config.databaseRolePassword,
    poolSize: 10,
  });
  // Fastify only for its logger (pino), the same lines as the server's.
  const { log } = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const tasks = new BackgroundTasks(log);
  const deps = await buildDeps({ config, database, jobs: 'work', prepararCalculo: true }, log, systemClock, tasks);

  onShutdownSignals(
    log,
    'o processador de tarefas',
    async () => {
      await deps.jobs.stop();
      await tasks.drain();
      await Promise.all([deps.cpu.close(), deps.cpuDocumentos.close()]);
    },
    () => database.close(),
  );
  log.info(`Processador de tarefas pronto (PostgreSQL; pid ${process.pid})`);
}

void main();
