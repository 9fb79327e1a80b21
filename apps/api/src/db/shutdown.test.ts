import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = join(import.meta.dirname, '..', 'server.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Issue 7 §13: Ctrl-C under `npm start` signals the server twice; the second
 * signal used to kill it half-way and leave the embedded database's lock
 * behind. Runs the real server process on a fresh embedded database.
 */
describe('encerramento do servidor com o banco embutido', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-shutdown-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('dois SIGINT seguidos: sai com 0, fecha o banco e não deixa o bloqueio', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, PORT: String(port), JORNADA_DATA_DIR: dir, LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Ready when the server logs that it listens (after the database opened and
    // the lock was taken): an event, not a polling sleep.
    const ready = await new Promise<boolean>((resolve) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        if (out.includes('Jornada pronto')) resolve(true);
      });
      child.once('exit', () => resolve(false));
    });
    expect(ready).toBe(true);
    const up = await fetch(`http://127.0.0.1:${port}/api/login/aut-usuario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(up.status).toBe(400);
    expect(readFileSync(join(dir, 'jornada.lock'), 'utf8')).toMatch(new RegExp(`^${child.pid} `));
    child.kill('SIGINT');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(existsSync(join(dir, 'jornada.lock'))).toBe(false);
  }, 90_000);
});
