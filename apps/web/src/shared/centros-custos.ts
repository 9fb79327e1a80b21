import type { CentroCusto } from '@jornada/contracts';

/** A cost centre as a dropdown option, indented by its depth in the tree shown. */
export interface CentroCustoOpcao {
  label: string;
  value: number;
  /** 0 = a department, or a cost centre whose parent the user does not see. */
  nivel: number;
}

/**
 * The cost centres as a tree read top-down ('codigo - nome (nível)'): each
 * department followed by its sectors, each sector by its sections. One whose
 * parent is out of the user's scope starts a branch of its own, so nothing the
 * server sent is left out. (The Funcionários feature and the shared employee
 * filter still hold copies of this: `features/funcionarios/centros-custos.ts`,
 * `components/filtro-funcionarios`.)
 */
export function opcoesCentrosCustos(lista: readonly CentroCusto[]): CentroCustoOpcao[] {
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
      out.push({ label: `${c.codigo} - ${c.nome} (${c.tipo})`, value: c.id, nivel });
      visitar(c.id, nivel + 1);
    }
  };
  visitar(null, 0);
  return out;
}
