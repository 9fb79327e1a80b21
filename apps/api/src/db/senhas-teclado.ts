import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.js';
import { withSystem } from './tenant-tx.js';
import type { FieldCipher } from '../shared/field-cipher.js';

/** A PIN as typed (4 digits) and not yet encrypted: a ciphertext never matches it (`c1.…`). */
const EM_CLARO = '^[0-9]{4}$';

/**
 * Encrypts every keypad PIN still stored in clear (decision 0065): those of
 * a database from before the encryption and those the demo seed writes (the
 * seed, in db/, runs before the process has its key). Runs at every start
 * (app.ts buildDeps), before any request can read a PIN, and not in the
 * migration: the key is not in the database, on purpose. After the first run
 * it finds nothing (one scan of `funcionarios`).
 *
 * Compare-and-set: each row changes only if it still holds the clear PIN it
 * was read with, so two processes starting together (several servers and
 * workers on PostgreSQL) never encrypt one twice nor overwrite a new PIN.
 * Answers how many it encrypted.
 */
export async function cifrarSenhasTecladoEmClaro(system: Db, cipher: FieldCipher): Promise<number> {
  return withSystem(system, async (tx) => {
    const claras = await queryRows<{ id: number; senha: string }>(
      tx,
      sql`SELECT id, senha_teclado AS senha FROM funcionarios WHERE senha_teclado ~ ${EM_CLARO}`,
    );
    if (claras.length === 0) return 0;
    const feitas = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE funcionarios f SET senha_teclado = u.cifrada
            FROM unnest(${sql.param(claras.map((c) => Number(c.id)))}::int[],
                        ${sql.param(claras.map((c) => c.senha))}::text[],
                        ${sql.param(claras.map((c) => cipher.encrypt(c.senha)))}::text[]) AS u(id, clara, cifrada)
           WHERE f.id = u.id AND f.senha_teclado = u.clara
       RETURNING f.id`,
    );
    return feitas.length;
  });
}
