import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { escalaApi, type ConfiguracaoEscala } from '@jornada/contracts';
import {
  calculatePeriod,
  formatDate,
  parseDate,
  type BankEntryInput,
  type DebitCategory,
  type EmployeeInput,
  type HolidayInput,
  type LeaveInput,
  type OccurrenceInput,
  type PartialAdjustmentInput,
  type PeriodInput,
  type PunchInput,
  type ScheduleChangeInput,
} from '@jornada/engine';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant-tx.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { novosCentros, novosFuncionarios } from '../../../test/pesquisa-fixtures.js';
import { atribuicoes, comValidade, scheduleInputDe, type VersaoCalculo } from '../escalas/escala-engine.js';
import { calcularPedidos, fechamentoDoCliente, resultadosGravados } from './calculo.service.js';

/**
 * Issue 11 §5: "results are identical to calling the engine directly (tested
 * on generated months)". Random months — schedules with versions, punches
 * (late, missing, extra, discarded, moved, inserted), occurrences, partial
 * adjustments, days off, leaves, schedule changes, holiday exclusions and
 * exceptions, hour-bank entries and a reset — are written through the
 * database; the service gathers and stores January and February 2026; each
 * stored month must equal `calculatePeriod` called on inputs this test builds
 * from what it generated (never from what the service read), February with
 * January's final balance.
 */

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function gerador(semente: number) {
  let a = semente >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** 'yyyy-mm-dd' + minutes from that day's midnight (may pass 24 h) → 'yyyy-mm-dd hh:mm'. */
const instante = (dia: string, minutos: number) =>
  `${formatDate(parseDate(dia) + Math.floor(minutos / 1440))} ${hhmm(((minutos % 1440) + 1440) % 1440)}`;
const dias = (de: string, ate: string) => {
  const out: string[] = [];
  for (let d = parseDate(de); d <= parseDate(ate); d++) out.push(formatDate(d));
  return out;
};

/** Shifts of the generated punches, minutes from the day's midnight. */
const PERFIS = {
  dia: [480, 720, 780, 1020],
  noite: [1140, 1440, 1500, 1860],
  seisUm: [360, 600, 660, 860],
} as const;

const ESCOPOS: DebitCategory[] = ['falta', 'fm', 'atraso', 'saida', 'excesso'];
const COLUNA_ESCOPO: Record<DebitCategory, string> = {
  falta: 'abrange_faltas',
  fm: 'abrange_falta_marcacao',
  atraso: 'abrange_atrasos',
  saida: 'abrange_saida_antecipada',
  excesso: 'abrange_excesso_refeicao',
};

interface Gerado {
  id: number;
  cargoId: number;
  centros: number[];
  historico: { escalaId: number; dataInicio: string; dataFinal: string | null }[];
  punches: PunchInput[];
  daysOff: string[];
  exclusions: string[];
  leaves: LeaveInput[];
  changes: ScheduleChangeInput[];
  occurrences: OccurrenceInput[];
  adjustments: PartialAdjustmentInput[];
  bank: BankEntryInput[];
  resets: string[];
}

describeEachBackend('calculo: equivalência com o motor', (backend) => {
  let env: TestEnv;
  let ids: DemoIds;
  const JAN = { inicio: '2026-01-01', fim: '2026-01-31' };
  const FEV = { inicio: '2026-02-01', fim: '2026-02-28' };
  const exec = (q: ReturnType<typeof sql>) => env.database.owner.execute(q);
  const linhas = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    ids = await demoIds(env);
  });
  afterAll(async () => env.close());

  it('generated months: what the service stores is what calculatePeriod gives for the same inputs', async () => {
    const r = gerador(backend === 'pglite' ? 11 : 23);
    const tenantId = ids.demo;
    const cc = await novosCentros(env, { tenantId, cnpjId: ids.principal }, { Equivalência: { Setor: { Seção: {} } } });
    const [dep, setor, secao] = [cc.get('Equivalência')!, cc.get('Setor')!, cc.get('Seção')!];
    const cargos = (
      await linhas<{ id: number }>(sql`SELECT id FROM cargos WHERE tenant_id = ${tenantId} ORDER BY id`)
    ).map((c) => c.id);
    const just = new Map(
      (
        await linhas<{ tipo: number; id: number }>(
          sql`SELECT DISTINCT ON (tipo) tipo, id FROM justificativas WHERE tenant_id = ${tenantId} ORDER BY tipo, id`,
        )
      ).map((j) => [Number(j.tipo), Number(j.id)]),
    );
    const [motivo] = await linhas<{ id: number; descricao: string }>(
      sql`SELECT id, descricao FROM motivos_afastamento WHERE tenant_id = ${tenantId} ORDER BY id LIMIT 1`,
    );

    // Schedules: the demo's (44 h, 40 h, 12x36 nights, 6x1, flexible, hour bank), and the 44 h with a second
    // version from 16/02 (stricter tolerance) — a version change inside the period.
    const versoesRows = await linhas<{ id: number; escala: number; desde: string; doc: ConfiguracaoEscala }>(
      sql`SELECT v.id, v.escala_id AS escala, v.valida_desde::text AS desde, v.configuracao AS doc
            FROM escala_versoes v WHERE v.tenant_id = ${tenantId} ORDER BY v.escala_id, v.valida_desde`,
    );
    const escalaIds = [...new Set(versoesRows.map((v) => Number(v.escala)))];
    const primeira = escalaIds[0]!;
    const novaVersao = structuredClone(versoesRows.find((v) => Number(v.escala) === primeira)!.doc);
    novaVersao.politicaAtraso.atrasoMaximoDiaMinuto = 2;
    await exec(
      sql`INSERT INTO escala_versoes (tenant_id, escala_id, valida_desde, configuracao)
          VALUES (${tenantId}, ${primeira}, '2026-02-16', ${JSON.stringify(novaVersao)}::jsonb)`,
    );
    const docs = [...versoesRows.map((v) => ({ escala: Number(v.escala), desde: v.desde, doc: v.doc }))];
    docs.push({ escala: primeira, desde: '2026-02-16', doc: novaVersao });
    const versoes = new Map<number, VersaoCalculo[]>();
    for (const e of escalaIds) {
      const lista = docs.filter((d) => d.escala === e).sort((a, b) => (a.desde < b.desde ? -1 : 1));
      versoes.set(
        e,
        comValidade(lista.map((d) => ({ validaDesde: d.desde, doc: d.doc }))).map((v) => ({
          escalaId: e,
          validaDesde: v.validaDesde,
          validaAte: v.validaAte,
          schedule: scheduleInputDe(escalaApi.configuracaoEscala.parse(v.doc)),
        })),
      );
    }

    // Employees: in the new department, its sector or its section; one position each for the whole window.
    const onde = [dep, setor, secao];
    const ancestrais = new Map([
      [dep, [dep]],
      [setor, [setor, dep]],
      [secao, [secao, setor, dep]],
    ]);
    const gerados: Gerado[] = [];
    const N = 8;
    for (let i = 0; i < N; i++) {
      const centro = onde[i % 3]!;
      const [id] = await novosFuncionarios(
        env,
        { tenantId, cnpjId: ids.principal, centroCustoId: centro, escalaId: primeira, desde: '2025-06-01' },
        [{ nome: `Equivalência ${i}` }],
      );
      // Its history: replace the fixture's entry with one or two of the generated schedules.
      const e1 = r.pick(escalaIds);
      const historico: Gerado['historico'] = [];
      if (r.chance(0.4)) {
        const troca = formatDate(parseDate('2026-01-05') + r.int(0, 45));
        historico.push({ escalaId: e1, dataInicio: '2025-06-01', dataFinal: formatDate(parseDate(troca) - 1) });
        historico.push({ escalaId: r.pick(escalaIds), dataInicio: troca, dataFinal: null });
      } else
        historico.push({
          escalaId: e1,
          dataInicio: formatDate(parseDate('2025-06-01') + r.int(0, 20)),
          dataFinal: null,
        });
      await exec(sql`DELETE FROM funcionario_escalas WHERE funcionario_id = ${id}`);
      for (const h of historico) {
        await exec(
          sql`INSERT INTO funcionario_escalas (tenant_id, funcionario_id, escala_id, data_inicio, data_final)
              VALUES (${tenantId}, ${id}, ${h.escalaId}, ${h.dataInicio}, ${h.dataFinal})`,
        );
      }
      const cargoId = cargos[i % cargos.length]!;
      await exec(
        sql`INSERT INTO funcionario_cargos (tenant_id, funcionario_id, cargo_id, data_inicio)
            VALUES (${tenantId}, ${id}, ${cargoId}, '2020-01-01')`,
      );
      gerados.push({
        id: id!,
        cargoId,
        centros: ancestrais.get(centro)!,
        historico,
        punches: [],
        daysOff: [],
        exclusions: [],
        leaves: [],
        changes: [],
        occurrences: [],
        adjustments: [],
        bank: [],
        resets: [],
      });
    }

    // Holidays beyond the demo's: one for the new department (scope 4), one for a position (5), and a federal
    // one with every kind of 'Exceção da Regra' (an employee, a position, a cost centre with its children).
    const feriado = async (data: string, abrangencia: number, descricao: string) => {
      const [f] = await linhas<{ id: number }>(
        sql`INSERT INTO feriados (tenant_id, data, descricao, abrangencia, fixo)
            VALUES (${tenantId}, ${data}, ${descricao}, ${abrangencia}, false) RETURNING id`,
      );
      return Number(f!.id);
    };
    const fCentro = await feriado('2026-02-10', 4, 'Feriado do departamento');
    await exec(sql`INSERT INTO feriado_centros_custo VALUES (${tenantId}, ${fCentro}, ${dep}, false)`);
    const fCargo = await feriado('2026-01-20', 5, 'Feriado do cargo');
    await exec(sql`INSERT INTO feriado_cargos VALUES (${tenantId}, ${fCargo}, ${cargos[0]!}, false)`);
    const fExc = await feriado('2026-02-11', 1, 'Feriado com exceções');
    await exec(sql`INSERT INTO feriado_funcionarios_excecao VALUES (${tenantId}, ${fExc}, ${gerados[0]!.id})`);
    await exec(sql`INSERT INTO feriado_cargos VALUES (${tenantId}, ${fExc}, ${cargos[1]!}, true)`);
    await exec(sql`INSERT INTO feriado_centros_custo VALUES (${tenantId}, ${fExc}, ${setor}, true)`);

    // Every dated input, written through the database and kept in the engine's vocabulary.
    let nsr = 1_000_000 + r.int(0, 1000) * 1000;
    for (const g of gerados) {
      const [{ cpf }] = (await linhas<{ cpf: string }>(sql`SELECT cpf FROM funcionarios WHERE id = ${g.id}`)) as [
        { cpf: string },
      ];
      const perfil = r.pick(Object.values(PERFIS));
      const originais: { p: PunchInput; nsr: number }[] = [];
      for (const d of dias('2025-12-20', '2026-03-10')) {
        if (r.chance(0.08)) continue; // absent
        const horarios = perfil.map((m, k) => m + r.int(-12, k === 3 ? 45 : 12));
        if (r.chance(0.05)) horarios.splice(r.int(0, 3), 1); // a forgotten punch
        if (r.chance(0.03)) horarios.push(perfil[3] + r.int(60, 120)); // an extra one
        for (const m of horarios) {
          const p: PunchInput = { at: instante(d, m), source: 'R' };
          if (r.chance(0.04)) p.discarded = true;
          if (r.chance(0.02)) p.move = r.pick([-1, 1]);
          originais.push({ p, nsr: nsr++ });
          g.punches.push(p);
        }
        if (r.chance(0.03)) {
          const at = instante(d, perfil[1] + r.int(-5, 5));
          await exec(
            sql`INSERT INTO marcacoes_inseridas (tenant_id, funcionario_id, data_hora, justificativa_id, usuario_nome)
                VALUES (${tenantId}, ${g.id}, ${`${at}:00`}, ${just.get(4)!}, 'teste')`,
          );
          g.punches.push({ at, source: 'I' });
        }
      }
      // The originals in one statement, their links beside them, and the treatments of the discarded or moved.
      const col = <T>(f: (o: (typeof originais)[number]) => T) => sql.param(originais.map(f));
      const criadas = await linhas<{ id: number; nsr: number }>(
        sql`INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, identificador)
            SELECT ${tenantId}, ${ids.principal}, 'R', 'EQUIV', u.nsr, u.dh, 'America/Sao_Paulo', ${cpf}
              FROM unnest(${col((o) => o.nsr)}::bigint[], ${col((o) => `${o.p.at}:00`)}::timestamp[]) AS u(nsr, dh)
            RETURNING id, nsr`,
      );
      const porNsr = new Map(criadas.map((c) => [Number(c.nsr), Number(c.id)]));
      const mid = (o: (typeof originais)[number]) => porNsr.get(o.nsr)!;
      await exec(
        sql`INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
            SELECT ${tenantId}, u.m, ${g.id}, u.dh, 'R'
              FROM unnest(${col(mid)}::bigint[], ${col((o) => `${o.p.at}:00`)}::timestamp[]) AS u(m, dh)`,
      );
      const tratadas = originais.filter((o) => o.p.discarded || o.p.move);
      if (tratadas.length) {
        const t = <T>(f: (o: (typeof originais)[number]) => T) => sql.param(tratadas.map(f));
        await exec(
          sql`INSERT INTO marcacao_tratamentos (tenant_id, marcacao_id, funcionario_id, descartada, mover_dia,
                                                justificativa_id, usuario_nome)
              SELECT ${tenantId}, u.m, ${g.id}, u.d, u.mv, ${just.get(5)!}, 'teste'
                FROM unnest(${t(mid)}::bigint[], ${t((o) => !!o.p.discarded)}::bool[], ${t((o) => o.p.move ?? 0)}::int[])
                     AS u(m, d, mv)`,
        );
      }
      for (const d of dias('2026-01-01', '2026-02-28')) {
        if (r.chance(0.03)) {
          g.daysOff.push(d);
          await exec(
            sql`INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_nome) VALUES (${tenantId}, ${g.id}, ${d}, 't')`,
          );
        }
        if (r.chance(0.03)) {
          const e1 = 420 + r.int(0, 120);
          const slots: [string, string][] = [
            [hhmm(e1), hhmm(e1 + 240)],
            [hhmm(e1 + 300), hhmm(e1 + 480)],
          ];
          g.changes.push({ date: d, slots });
          await exec(
            sql`INSERT INTO mudancas_horario (tenant_id, funcionario_id, dia, entrada1, saida1, entrada2, saida2, usuario_nome)
                VALUES (${tenantId}, ${g.id}, ${d}, ${slots[0]![0]}, ${slots[0]![1]}, ${slots[1]![0]}, ${slots[1]![1]}, 't')`,
          );
        }
        if (r.chance(0.04)) {
          const fim = formatDate(parseDate(d) + r.int(0, 2));
          const tipo = r.pick([1, 2, 3]);
          const scopes = ESCOPOS.filter(() => r.chance(0.5));
          if (scopes.length === 0) scopes.push('falta');
          g.occurrences.push({ start: d, end: fim, justificationType: tipo, scopes });
          const cols = ESCOPOS.map((s) => (scopes.includes(s) ? sql`true` : sql`false`));
          await exec(
            sql`INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id,
                   ${sql.raw(ESCOPOS.map((s) => COLUNA_ESCOPO[s]).join(', '))}, usuario_nome)
                VALUES (${tenantId}, ${g.id}, ${d}, ${fim}, ${just.get(tipo)!}, ${sql.join(cols, sql`, `)}, 't')`,
          );
        }
        if (r.chance(0.03)) {
          const event = r.pick(ESCOPOS);
          const inicio = 480 + r.int(0, 400);
          const tipo = r.pick([1, 2, 3]);
          const a: PartialAdjustmentInput = {
            date: d,
            justificationType: tipo,
            event,
            start: instante(d, inicio),
            end: instante(d, inicio + r.int(10, 90)),
          };
          g.adjustments.push(a);
          await exec(
            sql`INSERT INTO ajustes_parciais (tenant_id, funcionario_id, dia, codigo_evento, inicio, fim, justificativa_id, usuario_nome)
                VALUES (${tenantId}, ${g.id}, ${d}, ${event}, ${`${a.start}:00`}, ${`${a.end}:00`}, ${just.get(tipo)!}, 't')`,
          );
        }
        if (r.chance(0.02)) {
          const b: BankEntryInput = { date: d, minutes: r.int(10, 300), negative: r.chance(0.5) };
          g.bank.push(b);
          await exec(
            sql`INSERT INTO banco_horas_lancamentos (tenant_id, funcionario_id, data, minutos, negativo, usuario_nome)
                VALUES (${tenantId}, ${g.id}, ${d}, ${b.minutes}, ${b.negative}, 't')`,
          );
        }
      }
      // Holiday exclusions on holidays of the window, a leave, and for some a bank reset in February.
      for (const d of ['2026-01-01', '2026-01-20', '2026-02-10', '2026-02-11']) {
        if (r.chance(0.3)) {
          g.exclusions.push(d);
          await exec(
            sql`INSERT INTO feriado_exclusoes (tenant_id, funcionario_id, data, usuario_nome) VALUES (${tenantId}, ${g.id}, ${d}, 't')`,
          );
        }
      }
      if (r.chance(0.5)) {
        const inicio = formatDate(parseDate('2026-01-02') + r.int(0, 50));
        const aberto = r.chance(0.3);
        const fim = aberto ? null : formatDate(parseDate(inicio) + r.int(0, 6));
        g.leaves.push({ start: inicio, end: fim ?? '2099-12-31', reason: motivo!.descricao });
        await exec(
          sql`INSERT INTO funcionario_afastamentos (tenant_id, funcionario_id, motivo_id, data_inicio, data_final)
              VALUES (${tenantId}, ${g.id}, ${motivo!.id}, ${inicio}, ${fim})`,
        );
      }
      if (r.chance(0.3)) {
        g.resets.push('2026-02');
        await exec(
          sql`INSERT INTO banco_horas_redefinicoes (tenant_id, funcionario_id, mes, usuario_nome) VALUES (${tenantId}, ${g.id}, '2026-02-01', 't')`,
        );
      }
    }

    // The tenant's holidays as the engine takes them (scope, place, lists), read as stored.
    const feriados = await linhas<{
      id: number;
      data: string;
      abrangencia: number;
      fixo: boolean;
      estado: number | null;
      cidade: number | null;
    }>(
      sql`SELECT id, data::text AS data, abrangencia, fixo, estado_id AS estado, cidade_id AS cidade FROM feriados WHERE tenant_id = ${tenantId}`,
    );
    const listas = await linhas<{ f: number; tipo: string; id: number; excecao: boolean }>(
      sql`SELECT feriado_id AS f, 'cargo' AS tipo, cargo_id AS id, excecao FROM feriado_cargos WHERE tenant_id = ${tenantId}
          UNION ALL SELECT feriado_id, 'centro', centro_custo_id, excecao FROM feriado_centros_custo WHERE tenant_id = ${tenantId}
          UNION ALL SELECT feriado_id, 'funcionario', funcionario_id, true FROM feriado_funcionarios_excecao WHERE tenant_id = ${tenantId}`,
    );
    const [lugar] = await linhas<{ estado: number; cidade: number }>(
      sql`SELECT ci.estado_id AS estado, c.cidade_id AS cidade FROM cnpjs c JOIN cidades ci ON ci.id = c.cidade_id WHERE c.id = ${ids.principal}`,
    );
    const de = (f: number, tipo: string, excecao: boolean) =>
      listas.filter((l) => Number(l.f) === f && l.tipo === tipo && l.excecao === excecao).map((l) => Number(l.id));

    const esperado = (g: Gerado, p: { inicio: string; fim: string }, saldo: number): PeriodInput => {
      const employee: EmployeeInput = {
        state: String(lugar!.estado),
        city: String(lugar!.cidade),
        costCentres: g.centros,
        position: g.cargoId,
      };
      const holidays: HolidayInput[] = feriados
        .filter((h) => {
          const id = Number(h.id);
          return !(
            de(id, 'funcionario', true).includes(g.id) ||
            de(id, 'cargo', true).includes(g.cargoId) ||
            de(id, 'centro', true).some((c) => g.centros.includes(c))
          );
        })
        .map((h) => ({
          date: h.data,
          fixed: h.fixo,
          scope: Number(h.abrangencia),
          state: h.estado === null ? null : String(h.estado),
          city: h.cidade === null ? null : String(h.cidade),
          costCentres: de(Number(h.id), 'centro', false),
          positions: de(Number(h.id), 'cargo', false),
        }));
      return {
        start: p.inicio,
        end: p.fim,
        closing: { startDay: 1, endDay: 31 },
        employee,
        schedules: atribuicoes(g.historico, versoes),
        punches: g.punches,
        holidays,
        holidayExclusions: g.exclusions,
        daysOff: g.daysOff,
        leaves: g.leaves,
        scheduleChanges: g.changes,
        occurrences: g.occurrences,
        partialAdjustments: g.adjustments,
        previousBankBalance: saldo,
        bankEntries: g.bank,
        bankResets: g.resets,
      };
    };

    await withTenant(env.database.app, tenantId, async (tx) => {
      const w = { tx, tenantId, now: env.clock.now() };
      const fechamento = await fechamentoDoCliente(w);
      const todos = new Set(gerados.map((g) => g.id));
      const r0 = await calcularPedidos(
        w,
        fechamento,
        new Map([
          [JAN.inicio, todos],
          [FEV.inicio, todos],
        ]),
      );
      expect(r0).toMatchObject({ calculados: 2 * N, fechados: 0 });
    });

    const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
    let comparados = 0;
    for (const g of gerados) {
      let saldo = 0;
      for (const p of [JAN, FEV]) {
        const e = json(calculatePeriod(esperado(g, p, saldo)));
        const s = await withTenant(env.database.app, tenantId, (tx) => resultadosGravados({ tx, tenantId }, g.id, p));
        expect(s.dias, `dias de ${g.id} em ${p.inicio}`).toEqual(e.days);
        expect(s.semanas, `semanas de ${g.id} em ${p.inicio}`).toEqual(e.weeks);
        expect(s.resumo?.resumo, `resumo de ${g.id} em ${p.inicio}`).toMatchObject({
          summary: e.summary,
          bank: e.bank,
          totaisBancoHoras: e.totaisBancoHoras,
          warnings: e.warnings,
        });
        expect(s.resumo?.saldoFinalBh ?? null).toBe(e.bank?.saldoFinal ?? null);
        saldo = e.bank?.saldoFinal ?? 0;
        comparados += e.days.length;
      }
    }
    // The months were not empty: punches were paired and events came out.
    expect(comparados).toBe(N * 59);
    const [n] = await linhas<{ pares: number; eventos: number }>(
      sql`SELECT count(*) FILTER (WHERE resultado ? 'pairs')::int AS pares,
                 count(*) FILTER (WHERE resultado ? 'descricaoEventos')::int AS eventos
            FROM calculo_dias WHERE funcionario_id = ANY(${sql.param(gerados.map((g) => g.id))}::int[])`,
    );
    expect(n!.pares).toBeGreaterThan(N * 20);
    expect(n!.eventos).toBeGreaterThan(N * 5);
  });
});
