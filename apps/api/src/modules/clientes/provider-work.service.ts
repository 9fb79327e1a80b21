import { MSG, SUPER_ADMIN_CODE } from '@jornada/contracts';
import type { Db } from '../../db/client.js';
import { logOperation } from '../../db/operation-log.js';
import { withSystem, withTenant, type Tx } from '../../db/tenant-tx.js';
import { forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { workIn, type AuditedChange, type RunTenantWork } from '../../shared/unit-of-work.js';
import { clientesRepository } from './clientes.repository.js';

export interface ProviderWork {
  readonly tx: Tx;
  readonly auth: AuthContext;
  readonly now: Date;
  /** The change in the provider's own operation log, in the same transaction. */
  audit(change: Pick<AuditedChange, 'acao' | 'descricao'>): Promise<void>;
}

/**
 * The provider's unit of work (decision 0015): one transaction on the system
 * path, which sees every tenant. The route's wall already demanded 99999;
 * this says it again where the wide door opens, so no future route can reach
 * it with a customer's session.
 */
export function providerWork(deps: { systemDb: Db; clock: Clock }) {
  return <T>(auth: AuthContext, fn: (work: ProviderWork) => Promise<T>): Promise<T> => {
    if (!auth.permissoes.has(SUPER_ADMIN_CODE) || auth.suporte) return Promise.reject(forbidden(MSG.semPermissao));
    return withSystem(deps.systemDb, (tx) => {
      const now = deps.clock.now();
      return fn({ tx, auth, now, audit: (c) => logOperation(tx, auth, c.acao, c.descricao, now) });
    });
  };
}

/**
 * The provider inside one customer's tenant (Update-Funcionarios, decision
 * 0040): after providerWork has checked 99999 and that the tenant is a
 * customer, the use case runs in an ordinary tenant transaction of that
 * customer — the app role, row-level security pinned to it — as the
 * provider's staff member with the whole tenant in scope. Its changes go to
 * the customer's operation log as 'provedor:<e-mail>'. So a customer's use
 * case (the employee import) serves the provider without a second copy and
 * without the system path's wide view.
 */
export function providerInTenant(deps: { db: Db; systemDb: Db; clock: Clock }) {
  const provider = providerWork(deps);
  return (tenantId: number): RunTenantWork =>
    async (auth, fn) => {
      await provider(auth, async ({ tx }) => {
        if (!(await clientesRepository.nomeCliente(tx, tenantId))) throw notFound(MSG.naoEncontrado);
      });
      const noCliente: AuthContext = {
        ...auth,
        tenantId,
        nomeLogin: `provedor:${auth.email}`,
        suporte: undefined,
        provedorNoCliente: true,
      };
      return withTenant(deps.db, tenantId, (tx) => fn(workIn(tx, noCliente, deps.clock.now())));
    };
}
