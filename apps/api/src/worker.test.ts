import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './db/client.js';
import { JOB_SCHEMA } from './db/job-schema.js';
import { ENVIAR_LINK_REDEFINICAO_QUEUE } from './modules/login/login.service.js';
import { WORKER_NEEDS_POSTGRES } from './config.js';
import { ADMIN, backends, createTestEnv, type TestEnv } from '../test/harness.js';

const workerScript = join(import.meta.dirname, 'worker.ts');

function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exited(proc: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  return new Promise((resolve) => proc.once('exit', (code) => resolve({ code, stderr })));
}

describe('npm run worker', () => {
  it('recusa o banco embutido (PGlite) com uma mensagem clara', async () => {
    const r = await exited(startWorker({ DATABASE_URL: '' }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(WORKER_NEEDS_POSTGRES);
  });
});

if (backends().includes('postgres')) {
  describe('npm run worker [postgres]', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await createTestEnv('postgres');
    });
    afterAll(() => env.close());

    it('dois processos de tarefas dividem a fila e cada tarefa roda uma só vez', async () => {
      const total = 40;
      for (let i = 0; i < total; i++) await env.jobs.send(ENVIAR_LINK_REDEFINICAO_QUEUE, { email: ADMIN });
      const workers = [1, 2].map(() =>
        startWorker({ DATABASE_URL: env.databaseUrl!, JORNADA_DATA_DIR: env.config.dataDir }),
      );
      const ends = workers.map(exited);
      // A process that ends before the queue is empty fails the test at once, with what it said.
      let saiuAntes: string | undefined;
      ends.forEach((fim, i) =>
        fim.then((r) => (saiuAntes ??= `o processo ${i + 1} saiu (código ${r.code}): ${r.stderr.slice(-600)}`)),
      );
      try {
        // Until the queue is empty: every job completed, none waiting or running.
        for (;;) {
          if (saiuAntes) throw new Error(saiuAntes);
          const [left] = await queryRows<{ n: number }>(
            env.database.owner,
            sql.raw(
              `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job ` +
                `WHERE name = '${ENVIAR_LINK_REDEFINICAO_QUEUE}' AND state <> 'completed'`,
            ),
          );
          if (left!.n === 0) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        // Both worked below a server's priority (decision 0089): proc(5) field 19 is the main thread's nice.
        const nice = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
        const esperado = Math.max(10, getPriority());
        expect(workers.map((w) => nice(w.pid!))).toEqual([esperado, esperado]);
      } finally {
        for (const w of workers) w.kill('SIGTERM');
      }
      const codes = await Promise.all(ends);
      expect(codes.map((c) => c.code)).toEqual([0, 0]);
      // One reset link and one mail per job: no job ran twice.
      const [links] = await queryRows<{ n: number }>(
        env.database.owner,
        sql`SELECT count(*)::int AS n FROM redefinicoes_senha r JOIN usuarios u ON u.id = r.usuario_id WHERE u.email = ${ADMIN}`,
      );
      const [mails] = await queryRows<{ n: number }>(
        env.database.owner,
        sql`SELECT count(*)::int AS n FROM emails_saida WHERE para = ${ADMIN}`,
      );
      expect([links!.n, mails!.n]).toEqual([total, total]);
    });
  });
}
