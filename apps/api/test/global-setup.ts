/**
 * Once per vitest run of the api project: builds the databases every route
 * test starts from, so a test file copies a ready database instead of running
 * initdb, the migrations and the demo seed (an argon2id hash per account) again.
 *
 * - PGlite: one migrated instance, dumped (`dumpDataDir`) to a temp file, then
 *   seeded and dumped again; each test env loads one of the two snapshots.
 * - PostgreSQL (when TEST_DATABASE_URL is set): two databases on the server,
 *   `jornada_tpl_<run>_empty` and `jornada_tpl_<run>`; each test env does
 *   `CREATE DATABASE … TEMPLATE …`. Both are dropped when the run ends.
 *
 * The seed runs with the tests' ManualClock at T0, so the seeded dates are the
 * same as when every file seeded its own database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedDemonstracao } from '../src/modules/demo-seed.js';
import { ManualClock } from '../src/shared/clock.js';
import { T0 } from './t0.js';

export interface DbTemplates {
  pglite: { empty: string; seeded: string };
  postgres: { empty: string; seeded: string } | null;
}

declare module 'vitest' {
  interface ProvidedContext {
    apiDbTemplates: DbTemplates;
  }
}

async function adminQuery(base: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function pgliteSnapshot(database: Database): Promise<Blob> {
  // Drizzle keeps the PGlite client as $client; Database does not expose it,
  // since only the tests ever dump a database.
  const client = (database.owner as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  return client.dumpDataDir('none');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    project.provide('apiDbTemplates', await buildTemplates(cleanups));
  } catch (e) {
    // vitest runs no teardown when the setup throws: undo what was built.
    await teardown();
    throw e;
  }
  return teardown;
}

async function buildTemplates(cleanups: (() => Promise<void>)[]): Promise<DbTemplates> {
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const folder = mkdtempSync(join(tmpdir(), 'jornada-tpl-'));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));

  const templates: DbTemplates = {
    pglite: { empty: join(folder, 'empty.tar'), seeded: join(folder, 'seeded.tar') },
    postgres: null,
  };
  const lite = await openDatabase({ dataDir: 'memory://' });
  try {
    writeFileSync(templates.pglite.empty, Buffer.from(await (await pgliteSnapshot(lite)).arrayBuffer()));
    await seedDemonstracao(lite.system, new ManualClock(T0));
    writeFileSync(templates.pglite.seeded, Buffer.from(await (await pgliteSnapshot(lite)).arrayBuffer()));
  } finally {
    await lite.close();
  }

  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const names = { empty: `jornada_tpl_${run}_empty`, seeded: `jornada_tpl_${run}` };
    for (const [kind, name] of Object.entries(names)) {
      await adminQuery(base, `CREATE DATABASE ${name}`);
      cleanups.push(() => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const url = new URL(base);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        if (kind === 'seeded') await seedDemonstracao(database.system, new ManualClock(T0));
      } finally {
        await database.close();
      }
      // Nobody may connect to a template: a session on it makes every
      // `CREATE DATABASE … TEMPLATE` fail with "being accessed by other users".
      await adminQuery(base, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    }
    templates.postgres = names;
  }
  return templates;
}
