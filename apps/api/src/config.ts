import { join } from 'node:path';

/** Process configuration, read once from the environment. */
export interface Config {
  port: number;
  /** Address to listen on: localhost unless HOST says otherwise (README). */
  host: string;
  /**
   * Which proxies to believe for the client address (X-Forwarded-For):
   * false (TRUST_PROXY unset) = none, a hop count, or a list of addresses/CIDRs.
   * Believing every proxy would let a client pick its own address and dodge
   * the login limits.
   */
  trustProxy: false | number | string[];
  /** Request limits (issue 7 §10). */
  http: HttpLimits;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Password of the jornada_app / jornada_sistema login roles, if the server asks for one. */
  databaseRolePassword: string | undefined;
  /** Connections to PostgreSQL of the HTTP server's request pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Public address of the web app, used in e-mailed links. */
  appUrl: string;
  sessionTtlHours: number;
  resetLinkTtlMinutes: number;
  /**
   * A new user's first-password link (decision 0021): longer than a reset
   * link, since the invitation is not something the user just asked for.
   */
  inviteLinkTtlHours: number;
  smtp: SmtpConfig | undefined;
  mailFrom: string;
  /**
   * Without SMTP, print each message (links included) to the console so a
   * fresh machine can still reset a password. Never in production, where
   * stored copies and logs must not hold usable tokens.
   */
  printMailsToConsole: boolean;
  version: string;
  /** Check every response against its contract (tests); production compiles it instead. */
  validateResponses: boolean;
  /** Serve the built SPA from this folder (absent in route tests). */
  webDist: string | undefined;
  /**
   * Whether the HTTP server also runs the jobs (decision 0041): always on
   * PGlite; on PostgreSQL unless JORNADA_SERVER_JOBS=off, when only
   * `npm run worker` processes run them.
   */
  serverRunsJobs: boolean;
  /** Key that signs file links (JORNADA_LINK_SECRET); unset: one kept in the files folder (decision 0042). */
  linkSecret: string | undefined;
  /**
   * The OpenAPI page at /api/docs (JORNADA_API_DOCS=on|off): off by default in
   * production (NODE_ENV=production), where it would hand anyone a map of
   * every call; on elsewhere (decision 0064).
   */
  apiDocs: boolean;
  /**
   * Secret the encrypted fields' keys derive from (JORNADA_DATA_SECRET: the keypad PINs); unset: one kept
   * in the data folder (decision 0065). Every process of one database must share it.
   */
  dataSecret: string | undefined;
  /** The device-facing routes (Control iD push and monitor, issue 25 §4; decision 0081). */
  dispositivos: DeviceLimits;
  coletor: ColetorLimits;
  appFuncionario: AppFuncionarioLimits;
}

/** Limits and timings of the device-facing routes (decision 0081). */
export interface DeviceLimits {
  /** Calls a second one device (token + deviceId) may make, and its burst: a poll every second is 1. */
  chamadasPorSegundo: number;
  rajada: number;
  /** Calls a second one company token may make over all its devices (a customer's whole fleet), and its burst. */
  chamadasPorSegundoPorToken: number;
  rajadaPorToken: number;
  /** A command handed out and not answered in this time goes back to the queue (devices.md §4(a) step 3). */
  comandoSemRespostaMs: number;
  /** Hand-outs of one command before it fails for good and puts its clock in error. */
  tentativasPorComando: number;
  /** No poll, heartbeat or punch for this long: the clock shows Erro. */
  semContatoMs: number;
  /** How far ahead of the server's clock a punch's time may be (a device clock a little fast). */
  adiantamentoMaximoMs: number;
}

export const DEFAULT_DEVICE_LIMITS: DeviceLimits = {
  chamadasPorSegundo: 20,
  rajada: 60,
  chamadasPorSegundoPorToken: 5_000,
  rajadaPorToken: 10_000,
  comandoSemRespostaMs: 60_000,
  tentativasPorComando: 3,
  semContatoMs: 180_000,
  adiantamentoMaximoMs: 10 * 60_000,
};

/** Limits of the Coletor Local's agent API (spec/devices.md §4(b); decision 0082). */
export interface ColetorLimits {
  /** Logins a minute one address, and one login, may try, and their burst. */
  loginsPorMinuto: number;
  rajadaLogin: number;
  /** Calls a second one token may make (checked before its lookup), and its burst. */
  chamadasPorSegundo: number;
  rajada: number;
  /** How long a collector's token lives: after it, the agent logs in again. */
  tokenHoras: number;
  /** The largest AFD upload body (base64 JSON). */
  afdBytes: number;
  /** A clock whose time (the heartbeat's relogioData) is off by more than this shows it as its error. */
  desvioMaximoMs: number;
}

export const DEFAULT_COLETOR_LIMITS: ColetorLimits = {
  loginsPorMinuto: 10,
  rajadaLogin: 10,
  chamadasPorSegundo: 10,
  rajada: 100,
  tokenHoras: 24,
  afdBytes: 64 * 1024 * 1024,
  desvioMaximoMs: 5 * 60_000,
};

/** Limits of the employee's app API (spec/devices.md §4(c); decision 0086). */
export interface AppFuncionarioLimits {
  /** Activations a minute one address may try (8-character codes: guessing must stay hopeless), and the burst. */
  ativacoesPorMinuto: number;
  rajadaAtivacao: number;
  /** Calls a second one device token may make (checked before its lookup), and its burst. */
  chamadasPorSegundo: number;
  rajada: number;
}

export const DEFAULT_APP_FUNCIONARIO_LIMITS: AppFuncionarioLimits = {
  ativacoesPorMinuto: 10,
  rajadaAtivacao: 10,
  chamadasPorSegundo: 5,
  rajada: 30,
};

export interface HttpLimits {
  /** All request headers must arrive within this time. */
  headersTimeoutMs: number;
  /** JSON bodies: size and time to arrive. Uploads get their own, larger, limits. */
  jsonBodyBytes: number;
  jsonBodyTimeoutMs: number;
  uploadBodyBytes: number;
  uploadBodyTimeoutMs: number;
  /**
   * The longest a long-poll answer waits for a change (decision 0080): under
   * the usual 30–60 s idle timeouts of proxies, so none cuts it.
   */
  longPollMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  jsonBodyBytes: 1024 * 1024,
  jsonBodyTimeoutMs: 30_000,
  uploadBodyBytes: 100 * 1024 * 1024,
  uploadBodyTimeoutMs: 300_000,
  longPollMs: 25_000,
};

/** TRUST_PROXY: unset/false = off; a number = hop count; otherwise a comma list of addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^[0-9]+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    http: DEFAULT_HTTP_LIMITS,
    dispositivos: DEFAULT_DEVICE_LIMITS,
    coletor: DEFAULT_COLETOR_LIMITS,
    appFuncionario: DEFAULT_APP_FUNCIONARIO_LIMITS,
    dataDir: env.JORNADA_DATA_DIR ?? join(process.cwd(), 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseRolePassword: env.DATABASE_ROLE_PASSWORD || undefined,
    databasePoolSize: positiveInteger(env.DATABASE_POOL_SIZE, DEFAULT_POOL_SIZE),
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 12),
    resetLinkTtlMinutes: Number(env.RESET_LINK_TTL_MINUTES ?? 60),
    inviteLinkTtlHours: Number(env.INVITE_LINK_TTL_HOURS ?? 72),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT ?? 587),
          secure: env.SMTP_SECURE === 'true',
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASS || undefined,
        }
      : undefined,
    mailFrom: env.MAIL_FROM ?? 'Jornada <nao-responda@jornada.app.br>',
    printMailsToConsole: !env.SMTP_HOST && env.NODE_ENV !== 'production',
    version: env.JORNADA_VERSION ?? '0.1.0',
    validateResponses: env.JORNADA_VALIDATE_RESPONSES === 'true',
    webDist: env.JORNADA_WEB_DIST,
    serverRunsJobs: env.JORNADA_SERVER_JOBS !== 'off',
    linkSecret: env.JORNADA_LINK_SECRET || undefined,
    apiDocs: env.JORNADA_API_DOCS ? env.JORNADA_API_DOCS === 'on' : env.NODE_ENV !== 'production',
    dataSecret: env.JORNADA_DATA_SECRET || undefined,
  };
}

/** Printed when `npm run worker` is started without PostgreSQL (decision 0041). */
export const WORKER_NEEDS_POSTGRES =
  'npm run worker precisa de PostgreSQL (DATABASE_URL). Com o banco embutido (PGlite) o próprio servidor ' +
  '(npm start) executa as tarefas: um segundo processo não pode abrir o mesmo banco.';

/** The request pool's default size; see DATABASE_POOL_SIZE in the README. */
export const DEFAULT_POOL_SIZE = 20;

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}
