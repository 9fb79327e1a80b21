import type { CentroCusto } from '@jornada/contracts';

/** 'codigo - nome (nível)', as the seeds name a cost centre. */
export const rotuloCentroCusto = (c: Pick<CentroCusto, 'codigo' | 'nome' | 'tipo'>): string =>
  `${c.codigo} - ${c.nome} (${c.tipo})`;

export interface CentroCustoOpcao {
  label: string;
  value: number;
  /** Depth in the tree shown (0 = a department, or a cost centre whose parent the user does not see). */
  nivel: number;
}

/**
 * The cost centres as a tree read top-down: each department followed by its
 * sectors, each sector by its sections. A cost centre whose parent is out of
 * the user's scope starts a branch of its own, so nothing the server sent is
 * left out. The shared employee filter names them without the level (`rotulo`).
 */
export function opcoesCentrosCustos(
  lista: readonly CentroCusto[],
  rotulo: (c: CentroCusto) => string = rotuloCentroCusto,
): CentroCustoOpcao[] {
  const ids = new Set(lista.map((c) => c.id));
  const filhos = new Map<number | null, CentroCusto[]>();
  for (const c of lista) {
    const pai = c.centroCustoPaiId !== null && ids.has(c.centroCustoPaiId) ? c.centroCustoPaiId : null;
    filhos.set(pai, [...(filhos.get(pai) ?? []), c]);
  }
  const ordem = (a: CentroCusto, b: CentroCusto) => a.codigo.localeCompare(b.codigo, 'pt-BR', { numeric: true });
  const out: CentroCustoOpcao[] = [];
  const visitar = (pai: number | null, nivel: number) => {
    for (const c of [...(filhos.get(pai) ?? [])].sort(ordem)) {
      out.push({ label: rotulo(c), value: c.id, nivel });
      visitar(c.id, nivel + 1);
    }
  };
  visitar(null, 0);
  return out;
}

/** The cost centre and every one below it (seed 001 §3: choosing a parent includes its children). */
export function comDescendentes(lista: readonly CentroCusto[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) {
    for (const c of lista) if (c.centroCustoPaiId === out[i] && !out.includes(c.id)) out.push(c.id);
  }
  return out;
}
