// The body of every thread of shared/cpu-pool.ts: imports the task module
// (once per thread, then cached by the module loader) and runs its default
// export on the input. Plain JavaScript, so the thread starts even before
// the TypeScript loader is involved.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// The pool's priority for this thread alone (decision 0089): on Linux a nice value belongs to a thread, named by
// its id, which /proc/thread-self gives. Elsewhere (no /proc) the thread keeps the process's priority. Only ever
// lowered: raising it back needs a privilege, and a throw here would fail every thread the pool starts.
if (workerData?.nice) {
  let tid;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    tid = undefined;
  }
  if (tid && getPriority(tid) < workerData.nice) setPriority(tid, workerData.nice);
}

let typescript;
parentPort.on('message', async ({ url, input, preparar }) => {
  try {
    // TypeScript task modules (sources run through tsx): its loader, once per thread.
    if (url.endsWith('.ts') && !typescript) typescript = import('tsx/esm/api').then((tsx) => tsx.register());
    await typescript;
    const mod = await import(url);
    // `preparar` (shared/cpu-pool.ts): the module is loaded, nothing is run.
    const value = preparar ? undefined : await mod.default(input);
    parentPort.postMessage({ ok: true, value });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    parentPort.postMessage({ ok: false, message: e.message, stack: e.stack });
  }
});
