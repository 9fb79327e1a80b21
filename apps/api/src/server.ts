import { join } from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { seedDemonstracao } from './modules/demo-seed.js';
import { buildApp } from './app.js';
import { systemClock } from './shared/clock.js';
import { onShutdownSignals } from './process-shutdown.js';

/** HTTP entry point: `npm start` runs this after building the web app. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  config.webDist ??= join(import.meta.dirname, '..', '..', 'web', 'dist');
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      rolePassword: config.databaseRolePassword,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const seeded = await seedDemonstracao(database.system, systemClock);
  const app = await buildApp({
    config,
    database,
    // PGlite has one owner process: the server runs the jobs. On PostgreSQL it
    // may leave them to `npm run worker` processes (decision 0041).
    jobs: database.kind === 'pglite' || config.serverRunsJobs ? 'work' : 'send-only',
    prepararCalculo: true,
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      // Bearer tokens never reach a log line.
      redact: ['req.headers.authorization'],
    },
  });

  onShutdownSignals(
    app.log,
    'o servidor',
    () => app.close(),
    () => database.close(),
  );

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Jornada pronto em ${config.appUrl} (${database.kind}${database.kind === 'pglite' ? `: ${config.dataDir}` : ''}` +
      `${seeded ? ', dados de demonstração criados' : ''}; escutando em ${config.host}:${config.port}) em ${Date.now() - started} ms`,
  );
}

void main();
