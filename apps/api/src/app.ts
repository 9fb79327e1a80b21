import { existsSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
  type RawServerDefault,
} from 'fastify';
import type { Transporter } from 'nodemailer';
import { validatorCompiler } from 'fastify-type-provider-zod';
import '@jornada/contracts/zod-locale';
import type { Endpoint } from '@jornada/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { CANAL_SOLICITACAO_DOCUMENTO } from './db/tenant-rls.js';
import { cifrarSenhasTecladoEmClaro } from './db/senhas-teclado.js';
import type { Deps } from './deps.js';
import { registerApiDocs } from './http/api-docs.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, registerNotFound } from './http/errors.js';
import { endpointRoute } from './http/endpoint-route.js';
import { registerRequestGuards } from './http/request-guards.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStaticFiles } from './http/static-files.js';
import { responseSerializer } from './http/serializer.js';
import { BackgroundTasks } from './shared/background-tasks.js';
import { systemClock, type Clock } from './shared/clock.js';
import { AtividadeHttp, marcarRequisicoes } from './shared/atividade-http.js';
import { createCpuPool, defaultCpuThreads, GERACAO_JOVEM_DAS_THREADS_MB, NICE_DAS_THREADS } from './shared/cpu-pool.js';
import { keypadPinCipher } from './shared/field-cipher.js';
import { localFileStorage } from './shared/file-storage.js';
import { mudancas } from './shared/mudancas.js';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './shared/job-queue.js';
import { createMailer } from './shared/mailer.js';
import { VersionedCache } from './shared/versioned-cache.js';
import { findLiveSession } from './modules/login/session.repository.js';
import { API_MODULES } from './modules/index.js';
import { coletorRoutes } from './modules/relogio-push/coletor.routes.js';
import { appFuncionarioRoutes } from './modules/app-funcionario/app-funcionario.routes.js';
import { dispositivoPushRoutes } from './modules/relogio-push/dispositivo-push.routes.js';
import { API_JOBS } from './modules/jobs.js';
import { prepararCalculo } from './modules/calculo/calculo.service.js';

export interface BuildOptions {
  config: Config;
  database: Pick<Database, 'app' | 'system' | 'queue' | 'queueSession' | 'listen' | 'kind'>;
  /**
   * What this process does with the job queue (decision 0041): `work` runs
   * the jobs of `modules/jobs.ts` (the server, `npm run worker`); `manual`
   * runs them only when `jobs.drain()` is called (tests); `send-only`
   * (default) only enqueues.
   */
  jobs?: JobQueueOptions['mode'];
  clock?: Clock;
  /** Another nodemailer transport (tests capture what would be delivered). */
  mailTransport?: Transporter;
  logger?: boolean | object;
  /** The HTTP server's connection checks run this often (tests shorten it). */
  connectionsCheckingIntervalMs?: number;
  /**
   * A process that works the jobs loads the calculation's engine on its CPU thread at once, so the first punch
   * after a start is not ~1 s late (decision 0090). The server and `npm run worker` ask it; tests do not: most
   * never calculate, and each app would pay a thread and the engine's modules.
   */
  prepararCalculo?: boolean;
}

/** Registers plugins, then every module (architecture §1). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    // Request lines are debug: at info a busy day wrote megabytes a minute.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.http.jsonBodyBytes,
    // The whole request (uploads included) must arrive within the longest
    // body limit; JSON bodies get the shorter one in request-guards.ts.
    requestTimeout: config.http.uploadBodyTimeoutMs,
    clientErrorHandler,
    frameworkErrors,
    serverFactory: ((handler: RequestListener) =>
      createServer(
        {
          headersTimeout: config.http.headersTimeoutMs,
          requestTimeout: config.http.uploadBodyTimeoutMs,
          connectionsCheckingInterval: opts.connectionsCheckingIntervalMs ?? 1_000,
        },
        handler,
      )) as FastifyServerFactory<RawServerDefault>,
  });
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug(
      { method: req.method, route: req.routeOptions.url, status: reply.statusCode, ms: reply.elapsedTime },
      'requisição',
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.validateResponses));
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerRequestGuards(app, config.http);

  await registerApiDocs(app, config);

  const clock = opts.clock ?? systemClock;
  const systemDb = opts.database.system;
  const tasks = new BackgroundTasks(app.log);
  const deps: Deps = await buildDeps(opts, app.log, clock, tasks);
  // Requests first (decision 0089): every request marks its arrival and the end of its answer, so the
  // calculation's batches in this process know when to make room.
  marcarRequisicoes(app, deps.http);
  // A long-poll answer held open would keep the server from closing: it answers now.
  app.addHook('preClose', async () => deps.solicitacoesMudando.fechar());
  app.addHook('onClose', async () => {
    // Running jobs finish before the database closes; then what requests left running.
    await deps.jobs.stop();
    await tasks.drain();
    await Promise.all([deps.cpu.close(), deps.cpuDocumentos.close()]);
  });
  app.decorate('jobs', deps.jobs);
  app.decorate('backgroundTasks', tasks);
  const router = endpointRoute({
    app,
    resolveSession: (token) => findLiveSession(systemDb, token, clock.now()),
    uploads: {
      bodyTimeoutMs: config.http.uploadBodyTimeoutMs,
      maxFileBytes: config.http.uploadBodyBytes,
      maxFieldBytes: config.http.jsonBodyBytes,
    },
  });
  for (const bind of API_MODULES) bind(router, deps);
  app.decorate('boundEndpoints', router.bound);
  // The devices' own routes (decision 0081): outside /api, no session, no contract of the catalogue.
  dispositivoPushRoutes(app, deps);
  coletorRoutes(app, deps);
  appFuncionarioRoutes(app, deps);

  const webDist = config.webDist;
  const spa = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (spa) await registerStaticFiles(app, webDist);
  registerNotFound(app, spa);
  return app;
}

/**
 * The ports every service and job receives. Shared by the HTTP server and
 * the worker process (worker.ts), which runs the same job handlers without
 * HTTP. Registers every handler of `modules/jobs.ts` with the queue.
 */
export async function buildDeps(
  opts: Pick<BuildOptions, 'config' | 'database' | 'mailTransport' | 'jobs' | 'prepararCalculo'>,
  log: FastifyBaseLogger,
  clock: Clock,
  tasks: BackgroundTasks,
): Promise<Deps> {
  const { config } = opts;
  const { app: db, system: systemDb } = opts.database;
  const mode = opts.jobs ?? 'send-only';
  const jobs = await createJobQueue({
    sql: opts.database.queue,
    log,
    mode,
    // PGlite has one owner process: a job left active belongs to a process that died.
    recoverActiveAtStart: mode === 'work' && opts.database.kind === 'pglite',
    // PostgreSQL: every process marks its jobs, so a starting one knows the orphans (decision 0066).
    ...(opts.database.queueSession ? { ownerSession: opts.database.queueSession } : {}),
    // A job enqueued anywhere starts at its commit, not at the next poll (issue 26 §1).
    listen: opts.database.listen,
  });
  const deps: Deps = {
    db,
    systemDb,
    clock,
    config,
    log,
    tasks,
    jobs,
    storage: localFileStorage({ folder: join(config.dataDir, 'arquivos'), secret: config.linkSecret }),
    // The calculation's threads yield the cores to requests (decision 0089); a document a user waits for does not.
    cpu: createCpuPool(defaultCpuThreads(), { nice: NICE_DAS_THREADS, geracaoJovemMb: GERACAO_JOVEM_DAS_THREADS_MB }),
    cpuDocumentos: createCpuPool(),
    http: new AtividadeHttp(),
    listCache: new VersionedCache(systemDb),
    solicitacoesMudando: mudancas(opts.database.listen, CANAL_SOLICITACAO_DOCUMENTO),
    mailer: createMailer({
      db: systemDb,
      clock,
      log,
      smtp: config.smtp,
      from: config.mailFrom,
      printToConsole: config.printMailsToConsole,
      transport: opts.mailTransport,
    }),
  };
  // Keypad PINs left in clear (an older database, the demo seed) are encrypted before any request or job
  // can read one (decision 0065).
  await cifrarSenhasTecladoEmClaro(systemDb, keypadPinCipher(config));
  // Every mode declares the queues with their policies; only `work` and `manual` run them.
  for (const job of API_JOBS) await jobs.work(job.name, (data, info) => job.handler(deps, data, info), job.options);
  if (opts.prepararCalculo && opts.jobs === 'work') tasks.run('preparar o cálculo', () => prepararCalculo(deps.cpu));
  return deps;
}

/**
 * A hop count means "the last N addresses of X-Forwarded-For were added by
 * our own proxies" (Fastify itself refuses hop counts, since a client that
 * reaches the server directly could then pick its address: the operator who
 * sets TRUST_PROXY=N vouches that nobody can). An address list is checked
 * against the connecting peer.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_addr, hop) => hop < trust;
  return trust;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work requests left running after their answer (tests wait for it). */
    backgroundTasks: BackgroundTasks;
    /** The job queue (tests drain it). */
    jobs: JobQueue;
    /** Every contract the modules bound (the registry test compares it with the contracts). */
    boundEndpoints: ReadonlySet<Endpoint>;
  }
}
