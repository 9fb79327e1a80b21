import { Readable } from 'node:stream';
import type { AuthContext } from './auth-context.js';
import type { RunTenantWork, TenantWork } from './unit-of-work.js';

/** Emits one chunk of the file; resolves when the reader wants more (backpressure). */
export type Emit = (chunk: Buffer) => Promise<void>;

/** The reader stopped (closed the connection or stalled): the transaction ends. */
class StreamAborted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'StreamAborted';
  }
}

/**
 * A file produced inside one unit of work and read as it is produced (the
 * CSV export of 100,000 employees, decision 0033): the transaction stays open
 * while the reader reads, and each `emit` waits until the reader wants more,
 * so at most a few chunks are ever held in memory.
 *
 * Resolves once the producer emitted its first chunk (or finished without
 * any): an error before that — a validation, a scope check — rejects, so the
 * caller answers it as any other error. An error after it ends the stream
 * (the client sees a cut download). A reader that reads nothing for
 * `idleMs` is dropped, so a stalled client cannot hold a connection (and, on
 * the embedded database, every other request) forever.
 */
export function streamedTenantWork(
  run: RunTenantWork,
  auth: AuthContext,
  produce: (w: TenantWork, emit: Emit) => Promise<void>,
  opts: { idleMs?: number; highWaterMark?: number } = {},
): Promise<Readable> {
  const idleMs = opts.idleMs ?? 60_000;
  let wake: ((err?: Error) => void) | undefined;
  let aborted: Error | undefined;
  const out = new Readable({
    highWaterMark: opts.highWaterMark ?? 64 * 1024,
    read() {
      const w = wake;
      wake = undefined;
      w?.();
    },
    destroy(err, cb) {
      aborted ??= new StreamAborted('leitor encerrado');
      const w = wake;
      wake = undefined;
      w?.(aborted);
      cb(err);
    },
  });

  return new Promise<Readable>((resolve, reject) => {
    let started = false;
    const start = () => {
      if (!started) {
        started = true;
        resolve(out);
      }
    };
    const emit: Emit = async (chunk) => {
      if (aborted) throw aborted;
      start();
      if (out.push(chunk)) return;
      await new Promise<void>((res, rej) => {
        const timer = setTimeout(() => {
          aborted ??= new StreamAborted('leitor parado');
          wake = undefined;
          rej(aborted);
        }, idleMs);
        wake = (err) => {
          clearTimeout(timer);
          if (err) rej(err);
          else res();
        };
      });
    };
    run(auth, async (w) => {
      await produce(w, emit);
    }).then(
      () => {
        start();
        if (!aborted) out.push(null);
      },
      (err: unknown) => {
        if (!started) reject(err);
        else if (!(err instanceof StreamAborted)) out.destroy(err as Error);
        else if (!out.destroyed) out.destroy(err);
      },
    );
  });
}
