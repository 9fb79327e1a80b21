/**
 * Overtime bands (seed 001 §3 'Overtime band', §9 default band) as the form
 * edits them: percentages in percent (the wire carries fractions, percent.ts).
 * `tipo` 1 normal, 2 night.
 */
export type TipoFaixa = 1 | 2;

export const COLUNAS_FAIXA = [
  { key: 'segunda', label: 'Segunda' },
  { key: 'terca', label: 'Terça' },
  { key: 'quarta', label: 'Quarta' },
  { key: 'quinta', label: 'Quinta' },
  { key: 'sexta', label: 'Sexta' },
  { key: 'sabado', label: 'Sábado' },
  { key: 'domingo', label: 'Domingo' },
  { key: 'feriado', label: 'Feriado' },
  { key: 'folga', label: 'Folga' },
] as const;

export type ColunaFaixa = (typeof COLUNAS_FAIXA)[number]['key'];

export type FaixaLinha = { tipo: TipoFaixa; ate: number | null } & Record<ColunaFaixa, number | null>;

/** Seed 001 §9: up to 99 h, 50 % on weekdays and Saturday, 100 % on Sunday, holiday and day off. */
export function faixaPadrao(tipo: TipoFaixa): FaixaLinha {
  return {
    tipo,
    ate: 99,
    segunda: 50,
    terca: 50,
    quarta: 50,
    quinta: 50,
    sexta: 50,
    sabado: 50,
    domingo: 100,
    feriado: 100,
    folga: 100,
  };
}

/** A band is complete when every number of it is filled (seed 001 §5 'Informe todos os campos da faixa'). */
export const faixaCompleta = (f: FaixaLinha): boolean =>
  f.ate !== null && COLUNAS_FAIXA.every((c) => f[c.key] !== null);
