import { join } from 'node:path';

/** Process configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Public address of the web app, used in e-mailed links. */
  appUrl: string;
  sessionTtlHours: number;
  resetLinkTtlMinutes: number;
  smtp: SmtpConfig | undefined;
  mailFrom: string;
  version: string;
  /** Check every response against its contract (tests); production compiles it instead. */
  validateResponses: boolean;
  /** Serve the built SPA from this folder (absent in route tests). */
  webDist: string | undefined;
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
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.JORNADA_DATA_DIR ?? join(process.cwd(), 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 12),
    resetLinkTtlMinutes: Number(env.RESET_LINK_TTL_MINUTES ?? 60),
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
    version: env.JORNADA_VERSION ?? '0.1.0',
    validateResponses: env.JORNADA_VALIDATE_RESPONSES === 'true',
    webDist: env.JORNADA_WEB_DIST,
  };
}
