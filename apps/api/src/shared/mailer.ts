import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { emailsSaida } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import type { SmtpConfig } from '../config.js';

export interface Mail {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Writes every message to the outbox table; sends it through SMTP when
 * configured, otherwise logs it (with nodemailer's JSON transport building the
 * real message), so password reset works on a fresh machine.
 */
export function createMailer(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtp: SmtpConfig | undefined;
  from: string;
}): Mailer {
  const transport: Transporter = deps.smtp
    ? nodemailer.createTransport({
        host: deps.smtp.host,
        port: deps.smtp.port,
        secure: deps.smtp.secure,
        auth: deps.smtp.user ? { user: deps.smtp.user, pass: deps.smtp.pass ?? '' } : undefined,
      })
    : nodemailer.createTransport({ jsonTransport: true });

  return {
    async send(mail) {
      const [row] = await deps.db
        .insert(emailsSaida)
        .values({
          tenantId: mail.tenantId,
          para: mail.to,
          assunto: mail.subject,
          texto: mail.text,
          html: mail.html ?? null,
          criadoEm: deps.clock.now(),
        })
        .returning({ id: emailsSaida.id });
      try {
        await transport.sendMail({
          from: deps.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        if (deps.smtp && row) {
          await deps.db.update(emailsSaida).set({ enviadoEm: deps.clock.now() }).where(eq(emailsSaida.id, row.id));
        } else {
          deps.log.info(
            { to: mail.to, subject: mail.subject, text: mail.text },
            'E-mail (sem SMTP configurado): gravado na caixa de saída',
          );
        }
      } catch (err) {
        // The outbox row stays with the error; the use case itself succeeded.
        deps.log.error({ err, to: mail.to }, 'Falha ao enviar e-mail');
        if (row) {
          await deps.db
            .update(emailsSaida)
            .set({ erro: String(err) })
            .where(eq(emailsSaida.id, row.id));
        }
      }
    },
  };
}
