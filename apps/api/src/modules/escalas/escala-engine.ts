import {
  expandRotation,
  formatDate,
  isRegime12x36,
  parseDate,
  pairsFromRow,
  type BankStorageInput,
  type BankTransferInput,
  type PolicyInput,
  type RotationCycleInput,
  type ScheduleAssignmentInput,
  type ScheduleInput,
} from '@jornada/engine';
import { escalaApi, type Ciclo, type ConfiguracaoEscala, type DiaSequencia } from '@jornada/contracts';

/**
 * The one mapping from a stored schedule version (the contract's
 * configuration document, decision 0027) to the engine's `ScheduleInput`.
 * Nothing else in the API turns a schedule into engine input: the
 * calculation (issue 11) gets its schedules through `versoesParaCalculo`,
 * which calls this.
 */

const { COLUNAS_FAIXA, DIAS_BANCO } = escalaApi;

/** A fraction on the wire (0.5) → the engine's percent (50); kept to two decimals of percent. */
export const percentual = (f: number | null | undefined): number | null =>
  f === null || f === undefined ? null : Math.round(f * 10000) / 100;

const vazioParaNull = <T>(v: T | '' | null | undefined): T | null => (v === '' || v === undefined ? null : v);
/** A value the tab rules guarantee; undefined lets the engine's default stand if an old document lacks it. */
const ouPadrao = <T>(v: T | '' | null | undefined): T | undefined => (v === '' || v === null ? undefined : v);

function politica(c: ConfiguracaoEscala): PolicyInput {
  const pc = c.politicaContratual;
  const pdsr = c.politicaDSR;
  const pa = c.politicaAtraso;
  const phe = c.politicaHoraExtra;
  const fechamento = c.tipoEscala === 'ERC' ? c.revezamento : c.quadroHorario;
  const p: PolicyInput = {
    parametroRefeicao: pc.parametroRefeicao,
    horasDSR: ouPadrao(pc.horasDSR),
    horaAdicionalNoturnoDe: ouPadrao(pc.horaAdicionalNoturnoDe),
    horaAdicionalNoturnaAte: ouPadrao(pc.horaAdicionalNoturnaAte),
    duracaoHoraNoturna: ouPadrao(pc.duracaoHoraNoturna),
    tempoInterjornada: ouPadrao(pc.tempoInterjornada),
    horasMensalistas: ouPadrao(pc.horasMensaisalistas),
    descontarIntervalosNoturno: pc.descontarIntervalosNoturno,
    descontarSegundoIntervalo: pc.descontarSegundoIntervalo,
    controleFalta: pc.controleFalta,
    perdaDSRDesconta: pdsr.perdaDSRDesconta,
    pagarDSR: pdsr.pagarDSR,
    descontoDSR: pdsr.descontoDSR,
    atrasoMaximoDiaMinuto: ouPadrao(pa.atrasoMaximoDiaMinuto),
    saidaAntecipadaMaximoDiaMinuto: ouPadrao(pa.saidaAntecipadaMaximoDiaMinuto),
    excessoIRMaximoDiaMinuto: ouPadrao(pa.excessoIRMaximoDiaMinuto),
    descontoDSRFeriado: phe.descontoDSRFeriado,
    toleranciaInicioHoraExtra: ouPadrao(phe.toleranciaInicioHoraExtra),
    prioridadeHoraExtra: phe.prioridadeHoraExtra,
    horaExtraRefeicao: phe.horaExtraRefeicao,
    faixasHoraExtra: phe.faixasHoraExtra.map((f) => ({
      tipo: f.tipo,
      ate: f.ate ?? 99,
      ...(Object.fromEntries(COLUNAS_FAIXA.map((col) => [col, percentual(f[col]) ?? 0])) as Record<
        (typeof COLUNAS_FAIXA)[number],
        number
      >),
    })),
    incluirBancoHoras: c.incluirBancoHoras,
    validarFechamento: !!fechamento?.validarFechamento,
    horasFechamento: fechamento?.validarFechamento ? vazioParaNull(fechamento.horasFechamento) : null,
  };
  // With the bank off the engine ignores the rest (seed 001 §4: only the flag is sent).
  if (c.incluirBancoHoras) {
    const pb = c.politicaBancoHora;
    p.politicaBancoHora = {
      periodoInicial: pb?.periodoInicial ?? null,
      periodoFinal: pb?.periodoFinal ?? null,
      acordoIndividual: pb?.acordoIndividual ?? false,
    };
    const arm = c.bancoHoraArmazenamento;
    const armazenamento: BankStorageInput = {
      faltas: !!arm?.faltas,
      atrasos: !!arm?.atrasos,
      saidasAntecipadas: !!arm?.saidasAntecipadas,
      excessoIntevaloRefeicoes: !!arm?.excessoIntevaloRefeicoes,
      faltaDeMarcacao: !!arm?.faltaDeMarcacao,
    };
    const transferencia: BankTransferInput = {};
    const tr = c.bancoHoraTransferencia;
    for (const d of DIAS_BANCO) {
      const dia = arm?.[d];
      armazenamento[d] = { horaExtra: !!dia?.horaExtra, limiteHE: vazioParaNull(dia?.limiteHE) };
      transferencia[`faixa${d}`] = percentual(tr?.[`faixa${d}`]);
      transferencia[`fator${d}`] = vazioParaNull(tr?.[`fator${d}`]);
    }
    p.bancoHoraArmazenamento = armazenamento;
    p.bancoHoraTransferencia = transferencia;
  }
  return p;
}

/** A stored cycle → the engine's cycle (calculation-rules §15.1). */
export function cicloMotor(c: Ciclo, i: number): RotationCycleInput {
  return {
    position: c.posicao ?? i + 1,
    workDays: c.diasTrabalhados ?? 0,
    offDays: c.diasFolgas ?? 0,
    repeat: c.fatorRepeticao ?? 1,
    slots: pairsFromRow(c),
  };
}

/** Stored version document → engine schedule (deeply frozen: the engine then compiles it once). */
export function scheduleInputDe(c: ConfiguracaoEscala): ScheduleInput {
  const policy = politica(c);
  const s: ScheduleInput =
    c.tipoEscala === 'ERC'
      ? { kind: 'rotation', cycles: (c.revezamento?.ciclos ?? []).map(cicloMotor), policy }
      : {
          kind: 'weekly',
          dayRows: (c.quadroHorario?.diasDaSemana ?? []).map((d) => ({
            dayOfWeek: d.dia,
            flexible: d.horarioFlexivel,
            slots: pairsFromRow(d),
          })),
          policy,
        };
  return congelar(s);
}

function congelar<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) congelar(v);
  }
  return o;
}

/** A version as the calculation gets it: valid from `validaDesde` to `validaAte` inclusive (null = open). */
export interface VersaoCalculo {
  escalaId: number;
  validaDesde: string;
  validaAte: string | null;
  schedule: ScheduleInput;
}

/** The day before a yyyy-mm-dd date. */
export const diaAnterior = (data: string): string => formatDate(parseDate(data) - 1);
const diaSeguinte = (data: string): string => formatDate(parseDate(data) + 1);
/** The earlier of two end dates, null being open. */
const menor = (a: string | null, b: string | null) => (a === null ? b : b === null || a < b ? a : b);

/** Versions of one schedule (oldest first) with their end dates. */
export function comValidade<T extends { validaDesde: string }>(
  versoes: readonly T[],
): (T & { validaAte: string | null })[] {
  return versoes.map((v, i) => ({ ...v, validaAte: versoes[i + 1] ? diaAnterior(versoes[i + 1]!.validaDesde) : null }));
}

/** An employee schedule history entry (funcionario_escalas). */
export interface EntradaHistorico {
  escalaId: number;
  dataInicio: string;
  dataFinal: string | null;
}

/**
 * An employee's schedule history → the engine's assignments: each entry is
 * cut where a version of its schedule starts, so earlier days keep the
 * version they had (issue 10 §2), and every piece keeps the entry's start as
 * the rotation anchor (a rotation never restarts at a version change). The
 * first version covers any day before it.
 */
export function atribuicoes(
  entradas: readonly EntradaHistorico[],
  versoes: ReadonlyMap<number, readonly VersaoCalculo[]>,
): ScheduleAssignmentInput[] {
  const out: ScheduleAssignmentInput[] = [];
  for (const e of entradas) {
    const lista = versoes.get(e.escalaId) ?? [];
    lista.forEach((v, i) => {
      const de = i === 0 || v.validaDesde < e.dataInicio ? e.dataInicio : v.validaDesde;
      const ate = menor(v.validaAte, e.dataFinal);
      if (ate !== null && ate < de) return;
      out.push({ from: de, to: ate, schedule: v.schedule, anchor: e.dataInicio });
    });
  }
  return out.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * The preview of a cycle list (sequencia-ciclos-escala): day by day from day
 * 1, with the engine's own expansion (cycles by posicao, repeated, work days
 * then off days).
 */
export function sequenciaCiclos(
  ciclos: readonly Ciclo[],
  dias: number,
  dataInicio: string | null,
): { comprimento: number; regime12x36: boolean; dias: DiaSequencia[] } {
  const motor = ciclos.map(cicloMotor);
  const seq = expandRotation(motor);
  // The cycle each position comes from, in the same order as expandRotation.
  const origem: number[] = [];
  for (const c of [...motor].sort((a, b) => a.position - b.position)) {
    const n = Math.max(1, Math.floor(c.repeat || 1)) * (c.workDays + c.offDays);
    for (let k = 0; k < n; k++) origem.push(c.position);
  }
  const out: DiaSequencia[] = [];
  let data = dataInicio;
  for (let i = 0; i < dias && seq.length > 0; i++) {
    const pos = seq[i % seq.length]!;
    out.push({
      dia: i + 1,
      data,
      posicao: origem[i % seq.length]!,
      trabalho: pos !== null,
      horarios: (pos ?? []).map(([a, b]) => [a ?? '', b ?? ''] as [string, string]),
    });
    if (data) data = diaSeguinte(data);
  }
  return { comprimento: seq.length, regime12x36: isRegime12x36(motor), dias: out };
}
