import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/** The state of one throttled key after an attempt was counted. */
export interface ThrottleState {
  /** Attempts counted in the current window (including ones still being checked). */
  tentativas: number;
  bloqueadoAte: Date | null;
}

const toDate = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

/**
 * SQL of the login throttle (table tentativas_login). Every statement is one
 * atomic upsert or update, so any number of API processes and concurrent
 * requests count correctly. Runs on the system path: no tenant is known yet.
 */
export function loginThrottleRepository(db: Db) {
  return {
    /**
     * Counts one attempt BEFORE the password is checked, unless the key is
     * locked. A window older than `windowStart` restarts the count; a window
     * quiet for a whole period also forgets earlier locks (the delay starts
     * small again).
     */
    async reserve(key: string, email: string | null, now: Date, windowStart: Date): Promise<ThrottleState> {
      const n = now.toISOString();
      const w = windowStart.toISOString();
      const rows = await queryRows<{ falhas: number; bloqueado_ate: string | Date | null }>(
        db,
        sql`
        INSERT INTO tentativas_login AS t (chave, email, falhas, nivel, janela_inicio, bloqueado_ate)
        VALUES (${key}, ${email}, 1, 0, ${n}::timestamptz, NULL)
        ON CONFLICT (chave) DO UPDATE SET
          falhas = CASE WHEN t.bloqueado_ate > ${n}::timestamptz THEN t.falhas
                        WHEN t.janela_inicio < ${w}::timestamptz THEN 1
                        ELSE t.falhas + 1 END,
          nivel = CASE WHEN t.bloqueado_ate > ${n}::timestamptz THEN t.nivel
                       WHEN t.janela_inicio < ${w}::timestamptz THEN 0
                       ELSE t.nivel END,
          janela_inicio = CASE WHEN t.bloqueado_ate > ${n}::timestamptz THEN t.janela_inicio
                               WHEN t.janela_inicio < ${w}::timestamptz THEN ${n}::timestamptz
                               ELSE t.janela_inicio END
        RETURNING falhas, bloqueado_ate`,
      );
      const row = rows[0]!;
      return { tentativas: Number(row.falhas), bloqueadoAte: toDate(row.bloqueado_ate) };
    },

    /**
     * Locks the key when it reached `limit` and is not locked yet: the lock
     * lasts `baseSeconds · 2^locksSoFar`, at most `maxSeconds`, and a fresh
     * count starts when it ends. Returns the lock in force, if any (set now or
     * by a concurrent request).
     */
    async lockIfReached(
      key: string,
      limit: number,
      now: Date,
      baseSeconds: number,
      maxSeconds: number,
    ): Promise<Date | null> {
      const n = now.toISOString();
      const rows = await queryRows<{ bloqueado_ate: string | Date | null }>(
        db,
        sql`
        WITH locked AS (
          UPDATE tentativas_login SET
            bloqueado_ate = ${n}::timestamptz + make_interval(secs => least(${baseSeconds} * power(2, nivel), ${maxSeconds})),
            janela_inicio = ${n}::timestamptz + make_interval(secs => least(${baseSeconds} * power(2, nivel), ${maxSeconds})),
            nivel = nivel + 1,
            falhas = 0
          WHERE chave = ${key} AND falhas >= ${limit}
            AND (bloqueado_ate IS NULL OR bloqueado_ate <= ${n}::timestamptz)
          RETURNING bloqueado_ate)
        SELECT bloqueado_ate FROM locked
        UNION ALL
        SELECT bloqueado_ate FROM tentativas_login
         WHERE chave = ${key} AND bloqueado_ate > ${n}::timestamptz AND NOT EXISTS (SELECT 1 FROM locked)`,
      );
      return toDate(rows[0]?.bloqueado_ate ?? null);
    },

    /** Gives back an attempt that turned out not to be a failure. */
    async release(key: string): Promise<void> {
      await db.execute(sql`UPDATE tentativas_login SET falhas = greatest(falhas - 1, 0) WHERE chave = ${key}`);
    },

    async clear(key: string): Promise<void> {
      await db.execute(sql`DELETE FROM tentativas_login WHERE chave = ${key}`);
    },

    /** Every e-mail + address counter of that e-mail (after a password reset). */
    async clearEmail(email: string): Promise<void> {
      await db.execute(sql`DELETE FROM tentativas_login WHERE email = ${email}`);
    },
  };
}
