import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { autorizacoesSuporte, empresas } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

/** Advisory-lock class of "create an authorisation" (one per tenant at a time). */
const CREATE_LOCK = 90_917;

const columns = {
  id: autorizacoesSuporte.id,
  autorizaPor: autorizacoesSuporte.autorizaPor,
  email: autorizacoesSuporte.email,
  dataCadastro: autorizacoesSuporte.dataCadastro,
  dataFinal: autorizacoesSuporte.dataFinal,
  fechado: autorizacoesSuporte.fechado,
};

export const autorizacaoSuporteRepository = {
  /**
   * Serialises the creations of one tenant until the transaction ends, so two
   * administrators pressing Novo at once cannot both find "none open".
   */
  async lockCreation(tx: Tx, tenantId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK}::int, ${tenantId}::int)`);
  },

  /** The open authorisation (not closed by hand, last day not past), newest first. */
  async findOpen(tx: Tx, tenantId: number, today: string) {
    const [row] = await tx
      .select(columns)
      .from(autorizacoesSuporte)
      .where(
        and(
          eq(autorizacoesSuporte.tenantId, tenantId),
          eq(autorizacoesSuporte.fechado, false),
          gte(autorizacoesSuporte.dataFinal, today),
        ),
      )
      .orderBy(desc(autorizacoesSuporte.id))
      .limit(1);
    return row;
  },

  async insert(
    tx: Tx,
    row: {
      tenantId: number;
      usuarioId: number | null;
      autorizaPor: string;
      email: string;
      dataCadastro: Date;
      dataFinal: string;
    },
  ): Promise<number> {
    const [r] = await tx.insert(autorizacoesSuporte).values(row).returning({ id: autorizacoesSuporte.id });
    return r!.id;
  },

  /** One authorisation, locked until the transaction ends (a delete and a login never interleave). */
  async lock(tx: Tx, tenantId: number, id: number) {
    const [row] = await tx
      .select(columns)
      .from(autorizacoesSuporte)
      .where(and(eq(autorizacoesSuporte.tenantId, tenantId), eq(autorizacoesSuporte.id, id)))
      .for('update');
    return row;
  },

  async remove(tx: Tx, tenantId: number, id: number): Promise<void> {
    await tx
      .delete(autorizacoesSuporte)
      .where(and(eq(autorizacoesSuporte.tenantId, tenantId), eq(autorizacoesSuporte.id, id)));
  },

  /** The authorisations created in a month (`yyyy-mm`) of the company's calendar, newest first. */
  listMonth(tx: Tx, tenantId: number, zone: string, yearMonth: string) {
    return tx
      .select(columns)
      .from(autorizacoesSuporte)
      .where(
        and(
          eq(autorizacoesSuporte.tenantId, tenantId),
          sql`to_char(${autorizacoesSuporte.dataCadastro} AT TIME ZONE ${zone}, 'YYYY-MM') = ${yearMonth}`,
        ),
      )
      .orderBy(desc(autorizacoesSuporte.dataCadastro), desc(autorizacoesSuporte.id));
  },

  async mainCompanyId(tx: Tx, tenantId: number): Promise<number | undefined> {
    const [row] = await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.tenantId, tenantId));
    return row?.id;
  },
};
