import { LIMITS, MSG, type LogOperacao, type OperacaoLog, type UsuarioLog } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { withTenant } from '../../db/tenant-tx.js';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { logOperacoesRepository as repo } from './log-operacoes.repository.js';

export interface LogFilter {
  dataInicio: string;
  dataFinal: string;
  nomeLogin?: string | null | undefined;
  operacao?: OperacaoLog | null | undefined;
}

/** Empty, null and 'Todos' all mean "no filter". */
const chosen = <T extends string>(v: T | null | undefined): T | undefined =>
  v === null || v === undefined || v === '' || v === 'Todos' ? undefined : v;

/**
 * Logs de Operações (seed 000 §2.6, §7; decision 0024): the entries every
 * mutation writes (shared/unit-of-work audit()), read in the tenant's own
 * transaction so row-level security stands behind the tenant filter, and
 * within the reader's scope like every list (decision 0065): an entry about
 * a company or cost centre the user does not see is not answered, and a
 * tenant-wide one only to who sees the whole tenant.
 */
export function logOperacoesService(deps: Deps) {
  const run = tenantWork(deps);
  return {
    pesquisarLogOperacoes(auth: AuthContext, f: LogFilter): Promise<LogOperacao[]> {
      return run(auth, async ({ tx, scope }) => {
        const max = LIMITS.logOperacoesMaxLinhas;
        const rows = await repo.search(tx, {
          tenantId: auth.tenantId,
          scope: await scope(),
          from: f.dataInicio,
          to: f.dataFinal,
          zone: await repo.fusoHorarioEmpresa(tx, auth.tenantId),
          login: chosen(f.nomeLogin ?? undefined),
          acao: chosen(f.operacao),
          limit: max + 1,
        });
        // A partial answer would read as "this is all": ask for a narrower search instead.
        if (rows.length > max) throw badRequest(MSG.logOperacoesLimite(max));
        return rows;
      });
    },

    listarUsuariosLog(auth: AuthContext): Promise<UsuarioLog[]> {
      return withTenant(deps.db, auth.tenantId, (tx) => repo.users(tx, auth.tenantId));
    },
  };
}
