import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { describe, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/db/seed/index.js';
import { ManualClock } from '../src/shared/clock.js';
import type { JobQueue } from '../src/shared/job-queue.js';
import { T0 } from './t0.js';
// The ProvidedContext type of inject('apiDbTemplates').
import type {} from './global-setup.js';

export { DEMO_PASSWORD };

export type Backend = 'pglite' | 'postgres';

/**
 * Which route and database tests run on the embedded database too when a
 * PostgreSQL server is there (TEST_DATABASE_URL; CI always): the parts whose
 * behaviour can differ on PGlite — its driver and data folder, the walls
 * (roles and RLS under a superuser), the triggers, the job queue in-process,
 * the seed that `npm start` runs, the file imports (one connection doing a
 * long import). The business rules above them are the same SQL through the
 * same Drizzle code, so the rest runs on PostgreSQL only; the Playwright
 * journeys run every screen against the embedded database (decision 0067).
 * A path fragment, relative to apps/api/src.
 */
export const PGLITE_PARITY: readonly string[] = [
  'db/',
  'shared/',
  'worker.test',
  'modules/afd/',
  'modules/funcionarios-importacao/funcionarios-importacao.routes',
  'modules/calculo/demonstracao',
  'modules/calculo/calculo-equivalencia',
];

/** The test file being collected (vitest sets it before the file is imported). */
function collectingFile(): string {
  return (expect.getState().testPath ?? '').replaceAll('\\', '/');
}

/**
 * The backends a test file's suites run on. Without TEST_DATABASE_URL: PGlite
 * (a machine with no PostgreSQL runs everything embedded). With it:
 * PostgreSQL, and PGlite too for the files of PGLITE_PARITY.
 * `TEST_BACKENDS=postgres` (or `pglite`, or `pglite,postgres` for every file
 * on both) overrides the choice: the CI re-run on another Node version uses it.
 */
export function backends(): Backend[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  const only = process.env.TEST_BACKENDS?.split(',').filter((b): b is Backend => b === 'pglite' || b === 'postgres');
  if (only?.length) return only;
  const file = collectingFile();
  return PGLITE_PARITY.some((part) => file.includes(`/apps/api/src/${part}`)) ? ['pglite', 'postgres'] : ['postgres'];
}

export function describeEachBackend(name: string, fn: (backend: Backend) => void): void {
  for (const backend of backends()) describe(`${name} [${backend}]`, () => fn(backend));
}

/** A message as the mail transport received it (what the recipient gets). */
export interface DeliveredMail {
  to: string;
  subject: string;
  text: string;
}

export interface TestEnv {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL URL of this env's database (undefined on PGlite): for tests that start other processes. */
  databaseUrl: string | undefined;
  clock: ManualClock;
  config: Config;
  /** Every message handed to the mail transport, oldest first. */
  mails: DeliveredMail[];
  /**
   * The job queue. Nothing runs by itself in tests: `jobs.drain()` runs every
   * queued job (and those they queue) to the end, one at a time.
   */
  jobs: JobQueue;
  /** Runs what requests left behind: the queued jobs (e-mails, documents) and the background tasks. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real nodemailer transport that keeps each message instead of delivering
 * it, so tests read what the recipient would read.
 */
export function capturingTransport(into: DeliveredMail[]) {
  return nodemailer.createTransport({
    name: 'captura',
    version: '1',
    send(mail, callback) {
      const d = mail.data;
      into.push({ to: String(d.to), subject: String(d.subject), text: String(d.text ?? '') });
      callback(null, { envelope: mail.message.getEnvelope(), messageId: `captura-${into.length}` } as never);
    },
  });
}

export { T0 };

/** SQLSTATE object_in_use: "database … is being accessed by other users". */
const OBJECT_IN_USE = '55006';

/**
 * `CREATE DATABASE … TEMPLATE` refuses while a session is on the template, and
 * `DROP DATABASE` while one is on the database: a pool that has just ended may
 * still be closing its sockets, so wait for them rather than FORCE (which would
 * kill them mid-goodbye: an unhandled 57P01 in the test worker).
 */
async function whileInUse(admin: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== OBJECT_IN_USE || attempt === 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A fresh copy of the run's template (global-setup.ts): migrated, and seeded unless `seed: false`. */
export async function createTestEnv(
  backend: Backend,
  opts: { seed?: boolean; config?: Partial<Config> } = {},
): Promise<TestEnv> {
  const clock = new ManualClock(T0);
  const templates = inject('apiDbTemplates');
  const which = opts.seed === false ? 'empty' : 'seeded';
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    if (!templates.postgres) throw new Error('TEST_DATABASE_URL não estava definido quando o vitest começou');
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `jornada_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    try {
      await whileInUse(admin, `CREATE DATABASE ${name} TEMPLATE ${templates.postgres[which]}`);
    } finally {
      await admin.end();
    }
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      try {
        await whileInUse(c, `DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await c.end();
      }
    };
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    try {
      database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    } catch (e) {
      await dropDb();
      throw e;
    }
  } else {
    const snapshot = new Blob([readFileSync(templates.pglite[which])]);
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: snapshot });
  }
  // Files (storage port) go to a folder of this env, removed by close().
  const dataDir = mkdtempSync(join(tmpdir(), 'jornada-test-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    appUrl: 'http://jornada.test',
    webDist: undefined,
    validateResponses: true,
    ...opts.config,
  };
  const mails: DeliveredMail[] = [];
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, clock, mailTransport: capturingTransport(mails), jobs: 'manual' });
    await app.ready();
  } catch (e) {
    // A file whose setup fails gets no afterAll close(): drop its copy here,
    // or every broken run leaves databases on the shared server.
    await database.close();
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    app,
    database,
    databaseUrl,
    clock,
    config,
    mails,
    jobs: app.jobs,
    async settle() {
      await app.backgroundTasks.drain();
      await app.jobs.drain();
      await app.backgroundTasks.drain();
    },
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string | undefined;
  ip?: string;
  method?: 'GET' | 'POST';
}

/** POST JSON (or GET) through inject(); returns status and parsed body. */
export async function call(
  app: FastifyInstance,
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<{ status: number; body: any; res: LightMyRequestResponse }> {
  const res = await app.inject({
    method: opts.method ?? 'POST',
    url: path,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    remoteAddress: opts.ip ?? '10.0.0.1',
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    parsed = res.body;
  }
  return { status: res.statusCode, body: parsed, res };
}

export async function login(app: FastifyInstance, email: string, senha = DEMO_PASSWORD): Promise<string> {
  const r = await call(
    app,
    '/api/login/aut-usuario',
    { email, senha },
    { ip: `10.1.${Math.floor(Math.random() * 250)}.1` },
  );
  if (r.status !== 200) throw new Error(`login ${email} falhou: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token.valor as string;
}

export const ADMIN = 'admin@jornada.demo';
export const OPERADOR = 'operador@jornada.demo';
export const BETA_ADMIN = 'admin@beta.jornada.demo';

/** The file of an upload call (contracts defineUpload). */
export interface UploadFilePart {
  nomeArquivo: string;
  conteudo: Buffer | string;
  /** The file part's name (default: funcionariosStream). */
  campo?: string;
}

/**
 * A multipart/form-data body as a browser's FormData sends it: each field a
 * JSON text, then the file (fields first, as upload calls require).
 */
export function multipartBody(
  fields: Record<string, unknown>,
  file: UploadFilePart | undefined,
): { payload: Buffer; contentType: string } {
  const boundary = `----jornada${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${
          typeof value === 'string' ? value : JSON.stringify(value)
        }\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.campo ?? 'funcionariosStream'}"; ` +
          `filename="${file.nomeArquivo}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(file.conteudo) ? file.conteudo : Buffer.from(file.conteudo),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST an upload call through inject(); returns status and parsed body like `call`. */
export async function upload(
  app: FastifyInstance,
  path: string,
  fields: Record<string, unknown>,
  file: UploadFilePart | undefined,
  opts: CallOptions = {},
): Promise<{ status: number; body: any; res: LightMyRequestResponse }> {
  const { payload, contentType } = multipartBody(fields, file);
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), 'content-type': contentType },
    remoteAddress: opts.ip ?? '10.0.0.1',
    payload,
  });
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    parsed = res.body;
  }
  return { status: res.statusCode, body: parsed, res };
}
