/**
 * The week of a time table (seed 001 §3 day row: `dia` 1 Sunday … 7 Saturday),
 * shown from Monday so the first row is the one the copy button replicates
 * to Monday–Friday (seed 001 §9).
 */
export type DiaSemana = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const DIAS_SEMANA: readonly { dia: DiaSemana; label: string }[] = [
  { dia: 2, label: 'Segunda' },
  { dia: 3, label: 'Terça' },
  { dia: 4, label: 'Quarta' },
  { dia: 5, label: 'Quinta' },
  { dia: 6, label: 'Sexta' },
  { dia: 7, label: 'Sábado' },
  { dia: 1, label: 'Domingo' },
];

export const HORARIOS = ['entrada1', 'saida1', 'entrada2', 'saida2', 'entrada3', 'saida3'] as const;
export type Horario = (typeof HORARIOS)[number];

export const HORARIO_LABEL: Record<Horario, string> = {
  entrada1: 'Entrada 1',
  saida1: 'Saída 1',
  entrada2: 'Entrada 2',
  saida2: 'Saída 2',
  entrada3: 'Entrada 3',
  saida3: 'Saída 3',
};

/** A day row as the form edits it: '' is an empty time. */
export type DiaLinha = { dia: DiaSemana; horarioFlexivel: boolean } & Record<Horario, string>;

/** Entry/exit pairs on screen: one interval (2 pairs) or two intervals (3 pairs, seed 001 §9). */
export type Pares = 2 | 3;

export const diaVazio = (dia: DiaSemana): DiaLinha => ({
  dia,
  horarioFlexivel: false,
  entrada1: '',
  saida1: '',
  entrada2: '',
  saida2: '',
  entrada3: '',
  saida3: '',
});

export const semanaVazia = (): DiaLinha[] => DIAS_SEMANA.map((d) => diaVazio(d.dia));

const DIAS_UTEIS: readonly DiaSemana[] = [2, 3, 4, 5, 6];

/** The copy button (seed 001 §9): the first row (Monday) replicated to Monday–Friday. */
export function copiarPrimeiroDia(linhas: readonly DiaLinha[]): DiaLinha[] {
  const primeira = linhas.find((l) => l.dia === DIAS_SEMANA[0]!.dia);
  if (!primeira) return [...linhas];
  return linhas.map((l) => (DIAS_UTEIS.includes(l.dia) ? { ...primeira, dia: l.dia } : l));
}

/** The pairs a loaded table needs: three when any row uses the third pair. */
export function paresDe(linhas: readonly DiaLinha[]): Pares {
  return linhas.some((l) => l.entrada3 !== '' || l.saida3 !== '') ? 3 : 2;
}

/** Fewer pairs on screen: the third pair goes, so nothing hidden is saved. */
export function comPares(linhas: readonly DiaLinha[], pares: Pares): DiaLinha[] {
  return pares === 3 ? [...linhas] : linhas.map((l) => ({ ...l, entrada3: '', saida3: '' }));
}
