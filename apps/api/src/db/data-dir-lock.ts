import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {}

/**
 * When a process started, in clock ticks since boot (Linux /proc), or
 * undefined where that cannot be read. A PID alone is not an identity: after
 * a crash and a reboot (or just enough processes) the same number belongs to
 * an unrelated process, and a lock naming it would block start-up for good.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces and parentheses: count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's owner still runs: same PID and, where it can be known, the same start time. */
function ownerIsAlive(content: string): number | undefined {
  const [pidText, startText] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !processIsAlive(pid)) return undefined;
  const now = processStartTime(pid);
  if (startText !== undefined && now !== undefined && startText !== now) return undefined;
  return pid;
}

/**
 * Takes `<dataDir>/jornada.lock` with O_EXCL, writing "PID start-time". A lock
 * whose process is gone (crash, kill -9) or whose PID now belongs to another
 * process is taken over; one held by the live owner is a clear error. Release
 * is idempotent and also runs at process exit.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = join(dataDir, 'jornada.lock');
  const mine = `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let content = '';
      try {
        content = readFileSync(file, 'utf8');
      } catch {
        continue; // removed meanwhile: try again
      }
      const owner = ownerIsAlive(content);
      if (owner !== undefined) {
        throw new DataDirLockedError(
          `O banco embutido em ${dataDir} já está aberto por outro processo (pid ${owner}). ` +
            'Encerre-o ou use outra pasta em JORNADA_DATA_DIR (ou um PostgreSQL em DATABASE_URL).',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Não foi possível obter o bloqueio de ${file}.`);
}
