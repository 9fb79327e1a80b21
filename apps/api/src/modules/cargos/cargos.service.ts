import { LIMITS, MSG, PERM, cargoApi, type Cargo, type ParsedBodyOf } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { registerService } from '../../shared/register-service.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { cargosRepository } from './cargos.repository.js';

type CargoForm = ParsedBodyOf<typeof cargoApi.salvarCargo>['cargo'];

/**
 * Cargos (seed 000 §2.5, §5, §6): a plain coded register, so the kit does all
 * of it. The list is the whole register (the screen filters and pages it;
 * other screens use it as a lookup).
 */
export function cargosService(deps: Deps) {
  return registerService<Cargo, CargoForm>(
    { run: tenantWork(deps), listCache: deps.listCache },
    {
      key: 'cargos',
      repository: cargosRepository,
      listResponse: cargoApi.listarCargos.response,
      permissions: { create: PERM.CARGOS_NOVO, edit: PERM.CARGOS_EDITAR },
      codeMaxLength: LIMITS.cargoCodigo,
      messages: {
        created: MSG.cargoSalvo,
        changed: MSG.cargoAlterado,
        removed: MSG.cargoExcluido,
        duplicateCode: MSG.cargoCodigoDuplicado,
      },
      entity: 'Cargo',
      label: (c) => `${c.codigo} - ${c.nome}`,
      values: (form) => ({ nome: form.nome }),
    },
  );
}
