import { asc, sql } from 'drizzle-orm';
import { justificativaApi, type Justificativa } from '@jornada/contracts';
import { justificativas } from '../../db/schema/index.js';
import { registerRepository } from '../../db/register-repository.js';

/** The kind's name from the contract's list, so the list and every picker name it alike. */
const descricaoTipo = sql<string>`CASE ${justificativas.tipo} ${sql.join(
  justificativaApi.TIPOS_JUSTIFICATIVA.map((t) => sql`WHEN ${t.tipo}::smallint THEN ${t.descricao}::text`),
  sql` `,
)} ELSE '' END`;

/** SQL only: the register kit's queries over justificativas, sorted by description. */
export const justificativasRepository = registerRepository<Justificativa>(
  { table: justificativas, id: justificativas.id, tenantId: justificativas.tenantId },
  {
    id: justificativas.id,
    descricao: justificativas.descricao,
    inibirAcesso: justificativas.inibirAcesso,
    tipo: justificativas.tipo,
    descricaoTipo,
  },
  [asc(justificativas.descricao), asc(justificativas.id)],
);
