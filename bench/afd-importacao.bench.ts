/**
 * AFD import benchmark (issue 11, "Import an AFD of 1,000,000 punches (parse,
 * validate, match, dedupe, store): goal ≤ 2× a bare COPY of the same rows
 * into the same table, measured in the same run").
 *
 * On a fresh PostgreSQL database (created and dropped): the demo registers,
 * 5,000 more employees in the demo company, and one AFD 671 (REP-C) of
 * BENCH_AFD_PUNCHES punches (default 1,000,000) from them over one month.
 * Then, alternating and twice each, with the punch tables emptied and a
 * CHECKPOINT between runs:
 *
 * - `COPY`: psql's `\copy` of the same punches (the columns the import
 *   writes, the import's id too) from a CSV into `marcacoes`; also, for
 *   comparison with earlier figures only, the same without the import's id
 *   (NULL: no foreign-key check per row), the baseline until session 13;
 * - import: the import job's own path (`importarConteudo`: the file streamed
 *   through the reader, CRC/NSR checks, every identifier matched, punches and
 *   their employee links stored by batch with the progress, the last linking
 *   pass, the result) from the file on disk, as the jornada_app role, with
 *   the job's settings (one batch read ahead while the previous is stored).
 *
 * A second import of the same file (nothing new: the dedupe cost alone) is
 * timed too, and each step prints the WAL it made the server write (on a slow
 * disk both steps are bound by it; `pg_waldump --stats=record` between the
 * step's LSNs says which records). Figures are printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { Afd671LineWriter, cpfCheckDigits } from '../packages/fiscal/src/index.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { seedDemoData } from '../apps/api/src/db/seed/index.js';
import { withTenant } from '../apps/api/src/db/tenant-tx.js';
import { afdRepository } from '../apps/api/src/modules/afd/afd.repository.js';
import { importarConteudo } from '../apps/api/src/modules/afd/importacao.service.js';
import { ManualClock } from '../apps/api/src/shared/clock.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PUNCHES = Number(process.env.BENCH_AFD_PUNCHES ?? 1_000_000);
/** Punches per batch of the import (default: the job's own, TAMANHO_LOTE): to weigh batch sizes. */
const LOTE = process.env.BENCH_AFD_LOTE ? Number(process.env.BENCH_AFD_LOTE) : undefined;
const FUNCIONARIOS = 5_000;
const T0 = new Date('2026-03-10T12:00:00.000Z');
const RELOGIO = '00004000000000077';

const cpf = (i: number) => {
  const base = String(400_000_000 + i * 7);
  return base + cpfCheckDigits(base);
};

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgBase });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const name = `jornada_bench_afd_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'jornada-bench-afd-'));
await admin(`CREATE DATABASE ${name}`);
const url = new URL(pgBase);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
try {
  await seedDemoData(database.system, new ManualClock(T0));
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  const { rows: empresas } = await owner.query<{ tenantId: number; id: number; numero: string; razaoSocial: string }>(
    `SELECT c.tenant_id AS "tenantId", c.id, c.numero, c.razao_social AS "razaoSocial"
       FROM cnpjs c JOIN tenants t ON t.id = c.tenant_id
      WHERE t.nome = 'Jornada Demonstração' ORDER BY c.id LIMIT 1`,
  );
  const empresa = empresas[0]!;
  const { tenantId, id: cnpjId } = empresa;
  const { rows: centros } = await owner.query<{ id: number }>(
    'SELECT id FROM centros_custo WHERE tenant_id = $1 AND cnpj_id = $2 LIMIT 1',
    [tenantId, cnpjId],
  );
  const cpfs = Array.from({ length: FUNCIONARIOS }, (_, i) => cpf(i));
  await owner.query(
    `INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, nome_curto, cpf, cracha, registro,
                               data_admissao, data_ativacao)
     SELECT $1, $2, $3, 'Bancada ' || i, 'Bancada', c, 'B' || i, 'R' || i, '2020-01-01', '2020-01-01'
       FROM unnest($4::text[]) WITH ORDINALITY AS u(c, i)`,
    [tenantId, cnpjId, centros[0]!.id, cpfs],
  );

  // The COPY's rows name an import as the import's own do (the foreign key is checked for each row in both).
  const {
    rows: [importacaoDaCopia],
  } = await owner.query<{ id: number }>(
    `INSERT INTO afd_importacoes (tenant_id, cnpj_id, portaria, data_inicio, data_final, arquivo)
     VALUES ($1, $2, '671', '2026-03-01', '2026-03-31', 'copia.csv') RETURNING id`,
    [tenantId, cnpjId],
  );

  // The file: FUNCIONARIOS people punching through March 2026, four times a day, in time order.
  const arquivo = join(dir, 'afd.txt');
  const csv = join(dir, 'copia.csv');
  const out = createWriteStream(arquivo);
  const csvOut = createWriteStream(csv);
  /** The same rows without the import's id: the baseline of sessions 9–12, printed for comparison only. */
  const csvSemImportacao = join(dir, 'copia-sem-importacao.csv');
  const csvSemOut = createWriteStream(csvSemImportacao);
  const at = (local: string) => ({ local, offset: '-0300' });
  const w = new Afd671LineWriter({
    repKind: 'REP_C',
    employer: { idKind: 1, id: empresa.numero, name: empresa.razaoSocial.slice(0, 150) },
    repIdentifier: RELOGIO,
    developer: { idKind: 1, id: '11444777000161' },
    model: 'BENCH',
    firstDate: '2026-03-01',
    lastDate: '2026-03-31',
    generatedAt: at('2026-04-01T06:00'),
  });
  const write = async (s: string, c: string | null) => {
    if (!out.write(s)) await once(out, 'drain');
    if (c !== null && !csvOut.write(c)) await once(csvOut, 'drain');
    if (c !== null && !csvSemOut.write(c.replace(/,\d+\n$/, ',\n'))) await once(csvSemOut, 'drain');
  };
  await write(w.header() + '\r\n', null);
  const porDia = FUNCIONARIOS * 4;
  for (let k = 0; k < PUNCHES; k++) {
    const dia = 1 + Math.floor(k / porDia);
    const dentroDoDia = k % porDia;
    const vez = Math.floor(dentroDoDia / FUNCIONARIOS);
    const quem = dentroDoDia % FUNCIONARIOS;
    const minuto = [480, 720, 780, 1020][vez]! + (quem % 7);
    const hh = String(Math.floor(minuto / 60)).padStart(2, '0');
    const mm = String(minuto % 60).padStart(2, '0');
    const local = `2026-03-${String(((dia - 1) % 31) + 1).padStart(2, '0')}T${hh}:${mm}`;
    const nsr = w.lastNsr + 1;
    const line = w.entry({ type: 3, dateTime: at(local), cpf: cpfs[quem]! });
    const dataHora = `${local.replace('T', ' ')}:00`;
    await write(
      line + '\r\n',
      `${tenantId},${cnpjId},R,${RELOGIO},${nsr},${dataHora},America/Sao_Paulo,${dataHora},${dataHora}-03:00,-0300,0${cpfs[quem]},${importacaoDaCopia!.id}\n`,
    );
  }
  await write(w.trailer() + '\r\n' + w.signature() + '\r\n', null);
  out.end();
  csvOut.end();
  csvSemOut.end();
  await Promise.all([once(out, 'finish'), once(csvOut, 'finish'), once(csvSemOut, 'finish')]);
  const bytes = statSync(arquivo).size;
  console.log(
    `arquivo: ${PUNCHES.toLocaleString('pt-BR')} marcações de ${FUNCIONARIOS.toLocaleString('pt-BR')} funcionários, ${(bytes / 1e6).toFixed(1)} MB`,
  );

  /**
   * Before each timed step the same state: the punch tables emptied (unless `vazio` is false), and with them
   * the dirty days the last import marked (no job consumes them here: left, the next import merged its
   * ranges into a million unconsumed ones and took twice as long), then a CHECKPOINT, so no step pays for
   * flushing the pages the step before it dirtied.
   */
  const preparar = async (vazio = true) => {
    if (vazio) {
      await owner.query('TRUNCATE marcacao_funcionarios, marcacoes, calculo_pendencias CASCADE');
      await owner.query('DELETE FROM afd_importacoes WHERE id <> $1', [importacaoDaCopia!.id]);
      await owner.query(`DELETE FROM pgboss.job WHERE name = 'calculo-pendencias'`);
    }
    await owner.query('CHECKPOINT');
  };

  /** WAL the server wrote since `desde` (an LSN), in MB: on a slow disk the import and COPY are bound by it. */
  const lsn = async () => (await owner.query<{ l: string }>('SELECT pg_current_wal_lsn()::text AS l')).rows[0]!.l;
  const walDesde = async (desde: string) =>
    Number(
      (await owner.query<{ b: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) AS b', [desde]))
        .rows[0]!.b,
    ) / 1e6;
  let wal = '';
  /**
   * Checkpoints the server started since the step began (the one `preparar` asks for is counted before it): past
   * about max_wal_size / (1 + checkpoint_completion_target) of WAL the server starts one, and every page changed
   * after it is written to the WAL whole again.
   */
  const checkpoints = async () =>
    Number(
      (await owner.query<{ n: string }>('SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter'))
        .rows[0]!.n,
    );
  let checkpointsAntes = 0;
  const passo = async () =>
    `WAL ${(await walDesde(wal)).toFixed(0)} MB, checkpoints no passo ${(await checkpoints()) - checkpointsAntes}`;

  async function copia(origem = csv): Promise<number> {
    await preparar();
    wal = await lsn();
    checkpointsAntes = await checkpoints();
    const t = performance.now();
    const p = spawn(
      'psql',
      [
        url.toString(),
        '-qc',
        '\\copy marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, data_hora_arquivo, instante, deslocamento, identificador, importacao_id) FROM STDIN WITH (FORMAT csv)',
      ],
      { stdio: ['pipe', 'inherit', 'inherit'] },
    );
    createReadStream(origem).pipe(p.stdin);
    const [code] = (await once(p, 'exit')) as [number];
    if (code !== 0) throw new Error(`psql saiu com ${code}`);
    return performance.now() - t;
  }

  async function importar(vazio: boolean): Promise<{ ms: number; novas: number; vinculadas: number }> {
    await preparar(vazio);
    wal = await lsn();
    checkpointsAntes = await checkpoints();
    const t = performance.now();
    const importacaoId = await withTenant(database.app, tenantId, (tx) =>
      afdRepository.criarImportacao(tx, {
        tenantId,
        cnpjId,
        solicitacaoId: null,
        portaria: '671',
        dataInicio: '2026-03-01',
        dataFinal: '2026-03-31',
        arquivo: 'afd.txt',
        now: new Date(),
      }),
    );
    const imp = await withTenant(database.app, tenantId, (tx) => afdRepository.importacao(tx, tenantId, importacaoId));
    const { resultado } = await importarConteudo({
      tenantId,
      imp: imp!,
      transacao: (fn) => withTenant(database.app, tenantId, fn),
      fonte: createReadStream(arquivo, { highWaterMark: 1024 * 1024 }),
      bytes,
      ...(LOTE ? { tamanhoLote: LOTE } : {}),
    });
    return { ms: performance.now() - t, novas: resultado.novas, vinculadas: resultado.vinculadas };
  }

  const copias: number[] = [];
  const copiasSemImportacao: number[] = [];
  const importacoes: number[] = [];
  for (let rodada = 1; rodada <= 2; rodada++) {
    const s = await copia(csvSemImportacao);
    copiasSemImportacao.push(s);
    console.log(`rodada ${rodada}: COPY sem o id da importação (referência antiga) ${secs(s)}, ${await passo()}`);
    const c = await copia();
    copias.push(c);
    console.log(`rodada ${rodada}: COPY ${secs(c)}, ${await passo()}`);
    const i = await importar(true);
    importacoes.push(i.ms);
    console.log(
      `rodada ${rodada}: importação ${secs(i.ms)} (${i.novas.toLocaleString('pt-BR')} gravadas, ${i.vinculadas.toLocaleString('pt-BR')} vinculadas) = ${(i.ms / c).toFixed(2)}× o COPY, ${await passo()}`,
    );
  }
  const again = await importar(false);
  console.log(`reimportação do mesmo arquivo (nada novo): ${secs(again.ms)} (${again.novas} gravadas)`);
  const melhorCopia = Math.min(...copias);
  const melhorImportacao = Math.min(...importacoes);
  console.log(
    `melhor COPY ${secs(melhorCopia)}, melhor importação ${secs(melhorImportacao)}: ${(melhorImportacao / melhorCopia).toFixed(2)}× (meta ≤ 2×)`,
  );
  const melhorSem = Math.min(...copiasSemImportacao);
  console.log(
    `(contra o COPY sem o id da importação, ${secs(melhorSem)}: ${(melhorImportacao / melhorSem).toFixed(2)}×)`,
  );
  await owner.end();
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
}
