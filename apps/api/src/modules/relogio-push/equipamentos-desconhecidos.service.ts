import { monitoramentoPushApi, type EquipamentoDesconhecido } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { databaseErrorOf } from '../../shared/database-errors.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { relogioPushRepository as repo } from './relogio-push.repository.js';

const M = monitoramentoPushApi.MONITORAMENTO_PUSH_MSG;
/** The unique index of a tenant's Id Clouds (db/schema/relogio-ponto.ts). */
const ID_CLOUD_UQ = 'relogios_ponto_id_cloud_uq';

/**
 * Equipamentos não cadastrados (spec/devices.md §4(a) 'Binding'; decision 0084; codes 173/174): the devices
 * that poll with the company token and a deviceId no clock has, kept by the device routes; an admin binds one
 * to a Push clock (its deviceId becomes the clock's Id Cloud, so its next poll reaches the clock) or discards
 * it. They belong to the tenant, not to a company: whoever sees the screen sees them; binding needs a clock of
 * a company the caller sees.
 */
export function equipamentosDesconhecidosService(deps: Deps) {
  const run = tenantWork(deps);

  return {
    listar(auth: AuthContext): Promise<EquipamentoDesconhecido[]> {
      return run(auth, async (w) =>
        (await repo.desconhecidos(w.tx, w.tenantId, monitoramentoPushApi.DESCONHECIDOS_MAXIMO)).map((d) => ({
          deviceId: d.deviceId,
          primeiraChamada: d.primeiraChamada.toISOString(),
          ultimaChamada: d.ultimaChamada.toISOString(),
          chamadas: d.chamadas,
        })),
      );
    },

    /**
     * One transaction: the entry is taken (a second bind of the same device at once waits on it and then finds
     * nothing), the Id Cloud set, the change audited. Another clock with that Id Cloud — checked first, and the
     * unique index for a save that lands between the check and the update — is a 400 with its message.
     */
    async vincular(auth: AuthContext, deviceId: string, relogioId: number) {
      try {
        return await run(auth, async (w) => {
          const [r] = await repo.estado(w.tx, w.tenantId, { id: relogioId });
          // Not a Push clock, not the tenant's, or of a company the caller does not see: the same answer.
          if (!r || !(await w.scope()).hasCnpj(r.cnpjId)) throw notFound(M.naoEncontrado);
          if (!(await repo.excluirDesconhecido(w.tx, w.tenantId, deviceId)))
            throw notFound(M.desconhecidoNaoEncontrado);
          if (await repo.idCloudEmUso(w.tx, w.tenantId, deviceId, r.id)) throw badRequest(M.idCloudEmUso);
          await repo.definirIdCloud(w.tx, w.tenantId, r.id, deviceId);
          await w.audit({
            acao: 'Editar',
            descricao: `Id Cloud do equipamento ${r.numeroSerie}: ${r.idCloud ?? '-'} → ${deviceId} (equipamento não cadastrado vinculado)`,
            alvo: { cnpjId: r.cnpjId },
          });
          return { mensagem: M.vinculado(r.numeroSerie) };
        });
      } catch (e) {
        if (databaseErrorOf(e)?.constraint === ID_CLOUD_UQ) throw badRequest(M.idCloudEmUso);
        throw e;
      }
    },

    /** The entry only: a device that keeps calling is recorded again on its next poll. */
    descartar(auth: AuthContext, deviceId: string) {
      return run(auth, async (w) => {
        if (!(await repo.excluirDesconhecido(w.tx, w.tenantId, deviceId))) throw notFound(M.desconhecidoNaoEncontrado);
        await w.audit({ acao: 'Excluir', descricao: `Equipamento não cadastrado ${deviceId} descartado` });
        return { mensagem: M.descartado };
      });
    },
  };
}
