import { PERM, justificativaApi, type Justificativa, type ParsedBodyOf } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { registerService } from '../../shared/register-service.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { justificativasRepository } from './justificativas.repository.js';

type Form = ParsedBodyOf<typeof justificativaApi.salvarJustificativa>['justificativa'];
const M = justificativaApi.JUSTIFICATIVA_MSG;

/**
 * Justificativas (seed 000 §2.5, §3, §5, §6): a register without code, so the
 * kit runs it without a sequence. A repeated description (any case) meets the
 * unique index and answers 409 in Portuguese (database-errors.ts).
 */
export function justificativasService(deps: Deps) {
  return registerService<Justificativa, Form>(
    { run: tenantWork(deps), listCache: deps.listCache },
    {
      key: 'justificativas',
      repository: justificativasRepository,
      listResponse: justificativaApi.listarJustificativas.response,
      permissions: { create: PERM.JUSTIFICATIVAS_NOVO, edit: PERM.JUSTIFICATIVAS_EDITAR },
      messages: { created: M.salvo, changed: M.alterado, removed: M.excluido },
      entity: 'Justificativa',
      label: (r) => `${r.descricao} (${r.descricaoTipo})`,
      values: (form) => ({ descricao: form.descricao, inibirAcesso: form.inibirAcesso, tipo: form.tipo }),
    },
  );
}
