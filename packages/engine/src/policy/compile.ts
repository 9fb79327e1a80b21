import { parseHhMm } from '../model/civil.js';
import type {
  BandColumn,
  BankDayKey,
  CompiledBand,
  CompiledBank,
  CompiledPolicy,
  OvertimeBandInput,
  PolicyInput,
  Ratio,
} from '../model/policy.js';

/** Seed 001 §9 defaults plus the spec's decisions (spec §3, engine-cases.md `defaults.policy`). */
export const DEFAULT_POLICY: Readonly<Required<Pick<PolicyInput, 'faixasHoraExtra'>>> & PolicyInput = {
  parametroRefeicao: 4,
  horasDSR: '07:33',
  horaAdicionalNoturnoDe: '22:00',
  horaAdicionalNoturnaAte: '05:00',
  duracaoHoraNoturna: 52.5,
  tempoInterjornada: '11:00',
  horasMensalistas: 220,
  descontarIntervalosNoturno: true,
  descontarSegundoIntervalo: true,
  controleFalta: 2,
  perdaDSRDesconta: 1,
  pagarDSR: 1,
  descontoDSR: 1,
  atrasoMaximoDiaMinuto: 5,
  saidaAntecipadaMaximoDiaMinuto: 5,
  excessoIRMaximoDiaMinuto: 5,
  descontoDSRFeriado: false,
  toleranciaInicioHoraExtra: 10,
  prioridadeHoraExtra: 2,
  horaExtraRefeicao: true,
  faixasHoraExtra: [
    {
      tipo: 1,
      ate: 99,
      segunda: 50,
      terca: 50,
      quarta: 50,
      quinta: 50,
      sexta: 50,
      sabado: 50,
      domingo: 100,
      feriado: 100,
      folga: 100,
    },
  ],
  incluirBancoHoras: false,
  bancoHoraArmazenamento: null,
  bancoHoraTransferencia: null,
  validarFechamento: false,
  horasFechamento: null,
};

export const BANK_DAY_KEYS: readonly BankDayKey[] = [
  'Segunda',
  'Terca',
  'Quarta',
  'Quinta',
  'Sexta',
  'Sabados',
  'Domingos',
  'Feriados',
  'Folgas',
];

const COLUMN_TO_BANK_KEY: Record<BandColumn, BankDayKey> = {
  segunda: 'Segunda',
  terca: 'Terca',
  quarta: 'Quarta',
  quinta: 'Quinta',
  sexta: 'Sexta',
  sabado: 'Sabados',
  domingo: 'Domingos',
  feriado: 'Feriados',
  folga: 'Folgas',
};

export function bankKeyOf(column: BandColumn): BankDayKey {
  return COLUMN_TO_BANK_KEY[column];
}

/** Legal ceilings that configured tolerances may only tighten (art. 58 §1, Súmula 366, STF ARE 1.121.633). */
const LEGAL_PER_MARKING = 5;
const LEGAL_PER_DAY = 10;

function minutesOf(v: number | string | null | undefined, fallback: number): number {
  if (v === null || v === undefined || v === '') return fallback;
  if (typeof v === 'number') return v;
  return v.includes(':') ? parseHhMm(v) : Number(v);
}

/** Band `ate` is a number of hours (99 = unlimited) or 'HH:MM' (spec §3.5). */
function bandUpTo(ate: number | string): number {
  if (typeof ate === 'string' && ate.includes(':')) return parseHhMm(ate);
  const h = Number(typeof ate === 'string' ? ate.replace(',', '.') : ate);
  if (h >= 99) return Infinity;
  return Math.round(h * 60);
}

function compileBands(bands: readonly OvertimeBandInput[], tipo: number): CompiledBand[] {
  const list = bands
    .filter((b) => Number(b.tipo) === tipo)
    .map((b) => ({
      upTo: bandUpTo(b.ate),
      percent: {
        segunda: Number(b.segunda),
        terca: Number(b.terca),
        quarta: Number(b.quarta),
        quinta: Number(b.quinta),
        sexta: Number(b.sexta),
        sabado: Number(b.sabado),
        domingo: Number(b.domingo),
        feriado: Number(b.feriado),
        folga: Number(b.folga),
      },
    }))
    .sort((a, b) => a.upTo - b.upTo);
  // Beyond the last `ate` the last band applies (spec §10.2).
  const last = list[list.length - 1];
  if (last) last.upTo = Infinity;
  return list;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Transfer factor (spec §3.6): "1,5", "1.5", "2" or "1:30" (1 h 30 per hour). Kept
 * as an exact ratio so that 90 × 1.5 = 135 without floating error.
 */
export function parseFactor(fator: unknown, faixa: unknown): Ratio {
  if (fator !== null && fator !== undefined && String(fator).trim() !== '') {
    const s = String(fator).trim();
    if (s.includes(':')) return reduce(parseHhMm(s), 60);
    const dec = /^(\d+)(?:[.,](\d+))?$/.exec(s);
    if (!dec) throw new Error(`fator de transferência inválido: '${s}'`);
    const frac = dec[2] ?? '';
    const den = 10 ** frac.length;
    return reduce(Number(dec[1]) * den + (frac ? Number(frac) : 0), den);
  }
  if (faixa !== null && faixa !== undefined && String(faixa).trim() !== '') {
    const p = Number(String(faixa).replace(',', '.'));
    return reduce(Math.round((100 + p) * 100), 10000);
  }
  return { num: 1, den: 1 };
}

function reduce(num: number, den: number): Ratio {
  const g = gcd(num, den) || 1;
  return { num: num / g, den: den / g };
}

/** 'MM/YYYY' or 'YYYY-MM' → y*12 + (m−1). */
function monthIndex(s: string | null | undefined): number | null {
  if (!s) return null;
  let m = /^(\d{1,2})\/(\d{4})$/.exec(s.trim());
  if (m) return Number(m[2]) * 12 + Number(m[1]) - 1;
  m = /^(\d{4})-(\d{1,2})$/.exec(s.trim());
  if (m) return Number(m[1]) * 12 + Number(m[2]) - 1;
  throw new Error(`período do banco inválido: '${s}'`);
}

function compileBank(p: PolicyInput): CompiledBank | null {
  if (!p.incluirBancoHoras) return null;
  const st = p.bancoHoraArmazenamento ?? {};
  const tr = p.bancoHoraTransferencia ?? {};
  const overtime = {} as CompiledBank['overtime'];
  for (const k of BANK_DAY_KEYS) {
    const d = st[k];
    overtime[k] = {
      enabled: !!d?.horaExtra,
      limit:
        d?.limiteHE === null || d?.limiteHE === undefined || d.limiteHE === ''
          ? Infinity
          : minutesOf(d.limiteHE, Infinity),
      factor: parseFactor(tr[`fator${k}`], tr[`faixa${k}`]),
    };
  }
  const fromMonth = monthIndex(p.politicaBancoHora?.periodoInicial);
  const toMonth = monthIndex(p.politicaBancoHora?.periodoFinal);
  // Art. 59 §5: an individual agreement allows compensation within at most 6 months.
  const months = fromMonth === null || toMonth === null ? Infinity : toMonth - fromMonth + 1;
  return {
    fromMonth,
    toMonth,
    exceedsIndividualLimit: !!p.politicaBancoHora?.acordoIndividual && months > 6,
    storeFalta: !!st.faltas,
    storeAtraso: !!st.atrasos,
    storeSaida: !!st.saidasAntecipadas,
    storeExcesso: !!st.excessoIntevaloRefeicoes,
    storeFaltaMarcacao: !!st.faltaDeMarcacao,
    overtime,
  };
}

function pick<T>(v: T | undefined | null, d: T): T {
  return v === undefined || v === null ? d : v;
}

/**
 * Policy fields → integers the day calculation uses directly. Call once per
 * employee and period (the API caches it per schedule configuration).
 */
export function compilePolicy(input: PolicyInput = {}): CompiledPolicy {
  const p: PolicyInput = { ...DEFAULT_POLICY, ...stripUndefined(input) };
  const meal = Number(p.parametroRefeicao);
  const bands = p.faixasHoraExtra ?? DEFAULT_POLICY.faixasHoraExtra;
  const bandsDay = compileBands(bands, 1);
  return {
    // Value 1 is not offered by the seed; treated as 4 (spec §3.2).
    mealMode: meal === 2 ? 2 : meal === 3 ? 3 : 4,
    horasDSR: minutesOf(p.horasDSR, 453),
    nightStart: minutesOf(p.horaAdicionalNoturnoDe, 1320),
    nightEnd: minutesOf(p.horaAdicionalNoturnaAte, 300),
    nightHourTenths: Math.round(Number(String(pick(p.duracaoHoraNoturna, 52.5)).replace(',', '.')) * 10),
    tempoInterjornada: minutesOf(p.tempoInterjornada, 660),
    horasMensalistas: Number(pick(p.horasMensalistas ?? p.horasMensaisalistas, 220)),
    descontarIntervalosNoturno: pick(p.descontarIntervalosNoturno, true),
    descontarSegundoIntervalo: pick(p.descontarSegundoIntervalo, true),
    controleFalta: Number(p.controleFalta) === 1 ? 1 : 2,
    perdaDSRDesconta: Number(p.perdaDSRDesconta) === 2 ? 2 : 1,
    pagarDSR: Number(p.pagarDSR) === 2 ? 2 : 1,
    descontoDSR: Number(p.descontoDSR) === 0 ? 0 : Number(p.descontoDSR) === 2 ? 2 : 1,
    descontoDSRFeriado: !!p.descontoDSRFeriado,
    tolAtraso: Math.min(minutesOf(p.atrasoMaximoDiaMinuto, 5), LEGAL_PER_MARKING),
    tolSaida: Math.min(minutesOf(p.saidaAntecipadaMaximoDiaMinuto, 5), LEGAL_PER_MARKING),
    tolExcesso: Math.min(minutesOf(p.excessoIRMaximoDiaMinuto, 5), LEGAL_PER_MARKING),
    tolOvertime: Math.min(minutesOf(p.toleranciaInicioHoraExtra, 10), LEGAL_PER_DAY),
    prioridadeHoraExtra: Number(p.prioridadeHoraExtra) === 1 ? 1 : 2,
    horaExtraRefeicao: pick(p.horaExtraRefeicao, true),
    bandsDay: bandsDay.length ? bandsDay : compileBands(DEFAULT_POLICY.faixasHoraExtra, 1),
    bandsNight: compileBands(bands, 2),
    bank: compileBank(p),
    validarFechamento: !!p.validarFechamento,
    horasFechamento: p.validarFechamento && p.horasFechamento ? parseHhMm(p.horasFechamento) : 0,
  };
}

export const LEGAL_TOLERANCE = { perMarking: LEGAL_PER_MARKING, perDay: LEGAL_PER_DAY } as const;

function stripUndefined(o: PolicyInput): PolicyInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as PolicyInput;
}
