import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { resourceLimits } from 'node:worker_threads';

/**
 * A CPU task for the pool's test: the nice value of the thread that runs it (Linux: a thread's own), and the
 * young generation it was given.
 */
export default function prioridade(): { nice: number; geracaoJovemMb: number | undefined } {
  return {
    nice: getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())),
    geracaoJovemMb: resourceLimits.maxYoungGenerationSizeMb,
  };
}
