import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Heavy CPU off the main thread (issue 11 §3; architecture §3): a fixed pool
 * of worker threads, each able to run any task module. A task module's
 * default export is a plain function `(input) => output` (or a promise of
 * it); input and output cross by structured clone, so they are plain data.
 *
 *   const somar = cpuTask<number[], number>(new URL('./somar.task.ts', import.meta.url));
 *   const total = await deps.cpu.run(somar, [1, 2, 3]);
 *
 * The threads load TypeScript through tsx, as the server does (`npm start`
 * and the tests run the sources).
 */
export interface CpuTask<I, O> {
  readonly url: string;
  /** Type carriers only. */
  readonly __in?: I;
  readonly __out?: O;
}

export function cpuTask<I, O>(url: URL): CpuTask<I, O> {
  return { url: url.href };
}

export interface CpuPool {
  run<I, O>(task: CpuTask<I, O>, input: I): Promise<O>;
  /**
   * Starts the threads and has each load `task`'s module, so the first task does not pay it: a thread's start,
   * the TypeScript loader and the engine's modules cost the first punch after a server start ~1 s.
   */
  preparar(task: CpuTask<unknown, unknown>): Promise<void>;
  /** Threads in the pool. */
  readonly size: number;
  /** Ends the threads; tasks still waiting are refused. Idempotent. */
  close(): Promise<void>;
}

interface Pending {
  url: string;
  input: unknown;
  /** Only load the module (`preparar`). */
  preparar?: boolean;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  busy?: Pending;
}

/** Default size: every core but one, which stays with HTTP (at least one thread). Threads start on first use. */
export function defaultCpuThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * The OS priority (nice, 0–19) of the calculation's pool threads (`deps.cpu`, decision 0089): only background
 * work runs there (the engine of the calculation's jobs), so on a busy machine the kernel gives the cores to the
 * thread answering requests and to the database first, and the threads take what is left — all of it when
 * nothing else runs. Documents a user waits for render in another pool at the process's priority
 * (`deps.cpuDocumentos`): at nice 19 the espelho of 1,000 employees took 35 s instead of 27 s beside two users.
 */
export const NICE_DAS_THREADS = 19;

/**
 * The young generation of each pool thread, in MB (V8 `maxYoungGenerationSizeMb`: two semi-spaces and the
 * new large-object space, a third each; 12 MB is `--max-semi-space-size=4`). Everything the engine allocates
 * for an employee dies before the next one: V8's default (48 MB) only let the garbage pile up longer. The engine
 * bench measured 40 MB less peak memory with it and no loss of speed (issue 26 §5); it runs with the same.
 */
export const GERACAO_JOVEM_DAS_THREADS_MB = 12;

export interface CpuPoolOptions {
  /** Linux: each thread's nice value (a higher one is a lower priority). Elsewhere ignored. */
  nice?: number;
  /** Each thread's young generation in MB (V8's default when absent). */
  geracaoJovemMb?: number;
}

export function createCpuPool(size = defaultCpuThreads(), opcoes: CpuPoolOptions = {}): CpuPool {
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let closed: Promise<void> | undefined;

  const spawn = (): Slot => {
    const worker = new Worker(new URL('./cpu/cpu-thread.mjs', import.meta.url), {
      workerData: { nice: opcoes.nice ?? 0 },
      ...(opcoes.geracaoJovemMb ? { resourceLimits: { maxYoungGenerationSizeMb: opcoes.geracaoJovemMb } } : {}),
    });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (msg: { ok: true; value: unknown } | { ok: false; message: string; stack?: string }) => {
      const job = slot.busy;
      slot.busy = undefined;
      if (job) {
        if (msg.ok) job.resolve(msg.value);
        else job.reject(Object.assign(new Error(msg.message), msg.stack ? { stack: msg.stack } : {}));
      }
      next(slot);
    });
    worker.on('error', (err) => {
      // A task that crashed its thread fails alone: the slot gets a new thread.
      slot.busy?.reject(err);
      slot.busy = undefined;
      const i = slots.indexOf(slot);
      if (i >= 0 && !closed) {
        slots[i] = spawn();
        next(slots[i]);
      }
    });
    return slot;
  };

  const enfileirar = <O>(url: string, input: unknown, preparar: boolean): Promise<O> => {
    if (closed) return Promise.reject(new Error('Pool de processamento encerrado'));
    // Threads start with the first task: most processes (and tests) never need one.
    while (slots.length < size) slots.push(spawn());
    return new Promise<O>((resolve, reject) => {
      queue.push({ url, input, preparar, resolve: resolve as (v: unknown) => void, reject });
      const idle = slots.find((s) => !s.busy);
      if (idle) next(idle);
    });
  };

  const next = (slot: Slot) => {
    if (slot.busy || closed) return;
    const job = queue.shift();
    if (!job) {
      slot.worker.unref();
      return;
    }
    slot.busy = job;
    // A busy thread keeps the process alive until its task answers.
    slot.worker.ref();
    slot.worker.postMessage({ url: job.url, input: job.input, preparar: job.preparar });
  };

  return {
    size,
    run<I, O>(task: CpuTask<I, O>, input: I): Promise<O> {
      return enfileirar<O>(task.url, input, false);
    },
    async preparar(task: CpuTask<unknown, unknown>): Promise<void> {
      // One per thread: each goes to a thread that is idle, and a thread that is loading is not.
      await Promise.all(Array.from({ length: size }, () => enfileirar(task.url, undefined, true)));
    },
    close() {
      closed ??= (async () => {
        for (const job of queue.splice(0)) job.reject(new Error('Pool de processamento encerrado'));
        await Promise.all(slots.map((s) => s.worker.terminate()));
      })();
      return closed;
    },
  };
}
