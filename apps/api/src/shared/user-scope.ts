import { MSG } from '@jornada/contracts';
import { forbidden, notFound } from './app-error.js';

/** A cost centre as the scope checks it: its id and its company. */
export interface ScopedCentroCusto {
  readonly id: number;
  readonly cnpjId: number;
}

/**
 * What one user may see and change of a tenant's company data (decision 0020):
 *
 * - only the companies (CNPJs) assigned to the user (`usuario_cnpjs`); none
 *   assigned, none seen;
 * - inside one of them, only the cost centres assigned to the user
 *   (`usuario_centros_custo`) and everything under them (a department brings
 *   its sectors and sections); none assigned in that company, the whole company;
 * - the ancestors of an assigned cost centre are visible in the Centros de
 *   Custos chain (to reach the assigned one) but not changeable.
 *
 * Registers without a company (holidays, positions, justifications, reasons,
 * schedules) are tenant-wide and do not use it.
 *
 * Built once per unit of work (`TenantWork.scope()`, loaded by
 * db/user-scope.ts in the same transaction as the rows it guards). Lists use
 * the SQL predicates of db/user-scope.ts (`scopeSql`); single ids use the
 * assertions here. An id outside the scope is answered like an id that does
 * not exist (404: the user learns nothing about it); a cost centre the user
 * can see but not change (an ancestor, or a new department in a company where
 * the user is limited) is a 403 that says why.
 */
export class UserScope {
  constructor(
    readonly userId: number,
    /** The companies assigned to the user. */
    readonly cnpjIds: readonly number[],
    /**
     * Companies where the user is limited to some cost centres → the ids the
     * user may see and change there (assigned ones and their descendants).
     */
    readonly limitedCnpjs: ReadonlyMap<number, ReadonlySet<number>>,
    /** Ancestors of the assigned cost centres that are not themselves allowed. */
    readonly ancestorIds: ReadonlySet<number>,
  ) {
    this.cnpjSet = new Set(cnpjIds);
  }

  private readonly cnpjSet: ReadonlySet<number>;

  /** Companies the user sees whole (no cost-centre limit). */
  get wholeCnpjIds(): number[] {
    return this.cnpjIds.filter((id) => !this.limitedCnpjs.has(id));
  }

  /** The allowed cost centres of the limited companies. */
  get allowedCentroCustoIds(): number[] {
    return [...this.limitedCnpjs.values()].flatMap((ids) => [...ids]);
  }

  hasCnpj(cnpjId: number): boolean {
    return this.cnpjSet.has(cnpjId);
  }

  /** Sees the company without a cost-centre limit (may add departments to it). */
  hasWholeCnpj(cnpjId: number): boolean {
    return this.cnpjSet.has(cnpjId) && !this.limitedCnpjs.has(cnpjId);
  }

  /** May see and change this cost centre, and every row under it. */
  hasCentroCusto(cc: ScopedCentroCusto): boolean {
    if (!this.cnpjSet.has(cc.cnpjId)) return false;
    const allowed = this.limitedCnpjs.get(cc.cnpjId);
    return allowed === undefined || allowed.has(cc.id);
  }

  /** May see this cost centre in the chain (allowed, or an ancestor of an allowed one). */
  seesCentroCusto(cc: ScopedCentroCusto): boolean {
    return this.hasCentroCusto(cc) || (this.cnpjSet.has(cc.cnpjId) && this.ancestorIds.has(cc.id));
  }

  /**
   * A row of company data (an employee, a punch): its company is seen whole,
   * or its cost centre is allowed. A row without a cost centre in a company
   * where the user is limited is out of scope.
   */
  hasRow(cnpjId: number, centroCustoId: number | null): boolean {
    if (this.hasWholeCnpj(cnpjId)) return true;
    return centroCustoId !== null && this.hasCentroCusto({ id: centroCustoId, cnpjId });
  }

  /** 404 unless the company is the user's. */
  requireCnpj(cnpjId: number): void {
    if (!this.hasCnpj(cnpjId)) throw notFound(MSG.naoEncontrado);
  }

  /** 404 unless the company is the user's; 403 when the user is limited to some of its cost centres. */
  requireWholeCnpj(cnpjId: number): void {
    this.requireCnpj(cnpjId);
    if (this.limitedCnpjs.has(cnpjId)) throw forbidden(MSG.escopoSomenteAtribuidos);
  }

  /**
   * For a read: the cost centre (as found in the tenant, or undefined), or 404
   * when it does not exist or the user does not see it.
   */
  requireVisibleCentroCusto<C extends ScopedCentroCusto>(cc: C | undefined): C {
    if (!cc || !this.seesCentroCusto(cc)) throw notFound(MSG.naoEncontrado);
    return cc;
  }

  /** For a write: 404 as above; 403 when the user sees it but it is not theirs to change. */
  requireWritableCentroCusto<C extends ScopedCentroCusto>(cc: C | undefined): C {
    const seen = this.requireVisibleCentroCusto(cc);
    if (!this.hasCentroCusto(seen)) throw forbidden(MSG.escopoSomenteAtribuidos);
    return seen;
  }

  /** Builds a scope from the assignments and the trees of the companies with cost-centre assignments. */
  static fromAssignments(
    userId: number,
    cnpjIds: readonly number[],
    /** Every cost centre of the companies where the user has at least one assigned. */
    tree: readonly { id: number; cnpjId: number; paiId: number | null; atribuido: boolean }[],
  ): UserScope {
    const cnpjs = new Set(cnpjIds);
    const children = new Map<number, number[]>();
    const parent = new Map<number, number | null>();
    for (const n of tree) {
      parent.set(n.id, n.paiId);
      if (n.paiId !== null) children.set(n.paiId, [...(children.get(n.paiId) ?? []), n.id]);
    }
    const limited = new Map<number, Set<number>>();
    const ancestors = new Set<number>();
    // Assignments in a company that is not the user's are ignored: the company is not seen at all.
    for (const n of tree.filter((t) => t.atribuido && cnpjs.has(t.cnpjId))) {
      const allowed = limited.get(n.cnpjId) ?? new Set<number>();
      limited.set(n.cnpjId, allowed);
      const stack = [n.id];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (allowed.has(id)) continue;
        allowed.add(id);
        stack.push(...(children.get(id) ?? []));
      }
      for (let p = parent.get(n.id) ?? null; p !== null; p = parent.get(p) ?? null) ancestors.add(p);
    }
    for (const allowed of limited.values()) for (const id of allowed) ancestors.delete(id);
    return new UserScope(userId, [...cnpjs], limited, ancestors);
  }
}
