import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Afd671LineWriter } from '@jornada/fiscal';
import { queryRows } from '../../db/client.js';
import { JOB_SCHEMA } from '../../db/job-schema.js';
import { withTenant } from '../../db/tenant-tx.js';
import {
  ADMIN,
  backends,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  upload,
  type TestEnv,
} from '../../../test/harness.js';
import { demoIds } from '../../../test/scope-fixtures.js';
import { afdRepository } from './afd.repository.js';
import { IMPORTAR_AFD_QUEUE } from './afd.service.js';
import { importarConteudo } from './importacao.service.js';

const workerScript = join(import.meta.dirname, '../../worker.ts');
const RELOGIO = '00004000000000999';
const MARCACOES = 100_000;

/**
 * Issue 11 §4: "After a kill -9 mid-import, the job resumes on restart and
 * stores each punch exactly once." A real `npm run worker` process takes the
 * import job on PostgreSQL and is killed with SIGKILL after its first batches
 * are committed; a second worker, started then, hands the job out again
 * at its start (the dead process's owner lock is gone; decision 0066) and
 * the import finishes from where it stopped.
 */
if (backends().includes('postgres')) {
  describe('importação do AFD retomada depois de kill -9 [postgres]', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await createTestEnv('postgres');
    });
    afterAll(() => env.close());

    it(
      'o processo morto no meio da importação: ao retomar, cada marcação fica gravada uma só vez',
      { timeout: 300_000 },
      async () => {
        const token = await login(env.app, ADMIN);
        const ids = await demoIds(env);
        const [empresa] = await queryRows<{ numero: string }>(
          env.database.owner,
          sql`SELECT numero FROM cnpjs WHERE id = ${ids.principal}`,
        );
        const pessoas = await queryRows<{ cpf: string }>(
          env.database.owner,
          sql`SELECT cpf FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id LIMIT 20`,
        );
        const at = (local: string) => ({ local, offset: '-0300' });
        const w = new Afd671LineWriter({
          repKind: 'REP_C',
          employer: { idKind: 1, id: empresa!.numero, name: 'EMPRESA' },
          repIdentifier: RELOGIO,
          developer: { idKind: 1, id: '11444777000161' },
          model: 'TESTE',
          firstDate: '2024-01-01',
          lastDate: '2024-12-31',
          generatedAt: at('2025-01-01T06:00'),
        });
        const linhas = [w.header()];
        for (let k = 0; k < MARCACOES; k++) {
          // One punch a minute around the clock, the people in turn: every key distinct.
          const minuto = k % 1440;
          const dia = new Date(Date.UTC(2024, 0, 1 + Math.floor(k / 1440))).toISOString().slice(0, 10);
          const hh = String(Math.floor(minuto / 60)).padStart(2, '0');
          const mm = String(minuto % 60).padStart(2, '0');
          linhas.push(w.entry({ type: 3, dateTime: at(`${dia}T${hh}:${mm}`), cpf: pessoas[k % pessoas.length]!.cpf }));
        }
        linhas.push(w.trailer());
        const conteudo = Buffer.from(linhas.join('\r\n') + '\r\n', 'latin1');

        const r = await upload(
          env.app,
          '/api/afd/upload',
          {
            jsonRequisicao: {
              numeroPortaria: '671',
              cnpj: { id: ids.principal },
              dataInicio: '2024-01-01',
              dataFinal: '2024-12-31',
            },
          },
          { nomeArquivo: 'afd.txt', conteudo, campo: 'afdStream' },
          { token },
        );
        expect(r.body.status).toBe('FILA');
        // One table per statement: the worker's start re-applies the walls (locks every table in turn), and a
        // statement holding one table while waiting for the next deadlocked with it under load.
        const progresso = async () => {
          const [i] = await queryRows<{ linhas: number }>(
            env.database.owner,
            sql`SELECT linhas_processadas AS linhas FROM afd_importacoes WHERE solicitacao_id = ${r.body.id}`,
          );
          const [m] = await queryRows<{ n: number }>(
            env.database.owner,
            sql`SELECT count(*)::int AS n FROM marcacoes WHERE relogio = ${RELOGIO}`,
          );
          return { linhas: i!.linhas, marcacoes: m!.n };
        };

        /** A real `npm run worker`; stderr inherited, so a failure shows what it said. */
        const iniciarWorker = () =>
          spawn(process.execPath, ['--import', 'tsx', workerScript], {
            env: {
              ...process.env,
              LOG_LEVEL: 'warn',
              NODE_ENV: 'production',
              DATABASE_URL: env.databaseUrl!,
              JORNADA_DATA_DIR: env.config.dataDir,
            },
            stdio: ['ignore', 'ignore', 'inherit'],
          });
        const tarefa = async () => {
          const { rows } = await env.database.queue.executeSql(
            `SELECT state, retry_count AS tentativa FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'solicitacaoId' = $2`,
            [IMPORTAR_AFD_QUEUE, String(r.body.id)],
          );
          return rows[0] as { state: string; tentativa: number } | undefined;
        };
        /** Polls `ok` until it holds, for at most `ms`; fails naming what did not happen. */
        const ate = async (ok: () => Promise<boolean>, ms: number, oQue: string) => {
          const limite = Date.now() + ms;
          while (!(await ok())) {
            if (Date.now() > limite) throw new Error(`não aconteceu em ${ms / 1000} s: ${oQue}`);
            await new Promise((res) => setTimeout(res, 50));
          }
        };

        // The worker takes the job; it is killed as soon as a batch is committed.
        const worker = iniciarWorker();
        const morto = new Promise<string | null>((resolve) => worker.once('exit', (_code, signal) => resolve(signal)));
        let antes = await progresso();
        await ate(async () => (antes = await progresso()).linhas > 0, 240_000, 'o primeiro lote gravado');
        worker.kill('SIGKILL');
        expect(await morto).toBe('SIGKILL');
        antes = await progresso();
        // Really mid-import: some batches stored, not all.
        expect(antes.linhas).toBeGreaterThan(0);
        expect(antes.marcacoes).toBeGreaterThan(0);
        expect(antes.marcacoes).toBeLessThan(MARCACOES);
        // The dead attempt is still 'active': nothing but its owner's session said it was gone.
        expect(await tarefa()).toEqual({ state: 'active', tentativa: 0 });

        // A new worker starts: the dead process's lock went with its connection, so the new one hands the job out
        // again at its start (decision 0066) — seconds, where the job's expiry (2 h; pg-boss's default was 15 min)
        // kept the request PROCESSANDO before. The bound is the start of a worker on a busy machine.
        const segundo = iniciarWorker();
        const fimDoSegundo = new Promise<number | null>((resolve) => segundo.once('exit', (code) => resolve(code)));
        try {
          await ate(async () => ((await tarefa())?.tentativa ?? 0) >= 1, 90_000, 'a importação retomada');
          await ate(async () => (await tarefa())?.state === 'completed', 240_000, 'a importação retomada terminou');
        } finally {
          segundo.kill('SIGTERM');
        }
        expect(await fimDoSegundo).toBe(0);
        expect(await tarefa()).toEqual({ state: 'completed', tentativa: 1 });

        const depois = await progresso();
        expect(depois.marcacoes).toBe(MARCACOES);
        const [contagem] = await queryRows<{ chaves: number; vinculos: number }>(
          env.database.owner,
          sql`SELECT count(DISTINCT (m.nsr, m.data_hora, m.identificador))::int AS chaves,
                   (SELECT count(*)::int FROM marcacao_funcionarios mf JOIN marcacoes x ON x.id = mf.marcacao_id
                     WHERE x.relogio = ${RELOGIO}) AS vinculos
              FROM marcacoes m WHERE m.relogio = ${RELOGIO}`,
        );
        expect(contagem).toEqual({ chaves: MARCACOES, vinculos: MARCACOES });
        const s = await call(env.app, `/api/solicitacao-documento/buscar?id=${r.body.id}`, undefined, {
          token,
          method: 'GET',
        });
        expect(s.body.status).toBe('PROCESSADO');
        const [res] = await queryRows<{ novas: number; vinculadas: number }>(
          env.database.owner,
          sql`SELECT (resultado->>'novas')::int AS novas, (resultado->>'vinculadas')::int AS vinculadas
              FROM afd_importacoes WHERE solicitacao_id = ${r.body.id}`,
        );
        // The counts of the first run survive the crash: they were committed with its batches.
        expect(res).toEqual({ novas: MARCACOES, vinculadas: MARCACOES });
      },
    );
  });
}

/**
 * The same promise in-process, on both databases: the import stops after its
 * second committed batch (the process "dies" at the third), then runs again
 * from the stored progress.
 */
describeEachBackend('importação do AFD interrompida e retomada', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  it('retoma depois do último lote gravado e não grava nada duas vezes', async () => {
    const ids = await demoIds(env);
    const [empresa] = await queryRows<{ numero: string; tenantId: number }>(
      env.database.owner,
      sql`SELECT numero, tenant_id AS "tenantId" FROM cnpjs WHERE id = ${ids.principal}`,
    );
    const [pessoa] = await queryRows<{ id: number; cpf: string }>(
      env.database.owner,
      sql`SELECT id, cpf FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id LIMIT 1`,
    );
    const at = (local: string) => ({ local, offset: '-0300' });
    const w = new Afd671LineWriter({
      repKind: 'REP_C',
      employer: { idKind: 1, id: empresa!.numero, name: 'EMPRESA' },
      repIdentifier: '00004000000000998',
      developer: { idKind: 1, id: '11444777000161' },
      firstDate: '2024-02-01',
      lastDate: '2024-02-29',
      generatedAt: at('2024-03-01T06:00'),
    });
    const linhas = [w.header()];
    // The first 20 punches (the two batches committed before the "crash") on 5 February, the other 30 on the 20th.
    for (let k = 0; k < 50; k++) {
      const hh = String(Math.floor(k / 6) + 6).padStart(2, '0');
      linhas.push(
        w.entry({
          type: 3,
          dateTime: at(`2024-02-${k < 20 ? '05' : '20'}T${hh}:${String((k % 6) * 10).padStart(2, '0')}`),
          cpf: pessoa!.cpf,
        }),
      );
    }
    linhas.push(w.trailer());
    const conteudo = Buffer.from(linhas.join('\r\n') + '\r\n', 'latin1');
    const tenantId = empresa!.tenantId;
    /** A new import of this file's period in the main company. */
    const novaImportacao = () =>
      withTenant(env.database.app, tenantId, (tx) =>
        afdRepository.criarImportacao(tx, {
          tenantId,
          cnpjId: ids.principal,
          solicitacaoId: null,
          portaria: '671',
          dataInicio: '2024-02-01',
          dataFinal: '2024-02-29',
          arquivo: 'afd.txt',
          now: env.clock.now(),
        }),
      );
    const importacaoId = await novaImportacao();
    const importacao = () =>
      withTenant(env.database.app, tenantId, (tx) => afdRepository.importacao(tx, tenantId, importacaoId));
    const contar = async () =>
      (
        await queryRows<{ n: number }>(
          env.database.owner,
          sql`SELECT count(*)::int AS n FROM marcacoes WHERE importacao_id = ${importacaoId}`,
        )
      )[0]!.n;

    /** The employee's dirty days (decision 0060: the import marks them itself, after its batches). */
    const pendentes = () =>
      queryRows<{ de: string; ate: string }>(
        env.database.owner,
        sql`SELECT data_inicio::text AS de, data_final::text AS ate FROM calculo_pendencias
             WHERE funcionario_id = ${pessoa!.id} ORDER BY data_inicio`,
      );
    const limparPendentes = () => env.database.owner.execute(sql`DELETE FROM calculo_pendencias`);
    await limparPendentes();

    let transacoes = 0;
    await expect(
      importarConteudo({
        tenantId,
        imp: (await importacao())!,
        // The first is the read of the company; batches of 10 follow. The fourth never commits.
        transacao: (fn) => {
          if (++transacoes === 4) return Promise.reject(new Error('processo encerrado'));
          return withTenant(env.database.app, tenantId, fn);
        },
        fonte: [conteudo],
        bytes: conteudo.length,
        tamanhoLote: 10,
      }),
    ).rejects.toThrow('processo encerrado');
    const parcial = (await importacao())!;
    expect(await contar()).toBe(20);
    // Header + 20 punches: the progress stops at the last committed batch's line.
    expect(parcial.linhasProcessadas).toBe(21);
    // The failed run marked the days of what it had committed (the punch's day and its neighbours).
    expect(await pendentes()).toEqual([{ de: '2024-02-04', ate: '2024-02-06' }]);
    // A process killed outright marks nothing: the resumed run marks the first run's punches too.
    await limparPendentes();

    const { resultado } = await importarConteudo({
      tenantId,
      imp: parcial,
      transacao: (fn) => withTenant(env.database.app, tenantId, fn),
      fonte: [conteudo],
      bytes: conteudo.length,
      tamanhoLote: 10,
    });
    expect(await contar()).toBe(50);
    expect(resultado).toMatchObject({ novas: 50, vinculadas: 50, jaGravadas: 0 });
    expect(await pendentes()).toEqual([
      { de: '2024-02-04', ate: '2024-02-06' },
      { de: '2024-02-19', ate: '2024-02-21' },
    ]);
    await limparPendentes();

    // Read ahead, stored one at a time: two batch transactions open at once deadlocked (the later one held a
    // row the earlier one waited for, while it waited for the earlier to commit).
    const outra = await novaImportacao();
    let abertas = 0;
    let maximo = 0;
    const segunda = await importarConteudo({
      tenantId,
      imp: (await withTenant(env.database.app, tenantId, (tx) => afdRepository.importacao(tx, tenantId, outra)))!,
      transacao: (fn) =>
        withTenant(env.database.app, tenantId, async (tx) => {
          maximo = Math.max(maximo, ++abertas);
          try {
            return await fn(tx);
          } finally {
            abertas--;
          }
        }),
      fonte: [conteudo],
      bytes: conteudo.length,
      tamanhoLote: 5,
      emParalelo: 3,
    });
    expect(maximo).toBe(1);
    expect(segunda.resultado).toMatchObject({ novas: 0, jaGravadas: 50 });
    // Nothing new, no day to calculate again.
    expect(await pendentes()).toEqual([]);
  });
});
