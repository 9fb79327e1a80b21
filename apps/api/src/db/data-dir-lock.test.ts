import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, processStartTime } from './data-dir-lock.js';
import { openDatabase } from './client.js';

describe('bloqueio da pasta do banco embutido', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'jornada-lock-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('grava o pid e libera ao fechar', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'jornada.lock'), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    lock.release();
    expect(existsSync(join(dir, 'jornada.lock'))).toBe(false);
    lock.release(); // idempotent
  });

  it('o pid de um processo vivo, mas iniciado em outro momento (pid reaproveitado), não bloqueia', () => {
    const dir = newDir();
    // The parent is alive, but the lock says it started at another time: the
    // PID was reused after a crash, so the lock is stale.
    writeFileSync(join(dir, 'jornada.lock'), `${process.ppid} 1`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'jornada.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
  });

  it('o dono vivo com o mesmo início bloqueia', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'jornada.lock'), `${process.ppid} ${processStartTime(process.ppid)}`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('outro processo vivo com a pasta aberta → erro claro em português', () => {
    const dir = newDir();
    // The parent process is alive and is not us.
    writeFileSync(join(dir, 'jornada.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/já está aberto por outro processo \(pid \d+\)/);
  });

  it('bloqueio deixado por processo morto é assumido', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'jornada.lock'), '4194300');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'jornada.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
  });

  it('openDatabase recusa uma pasta aberta por outro processo e não cria nada nela', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'jornada.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    expect(existsSync(join(dir, 'pgdata'))).toBe(false);
  });
});
