import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { emailsSaida } from './schema/index.js';

/** The outbox table (emails_saida): stored copies of outgoing mail, already redacted. */
export const outbox = {
  async add(
    db: Db,
    m: { tenantId: number | null; para: string; assunto: string; texto: string; html: string | null; criadoEm: Date },
  ): Promise<number | undefined> {
    const [row] = await db.insert(emailsSaida).values(m).returning({ id: emailsSaida.id });
    return row?.id;
  },
  async markSent(db: Db, id: number, at: Date): Promise<void> {
    await db.update(emailsSaida).set({ enviadoEm: at }).where(eq(emailsSaida.id, id));
  },
  async markFailed(db: Db, id: number, erro: string): Promise<void> {
    await db.update(emailsSaida).set({ erro }).where(eq(emailsSaida.id, id));
  },
};
