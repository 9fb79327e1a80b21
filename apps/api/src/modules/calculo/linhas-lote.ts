import { periodoFechamentoDaData, type DiasFechamento } from '@jornada/contracts';
import {
  calculatePeriod,
  parseDate,
  type LeaveInput,
  type PeriodInput,
  type PeriodResult,
  type WeekDsr,
} from '@jornada/engine';
import type { EntradaHistorico } from '../escalas/escalas.service.js';
import type { ResumoGravado, SemanaGravada } from './calculo.repository.js';
import { Assinador, comVirgula, Gravadas, LoteDias, type DadosLoteDias } from './dia-gravado.js';
import { lerMarcacoes, type FuncionarioCalculo, type Peca, type Periodo } from './entrada-motor.js';

/**
 * The engine over a batch of employees and the rows it stores (decision
 * 0049) — pure, no I/O, so it runs on this thread or on a worker thread of
 * the CPU pool (`calcular-lote.task.ts`) with the same result.
 */

/** The schedule (escala) of the history entry that covers `dia`. */
function escalaEm(historico: readonly EntradaHistorico[], dia: string): number | null {
  for (const e of historico) if (e.dataInicio <= dia && (e.dataFinal === null || dia <= e.dataFinal)) return e.escalaId;
  return null;
}

function pecaEm(partes: readonly Peca[], dia: string): Peca {
  for (const p of partes) if (p.de <= dia && dia <= p.ate) return p;
  return partes[partes.length - 1]!;
}

/** The week and summary rows of one calculated employee × period (its days went into the batch's LoteDias). */
export interface Linhas {
  semanas: SemanaGravada[];
  resumo: ResumoGravado;
}

/** One engine result → the stored rows (decision 0049): the days appended to `dias`, the weeks and summary returned. */
export function linhasDoResultado(
  f: FuncionarioCalculo,
  x: { historico: readonly EntradaHistorico[]; partes: readonly Peca[]; afastamentos: readonly LeaveInput[] },
  p: Periodo,
  dias: DiasFechamento,
  r: PeriodResult,
  lote: LoteDias,
  diasGravados?: string,
): Linhas {
  const partes = x.partes;
  const gravadas = Gravadas.de(diasGravados);
  for (const d of r.days) {
    const peca = pecaEm(partes, d.date);
    lote.adicionar(
      d,
      {
        funcionarioId: f.id,
        cnpjId: peca.cnpjId,
        centroCustoId: peca.centroCustoId,
        cargoId: peca.cargoId,
        escalaId: escalaEm(x.historico, d.date),
        // The engine does not calculate a leave day (§4.2 row 1); the time sheet shows it as such.
        afastado: x.afastamentos.some((a) => a.start <= d.date && d.date <= a.end),
      },
      gravadas,
    );
  }
  const semanaRow = (s: WeekDsr): SemanaGravada => ({
    funcionarioId: f.id,
    periodoInicio: p.inicio,
    segunda: s.monday,
    dsrPago: s.dsrPaid,
    dsrDebito: s.dsrDebit,
    periodoLancamento: s.postingPeriod,
    resultado: s,
  });
  const nome = periodoFechamentoDaData(dias, p.fim);
  const s = r.summary;
  const he = s.horasExtrasEventos.reduce((t, e) => t + e.valor, 0);
  return {
    semanas: r.weeks.map(semanaRow),
    resumo: {
      funcionarioId: f.id,
      periodoInicio: p.inicio,
      periodoFim: p.fim,
      ano: nome.ano,
      mes: nome.mes,
      cnpjId: f.cnpjId,
      diasTrabalhados: s.diasTrabalhados,
      jornada: s.jornada,
      jornadaEAbono: s.jornadaEAbono,
      horasExtras: he,
      ...s.contadores,
      saldoAnteriorBh: r.bank?.saldoAnteriorBH ?? null,
      saldoFinalBh: r.bank?.saldoFinal ?? null,
      resumo: {
        summary: r.summary,
        bank: r.bank,
        totaisBancoHoras: r.totaisBancoHoras,
        warnings: r.warnings,
        // The pieces inside the period (decision 0050).
        pecas: partes
          .filter((x) => x.ate >= p.inicio && x.de <= p.fim)
          .map((x) => ({ ...x, de: x.de < p.inicio ? p.inicio : x.de, ate: x.ate > p.fim ? p.fim : x.ate })),
      },
    },
  };
}

/**
 * The weeks or the summaries of a batch as they travel (decision 0088), plain strings so they cross a worker
 * thread as they are: only the rows whose fingerprint differs from the stored one, as the inside of one JSON
 * array, and the key of every row calculated (a stored row of the period that is not among them is deleted).
 */
export interface DadosLoteJson {
  /** The rows carried: those that differ from the stored ones (all, when none were given). */
  tamanho: number;
  /** Each row as a JSON object with its `assinatura`, every one preceded by a comma. */
  json: string;
  /** Every row calculated, carried or not: its employee, and (weeks) its Monday as days since 1970-01-01. */
  chavesF: string;
  chavesN: string;
}

/**
 * Rows of one table signed and kept only when they changed (decision 0088): what LoteDias does for the days,
 * for the few large rows of weeks and summaries. The fingerprint covers every value the row's JSON holds
 * (`Assinador.valor`); the text is built only for a row that travels (decision 0090).
 */
export class LoteJson {
  tamanho = 0;
  private readonly linhas: string[] = [];
  private readonly chavesF: (number | string)[] = [];
  private readonly chavesN: (number | string)[] = [];
  private readonly assinador = new Assinador();

  /**
   * A row of employee `f` (and Monday `n`, for weeks); not carried when its fingerprint is the one `gravadas` holds
   * under its key (its Monday; a summary, its employee).
   */
  adicionar(linha: object, f: number, n: number | undefined, gravadas: Gravadas | undefined): void {
    this.chavesF.push(f);
    if (n !== undefined) this.chavesN.push(n);
    const s = this.assinador.comecar();
    s.valor(linha);
    s.fechar();
    if (gravadas?.igual(s, n ?? f)) return;
    this.tamanho += 1;
    this.linhas.push(`${JSON.stringify(linha).slice(0, -1)},"assinatura":"${s.uuid()}"}`);
  }

  /** Appends another part of the batch, in order (a part from a worker thread arrives as plain data). */
  juntar(parte: DadosLoteJson): void {
    this.tamanho += parte.tamanho;
    if (parte.json !== '') this.linhas.push(parte.json.slice(1));
    if (parte.chavesF !== '') this.chavesF.push(parte.chavesF.slice(1));
    if (parte.chavesN !== '') this.chavesN.push(parte.chavesN.slice(1));
  }

  dados(): DadosLoteJson {
    return {
      tamanho: this.tamanho,
      json: comVirgula(this.linhas),
      chavesF: comVirgula(this.chavesF),
      chavesN: comVirgula(this.chavesN),
    };
  }
}

/** What a batch stores: its days column by column, its weeks and its summaries, each only where it changed. */
export interface LinhasDoLote {
  dias: DadosLoteDias;
  semanas: DadosLoteJson;
  resumos: DadosLoteJson;
  /** Each calculated employee's final bank balance (null without an active bank), carried or not. */
  saldosFinais: [number, number | null][];
}

/** The stored fingerprints of one employee × period (calculo.repository `assinaturasGravadas`). */
export interface Gravados {
  /** Days, 'n:assinatura,…' with n the day as days since 1970-01-01. */
  dias?: string;
  /** Weeks, 'n:assinatura,…' with n the Monday. */
  semanas?: string;
  /** The summary, 'n:assinatura' with n the employee. */
  resumo?: string;
}

/** One employee of a batch: the engine input, and what the stored days need beside the result. */
export interface ItemLote {
  f: FuncionarioCalculo;
  input: PeriodInput;
  /** The punches as text (entrada-motor `lerMarcacoes`), parsed where the engine runs; `input.punches` is then empty. */
  marcacoes?: string;
  contexto: { historico: readonly EntradaHistorico[]; partes: readonly Peca[]; afastamentos: readonly LeaveInput[] };
  /** The period's stored fingerprints: a row equal to its stored one is not sent again. */
  gravados?: Gravados;
}

/** The engine over some employees of a batch, and their rows. */
export function calcularItens(itens: readonly ItemLote[], dias: DiasFechamento, p: Periodo): LinhasDoLote {
  const lote = new LoteDias();
  const semanas = new LoteJson();
  const resumos = new LoteJson();
  const saldosFinais: [number, number | null][] = [];
  for (const it of itens) {
    const input = it.marcacoes === undefined ? it.input : { ...it.input, punches: lerMarcacoes(it.marcacoes) };
    const g = it.gravados;
    const linhas = linhasDoResultado(it.f, it.contexto, p, dias, calculatePeriod(input), lote, g?.dias);
    const semanasGravadas = Gravadas.de(g?.semanas);
    for (const s of linhas.semanas) semanas.adicionar(s, it.f.id, parseDate(s.segunda), semanasGravadas);
    resumos.adicionar(linhas.resumo, it.f.id, undefined, Gravadas.de(g?.resumo));
    saldosFinais.push([it.f.id, linhas.resumo.saldoFinalBh]);
  }
  return { dias: lote.dados(), semanas: semanas.dados(), resumos: resumos.dados(), saldosFinais };
}

/** Parts of a batch (in order) as one; a part that crossed threads arrives as plain data. */
export function juntarLinhas(partes: readonly LinhasDoLote[]): LinhasDoLote {
  const dias = new LoteDias();
  const semanas = new LoteJson();
  const resumos = new LoteJson();
  const saldosFinais: [number, number | null][] = [];
  for (const parte of partes) {
    dias.juntar(parte.dias);
    semanas.juntar(parte.semanas);
    resumos.juntar(parte.resumos);
    saldosFinais.push(...parte.saldosFinais);
  }
  return { dias: dias.dados(), semanas: semanas.dados(), resumos: resumos.dados(), saldosFinais };
}

/** `itens` in consecutive parts of `n` (the last one shorter): batches of employees, engine tasks. */
export function emPartes<T>(itens: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < itens.length; i += n) out.push(itens.slice(i, i + n));
  return out;
}
