import { PERM, motivoAfastamentoApi, type MotivoAfastamento, type ParsedBodyOf } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/tenant-tx.js';
import { badRequest } from '../../shared/app-error.js';
import { registerService } from '../../shared/register-service.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { motivosAfastamentoRepository as repo } from './motivos-afastamento.repository.js';

type Form = ParsedBodyOf<typeof motivoAfastamentoApi.salvarMotivoAfastamento>['motivoAfastamento'];
const M = motivoAfastamentoApi.MOTIVO_MSG;

/**
 * Creates the protected reasons ('Transferência') of a new tenant inside the
 * caller's transaction: the provider's "create client" use case calls it, the
 * demo seed runs the same insert (db/tenant-defaults.ts).
 */
export function criarMotivosProtegidos(tx: Tx, tenantId: number): Promise<void> {
  return repo.insertProtected(tx, tenantId);
}

/**
 * Motivos de Afastamento (seed 000 §2.5, §3, §5, §6): no code; `definitivo`
 * is chosen at creation and refused if an edit tries to change it; a protected
 * reason can be neither renamed nor deleted. A repeated description meets the
 * unique index (409 in Portuguese).
 */
export function motivosAfastamentoService(deps: Deps) {
  return registerService<MotivoAfastamento, Form>(
    { run: tenantWork(deps), listCache: deps.listCache },
    {
      key: 'motivos_afastamento',
      repository: repo,
      listResponse: motivoAfastamentoApi.listarMotivosAfastamento.response,
      permissions: { create: PERM.CARGOS_NOVO, edit: PERM.CARGOS_EDITAR },
      messages: { created: M.salvo, changed: M.alterado, removed: M.excluido },
      entity: 'Motivo de afastamento',
      label: (r) => motivoAfastamentoApi.rotuloMotivo(r),
      // On an edit only the description is written: definitivo stays as created.
      values: (form) =>
        form.id ? { descricao: form.descricao } : { descricao: form.descricao, definitivo: form.definitivo ?? false },
      async beforeSave(_work, form, before) {
        if (!before) return;
        if (form.definitivo !== undefined && form.definitivo !== before.definitivo) {
          throw badRequest(M.definitivoImutavel);
        }
        if (before.protegido && form.descricao !== before.descricao) {
          throw badRequest(M.protegidoRenomear(before.descricao));
        }
      },
      async beforeRemove(_work, row) {
        if (row.protegido) throw badRequest(M.protegidoExcluir(row.descricao));
      },
    },
  );
}
