import type { FuncionarioResumo } from '@jornada/contracts';

/**
 * What the shared employee filter hands its screen (seed 002 §2, §5): plain
 * data, ready for a request body.
 */
export interface FiltroFuncionariosValue {
  idCnpj: number | null;
  /** The 'Ativo' box: active employees (true) or the inactive ones (false). */
  ativo: boolean;
  /** The current schedule of the employee-and-schedule filter; null in the plain filter. */
  idContrato: number | null;
  /** 'Funcionários Selecionados', by name. */
  funcionarios: FuncionarioResumo[];
  /**
   * Seed 002 §5 'todos': true only when a search's whole answer was selected
   * (the available list is empty), and never with 50 or fewer employees.
   */
  todos: boolean;
}

export const filtroFuncionariosVazio = (ativo = true): FiltroFuncionariosValue => ({
  idCnpj: null,
  ativo,
  idContrato: null,
  funcionarios: [],
  todos: false,
});

/** Seed 002 §9: the 'todos' flag is forced false when this many or fewer employees are selected. */
export const TODOS_MINIMO = 50;

export const flagTodos = (disponiveisVazia: boolean, pesquisou: boolean, selecionados: number): boolean =>
  pesquisou && disponiveisVazia && selecionados > TODOS_MINIMO;

const porNome = (a: FuncionarioResumo, b: FuncionarioResumo) =>
  a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : a.id - b.id;

/** The found employees not yet selected, in the answer's order. */
export function disponiveis(
  encontrados: readonly FuncionarioResumo[],
  selecionados: readonly FuncionarioResumo[],
): FuncionarioResumo[] {
  if (selecionados.length === 0) return [...encontrados];
  const ja = new Set(selecionados.map((f) => f.id));
  return encontrados.filter((f) => !ja.has(f.id));
}

/** The selection plus `novos`, once each, by name. */
export function incluir(
  selecionados: readonly FuncionarioResumo[],
  novos: readonly FuncionarioResumo[],
): FuncionarioResumo[] {
  const ja = new Set(selecionados.map((f) => f.id));
  const extra = novos.filter((f) => !ja.has(f.id) && ja.add(f.id));
  return extra.length === 0 ? [...selecionados] : [...selecionados, ...extra].sort(porNome);
}

/** The selection without the given ids. */
export function retirar(selecionados: readonly FuncionarioResumo[], ids: ReadonlySet<number>): FuncionarioResumo[] {
  return selecionados.filter((f) => !ids.has(f.id));
}

/** The chosen employees in the batches a server takes per call, in order (Fechar Período, Marcação Online). */
export function emLotes<T>(itens: readonly T[], tamanho: number): T[][] {
  const lotes: T[][] = [];
  for (let i = 0; i < itens.length; i += tamanho) lotes.push(itens.slice(i, i + tamanho));
  return lotes;
}
