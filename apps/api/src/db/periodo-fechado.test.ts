import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { MSG } from '@jornada/contracts';
import { databaseErrorOf, PERIODO_FECHADO_SQLSTATE } from '../shared/database-errors.js';
import { queryRows } from './client.js';
import { installPeriodoFechadoCongelado, PERIODO_FECHADO_LIBERADO, TABELAS_CONGELADAS } from './periodo-fechado.js';
import { withSystem, withTenant, type Tx } from './tenant-tx.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../test/harness.js';
import { demoIds, type DemoIds } from '../../test/scope-fixtures.js';

/**
 * Issue 23 §4 (decision 0075): a closed period is frozen in the database. For
 * each guarded table, INSERT, UPDATE and DELETE of a day of an employee's
 * closed period are refused as the app role in a tenant transaction, while
 * the same writes outside the period, or of another employee, go through;
 * after Abrir período they go through again.
 */

/** The closed period (two months: an hour-bank reset is one row per month), before the demo's data. */
const P = { de: '2025-06-01', ate: '2025-07-31' };
/** Two days of it, and a day after it. */
const D = '2025-06-10';
const D2 = '2025-07-11';
const FORA = '2025-08-12';
const RELOGIO = 'CONGELADO';

class Desfazer extends Error {}

interface Caso {
  tabela: string;
  /** A row of employee `f` on `dia`. */
  inserir: (f: number, dia: string) => SQL;
  /** Changes something of E's row of day D other than its day. */
  atualizar: () => SQL;
  /** Deletes E's row of day D. */
  excluir: () => SQL;
  /** The rows these tests write (any employee). */
  doTeste: SQL;
}

describeEachBackend('período fechado congelado no banco', (backend) => {
  let env: TestEnv;
  let ids: DemoIds;
  let admin: string;
  /** Two employees of the demo's main company; E's period gets closed. */
  let E: number;
  let F: number;
  /** A justification of the demo tenant. */
  let J: number;

  const owner = <T>(q: SQL) => queryRows<T>(env.database.owner, q);
  const comoApp = (q: SQL | ((tx: Tx) => Promise<unknown>)) =>
    withTenant(env.database.app, ids.demo, (tx) => (typeof q === 'function' ? q(tx) : tx.execute(q)));
  /** What a write did: 'ok', or the SQLSTATE that refused it. */
  const resultado = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: unknown) => databaseErrorOf(e)?.code ?? String(e),
    );

  /** E's period P, closed as Fechar período leaves it (the row's id, for Abrir período). */
  const fechar = async (de = P.de, ate = P.ate) =>
    (
      await owner<{ id: number }>(
        sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
            VALUES (${ids.demo}, ${E}, ${de}::date, ${ate}::date, true, 'Teste') RETURNING id::int AS id`,
      )
    )[0]!.id;
  const abrir = (id: number) =>
    call(env.app, '/api/controle-ponto/abrir-periodo', { idPeriodoFechamento: id }, { token: admin });
  const semPeriodo = () => owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${E}`);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    ids = await demoIds(env);
    admin = await login(env.app, ADMIN);
    const dois = await owner<{ id: number }>(
      sql`SELECT id FROM funcionarios WHERE tenant_id = ${ids.demo} AND cnpj_id = ${ids.principal} AND ativo
           ORDER BY id LIMIT 2`,
    );
    [E, F] = [dois[0]!.id, dois[1]!.id];
    J = (
      await owner<{ id: number }>(sql`SELECT min(id)::int AS id FROM justificativas WHERE tenant_id = ${ids.demo}`)
    )[0]!.id;
    // One original punch per day (append-only: stored once, linked and treated by the cases).
    await owner(sql`INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, identificador)
                    SELECT ${ids.demo}, ${ids.principal}, 'R', ${RELOGIO}, u.n, u.d + time '08:00', 'America/Sao_Paulo', 'x'
                      FROM unnest(${`{${D},${D2},${FORA}}`}::date[]) WITH ORDINALITY AS u(d, n)`);
  });
  afterAll(() => env.close());

  /** The test punch of `dia`. */
  const punch = (dia: string) =>
    sql`(SELECT id FROM marcacoes WHERE relogio = ${RELOGIO} AND data_hora::date = ${dia}::date)`;
  const doDia = (coluna: string) => sql`funcionario_id = ${E} AND ${sql.raw(coluna)}::date = ${D}::date`;
  const entre = (coluna: string) => sql`${sql.raw(coluna)}::date BETWEEN ${P.de}::date AND ${FORA}::date`;

  /** A treatment table with a date column, written as the day actions write it. */
  const tratamento = (
    tabela: string,
    coluna: string,
    mudanca: string,
    colunas: string,
    valores: (dia: string) => SQL,
  ): Caso => ({
    tabela,
    inserir: (f, dia) =>
      sql`INSERT INTO ${sql.raw(tabela)} (tenant_id, funcionario_id, ${sql.raw(colunas)}, usuario_nome)
          VALUES (${ids.demo}, ${f}, ${valores(dia)}, 'Teste')`,
    atualizar: () => sql`UPDATE ${sql.raw(tabela)} SET ${sql.raw(mudanca)} WHERE ${doDia(coluna)}`,
    excluir: () => sql`DELETE FROM ${sql.raw(tabela)} WHERE ${doDia(coluna)}`,
    doTeste: entre(coluna),
  });
  /** A stored result: a row of the demo's calculation copied with other keys (every column filled). */
  const resultadoGravado = (tabela: string, coluna: string, mudanca: string, chaves: (dia: string) => SQL): Caso => ({
    tabela,
    inserir: (f, dia) =>
      sql`INSERT INTO ${sql.raw(tabela)}
          SELECT (jsonb_populate_record(NULL::${sql.raw(tabela)},
                    to_jsonb(c) || jsonb_build_object('funcionario_id', ${f}::int, ${chaves(dia)}))).*
            FROM ${sql.raw(tabela)} c WHERE c.tenant_id = ${ids.demo} LIMIT 1`,
    atualizar: () => sql`UPDATE ${sql.raw(tabela)} SET ${sql.raw(mudanca)} WHERE ${doDia(coluna)}`,
    excluir: () => sql`DELETE FROM ${sql.raw(tabela)} WHERE ${doDia(coluna)}`,
    doTeste: entre(coluna),
  });
  const dosPunches = sql`marcacao_id IN (SELECT id FROM marcacoes WHERE relogio = ${RELOGIO})`;

  const casos: Caso[] = [
    {
      tabela: 'marcacao_funcionarios',
      inserir: (f, dia) =>
        sql`INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
            SELECT tenant_id, id, ${f}, data_hora, origem FROM marcacoes WHERE id = ${punch(dia)}`,
      atualizar: () => sql`UPDATE marcacao_funcionarios SET origem = 'P' WHERE ${doDia('data_hora')}`,
      excluir: () => sql`DELETE FROM marcacao_funcionarios WHERE ${doDia('data_hora')}`,
      doTeste: dosPunches,
    },
    {
      tabela: 'marcacao_tratamentos',
      inserir: (f, dia) =>
        sql`INSERT INTO marcacao_tratamentos (tenant_id, marcacao_id, funcionario_id, descartada, justificativa_id, usuario_nome)
            VALUES (${ids.demo}, ${punch(dia)}, ${f}, true, ${J}, 'Teste')`,
      atualizar: () =>
        sql`UPDATE marcacao_tratamentos SET descartada = false WHERE funcionario_id = ${E} AND marcacao_id = ${punch(D)}`,
      excluir: () => sql`DELETE FROM marcacao_tratamentos WHERE funcionario_id = ${E} AND marcacao_id = ${punch(D)}`,
      doTeste: dosPunches,
    },
    tratamento(
      'marcacoes_inseridas',
      'data_hora',
      "data_hora = data_hora + interval '1 hour'",
      'data_hora, justificativa_id',
      (dia) => sql`${dia}::date + time '12:00', ${J}`,
    ),
    tratamento('folgas', 'data', "usuario_nome = 'Outro autor'", 'data', (dia) => sql`${dia}::date`),
    tratamento('feriado_exclusoes', 'data', "usuario_nome = 'Outro autor'", 'data', (dia) => sql`${dia}::date`),
    tratamento(
      'ocorrencias',
      'data_inicio',
      'abrange_atrasos = true',
      'data_inicio, data_final, justificativa_id, abrange_faltas',
      (dia) => sql`${dia}::date, ${dia}::date, ${J}, true`,
    ),
    tratamento(
      'ajustes_parciais',
      'dia',
      "fim = fim + interval '1 minute'",
      'dia, codigo_evento, inicio, fim, justificativa_id',
      (dia) => sql`${dia}::date, 'atraso', ${dia}::date + time '08:00', ${dia}::date + time '08:10', ${J}`,
    ),
    tratamento(
      'mudancas_horario',
      'dia',
      "entrada1 = '09:00'",
      'dia, entrada1, saida1',
      (dia) => sql`${dia}::date, '08:00', '17:00'`,
    ),
    tratamento('banco_horas_lancamentos', 'data', 'minutos = 90', 'data, minutos', (dia) => sql`${dia}::date, 60`),
    {
      // One reset per month, on its first day.
      ...tratamento(
        'banco_horas_redefinicoes',
        'mes',
        "usuario_nome = 'Outro autor'",
        'mes',
        (dia) => sql`date_trunc('month', ${dia}::date)::date`,
      ),
      atualizar: () =>
        sql`UPDATE banco_horas_redefinicoes SET usuario_nome = 'Outro autor'
             WHERE funcionario_id = ${E} AND mes = date_trunc('month', ${D}::date)::date`,
      excluir: () =>
        sql`DELETE FROM banco_horas_redefinicoes WHERE funcionario_id = ${E} AND mes = date_trunc('month', ${D}::date)::date`,
    },
    resultadoGravado(
      'calculo_dias',
      'dia',
      'trabalhado = trabalhado + 1',
      (dia) => sql`'dia', ${dia}::date, 'periodo_inicio', ${dia}::date`,
    ),
    resultadoGravado(
      'calculo_semanas',
      'periodo_inicio',
      'dsr_pago = dsr_pago + 1',
      (dia) => sql`'periodo_inicio', ${dia}::date, 'segunda', ${dia}::date`,
    ),
    resultadoGravado(
      'calculo_resumos',
      'periodo_inicio',
      'jornada = jornada + 1',
      (dia) => sql`'periodo_inicio', ${dia}::date, 'periodo_fim', ${dia}::date + 5`,
    ),
  ];

  const linhasDoTeste = (c: Caso) =>
    owner<Record<string, unknown>>(
      sql`SELECT * FROM ${sql.raw(c.tabela)} WHERE funcionario_id IN (${E}, ${F}) AND ${c.doTeste} ORDER BY 1, 2, 3, 4`,
    );
  const limpar = async (c: Caso) => {
    await semPeriodo();
    await owner(sql`DELETE FROM ${sql.raw(c.tabela)} WHERE funcionario_id IN (${E}, ${F}) AND ${c.doTeste}`);
  };

  it('every guarded table has a case here and its three statement triggers in the database', async () => {
    expect(casos.map((c) => c.tabela).sort()).toEqual(TABELAS_CONGELADAS.map((t) => t.tabela).sort());
    const gatilhos = await owner<{ tabela: string; n: number }>(
      sql`SELECT c.relname::text AS tabela, count(*)::int AS n FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
           WHERE g.tgname LIKE '%\_periodo\_fechado\_%' GROUP BY c.relname ORDER BY c.relname`,
    );
    expect(gatilhos).toEqual(
      casos.map((c) => ({ tabela: c.tabela, n: 3 })).sort((a, b) => (a.tabela < b.tabela ? -1 : 1)),
    );
  });

  it('installed at a start only when changed: a trigger dropped by hand comes back', async () => {
    const deFolgas = () =>
      owner<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = 'folgas'::regclass AND tgname LIKE 'folgas\_periodo\_fechado\_%'`,
      );
    await env.database.owner.execute(sql`DROP TRIGGER folgas_periodo_fechado_ins ON folgas`);
    expect(await deFolgas()).toEqual([{ n: 2 }]);
    await installPeriodoFechadoCongelado(env.database.queue);
    expect(await deFolgas()).toEqual([{ n: 3 }]);
  });

  if (backend === 'postgres') {
    it('with everything in place, a start does not wait for whoever is writing the guarded tables', async () => {
      const escrevendo = new pg.Client({ connectionString: env.databaseUrl });
      await escrevendo.connect();
      try {
        await escrevendo.query('BEGIN');
        await escrevendo.query('LOCK TABLE calculo_dias, marcacao_funcionarios IN ROW EXCLUSIVE MODE');
        const esperando = new Promise<string>((resolve) => setTimeout(() => resolve('esperou'), 20_000));
        expect(
          await Promise.race([installPeriodoFechadoCongelado(env.database.queue).then(() => 'pronto'), esperando]),
        ).toBe('pronto');
      } finally {
        await escrevendo.query('ROLLBACK');
        await escrevendo.end();
      }
    });
  }

  for (const c of casos) {
    it(`${c.tabela}: INSERT, UPDATE and DELETE of a closed day are refused; open days, and after Abrir período, are written`, async () => {
      expect(await linhasDoTeste(c)).toEqual([]);
      try {
        expect(await resultado(comoApp(c.inserir(E, D)))).toBe('ok');
        const id = await fechar();
        const antes = await linhasDoTeste(c);

        expect(await resultado(comoApp(c.inserir(E, D2)))).toBe(PERIODO_FECHADO_SQLSTATE);
        expect(await resultado(comoApp(c.atualizar()))).toBe(PERIODO_FECHADO_SQLSTATE);
        expect(await resultado(comoApp(c.excluir()))).toBe(PERIODO_FECHADO_SQLSTATE);
        expect(await linhasDoTeste(c)).toEqual(antes);
        // After the period, and another employee inside it: written.
        expect(await resultado(comoApp(c.inserir(E, FORA)))).toBe('ok');
        expect(await resultado(comoApp(c.inserir(F, D)))).toBe('ok');

        expect(await abrir(id)).toMatchObject({ status: 200 });
        expect(await resultado(comoApp(c.inserir(E, D2)))).toBe('ok');
        expect(await resultado(comoApp(c.atualizar()))).toBe('ok');
        expect(await resultado(comoApp(c.excluir()))).toBe('ok');
        // E: D2 and FORA are left (D was deleted); F: D.
        expect(await linhasDoTeste(c)).toHaveLength(3);
      } finally {
        await limpar(c);
      }
    });
  }

  it('an occurrence across the closed and the open period: the open days can change, the closed ones cannot', async () => {
    const oc = casos.find((c) => c.tabela === 'ocorrencias')!;
    const desde = '2025-07-25';
    const faixa = () =>
      owner<{ de: string; ate: string }>(
        sql`SELECT data_inicio::text AS de, data_final::text AS ate FROM ocorrencias
             WHERE funcionario_id = ${E} AND ${oc.doTeste}`,
      );
    try {
      await owner(sql`INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id,
                                               observacao, usuario_nome)
                      VALUES (${ids.demo}, ${E}, ${desde}, '2025-08-05', ${J}, 'atestado', 'Teste')`);
      await fechar();
      const da = (set: string) =>
        sql`UPDATE ocorrencias SET ${sql.raw(set)} WHERE funcionario_id = ${E} AND data_inicio = ${desde}`;
      // Shortened or stretched inside the open days (excluir-ocorrencias-do-dia does the first): written.
      expect(await resultado(comoApp(da("data_final = '2025-08-03'")))).toBe('ok');
      expect(await resultado(comoApp(da("data_final = '2025-08-09'")))).toBe('ok');
      // A closed day leaves or enters it, or the rest of it changes: refused.
      expect(await resultado(comoApp(da("data_inicio = '2025-07-26'")))).toBe(PERIODO_FECHADO_SQLSTATE);
      expect(await resultado(comoApp(da("data_inicio = '2025-07-24'")))).toBe(PERIODO_FECHADO_SQLSTATE);
      expect(await resultado(comoApp(da("observacao = 'outro atestado'")))).toBe(PERIODO_FECHADO_SQLSTATE);
      // A new one that reaches into the closed period: refused; one that starts after it: written.
      const nova = (de: string, ate: string) =>
        sql`INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id, usuario_nome)
            VALUES (${ids.demo}, ${E}, ${de}::date, ${ate}::date, ${J}, 'Teste')`;
      expect(await resultado(comoApp(nova('2025-07-31', '2025-08-02')))).toBe(PERIODO_FECHADO_SQLSTATE);
      expect(await resultado(comoApp(nova('2025-08-01', '2025-08-02')))).toBe('ok');
      expect(await faixa()).toEqual([
        { de: desde, ate: '2025-08-09' },
        { de: '2025-08-01', ate: '2025-08-02' },
      ]);
    } finally {
      await limpar(oc);
    }
  });

  it('an hour-bank entry before a closed period is written: only its own day counts', async () => {
    const bh = casos.find((c) => c.tabela === 'banco_horas_lancamentos')!;
    try {
      await fechar('2025-07-01', '2025-07-31');
      expect(await resultado(comoApp(bh.inserir(E, '2025-06-20')))).toBe('ok');
      expect(await resultado(comoApp(bh.inserir(E, '2025-07-20')))).toBe(PERIODO_FECHADO_SQLSTATE);
    } finally {
      await limpar(bh);
    }
  });

  it('every role: the system path and the owner are refused; only the owner, by the setting, writes', async () => {
    const folgas = casos.find((c) => c.tabela === 'folgas')!;
    const liberar = sql`SELECT set_config(${PERIODO_FECHADO_LIBERADO}, 'on', true)`;
    try {
      await fechar();
      expect(await resultado(withSystem(env.database.system, (tx) => tx.execute(folgas.inserir(E, D))))).toBe(
        PERIODO_FECHADO_SQLSTATE,
      );
      expect(await resultado(env.database.owner.execute(folgas.inserir(E, D)))).toBe(PERIODO_FECHADO_SQLSTATE);
      // Any role may set the setting: the login roles stay refused with it.
      expect(
        await resultado(
          comoApp(async (tx) => {
            await tx.execute(liberar);
            await tx.execute(folgas.inserir(E, D));
          }),
        ),
      ).toBe(PERIODO_FECHADO_SQLSTATE);
      expect(
        await resultado(
          withSystem(env.database.system, async (tx) => {
            await tx.execute(liberar);
            await tx.execute(folgas.inserir(E, D));
          }),
        ),
      ).toBe(PERIODO_FECHADO_SQLSTATE);
      expect(await linhasDoTeste(folgas)).toEqual([]);
      // The owner, in a transaction that says so: written, and only in that transaction.
      await env.database.owner.transaction(async (tx) => {
        await tx.execute(liberar);
        await tx.execute(folgas.inserir(E, D));
      });
      expect(await linhasDoTeste(folgas)).toHaveLength(1);
      expect(await resultado(env.database.owner.execute(folgas.excluir()))).toBe(PERIODO_FECHADO_SQLSTATE);
      // TRUNCATE is granted to no login role.
      expect(await resultado(comoApp(sql`TRUNCATE folgas`))).toBe('42501');
    } finally {
      await env.database.owner.transaction(async (tx) => {
        await tx.execute(liberar);
        await tx.execute(sql`DELETE FROM folgas WHERE funcionario_id = ${E} AND ${folgas.doTeste}`);
      });
      await limpar(folgas);
    }
  });

  it('an employee deleted (a cascade) takes their rows of a closed period', async () => {
    const folgas = casos.find((c) => c.tabela === 'folgas')!;
    try {
      await comoApp(folgas.inserir(E, D));
      await fechar();
      let apagado: unknown;
      await comoApp(async (tx) => {
        await tx.execute(sql`DELETE FROM funcionarios WHERE id = ${E}`);
        apagado = await queryRows(tx, sql`SELECT id FROM funcionarios WHERE id = ${E}`);
        throw new Desfazer();
      }).catch((e: unknown) => {
        if (!(e instanceof Desfazer)) throw e;
      });
      expect(apagado).toEqual([]);
      expect(await linhasDoTeste(folgas)).toHaveLength(1);
    } finally {
      await limpar(folgas);
    }
  });

  it('a refused write reaches the user as a 400 with the message: a day action on a period closed under another rule', async () => {
    // The tenant closes on the last day of the month: the service looks for February's row (01/02) and finds
    // none; the database finds this one, closed when the period ran from the 21st to the 20th.
    try {
      await fechar('2026-01-21', '2026-02-20');
      const r = await call(
        env.app,
        '/api/folga/lancar-folga-ponto-dia',
        { cnpj: ids.principal, funcionario: E, data: '2026-02-10' },
        { token: admin },
      );
      expect(r).toMatchObject({ status: 400, body: { mensagem: MSG.periodoFechadoCongelado } });
      expect(await owner(sql`SELECT 1 FROM folgas WHERE funcionario_id = ${E} AND data = '2026-02-10'`)).toEqual([]);
    } finally {
      await semPeriodo();
    }
  });
});
