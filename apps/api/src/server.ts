import { join } from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { seedDemoData } from './db/seed-demo.js';
import { buildApp } from './app.js';
import { systemClock } from './shared/clock.js';

/** HTTP entry point: `npm start` runs this after building the web app. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  config.webDist ??= join(import.meta.dirname, '..', '..', 'web', 'dist');
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 20 });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const seeded = await seedDemoData(database.db, systemClock);
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Jornada pronto em ${config.appUrl} (${database.kind}${database.kind === 'pglite' ? `: ${config.dataDir}` : ''}` +
      `${seeded ? ', dados de demonstração criados' : ''}) em ${Date.now() - started} ms`,
  );
}

void main();
