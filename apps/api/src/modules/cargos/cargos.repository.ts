import { asc } from 'drizzle-orm';
import { cargos } from '../../db/schema/index.js';
import { registerRepository } from '../../db/register-repository.js';
import type { Cargo } from '@jornada/contracts';

/** SQL only: the register kit's queries over the cargos table, sorted by name. */
export const cargosRepository = registerRepository<Cargo>(
  { table: cargos, id: cargos.id, tenantId: cargos.tenantId, codigo: cargos.codigo },
  { id: cargos.id, codigo: cargos.codigo, nome: cargos.nome },
  [asc(cargos.nome), asc(cargos.id)],
);
