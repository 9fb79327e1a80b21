import { MSG, SUPER_ADMIN_CODE } from '@jornada/contracts';
import type { Db } from '../../db/client.js';
import { logOperation } from '../../db/operation-log.js';
import { withSystem, type Tx } from '../../db/tenant-tx.js';
import { forbidden } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditedChange } from '../../shared/unit-of-work.js';

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
