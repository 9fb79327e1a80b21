import type { escalaApi } from '@jornada/contracts';

/** Row labels of the hour-bank tables (seed 001 §3: keys Segunda … Folgas as the seed spells them). */
export const DIA_BANCO_LABEL: Record<escalaApi.DiaBanco, string> = {
  Segunda: 'Segunda',
  Terca: 'Terça',
  Quarta: 'Quarta',
  Quinta: 'Quinta',
  Sexta: 'Sexta',
  Sabados: 'Sábados',
  Domingos: 'Domingos',
  Feriados: 'Feriados',
  Folgas: 'Folgas',
};

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
