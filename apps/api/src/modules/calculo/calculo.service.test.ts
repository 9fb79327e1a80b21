import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant-tx.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { novosCentros, novosFuncionarios } from '../../../test/pesquisa-fixtures.js';
import {
  calcularComRastro,
  calcularPedidos,
  fechamentoDoCliente,
  resultadosGravados,
  type Trabalho,
} from './calculo.service.js';
import { AtividadeHttp } from '../../shared/atividade-http.js';
import { calculoRepository as repo } from './calculo.repository.js';
import {
  consumirLotePendencias,
  consumirPendencias,
  encerrarDias,
  executarCalculo,
  LOTE_COM_REQUISICOES,
} from './calculo.jobs.js';

const JAN = { inicio: '2026-01-01', fim: '2026-01-31' };
const FEV = { inicio: '2026-02-01', fim: '2026-02-28' };

describeEachBackend('calculo: o serviço', (backend) => {
  let env: TestEnv;
  let ids: DemoIds;
  let tenantId: number;
  let centro: number;
  /** The demo schedules by description. */
  let escala: Map<string, number>;
  const exec = (q: ReturnType<typeof sql>) => env.database.owner.execute(q);
  const linhas = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);
  const em = <T>(fn: (w: Trabalho) => Promise<T>) =>
    withTenant(env.database.app, tenantId, (tx) => fn({ tx, tenantId, now: env.clock.now() }));
  const calcular = (pedidos: [string, number[]][]) =>
    em(async (w) =>
      calcularPedidos(w, await fechamentoDoCliente(w), new Map(pedidos.map(([p, f]) => [p, new Set(f)]))),
    );
  const novo = async (nome: string, escalaDescricao: string) => {
    const [id] = await novosFuncionarios(
      env,
      {
        tenantId,
        cnpjId: ids.principal,
        centroCustoId: centro,
        escalaId: escala.get(escalaDescricao)!,
        desde: '2025-01-01',
      },
      [{ nome }],
    );
    return id!;
  };
  /** Four punches a day, 08:00–12:00 / 13:00–17:00, on the given days. */
  const batidas = async (funcionarioId: number, diasMes: string[]) => {
    const [{ cpf }] = (await linhas<{ cpf: string }>(
      sql`SELECT cpf FROM funcionarios WHERE id = ${funcionarioId}`,
    )) as [{ cpf: string }];
    const horas = diasMes.flatMap((d) => ['08:00', '12:00', '13:00', '17:00'].map((h) => `${d} ${h}:00`));
    await exec(
      sql`WITH m AS (
            INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
            SELECT ${tenantId}, ${ids.principal}, 'R', 7000000 + ${funcionarioId} * 1000 + u.i, u.dh, 'America/Sao_Paulo', ${cpf}
              FROM unnest(${sql.param(horas)}::timestamp[]) WITH ORDINALITY AS u(dh, i)
            RETURNING id, data_hora)
          INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
          SELECT ${tenantId}, id, ${funcionarioId}, data_hora, 'R' FROM m`,
    );
  };
  /** An HTTP side that never pauses (its clock stands still right after a request). */
  const semPausa = () => {
    const a = new AtividadeHttp(() => 0);
    a.marcar();
    return a;
  };
  const dia = async (funcionarioId: number, d: string) =>
    (
      await linhas<{ tipo: string; cargo: number | null; falta: number; trabalhado: number }>(
        sql`SELECT tipo_dia AS tipo, cargo_id AS cargo, falta, trabalhado FROM calculo_dias
             WHERE funcionario_id = ${funcionarioId} AND dia = ${d}`,
      )
    )[0];
  const resumo = async (funcionarioId: number, inicio: string) =>
    (
      await linhas<{ anterior: number | null; final: number | null; resumo: { pecas: unknown[] } }>(
        sql`SELECT saldo_anterior_bh AS anterior, saldo_final_bh AS final, resumo FROM calculo_resumos
             WHERE funcionario_id = ${funcionarioId} AND periodo_inicio = ${inicio}`,
      )
    )[0];

  beforeAll(async () => {
    env = await createTestEnv(backend);
    ids = await demoIds(env);
    tenantId = ids.demo;
    centro = (await novosCentros(env, { tenantId, cnpjId: ids.principal }, { 'Serviço de cálculo': {} })).get(
      'Serviço de cálculo',
    )!;
    escala = new Map(
      (
        await linhas<{ id: number; descricao: string }>(
          sql`SELECT id, descricao FROM escalas WHERE tenant_id = ${tenantId}`,
        )
      ).map((e) => [e.descricao, Number(e.id)]),
    );
  });
  afterAll(async () => env.close());

  it('a period is split where the position changes: each piece takes its own holidays and the days name it', async () => {
    const id = await novo('Troca de cargo', 'Administrativo 40h Seg-Sex');
    const [a, b] = (
      await linhas<{ id: number }>(sql`SELECT id FROM cargos WHERE tenant_id = ${tenantId} ORDER BY id LIMIT 2`)
    ).map((c) => Number(c.id));
    await exec(sql`INSERT INTO funcionario_cargos (tenant_id, funcionario_id, cargo_id, data_inicio, data_final)
                   VALUES (${tenantId}, ${id}, ${a}, '2020-01-01', '2026-02-14'), (${tenantId}, ${id}, ${b}, '2026-02-15', NULL)`);
    // Two holidays of position B: one while the employee still held A, one after the change.
    for (const [data, desc] of [
      ['2026-02-10', 'Dia do cargo B (antes)'],
      ['2026-02-19', 'Dia do cargo B (depois)'],
    ] as const) {
      const [f] = await linhas<{ id: number }>(
        sql`INSERT INTO feriados (tenant_id, data, descricao, abrangencia, fixo) VALUES (${tenantId}, ${data}, ${desc}, 5, false) RETURNING id`,
      );
      await exec(sql`INSERT INTO feriado_cargos VALUES (${tenantId}, ${f!.id}, ${b}, false)`);
    }
    await batidas(id, ['2026-02-10', '2026-02-19']);
    await calcular([[FEV.inicio, [id]]]);
    expect(await dia(id, '2026-02-10')).toMatchObject({ tipo: 'weekday', cargo: a });
    expect(await dia(id, '2026-02-19')).toMatchObject({ tipo: 'holiday', cargo: b });
    expect((await resumo(id, FEV.inicio))!.resumo.pecas).toEqual([
      { de: '2026-02-01', ate: '2026-02-14', cnpjId: ids.principal, centroCustoId: centro, cargoId: a },
      { de: '2026-02-15', ate: '2026-02-28', cnpjId: ids.principal, centroCustoId: centro, cargoId: b },
    ]);
  });

  it("recalculating employees whose ids surround another leaves that one's stored days and summary alone", async () => {
    // The writes enter the index by the batch's id range (calculo.repository `entre`); the list still decides.
    const a = await novo('Em volta A', 'Administrativo 40h Seg-Sex');
    const b = await novo('No meio B', 'Administrativo 40h Seg-Sex');
    const c = await novo('Em volta C', 'Administrativo 40h Seg-Sex');
    expect(a < b && b < c).toBe(true);
    await batidas(b, ['2026-02-03']);
    await calcular([[FEV.inicio, [a, b, c]]]);
    const doMeio = async () =>
      linhas<{ n: number; em: string }>(
        sql`SELECT (SELECT count(*)::int FROM calculo_dias WHERE funcionario_id = ${b}) AS n,
                   (SELECT calculado_em::text FROM calculo_resumos WHERE funcionario_id = ${b} AND periodo_inicio = ${FEV.inicio}) AS em`,
      );
    const antes = await doMeio();
    expect(antes[0]!.n).toBeGreaterThanOrEqual(28);
    await exec(sql`DELETE FROM calculo_pendencias WHERE tenant_id = ${tenantId}`);
    expect(await calcular([[FEV.inicio, [a, c]]])).toMatchObject({ calculados: 2, fechados: 0 });
    expect(await doMeio()).toEqual(antes);
    expect((await dia(b, '2026-02-03'))!.trabalhado).toBe(480);
  });

  it('the trace on request: recalculated with the trace, nothing stored changes', async () => {
    const id = await novo('Com rastro', 'Administrativo 40h Seg-Sex');
    await batidas(id, ['2026-02-03']);
    await calcular([[FEV.inicio, [id]]]);
    const antes = await em((w) => resultadosGravados(w, id, FEV));
    const r = await em((w) => calcularComRastro(w, id, '2026-02-03'));
    expect(r!.periodo).toEqual(FEV);
    const d = r!.resultado.days.find((x) => x.date === '2026-02-03')!;
    expect(d.trace!.length).toBeGreaterThan(0);
    expect(r!.resultado.days.find((x) => x.date === '2026-02-04')!.trace!.some((t) => t.rule.length > 0)).toBe(true);
    const { trace: _t, ...semRastro } = d;
    expect(antes.dias.find((x) => x.date === '2026-02-03')).toEqual(semRastro);
    expect(await em((w) => resultadosGravados(w, id, FEV))).toEqual(antes);
  });

  it('the hour-bank balance chains: a changed January recalculates the stored February in the same transaction', async () => {
    const id = await novo('Banco encadeado', 'Administrativo 40h com Banco de Horas');
    await calcular([
      [JAN.inicio, [id]],
      [FEV.inicio, [id]],
    ]);
    const jan = await resumo(id, JAN.inicio);
    expect((await resumo(id, FEV.inicio))!.anterior).toBe(jan!.final);
    await exec(sql`INSERT INTO banco_horas_lancamentos (tenant_id, funcionario_id, data, minutos, negativo, usuario_nome)
                   VALUES (${tenantId}, ${id}, '2026-01-15', 600, false, 't')`);
    // Only January is asked for; February follows because its opening balance changed.
    expect(await calcular([[JAN.inicio, [id]]])).toMatchObject({ calculados: 1, fechados: 0 });
    const jan2 = await resumo(id, JAN.inicio);
    expect(jan2!.final).toBe(jan!.final! + 600);
    expect((await resumo(id, FEV.inicio))!.anterior).toBe(jan2!.final);
  });

  it('diff write (issue 26 §2): after random changes, what is stored equals a full rewrite; an unchanged recalculation writes no day, week or summary', async () => {
    // Four employees on four different schedules (the bank's among them), punches on a few days.
    const descricoes = [...escala.keys()].sort().slice(0, 4);
    const emps: number[] = [];
    for (const [i, d] of descricoes.entries()) emps.push(await novo(`Diferença ${i}`, d));
    const dias = Array.from({ length: 28 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`);
    // mulberry32: the same changes every run, a different mix of them per round.
    let semente = 0x26_02;
    const acaso = () => {
      semente = (semente + 0x6d2b79f5) | 0;
      let t = Math.imul(semente ^ (semente >>> 15), 1 | semente);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const um = <T>(xs: readonly T[]) => xs[Math.floor(acaso() * xs.length)]!;
    let nsr = 9_100_000;
    const cpfs = new Map(
      (
        await linhas<{ id: number; cpf: string }>(
          sql`SELECT id, cpf FROM funcionarios WHERE id = ANY(${sql.param(emps)}::int[])`,
        )
      ).map((r) => [Number(r.id), r.cpf]),
    );
    const mudancas: (() => Promise<void>)[] = [
      // A day's punches (a worked day, or a late one).
      async () => {
        const f = um(emps);
        const d = um(dias);
        const horas = um([['08:00', '12:00', '13:00', '17:00'], ['08:40', '12:00', '13:30', '18:10'], ['22:00']]);
        for (const h of horas) {
          await exec(
            sql`WITH m AS (
                  INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
                  VALUES (${tenantId}, ${ids.principal}, 'R', ${nsr++}, ${`${d} ${h}:00`}::timestamp, 'America/Sao_Paulo', ${cpfs.get(f)!})
                  RETURNING id, data_hora)
                INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
                SELECT ${tenantId}, id, ${f}, data_hora, 'R' FROM m`,
          );
        }
      },
      async () => {
        await exec(sql`INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_nome)
                       VALUES (${tenantId}, ${um(emps)}, ${um(dias)}, 'Teste')
                       ON CONFLICT DO NOTHING`);
      },
      async () => {
        await exec(sql`DELETE FROM folgas WHERE id = (SELECT id FROM folgas WHERE funcionario_id = ANY(${sql.param(emps)}::int[])
                                                       ORDER BY id LIMIT 1)`);
      },
      async () => {
        await exec(sql`INSERT INTO feriados (tenant_id, data, descricao, abrangencia, fixo)
                       VALUES (${tenantId}, ${um(dias)}, 'Feriado da diferença', 1, false) ON CONFLICT DO NOTHING`);
      },
      async () => {
        await exec(sql`DELETE FROM feriados WHERE tenant_id = ${tenantId} AND descricao = 'Feriado da diferença'
                         AND id = (SELECT min(id) FROM feriados WHERE tenant_id = ${tenantId} AND descricao = 'Feriado da diferença')`);
      },
      // The schedule starts later in the month, or back from before it.
      async () => {
        await exec(sql`UPDATE funcionario_escalas SET data_inicio = ${um(['2025-01-01', '2026-02-10', '2026-02-20'])}
                        WHERE funcionario_id = ${um(emps)}`);
      },
      // A stored day gone: the next calculation must write it again.
      async () => {
        await exec(sql`DELETE FROM calculo_dias WHERE funcionario_id = ${um(emps)} AND dia = ${um(dias)}`);
      },
    ];
    /** A stored week no calculation gives (a Wednesday): the next calculation must delete it. */
    const semanaSobrando = async () => {
      await exec(sql`INSERT INTO calculo_semanas (tenant_id, funcionario_id, periodo_inicio, segunda, dsr_pago, dsr_debito, resultado)
               VALUES (${tenantId}, ${um(emps)}, ${FEV.inicio}, '2026-02-04', 0, 0, '{}') ON CONFLICT DO NOTHING`);
    };
    mudancas.push(semanaSobrando);
    const guardado = () =>
      linhas<{ t: string; r: unknown }>(
        sql`SELECT 'd' AS t, to_jsonb(c) AS r FROM calculo_dias c
             WHERE funcionario_id = ANY(${sql.param(emps)}::int[]) ORDER BY funcionario_id, dia`,
      ).then(async (d) => [
        ...d,
        ...(await linhas<{ t: string; r: unknown }>(
          sql`SELECT 's' AS t, to_jsonb(c) AS r FROM calculo_semanas c
               WHERE funcionario_id = ANY(${sql.param(emps)}::int[]) ORDER BY funcionario_id, periodo_inicio, segunda`,
        )),
        ...(await linhas<{ t: string; r: unknown }>(
          sql`SELECT 'r' AS t, to_jsonb(c) - 'calculado_em' AS r FROM calculo_resumos c
               WHERE funcionario_id = ANY(${sql.param(emps)}::int[]) ORDER BY funcionario_id, periodo_inicio`,
        )),
      ]);
    await calcular([[FEV.inicio, emps]]);
    let apagadas = 0;
    for (let rodada = 0; rodada < 10; rodada++) {
      if (rodada === 0) await semanaSobrando();
      for (let k = 1 + Math.floor(acaso() * 2); k > 0; k--) await um(mudancas)();
      const diff = await calcular([[FEV.inicio, emps]]);
      apagadas += diff.linhas.apagadas;
      const porDiferenca = await guardado();
      // The same results written from scratch: every row of the period deleted, then inserted.
      await exec(sql`DELETE FROM calculo_dias WHERE funcionario_id = ANY(${sql.param(emps)}::int[])`);
      await exec(sql`DELETE FROM calculo_semanas WHERE funcionario_id = ANY(${sql.param(emps)}::int[])`);
      await exec(sql`DELETE FROM calculo_resumos WHERE funcionario_id = ANY(${sql.param(emps)}::int[])`);
      const completa = await calcular([[FEV.inicio, emps]]);
      expect(await guardado(), `rodada ${rodada}`).toEqual(porDiferenca);
      expect(completa.linhas.dias).toBeGreaterThan(diff.linhas.dias);
      // Nothing changed since: no day, week or summary is written again (decision 0088); the summaries still
      // carry the time of the run.
      const quando = () =>
        linhas<{ t: string }>(
          sql`SELECT max(calculado_em)::text AS t FROM calculo_resumos WHERE funcionario_id = ANY(${sql.param(emps)}::int[])`,
        ).then((r) => r[0]!.t);
      const antes = await quando();
      const igual = await calcular([[FEV.inicio, emps]]);
      expect(igual.linhas).toEqual({ dias: 0, semanas: 0, resumos: 0, apagadas: 0 });
      expect(await quando()).not.toBe(antes);
      expect(await guardado()).toEqual(porDiferenca);
    }
    // The rounds did leave rows for the write to delete, so that side was exercised too.
    expect(apagadas).toBeGreaterThan(0);
  });

  it('a national holiday saved (issue 26 §3): every stored day of that date becomes a holiday, but on a 12x36 regime, which keeps its own day (spec §4.2 rule 2)', async () => {
    const comum = await novo('Feriado comum', 'Administrativo 40h Seg-Sex');
    const plantao = await novo('Feriado 12x36', 'Vigilância 12x36 Noturno');
    await calcular([[FEV.inicio, [comum, plantao]]]);
    await exec(sql`DELETE FROM calculo_pendencias WHERE tenant_id = ${tenantId}`);
    const antes = { comum: await dia(comum, '2026-02-24'), plantao: await dia(plantao, '2026-02-24') };
    expect(antes.comum!.tipo).toBe('weekday');
    // The holiday's own write marks the date dirty for the whole tenant; the consumer recalculates it.
    await exec(sql`INSERT INTO feriados (tenant_id, data, descricao, abrangencia, fixo)
                   VALUES (${tenantId}, '2026-02-24', 'Feriado nacional do teste', 1, false)`);
    // While the process answers requests without pause (decision 0089): one round at a time, the second round
    // waiting until the first is done, and still everything consumed.
    await consumirPendencias({ db: env.database.app, clock: env.clock, http: semPausa() }, { tenantId });
    expect((await dia(comum, '2026-02-24'))!.tipo).toBe('holiday');
    expect(await linhas(sql`SELECT 1 FROM calculo_pendencias WHERE tenant_id = ${tenantId}`)).toEqual([]);
    expect(await dia(plantao, '2026-02-24')).toEqual(antes.plantao);
    await exec(sql`DELETE FROM feriados WHERE tenant_id = ${tenantId} AND descricao = 'Feriado nacional do teste'`);
    await consumirPendencias({ db: env.database.app, clock: env.clock }, { tenantId });
    expect((await dia(comum, '2026-02-24'))!.tipo).toBe('weekday');
  });

  it('Cálculo do Ponto while the process answers requests (decision 0089): batches of LOTE_COM_REQUISICOES, one at a time, every employee calculated', async () => {
    const emps = await novosFuncionarios(
      env,
      {
        tenantId,
        cnpjId: ids.principal,
        centroCustoId: centro,
        escalaId: escala.get('Administrativo 40h Seg-Sex')!,
        desde: '2025-01-01',
      },
      Array.from({ length: LOTE_COM_REQUISICOES + 1 }, (_, i) => ({ nome: `Sob carga ${i}` })),
    );
    const execucaoId = await withTenant(env.database.app, tenantId, (tx) =>
      repo.criarExecucao(tx, tenantId, {
        usuarioId: null,
        cnpjId: ids.principal,
        modo: 'simples',
        dataInicio: FEV.inicio,
        dataFinal: FEV.fim,
        parametros: { funcionarioIds: [...emps].reverse(), periodos: [FEV] },
        total: emps.length,
      }),
    );
    // Every progress step is one committed batch (the spy calls through).
    const avancar = vi.spyOn(repo, 'avancarExecucao');
    try {
      await executarCalculo(
        { db: env.database.app, clock: env.clock, log: console as never, http: semPausa() },
        { tenantId, execucaoId },
      );
      expect(avancar.mock.calls.map((c) => c[3])).toEqual([LOTE_COM_REQUISICOES, 1]);
    } finally {
      avancar.mockRestore();
    }
    const [e] = await linhas<{ status: string; calculados: number }>(
      sql`SELECT status, calculados FROM calculo_execucoes WHERE id = ${execucaoId}`,
    );
    expect(e).toEqual({ status: 'PROCESSADO', calculados: emps.length });
    expect(
      await linhas(sql`SELECT funcionario_id FROM calculo_resumos WHERE funcionario_id = ANY(${sql.param(emps)}::int[])
                        AND periodo_inicio = ${FEV.inicio}`),
    ).toHaveLength(emps.length);
  });

  it('a closed period is never recalculated; the next open one is', async () => {
    const id = await novo('Fechado', 'Administrativo 40h Seg-Sex');
    await calcular([[FEV.inicio, [id]]]);
    // Punches linked before the close (a closed day's links are frozen, decision 0075), never calculated.
    await batidas(id, ['2026-02-05']);
    await exec(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
                   VALUES (${tenantId}, ${id}, '2026-02-01', '2026-02-28', true, 't')`);
    expect(await calcular([[FEV.inicio, [id]]])).toMatchObject({ calculados: 0, fechados: 1 });
    expect((await dia(id, '2026-02-05'))!.trabalhado).toBe(0);
    expect(await calcular([[JAN.inicio, [id]]])).toMatchObject({ calculados: 1, fechados: 0 });
  });

  it('dirty rows: the trigger queues one consumer per tenant; it recalculates and deletes exactly what it read', async () => {
    const id = await novo('Pendente', 'Administrativo 40h Seg-Sex');
    const outro = await novo('Pendente fechado', 'Administrativo 40h Seg-Sex');
    await exec(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
                   VALUES (${tenantId}, ${outro}, '2026-02-01', '2026-02-28', true, 't')`);
    await batidas(id, ['2026-02-09']);
    const jobs = async () =>
      (
        await linhas<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'calculo-pendencias' AND state = 'created'
                 AND data->>'tenantId' = ${String(tenantId)}`,
        )
      )[0]!.n;
    await exec(sql`DELETE FROM pgboss.job WHERE name = 'calculo-pendencias'`);
    await exec(sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                   VALUES (${tenantId}, ${id}, '2026-02-09', '2026-02-09', 'teste'),
                          (${tenantId}, ${outro}, '2026-02-09', '2026-02-10', 'teste')`);
    await exec(sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                   VALUES (${tenantId}, ${id}, '2026-01-30', '2026-02-02', 'teste')`);
    // Two statements, one waiting job for the tenant (stately).
    expect(await jobs()).toBe(1);
    await env.settle();
    expect(await jobs()).toBe(0);
    expect(
      (
        await linhas<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM calculo_pendencias WHERE tenant_id = ${tenantId}`,
        )
      )[0]!.n,
    ).toBe(0);
    expect((await dia(id, '2026-02-09'))!.trabalhado).toBe(480);
    // January (30/01 was dirty) is older than the period before the current one (March, T0): never
    // calculated, it is not created; February is. The closed February of the other employee was not calculated.
    expect(await resumo(id, JAN.inicio)).toBeUndefined();
    expect(await resumo(id, FEV.inicio)).toBeDefined();
    expect(await resumo(outro, FEV.inicio)).toBeUndefined();
    // Run by hand with nothing left: nothing to do.
    expect(await consumirPendencias({ db: env.database.app, clock: env.clock }, { tenantId })).toBe(0);
  });

  it('days not yet over (decision 0073): today on owes nothing; at midnight the job marks the day that ended and the consumer judges it', async () => {
    const id = await novo('Dia em aberto', 'Administrativo 40h Seg-Sex');
    const MAR = '2026-03-01';
    const aberto = async (d: string) =>
      (
        await linhas<{ falta: number; aberto: boolean }>(
          sql`SELECT falta, COALESCE((resultado -> 'flags') @> '["DIA_EM_ABERTO"]'::jsonb, false) AS aberto FROM calculo_dias
               WHERE funcionario_id = ${id} AND dia = ${d}`,
        )
      )[0];
    const espera = () =>
      linhas<{ quando: string }>(
        sql`SELECT start_after AS quando FROM pgboss.job
             WHERE name = 'dias-encerrados' AND state = 'created' AND singleton_key = ${String(tenantId)}`,
      );
    // T0 is Tuesday 10/03/2026, 09:00 in São Paulo; the employee has no punch in March.
    await calcular([[MAR, [id]]]);
    expect(await aberto('2026-03-09')).toEqual({ falta: 480, aberto: false });
    expect(await aberto('2026-03-10')).toEqual({ falta: 0, aberto: true });
    expect(await aberto('2026-03-31')).toEqual({ falta: 0, aberto: true });
    // One job for the tenant, at its next midnight (00:01 of 11/03 in São Paulo), however often it recalculates.
    await calcular([[MAR, [id]]]);
    expect((await espera()).map((j) => new Date(j.quando).toISOString())).toEqual(['2026-03-11T03:01:00.000Z']);

    const passo = 16 * 3_600_000 + 5 * 60_000; // to 01:05 of 11/03 in São Paulo
    env.clock.advanceMs(passo);
    try {
      const deps = { db: env.database.app, clock: env.clock };
      // The queue hands the job out (it is no longer waiting) and runs it; the database's clock is not the
      // tests' (T0), so the handler is called here rather than through env.settle().
      await exec(sql`UPDATE pgboss.job SET state = 'completed' WHERE name = 'dias-encerrados' AND state = 'created'`);
      expect(await encerrarDias(deps, { tenantId })).toBeGreaterThan(0);
      await consumirPendencias(deps, { tenantId });
      expect(await aberto('2026-03-10')).toEqual({ falta: 480, aberto: false });
      expect(await aberto('2026-03-11')).toEqual({ falta: 0, aberto: true });
      expect((await espera()).map((j) => new Date(j.quando).toISOString())).toEqual(['2026-03-12T03:01:00.000Z']);
      // Nothing else has ended: the next look finds nothing to mark.
      expect(await encerrarDias(deps, { tenantId })).toBe(0);
    } finally {
      env.clock.advanceMs(-passo);
    }
  });

  if (backend === 'postgres') {
    /** A connection of its own (another process, as far as the database can tell). */
    const outra = async () => {
      const c = new pg.Client({ connectionString: env.databaseUrl });
      await c.connect();
      return c;
    };
    /**
     * Polls a count query until it is positive (the database says who waits for what), outside any open
     * transaction: pg_stat_activity is a snapshot taken once per transaction.
     */
    const esperar = async (q: string) => {
      while ((await linhas<{ n: number }>(sql.raw(q)))[0]!.n === 0) await new Promise((r) => setTimeout(r, 10));
    };
    const advisoryEsperando = (id: number) =>
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 1101 AND objid = ${id} AND NOT granted`;
    const contarDias = async (funcionarioId: number) =>
      (
        await linhas<{ n: number; distintos: number }>(
          sql`SELECT count(*)::int AS n, count(DISTINCT dia)::int AS distintos FROM calculo_dias
               WHERE funcionario_id = ${funcionarioId} AND periodo_inicio = ${FEV.inicio}`,
        )
      )[0]!;

    it("a month's summary past PostgreSQL's threshold is compressed with lz4 (migration 0030)", async () => {
      expect(
        await linhas(
          sql`SELECT attcompression AS c FROM pg_attribute
               WHERE attrelid = 'calculo_resumos'::regclass AND attname = 'resumo'`,
        ),
      ).toEqual([{ c: 'l' }]);
      const id = await novo('Resumo Comprimido', 'Administrativo 40h Seg-Sex');
      await calcular([[FEV.inicio, [id]]]);
      // Past the threshold (some 2 KB), as most summaries of a holiday's recalculation are.
      await exec(sql`UPDATE calculo_resumos SET resumo = resumo || jsonb_build_object('x', repeat('7 ', 2000))
                      WHERE funcionario_id = ${id}`);
      expect(
        await linhas(sql`SELECT pg_column_compression(resumo) AS c FROM calculo_resumos WHERE funcionario_id = ${id}`),
      ).toEqual([{ c: 'lz4' }]);
    });

    it('two recalculations of one employee at once: the second waits for the first, then stores its own whole', async () => {
      const id = await novo('Concorrente', 'Administrativo 40h Seg-Sex');
      await calcular([[FEV.inicio, [id]]]);
      // The first calculation is held after reading its inputs: another session locks one of its stored days.
      const bloqueio = await outra();
      try {
        await bloqueio.query('BEGIN');
        await bloqueio.query(`SELECT 1 FROM calculo_dias WHERE funcionario_id = $1 AND dia = '2026-02-12' FOR UPDATE`, [
          id,
        ]);
        // A new punch on that day, so the first calculation has that very row to write.
        await batidas(id, ['2026-02-12']);
        const primeira = calcular([[FEV.inicio, [id]]]);
        // It has read everything once its write of the days (the statement opens with their columns; the view
        // keeps only the first kilobyte of a query) waits for the locked row.
        await esperar(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE 'WITH novas (tenant_id, periodo_inicio, funcionario_id, dia,%'`,
        );
        // The inputs change again, and a second calculation of the same employee starts: it waits for the first.
        await batidas(id, ['2026-02-13']);
        const segunda = calcular([[FEV.inicio, [id]]]);
        await esperar(advisoryEsperando(id));
        await bloqueio.query('COMMIT');
        expect(await Promise.all([primeira, segunda])).toMatchObject([
          { calculados: 1, fechados: 0 },
          { calculados: 1, fechados: 0 },
        ]);
      } finally {
        await bloqueio.end();
      }
      // One row per day, and all of them the second calculation's: the new punches count.
      expect(await contarDias(id)).toEqual({ n: 28, distintos: 28 });
      expect((await dia(id, '2026-02-12'))!.trabalhado).toBe(480);
      expect((await dia(id, '2026-02-13'))!.trabalhado).toBe(480);
      const agora = await em((w) => resultadosGravados(w, id, FEV));
      await calcular([[FEV.inicio, [id]]]);
      expect(await em((w) => resultadosGravados(w, id, FEV))).toEqual(agora);
    });

    it('ten recalculations of one employee at once: no error, one row per day, one summary', async () => {
      const id = await novo('Dez ao mesmo tempo', 'Comercial 44h Seg-Sáb');
      await batidas(id, ['2026-02-02', '2026-02-03']);
      const rs = await Promise.all(Array.from({ length: 10 }, () => calcular([[FEV.inicio, [id]]])));
      expect(rs.every((r) => r.calculados === 1)).toBe(true);
      expect(await contarDias(id)).toEqual({ n: 28, distintos: 28 });
      expect(
        (
          await linhas<{ n: number }>(sql`SELECT count(*)::int AS n FROM calculo_resumos WHERE funcionario_id = ${id}`)
        )[0]!.n,
      ).toBe(1);
    });

    it('dirty rows appended while a round runs survive it', async () => {
      const id = await novo('Pendência nova', 'Administrativo 40h Seg-Sex');
      await exec(sql`DELETE FROM calculo_pendencias WHERE tenant_id = ${tenantId}`);
      await exec(sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                     VALUES (${tenantId}, ${id}, '2026-02-02', '2026-02-02', 'teste')`);
      const trava = await outra();
      try {
        // The round reads its row, then waits for the employee's calculation lock held here.
        await trava.query('BEGIN');
        await trava.query('SELECT pg_advisory_xact_lock(1101, $1)', [id]);
        const rodada = consumirLotePendencias({ db: env.database.app, clock: env.clock }, tenantId);
        await esperar(advisoryEsperando(id));
        // Meanwhile a writer appends a row (and is not blocked by the locked one).
        await exec(sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                       VALUES (${tenantId}, ${id}, '2026-02-20', '2026-02-20', 'escrita nova')`);
        await trava.query('COMMIT');
        expect(await rodada).toBe(1);
      } finally {
        await trava.end();
      }
      const restantes = await linhas<{ motivo: string }>(
        sql`SELECT motivo FROM calculo_pendencias WHERE tenant_id = ${tenantId}`,
      );
      expect(restantes.map((r) => r.motivo)).toEqual(['escrita nova']);
      expect(await consumirPendencias({ db: env.database.app, clock: env.clock }, { tenantId })).toBe(1);
    });

    it('a row held by a writer whose days it already covers: the rounds skip it and queue the next round', async () => {
      const id = await novo('Pendência presa', 'Administrativo 40h Seg-Sex');
      await exec(sql`DELETE FROM calculo_pendencias WHERE tenant_id = ${tenantId}`);
      await exec(sql`DELETE FROM pgboss.job WHERE name = 'calculo-pendencias'`);
      await exec(sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                     VALUES (${tenantId}, ${id}, '2026-02-02', '2026-02-10', 'teste')`);
      await exec(sql`DELETE FROM pgboss.job WHERE name = 'calculo-pendencias'`);
      const escritor = await outra();
      try {
        await escritor.query('BEGIN');
        await escritor.query(`SELECT set_config('role', 'jornada_app', true), jornada_definir_tenant($1::int)`, [
          tenantId,
        ]);
        // A day off inside the dirty row: nothing new to mark, so the writer adds no row (and no job), and holds it.
        await escritor.query(
          `INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_nome) VALUES ($1, $2, '2026-02-05', 't')`,
          [tenantId, id],
        );
        const deps = { db: env.database.app, clock: env.clock, jobs: env.jobs };
        expect(await consumirPendencias(deps, { tenantId })).toBe(0);
        expect(await dia(id, '2026-02-05')).toBeUndefined();
        const filas = await linhas<{ n: number; adiante: boolean }>(
          sql`SELECT count(*)::int AS n, bool_and(start_after > now()) AS adiante FROM pgboss.job
               WHERE name = 'calculo-pendencias' AND state = 'created'`,
        );
        expect(filas[0]).toEqual({ n: 1, adiante: true });
        await escritor.query('COMMIT');
      } finally {
        await escritor.end();
      }
      const restantes = await linhas<{ de: string; ate: string }>(
        sql`SELECT data_inicio::text AS de, data_final::text AS ate FROM calculo_pendencias WHERE tenant_id = ${tenantId}`,
      );
      expect(restantes).toEqual([{ de: '2026-02-02', ate: '2026-02-10' }]);
      expect(await consumirPendencias({ db: env.database.app, clock: env.clock }, { tenantId })).toBe(1);
      expect(await dia(id, '2026-02-05')).toBeDefined();
    });
  }
});
