import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/outbox.js';
import type { Clock } from './clock.js';
import type { SmtpConfig } from '../config.js';

export interface Mail {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Usable secrets inside the message (a reset or invitation token). They go
   * to the recipient only: stored copies and logs show '[omitido]' instead.
   */
  secrets?: readonly string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const REDACTED = '[omitido]';

export function redact(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce((out, secret) => (secret ? out.replaceAll(secret, REDACTED) : out), text);
}

export function smtpTransport(smtp: SmtpConfig): Transporter {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
  });
}

/**
 * Writes a redacted copy of every message to the outbox table and hands the
 * real one to nodemailer: SMTP when configured; otherwise nodemailer's JSON
 * transport builds it and, outside production, the whole message is printed
 * to the console so a fresh machine can still follow a reset link.
 */
export function createMailer(deps: {
  /** The system path: the outbox is not a tenant table. */
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtp: SmtpConfig | undefined;
  from: string;
  printToConsole: boolean;
  /** Another nodemailer transport (tests capture the delivered messages). */
  transport?: Transporter;
}): Mailer {
  const transport: Transporter =
    deps.transport ?? (deps.smtp ? smtpTransport(deps.smtp) : nodemailer.createTransport({ jsonTransport: true }));
  const delivers = deps.transport !== undefined || deps.smtp !== undefined;
  return {
    async send(mail) {
      const id = await outbox.add(deps.db, {
        tenantId: mail.tenantId,
        para: mail.to,
        assunto: mail.subject,
        texto: redact(mail.text, mail.secrets),
        html: mail.html === undefined ? null : redact(mail.html, mail.secrets),
        criadoEm: deps.clock.now(),
      });
      try {
        await transport.sendMail({
          from: deps.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        if (delivers && id !== undefined) await outbox.markSent(deps.db, id, deps.clock.now());
        if (!delivers) {
          deps.log.info(
            { to: mail.to, subject: mail.subject },
            'E-mail (sem SMTP configurado): gravado na caixa de saída',
          );
          if (deps.printToConsole) {
            process.stdout.write(`\n--- E-mail para ${mail.to}: ${mail.subject}\n${mail.text}\n---\n`);
          }
        }
      } catch (err) {
        // The outbox row keeps the error; the use case itself succeeded.
        const message = redact(err instanceof Error ? err.message : String(err), mail.secrets);
        deps.log.error({ err: { message }, to: mail.to }, 'Falha ao enviar e-mail');
        if (id !== undefined) await outbox.markFailed(deps.db, id, message);
      }
    },
  };
}
