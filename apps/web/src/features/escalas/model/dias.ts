import { escalaApi, type DiaSemana } from '@jornada/contracts';

/**
 * The week of a time table as the screen shows it (seed 001 §3 day row: `dia`
 * 1 Sunday … 7 Saturday, in that order, so the contract's copy button — the
 * first filled day to Monday–Friday — copies the topmost filled row).
 */
export const DIA_LABEL: Record<number, string> = {
  1: 'Domingo',
  2: 'Segunda',
  3: 'Terça',
  4: 'Quarta',
  5: 'Quinta',
  6: 'Sexta',
  7: 'Sábado',
};

export type Horario = escalaApi.CampoHorario;

export const HORARIO_LABEL: Record<Horario, string> = {
  entrada1: 'Entrada 1',
  saida1: 'Saída 1',
  entrada2: 'Entrada 2',
  saida2: 'Saída 2',
  entrada3: 'Entrada 3',
  saida3: 'Saída 3',
};

/** Entry/exit pairs on screen: one interval (2 pairs) or two intervals (3 pairs, seed 001 §9). */
export type Pares = 2 | 3;

export const paresDeIntervalos = (intervalos: 1 | 2): Pares => (intervalos === 2 ? 3 : 2);

/** Rows or cycles carrying times. */
type ComHorarios = Partial<Record<Horario, string | null | undefined>>;

/** The pairs a loaded table needs: three when any row uses the third pair. */
export function paresDe(linhas: readonly ComHorarios[]): Pares {
  return linhas.some((l) => !!l.entrada3 || !!l.saida3) ? 3 : 2;
}

/** Fewer pairs on screen: the third pair goes, so nothing hidden is saved. */
export function comPares<T extends ComHorarios>(linhas: readonly T[], pares: Pares): T[] {
  return pares === 3 ? [...linhas] : linhas.map((l) => ({ ...l, entrada3: null, saida3: null }));
}

/** The seven rows in screen order, whatever order (or gaps) a stored table has. */
export function semanaCompleta(dias: readonly DiaSemana[] | undefined): DiaSemana[] {
  return escalaApi.diasVazios().map((vazio) => dias?.find((d) => d.dia === vazio.dia) ?? vazio);
}
