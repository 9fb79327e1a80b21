/**
 * Hour-bank tables (seed 001 §3 'BH armazenamento' / 'BH transferencia'): one
 * row per day type, keyed as the seed spells them.
 */
export const DIAS_BANCO_HORAS = [
  { key: 'Segunda', label: 'Segunda' },
  { key: 'Terca', label: 'Terça' },
  { key: 'Quarta', label: 'Quarta' },
  { key: 'Quinta', label: 'Quinta' },
  { key: 'Sexta', label: 'Sexta' },
  { key: 'Sabados', label: 'Sábados' },
  { key: 'Domingos', label: 'Domingos' },
  { key: 'Feriados', label: 'Feriados' },
  { key: 'Folgas', label: 'Folgas' },
] as const;

export type DiaBancoHoras = (typeof DIAS_BANCO_HORAS)[number]['key'];

/** Seed 001 §9: the bank period's years run from the current year minus 10 to plus 20. */
export function anosBancoHoras(anoAtual: number): number[] {
  return Array.from({ length: 31 }, (_, i) => anoAtual - 10 + i);
}

export const MESES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;
