/**
 * Group commit of pushed punches (decision 0081): every device call waits
 * for the transaction that stores its punches, so an answered call is a
 * committed punch (a kill -9 loses none the device saw acknowledged); and
 * the calls that arrive while one transaction runs are stored together in
 * the next, one per tenant at a time. Two hundred clocks punching at once
 * cost a handful of transactions a second instead of one each, with no
 * timer: a lone punch is written at once.
 *
 * A batch that fails is split: each call's punches are written alone, so
 * one bad call fails only itself.
 */
export class GroupCommit<T, R> {
  private readonly filas = new Map<number, { itens: T[]; esperando: Espera<R>[] }>();
  private readonly ocupados = new Set<number>();

  /** `gravar` writes the calls of one tenant in one transaction and answers one result per call, in order. */
  constructor(private readonly gravar: (tenantId: number, chamadas: T[]) => Promise<R[]>) {}

  /** Stores one call's `itens` with whatever else of the tenant is waiting; resolves after the commit. */
  enviar(tenantId: number, itens: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let fila = this.filas.get(tenantId);
      if (!fila) this.filas.set(tenantId, (fila = { itens: [], esperando: [] }));
      fila.itens.push(itens);
      fila.esperando.push({ resolve, reject });
      if (!this.ocupados.has(tenantId)) void this.rodar(tenantId);
    });
  }

  private async rodar(tenantId: number): Promise<void> {
    this.ocupados.add(tenantId);
    try {
      for (;;) {
        const fila = this.filas.get(tenantId);
        if (!fila || fila.itens.length === 0) break;
        this.filas.delete(tenantId);
        await this.gravarLote(tenantId, fila.itens, fila.esperando);
      }
    } finally {
      this.ocupados.delete(tenantId);
    }
  }

  private async gravarLote(tenantId: number, itens: T[], esperando: Espera<R>[]): Promise<void> {
    try {
      const rs = await this.gravar(tenantId, itens);
      esperando.forEach((e, i) => e.resolve(rs[i]!));
    } catch (erro) {
      if (itens.length === 1) {
        esperando[0]!.reject(erro);
        return;
      }
      for (let i = 0; i < itens.length; i++) {
        try {
          const [r] = await this.gravar(tenantId, [itens[i]!]);
          esperando[i]!.resolve(r!);
        } catch (e) {
          esperando[i]!.reject(e);
        }
      }
    }
  }
}

interface Espera<R> {
  resolve(r: R): void;
  reject(e: unknown): void;
}
