import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { escalaApi, type Ciclo, type ConfiguracaoEscala, type DiaSemana } from '@jornada/contracts';
import { parseDate, parseHhMm, pairsFromRow, weekday, type PolicyInput, type SlotPair } from '@jornada/engine';
import { runCase } from '@jornada/engine/case-adapter';
import { withTenant } from '../../db/tenant-tx.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds } from '../../../test/scope-fixtures.js';
import { versoesParaCalculo } from './escalas.service.js';

/**
 * Issue 10 §2: the schedules of the engine's golden cases, saved through the
 * API and read back through the one mapping (`versoesParaCalculo` →
 * `ScheduleInput`), give the engine exactly what the cases give it. Each
 * case runs twice through the engine's case adapter: as written (the file's
 * default policy merged with the case's), and with its schedule and policy
 * replaced by the stored version's — the results must be identical.
 */

type Obj = Record<string, any>; // case files are untyped JSON

const CASES_DIR = fileURLToPath(new URL('../../../../../packages/engine/test/cases/', import.meta.url));
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

interface Golden {
  id: string;
  file: string;
  c: Obj;
  defaults: PolicyInput;
}

/** Every rotation, attribution and week case, and the day cases that change the policy or are flexible (not the 12x36 stand-ins). */
function goldenCases(): Golden[] {
  const out: Golden[] = [];
  for (const file of readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const doc = JSON.parse(readFileSync(`${CASES_DIR}${file}`, 'utf8')) as Obj;
    for (const c of doc.cases as Obj[]) {
      const s: Obj = c.schedule ?? {};
      // A weekly case flagged 12x36 stands for a rotation the case did not spell out: no time table holds it.
      if (c.kind !== 'rotation' && s.regime12x36) continue;
      const wanted =
        ['rotation', 'attribution', 'week'].includes(c.kind) ||
        (c.kind === 'day' && (Object.keys(s.policy ?? {}).length > 0 || s.horarioFlexivel));
      if (wanted) out.push({ id: String(c.id), file, c, defaults: doc.defaults?.policy ?? {} });
    }
  }
  return out;
}

function pairsOf(v: unknown): SlotPair[] {
  if (!v) return [];
  if (Array.isArray(v)) return v as SlotPair[];
  const o = v as Obj;
  return Array.isArray(o.slots) ? (o.slots as SlotPair[]) : pairsFromRow(o);
}

function horarios(pairs: readonly SlotPair[]) {
  if (pairs.length > 3) throw new Error('mais de 3 pares');
  const h = (i: number, j: 0 | 1) => pairs[i]?.[j] ?? null;
  return {
    entrada1: h(0, 0),
    saida1: h(0, 1),
    entrada2: h(1, 0),
    saida2: h(1, 1),
    entrada3: h(2, 0),
    saida3: h(2, 1),
  };
}

const fraction = (pct: unknown) => (pct === null || pct === undefined || pct === '' ? null : Number(pct) / 100);
const hoursOf = (ate: unknown) =>
  typeof ate === 'string' && ate.includes(':') ? parseHhMm(ate) / 60 : Number(String(ate).replace(',', '.'));
/** 'MM/YYYY' → 'YYYY-MM'. */
const month = (m: unknown) => {
  if (!m) return null;
  const s = String(m);
  return /^\d{1,2}\/\d{4}$/.test(s) ? `${s.slice(-4)}-${s.split('/')[0]!.padStart(2, '0')}` : s;
};
const pick = <T>(v: T | undefined, d: T): T => (v === undefined ? d : v);

/** The case's policy (file defaults + case) as the schedule form would send it. */
function configuracaoDe(descricao: string, p: Obj): ConfiguracaoEscala {
  const D = structuredClone(escalaApi.ESCALA_PADRAO);
  const c: ConfiguracaoEscala = {
    ...D,
    descricao,
    politicaContratual: {
      parametroRefeicao: pick(p.parametroRefeicao, D.politicaContratual.parametroRefeicao),
      horasDSR: pick(p.horasDSR, D.politicaContratual.horasDSR),
      horaAdicionalNoturnoDe: pick(p.horaAdicionalNoturnoDe, D.politicaContratual.horaAdicionalNoturnoDe),
      horaAdicionalNoturnaAte: pick(p.horaAdicionalNoturnaAte, D.politicaContratual.horaAdicionalNoturnaAte),
      duracaoHoraNoturna: Number(pick(p.duracaoHoraNoturna, D.politicaContratual.duracaoHoraNoturna)),
      tempoInterjornada: pick(p.tempoInterjornada, D.politicaContratual.tempoInterjornada),
      horasMensaisalistas: Number(
        pick(p.horasMensalistas ?? p.horasMensaisalistas, D.politicaContratual.horasMensaisalistas),
      ),
      descontarIntervalosNoturno: pick(p.descontarIntervalosNoturno, true),
      descontarSegundoIntervalo: pick(p.descontarSegundoIntervalo, true),
      controleFalta: pick(p.controleFalta, 2),
    },
    politicaDSR: {
      perdaDSRDesconta: pick(p.perdaDSRDesconta, 1),
      pagarDSR: pick(p.pagarDSR, 1),
      descontoDSR: pick(p.descontoDSR, 1),
    },
    politicaAtraso: {
      atrasoMaximoDiaMinuto: pick(p.atrasoMaximoDiaMinuto, 5),
      saidaAntecipadaMaximoDiaMinuto: pick(p.saidaAntecipadaMaximoDiaMinuto, 5),
      excessoIRMaximoDiaMinuto: pick(p.excessoIRMaximoDiaMinuto, 5),
    },
    politicaHoraExtra: {
      descontoDSRFeriado: pick(p.descontoDSRFeriado, false),
      toleranciaInicioHoraExtra: Number(pick(p.toleranciaInicioHoraExtra, 10)),
      prioridadeHoraExtra: pick(p.prioridadeHoraExtra, 2),
      horaExtraRefeicao: pick(p.horaExtraRefeicao, true),
      faixasHoraExtra: p.faixasHoraExtra
        ? (p.faixasHoraExtra as Obj[]).map((f) => ({
            tipo: f.tipo,
            ate: hoursOf(f.ate),
            ...Object.fromEntries(escalaApi.COLUNAS_FAIXA.map((col) => [col, fraction(f[col])])),
          }))
        : D.politicaHoraExtra.faixasHoraExtra,
    } as ConfiguracaoEscala['politicaHoraExtra'],
    incluirBancoHoras: !!p.incluirBancoHoras,
  };
  if (p.incluirBancoHoras) {
    c.politicaBancoHora = {
      periodoInicial: month(p.politicaBancoHora?.periodoInicial),
      periodoFinal: month(p.politicaBancoHora?.periodoFinal),
      acordoIndividual: !!p.politicaBancoHora?.acordoIndividual,
    };
    const arm: Obj = p.bancoHoraArmazenamento ?? {};
    c.bancoHoraArmazenamento = {
      ...D.bancoHoraArmazenamento!,
      ...Object.fromEntries(
        ['faltas', 'atrasos', 'saidasAntecipadas', 'excessoIntevaloRefeicoes', 'faltaDeMarcacao'].map((k) => [
          k,
          !!arm[k],
        ]),
      ),
      ...Object.fromEntries(
        escalaApi.DIAS_BANCO.map((d) => [d, { horaExtra: !!arm[d]?.horaExtra, limiteHE: arm[d]?.limiteHE ?? null }]),
      ),
    };
    const tr: Obj = p.bancoHoraTransferencia ?? {};
    c.bancoHoraTransferencia = Object.fromEntries(
      escalaApi.DIAS_BANCO.flatMap((d) => [
        [`faixa${d}`, fraction(tr[`faixa${d}`])],
        [`fator${d}`, tr[`fator${d}`] === null || tr[`fator${d}`] === undefined ? null : String(tr[`fator${d}`])],
      ]),
    );
  }
  const fechamento = { validarFechamento: !!p.validarFechamento, horasFechamento: p.horasFechamento ?? null };
  c.quadroHorario = { ...c.quadroHorario!, ...fechamento };
  c.revezamento = { idCiclo: null, ...fechamento };
  return c;
}

/** Day rows from a day case (its weekday only) or from a week's `slotsByWeekday`. */
function diasDe(g: Golden): DiaSemana[] {
  const s: Obj = g.c.schedule ?? {};
  const flex = !!s.horarioFlexivel;
  return escalaApi.diasVazios().map((row) => {
    const wd = row.dia - 1;
    let pairs: SlotPair[] = [];
    if (g.c.kind === 'day') {
      if (weekday(parseDate(g.c.date)) === wd) pairs = pairsOf(s.slots);
    } else {
      const by: Obj = s.slotsByWeekday ?? {};
      const key = wd === 0 ? 'sun' : wd === 6 ? 'sat' : 'mon-fri';
      pairs = pairsOf(by[WEEKDAY_KEYS[wd]!] ?? by[key]);
    }
    return { ...row, horarioFlexivel: flex, ...horarios(pairs) };
  });
}

function ciclosDe(g: Golden): Ciclo[] {
  return (g.c.schedule.cycles as Obj[]).map((x) => ({
    posicao: Number(x.posicao),
    diasTrabalhados: Number(x.diasTrabalhados),
    diasFolgas: Number(x.diasFolgas),
    fatorRepeticao: Number(x.fatorRepeticao ?? 1),
    ...horarios(pairsOf(x.slots ?? x)),
  }));
}

describeEachBackend('Escalas dos casos de ouro do motor', (backend) => {
  let env: TestEnv;
  let admin: string;
  let tenantId: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    tenantId = (await demoIds(env)).demo;
  });
  afterAll(() => env.close());

  const post = async (path: string, body: unknown) => {
    const r = await call(env.app, `/api/configuracao-escala/${path}`, body, { token: admin });
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };

  it('every selected case gives the same results from the stored version as from the case', async () => {
    const cases = goldenCases();
    const kinds = new Set(cases.map((g) => g.c.kind));
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect([...kinds].sort()).toEqual(['attribution', 'day', 'rotation', 'week']);
    const seen = { flexivel: 0, noturna: 0, banco: 0, refeicao: new Set<number>(), fechamento: 0, rotacao12x36: 0 };

    for (const g of cases) {
      const policy: Obj = { ...g.defaults, ...(g.c.schedule?.policy ?? {}) };
      const config = configuracaoDe(`Caso ${g.file} ${g.id}`.slice(0, 80), policy);
      if (g.c.kind === 'rotation') {
        const { idCiclo } = await post('salvar-ciclos', { descricaoCiclos: `Ciclos ${g.id}`, ciclos: ciclosDe(g) });
        config.tipoEscala = 'ERC';
        config.revezamento = { ...config.revezamento!, idCiclo };
      } else {
        config.quadroHorario = { ...config.quadroHorario!, diasDaSemana: diasDe(g) };
      }
      const { idContrato } = await post('salvar', { configuracao: config });

      const versoes = await withTenant(env.database.app, tenantId, (tx) =>
        versoesParaCalculo({ tx, tenantId }, [idContrato], '2000-01-01', '2099-12-31'),
      );
      const [versao] = versoes.get(idContrato)!;
      const s = versao!.schedule;
      const sched: Obj = { policy: s.policy };
      if (g.c.kind === 'rotation') {
        sched.cycles = s.cycles!.map((x) => ({
          posicao: x.position,
          diasTrabalhados: x.workDays,
          diasFolgas: x.offDays,
          fatorRepeticao: x.repeat,
          slots: x.slots,
        }));
        sched.anchorDate = g.c.schedule.anchorDate;
      } else {
        const rows = new Map(s.dayRows!.map((r) => [r.dayOfWeek - 1, r]));
        if (g.c.kind === 'day') {
          const row = rows.get(weekday(parseDate(g.c.date)))!;
          sched.slots = row.slots;
          sched.horarioFlexivel = !!row.flexible;
        } else {
          sched.slotsByWeekday = Object.fromEntries(WEEKDAY_KEYS.map((k, wd) => [k, rows.get(wd)!.slots]));
          sched.horarioFlexivel = s.dayRows!.some((r) => r.flexible);
        }
      }

      const direct = runCase(g.c, g.defaults);
      const stored = runCase({ ...g.c, schedule: sched });
      expect(direct.error, `${g.file} ${g.id}`).toBeUndefined();
      expect(stored, `${g.file} ${g.id}`).toEqual(direct);

      if (sched.horarioFlexivel) seen.flexivel++;
      if ((s.policy!.faixasHoraExtra ?? []).some((f) => f.tipo === 2)) seen.noturna++;
      if (s.policy!.incluirBancoHoras) seen.banco++;
      seen.refeicao.add(Number(s.policy!.parametroRefeicao));
      if (s.policy!.validarFechamento) seen.fechamento++;
      if (g.c.kind === 'rotation' && s.cycles!.length === 1 && s.cycles![0]!.offDays === 1) seen.rotacao12x36++;
    }
    // The selection is varied: flexible days, night bands, the hour bank, every meal mode, the day cut, 12x36.
    expect(seen.flexivel).toBeGreaterThan(0);
    expect(seen.noturna).toBeGreaterThan(0);
    expect(seen.banco).toBeGreaterThan(0);
    expect([...seen.refeicao].sort()).toEqual([2, 3, 4]);
    expect(seen.fechamento).toBeGreaterThan(0);
    expect(seen.rotacao12x36).toBeGreaterThan(0);
  }, 300_000);
});
