/** An original punch of one employee, 'YYYY-MM-DD HH:MM' on the company's clock. */
export interface MarcacaoOriginal {
  id: number;
  dataHora: string;
  descartado: boolean;
}

const minutos = (dataHora: string) =>
  Date.UTC(+dataHora.slice(0, 4), +dataHora.slice(5, 7) - 1, +dataHora.slice(8, 10)) / 60_000 +
  +dataHora.slice(11, 13) * 60 +
  +dataHora.slice(14, 16);

/**
 * The duplicates among one employee's original punches (decision 0076): a
 * punch not discarded less than `janela` minutes after the punch kept before
 * it. In a burst (08:00, 08:03, 08:06 with 5) the one after a duplicate is
 * measured from the punch kept, so 08:06 stays. Order of the input is free.
 */
export function duplicadas(marcacoes: readonly MarcacaoOriginal[], janela: number): Set<number> {
  const emOrdem = marcacoes
    .filter((m) => !m.descartado)
    .map((m) => ({ id: m.id, t: minutos(m.dataHora) }))
    .sort((a, b) => a.t - b.t || a.id - b.id);
  const out = new Set<number>();
  let mantida: number | null = null;
  for (const m of emOrdem) {
    if (mantida !== null && m.t - mantida < janela) out.add(m.id);
    else mantida = m.t;
  }
  return out;
}
