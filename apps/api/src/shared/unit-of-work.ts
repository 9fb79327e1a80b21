import type { Db } from '../db/client.js';
import { bumpDataVersion } from '../db/data-versions.js';
import { logOperation, type Acao, type AlvoLog } from '../db/operation-log.js';
import { withTenant, type Tx } from '../db/tenant-tx.js';
import { loadTenantScope, loadUserScope } from '../db/user-scope.js';
import type { AuthContext } from './auth-context.js';
import type { Clock } from './clock.js';
import type { UserScope } from './user-scope.js';

/** A change as the operation log records it, and the cached lists it makes stale. */
export interface AuditedChange {
  acao: Acao;
  /** The Logs de Operações text: what changed, old → new where it applies. */
  descricao: string;
  /** Versioned-list keys (decision 0006) to bump. */
  lists?: readonly string[];
  /**
   * The company (and cost centre) the change is about: the entry is read only
   * by users who see it (decision 0065). Absent = tenant-wide.
   */
  alvo?: AlvoLog | undefined;
}

/**
 * One use case's unit of work: one transaction in one tenant, who asked and
 * the instant it runs at (one `now` for every row it writes).
 */
export interface TenantWork {
  readonly tx: Tx;
  readonly auth: AuthContext;
  readonly tenantId: number;
  readonly now: Date;
  /**
   * Records a change in the same transaction: the operation log entry and the
   * list-version bumps exist if and only if the change does.
   */
  audit(change: AuditedChange): Promise<void>;
  /**
   * The caller's companies and cost centres (decision 0020), loaded on first
   * use in this transaction and kept for the rest of it.
   */
  scope(): Promise<UserScope>;
}

export type RunTenantWork = <T>(auth: AuthContext, fn: (work: TenantWork) => Promise<T>) => Promise<T>;

export function tenantWork(deps: { db: Db; clock: Clock }): RunTenantWork {
  return (auth, fn) => withTenant(deps.db, auth.tenantId, (tx) => fn(workIn(tx, auth, deps.clock.now())));
}

/**
 * The unit of work of `auth` in a transaction already pinned to
 * `auth.tenantId`. Someone with no assignments in that tenant — a support
 * session (decision 0016), the provider acting in a customer (decision 0040)
 * — sees the whole tenant.
 */
export function workIn(tx: Tx, auth: AuthContext, now: Date): TenantWork {
  let scope: Promise<UserScope> | undefined;
  return {
    tx,
    auth,
    tenantId: auth.tenantId,
    now,
    async audit(change) {
      for (const list of change.lists ?? []) await bumpDataVersion(tx, auth.tenantId, list);
      await logOperation(tx, auth, change.acao, change.descricao, now, change.alvo);
    },
    scope() {
      const whole = auth.suporte || auth.provedorNoCliente;
      scope ??= (whole ? loadTenantScope : loadUserScope)(tx, auth.tenantId, auth.userId);
      return scope;
    },
  };
}
