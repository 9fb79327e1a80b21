import { join } from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { seedDemoData } from './db/seed/index.js';
import { buildApp } from './app.js';
import { systemClock } from './shared/clock.js';

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
      poolSize: 20,
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const seeded = await seedDemoData(database.system, systemClock);
  const app = await buildApp({
    config,
    database,
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      // Bearer tokens never reach a log line.
      redact: ['req.headers.authorization'],
    },
  });

  // Ctrl-C under npm reaches this process twice (from the terminal and from
  // scripts/start.mjs): every signal joins the one shutdown, and a second
  // one never kills the process half-way (the embedded database's files and
  // lock must be closed cleanly).
  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      app.log.info(`${signal}: encerrando`);
      try {
        await app.close();
      } finally {
        await database.close();
      }
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Jornada pronto em ${config.appUrl} (${database.kind}${database.kind === 'pglite' ? `: ${config.dataDir}` : ''}` +
      `${seeded ? ', dados de demonstração criados' : ''}; escutando em ${config.host}:${config.port}) em ${Date.now() - started} ms`,
  );
}

void main();
