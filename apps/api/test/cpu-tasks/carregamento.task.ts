import { threadId } from 'node:worker_threads';

/** When this thread loaded the module (its wall clock, ms): the pool's `preparar` test. */
const carregadoEm = Date.now();

export default function carregamento(): { carregadoEm: number; thread: number } {
  return { carregadoEm, thread: threadId };
}
