import type { DiasFechamento } from '@jornada/contracts';
import type { Periodo } from './entrada-motor.js';
import { calcularItens, type ItemLote, type LinhasDoLote } from './linhas-lote.js';

/** Worker-thread task (shared/cpu-pool.ts): the engine over part of a batch, off the HTTP thread. */
export default function calcularLote(x: { itens: ItemLote[]; dias: DiasFechamento; p: Periodo }): LinhasDoLote {
  return calcularItens(x.itens, x.dias, x.p);
}
