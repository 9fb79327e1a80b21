import { asc } from 'drizzle-orm';
import type { MotivoAfastamento } from '@jornada/contracts';
import { motivosAfastamento } from '../../db/schema/index.js';
import { registerRepository } from '../../db/register-repository.js';
import { insertMotivosProtegidos } from '../../db/tenant-defaults.js';

/** SQL only: the register kit's queries over motivos_afastamento, by description. */
export const motivosAfastamentoRepository = {
  ...registerRepository<MotivoAfastamento>(
    { table: motivosAfastamento, id: motivosAfastamento.id, tenantId: motivosAfastamento.tenantId },
    {
      id: motivosAfastamento.id,
      descricao: motivosAfastamento.descricao,
      definitivo: motivosAfastamento.definitivo,
      protegido: motivosAfastamento.protegido,
    },
    [asc(motivosAfastamento.descricao), asc(motivosAfastamento.id)],
  ),
  insertProtected: insertMotivosProtegidos,
};
