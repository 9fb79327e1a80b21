import { parseInstant } from '@jornada/engine';
import { addDays } from '../../shared/clock.js';

/**
 * Which punches Editar marcações lists for a day (pure; decision 0074). The
 * day a punch belongs to is the calculation's (the day cut, spec §5.1): a
 * night shift's exit at 00:10 belongs to the day it started. So a punch is
 * the day's when the stored day counted it as effective, or when it falls on
 * that date and neither neighbour counted it (a discarded punch, or a day
 * not calculated yet, is listed on its own date).
 */
export function punchesDoDia<T extends { dataHora: string }>(
  dia: string,
  linhas: readonly T[],
  efetivas: ReadonlyMap<string, ReadonlySet<number>>,
): T[] {
  const deste = efetivas.get(dia);
  const vizinhos = [efetivas.get(addDays(dia, -1)), efetivas.get(addDays(dia, 1))];
  return linhas.filter((l) => {
    const m = parseInstant(l.dataHora);
    if (deste?.has(m)) return true;
    return l.dataHora.slice(0, 10) === dia && !vizinhos.some((v) => v?.has(m));
  });
}
