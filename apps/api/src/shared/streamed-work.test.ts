import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-context.js';
import { streamedTenantWork } from './streamed-work.js';
import type { RunTenantWork, TenantWork } from './unit-of-work.js';

/** A unit of work without a database: runs `fn` and says how it ended. */
function fakeRun() {
  const ended: { ok?: boolean; error?: unknown } = {};
  const run: RunTenantWork = async (_auth, fn) => {
    try {
      const r = await fn({} as TenantWork);
      ended.ok = true;
      return r;
    } catch (e) {
      ended.error = e;
      throw e;
    }
  };
  return { run, ended };
}

const auth = {} as AuthContext;
const chunk = (i: number) => Buffer.from(`linha ${i}\n`);

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const c of stream) out += String(c);
  return out;
}

describe('streamedTenantWork', () => {
  it('an error before the first chunk rejects (the caller answers it as any other error)', async () => {
    const { run } = fakeRun();
    await expect(
      streamedTenantWork(run, auth, async () => {
        throw new Error('Selecione uma empresa');
      }),
    ).rejects.toThrow('Selecione uma empresa');
  });

  it('produces while the reader reads, holding only a few chunks (backpressure)', async () => {
    const { run, ended } = fakeRun();
    let produced = 0;
    let maxAhead = 0;
    let read = 0; // bytes
    const stream = await streamedTenantWork(
      run,
      auth,
      async (_w, emit) => {
        for (let i = 0; i < 2000; i++) {
          const c = chunk(i);
          await emit(c);
          produced += c.length;
          maxAhead = Math.max(maxAhead, produced - read);
        }
      },
      { highWaterMark: 64 },
    );
    let text = '';
    for await (const c of stream) {
      read += (c as Buffer).length;
      text += String(c);
    }
    expect(text.split('\n').filter(Boolean)).toHaveLength(2000);
    expect(ended.ok).toBe(true);
    // Produced but not yet read: about the high-water mark, never the whole file (~20 KB).
    expect(maxAhead).toBeLessThan(1024);
  });

  it('a reader that goes away ends the producer (and so its transaction)', async () => {
    const { run, ended } = fakeRun();
    const stream = await streamedTenantWork(
      run,
      auth,
      async (_w, emit) => {
        for (let i = 0; ; i++) await emit(chunk(i));
      },
      { highWaterMark: 16 },
    );
    stream.read();
    stream.destroy();
    await new Promise((r) => setTimeout(r, 20));
    expect(ended.error).toBeInstanceOf(Error);
  });

  it('a reader that stops reading is dropped after idleMs', async () => {
    const { run, ended } = fakeRun();
    const stream = await streamedTenantWork(
      run,
      auth,
      async (_w, emit) => {
        for (let i = 0; ; i++) await emit(chunk(i));
      },
      { highWaterMark: 16, idleMs: 30 },
    );
    const erro = new Promise((resolve) => stream.once('error', resolve));
    expect(await erro).toBeInstanceOf(Error);
    expect(ended.error).toBeInstanceOf(Error);
    expect(await readAll(stream).catch(() => 'fechado')).toBe('fechado');
  });
});
