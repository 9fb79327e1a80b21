import { threadId } from 'node:worker_threads';

/** A CPU task for the pool's test: the sum, and which thread computed it. */
export default function soma(xs: number[]): { total: number; thread: number } {
  if (xs.some((x) => !Number.isFinite(x))) throw new Error('número inválido');
  return { total: xs.reduce((a, b) => a + b, 0), thread: threadId };
}
