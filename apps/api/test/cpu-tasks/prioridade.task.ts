import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';

/** A CPU task for the pool's test: the nice value of the thread that runs it (Linux: a thread's own). */
export default function prioridade(): number {
  return getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()));
}
