import {
  periodoFechamento,
  periodoFechamentoDaData,
  type DiasFechamento,
  type PeriodoFechamento,
} from '@jornada/contracts';
import {
  calculatePeriod,
  type ClosingRule,
  type PeriodInput,
  type PeriodResult,
  type ScheduleAssignmentInput,
  type WeekDsr,
} from '@jornada/engine';
import { cpuTask, type CpuPool } from '../../shared/cpu-pool.js';
import { addDays, localDate, startOfLocalDay } from '../../shared/clock.js';
import { agendarEncerramentoDosDias } from '../../db/dias-em-aberto.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { atribuicoes, versoesParaCalculo, type EntradaHistorico } from '../escalas/escalas.service.js';
import { feriadosParaCalculo, type FeriadoCalculo } from '../feriados/feriados.service.js';
import { resultadoDoDia } from './dia-gravado.js';
import {
  calcularItens,
  emPartes,
  juntarLinhas,
  type Gravados,
  type ItemLote,
  type LinhasDoLote,
} from './linhas-lote.js';
import {
  janelaLeitura,
  periodInput,
  type EntradasFuncionario,
  type FuncionarioCalculo,
  type Periodo,
} from './entrada-motor.js';
import { calculoRepository as repo, type LinhasGravadas } from './calculo.repository.js';

/**
 * The gather service of issue 11 §5: for employees and closing periods, read
 * everything the engine needs (set-based, many employees per statement), run
 * `calculatePeriod`, store days, weeks and the summary. Callers run it inside
 * their own unit of work — a request (`tenantWork`) or a job (`withTenant`) —
 * so the calculation of a batch is one transaction.
 */

/**
 * What the calculation needs of a unit of work: a transaction pinned to one
 * tenant, and the CPU pool the engine runs on (absent: on this thread).
 */
export type Trabalho = Pick<TenantWork, 'tx' | 'tenantId' | 'now'> & { cpu?: CpuPool };

/** The tenant's closing rule in both vocabularies (contracts' decision 0019, the engine's ClosingRule). */
export interface Fechamento {
  dias: DiasFechamento;
  regra: ClosingRule;
  /** The tenant's zone (its main company's): the calendar its days end on. */
  fuso: string;
  /** Today on that calendar, at the unit of work's instant: it and later days are not over (decision 0073). */
  hoje: string;
}

export async function fechamentoDoCliente(w: Trabalho): Promise<Fechamento> {
  const { dias, fuso } = await repo.diasFechamento(w.tx, w.tenantId);
  return {
    dias,
    regra: { startDay: dias.diaInicioFechamento, endDay: dias.diaFinalFechamento },
    fuso,
    hoje: localDate(w.now, fuso),
  };
}

const paraPeriodo = (p: PeriodoFechamento): Periodo => ({ inicio: p.inicio, fim: p.fim });

/** The closing periods that meet [de, ate], oldest first. */
export function periodosEntre(dias: DiasFechamento, de: string, ate: string): Periodo[] {
  const out: Periodo[] = [];
  let p = periodoFechamentoDaData(dias, de);
  for (;;) {
    out.push(paraPeriodo(p));
    if (p.fim >= ate) return out;
    p = p.mes === 12 ? periodoFechamento(dias, p.ano + 1, 1) : periodoFechamento(dias, p.ano, p.mes + 1);
  }
}

/** Everything read for one batch of employees and one period, before the engine runs. */
export interface Leitura {
  funcionarios: FuncionarioCalculo[];
  escalas: Map<number, EntradaHistorico[]>;
  atribuicoes: Map<number, ScheduleAssignmentInput[]>;
  entradas: Map<number, EntradasFuncionario>;
  saldos: Map<number, number>;
  feriados: FeriadoCalculo[];
  /** With `gravados`: the period's stored fingerprints per employee (only the rows that differ are written). */
  gravados?: Map<number, Gravados>;
}

/**
 * Set-based reads of one period for many employees (the benchmark's bare read runs the same). With `gravados`,
 * also the stored days', weeks' and summaries' fingerprints, so the write carries only the rows that differ (a
 * recalculation; decisions 0087, 0088).
 */
export async function lerPeriodo(
  w: Trabalho,
  funcionarioIds: readonly number[],
  p: Periodo,
  opcoes: { gravados?: boolean } = {},
): Promise<Leitura> {
  const j = janelaLeitura(p);
  const base = await repo.funcionarios(w.tx, w.tenantId, funcionarioIds);
  const ids = base.map((f) => f.id);
  const hist = await repo.historicos(w.tx, w.tenantId, ids, j);
  const escalas = new Map<number, EntradaHistorico[]>();
  for (const [f, rows] of hist.escalas) {
    escalas.set(
      f,
      rows.map((r) => ({ escalaId: Number(r.ref), dataInicio: r.inicio, dataFinal: r.fim })),
    );
  }
  const versoes = await versoesParaCalculo(
    w,
    [...escalas.values()].flatMap((l) => l.map((e) => e.escalaId)),
    j.inicio,
    j.fim,
  );
  const funcionarios = base.map((f) => ({
    ...f,
    cargos: (hist.cargos.get(f.id) ?? []).map((c) => ({
      cargoId: Number(c.ref),
      dataInicio: c.inicio,
      dataFinal: c.fim,
    })),
  }));
  return {
    funcionarios,
    escalas,
    atribuicoes: new Map(ids.map((id) => [id, atribuicoes(escalas.get(id) ?? [], versoes)])),
    entradas: await repo.entradas(w.tx, w.tenantId, ids, j, p),
    saldos: await repo.saldosAnteriores(w.tx, w.tenantId, ids, p.inicio),
    feriados: await feriadosParaCalculo(w, j.inicio, j.fim),
    ...(opcoes.gravados ? { gravados: await repo.assinaturasGravadas(w.tx, w.tenantId, ids, p) } : {}),
  };
}

/** The engine input of one employee of a batch read (its punches left in their text: `periodInput`). */
function entradaDe(l: Leitura, f: FuncionarioCalculo, p: Periodo, fechamento: Fechamento, marcacoesEmTexto = false) {
  return periodInput(
    {
      periodo: p,
      closing: fechamento.regra,
      hoje: fechamento.hoje,
      funcionario: f,
      atribuicoes: l.atribuicoes.get(f.id) ?? [],
      entradas: l.entradas.get(f.id)!,
      feriados: l.feriados,
      saldoAnterior: l.saldos.get(f.id) ?? 0,
    },
    { marcacoesEmTexto },
  );
}

/** The engine's work for a batch, threaded through the gather service (a job's CPU pool, or none). */
const calcularLoteTask = cpuTask<{ itens: ItemLote[]; dias: DiasFechamento; p: Periodo }, LinhasDoLote>(
  new URL('./calcular-lote.task.ts', import.meta.url),
);

/** Loads the engine's modules on the CPU pool's threads before the first batch needs them (decision 0090). */
export function prepararCalculo(cpu: CpuPool): Promise<void> {
  return cpu.preparar(calcularLoteTask);
}

/**
 * Employees per engine call: on this thread, between two yields to the event
 * loop (a few milliseconds of engine); on the CPU pool, per task (the input
 * and the rows cross by structured clone, so not one employee per message).
 */
const PARTE_NA_THREAD = 5;
const PARTE_NO_POOL = 25;

/**
 * The engine over a batch's reads, and the rows it stores (no I/O; the
 * benchmark's bare write stores the same). With a CPU pool, the engine runs
 * on its worker threads, so a job in the server's process never holds the
 * event loop its HTTP requests need; without, here, yielding between parts.
 */
export async function linhasDoLote(
  l: Leitura,
  fechamento: Fechamento,
  p: Periodo,
  cpu?: CpuPool,
): Promise<LinhasDoLote> {
  const itens: ItemLote[] = l.funcionarios.map((f) => {
    // The punches stay text until the engine's thread: on this one they were only garbage (issue 26).
    const { input, pecas, marcacoes } = entradaDe(l, f, p, fechamento, true);
    return {
      f,
      input,
      marcacoes,
      contexto: { historico: l.escalas.get(f.id) ?? [], partes: pecas, afastamentos: input.leaves ?? [] },
      gravados: l.gravados?.get(f.id),
    };
  });
  if (cpu) {
    return juntarLinhas(
      await Promise.all(
        emPartes(itens, PARTE_NO_POOL).map((parte) =>
          cpu.run(calcularLoteTask, { itens: parte, dias: fechamento.dias, p }),
        ),
      ),
    );
  }
  const feitas: LinhasDoLote[] = [];
  for (const parte of emPartes(itens, PARTE_NA_THREAD)) {
    feitas.push(calcularItens(parte, fechamento.dias, p));
    // Let other work of this process (HTTP requests, another batch) in between parts.
    await new Promise((r) => setImmediate(r));
  }
  return juntarLinhas(feitas);
}

/** What one pass over a period did. */
export interface Passo {
  /** Employees calculated and stored. */
  calculados: number[];
  /** Employees skipped: a closed period meets it (spec §18). */
  fechados: number[];
  /** The final bank balance just stored for each calculated employee (null without an active bank). */
  saldosFinais: ReadonlyMap<number, number | null>;
  /** Rows the diff write touched: only what differs from what was stored (issue 26 §2). */
  linhas: LinhasGravadas;
}

const nenhumaLinha = (): LinhasGravadas => ({ dias: 0, semanas: 0, resumos: 0, apagadas: 0 });

function somarLinhas(a: LinhasGravadas, b: LinhasGravadas): void {
  a.dias += b.dias;
  a.semanas += b.semanas;
  a.resumos += b.resumos;
  a.apagadas += b.apagadas;
}

/**
 * One period for many employees, in the caller's transaction: lock, skip
 * closed periods, read, calculate, replace the stored rows. The engine runs
 * on the unit of work's CPU pool when it has one (jobs), else here.
 */
/**
 * Takes the calculation lock of these employees for the rest of the caller's
 * transaction (the lock calcularPeriodo takes, decision 0049): a change that
 * recalculates in its own request takes it before it reads or writes, so two
 * operators treating one employee at once queue, and each recalculation sees
 * the other's committed change.
 */
export async function travarCalculo(w: Pick<Trabalho, 'tx'>, funcionarioIds: readonly number[]): Promise<void> {
  let travados = travadosNaTransacao.get(w.tx);
  if (!travados) travadosNaTransacao.set(w.tx, (travados = new Set()));
  const novos = funcionarioIds.filter((id) => !travados.has(id));
  if (novos.length === 0) return;
  await repo.travar(w.tx, novos);
  for (const id of novos) travados.add(id);
}

/**
 * The employees whose calculation lock each transaction holds already (a
 * transaction object lives as long as its transaction): a day action locks
 * before it writes, and its recalculation would otherwise ask again, a round
 * trip for nothing.
 */
const travadosNaTransacao = new WeakMap<object, Set<number>>();

/** After midnight, a minute's room: a clock a little behind the database's still sees the new day. */
const MARGEM_MEIA_NOITE_MS = 60_000;

export async function calcularPeriodo(
  w: Trabalho,
  fechamento: Fechamento,
  funcionarioIds: readonly number[],
  p: Periodo,
): Promise<Passo> {
  await travarCalculo(w, funcionarioIds);
  const fechados = await repo.comPeriodoFechado(w.tx, w.tenantId, funcionarioIds, p);
  const abertos = funcionarioIds.filter((id) => !fechados.has(id));
  if (abertos.length === 0)
    return { calculados: [], fechados: [...fechados], saldosFinais: new Map(), linhas: nenhumaLinha() };
  const l = await lerPeriodo(w, abertos, p, { gravados: true });
  const { dias, semanas, resumos, saldosFinais } = await linhasDoLote(l, fechamento, p, w.cpu);
  const calculados = l.funcionarios.map((f) => f.id);
  const linhas = await repo.gravar(w.tx, w.tenantId, calculados, p, dias, semanas, resumos);
  // Days from today on were stored open: they are calculated again once they end (decision 0073).
  if (calculados.length > 0 && p.fim >= fechamento.hoje) {
    const meiaNoite = startOfLocalDay(addDays(fechamento.hoje, 1), fechamento.fuso);
    await agendarEncerramentoDosDias(w.tx, w.tenantId, new Date(meiaNoite.getTime() + MARGEM_MEIA_NOITE_MS));
  }
  return {
    calculados,
    fechados: [...fechados],
    saldosFinais: new Map(saldosFinais),
    linhas,
  };
}

/**
 * After a change recalculated in its own request (a day action): the dirty rows its writes marked inside the
 * recalculated period are consumed here, so the background consumer does not calculate the same month again.
 */
export async function consumirPendenciasCalculadas(
  w: Trabalho,
  funcionarioIds: readonly number[],
  p: Periodo,
): Promise<void> {
  await repo.apagarPendenciasDaTransacao(w.tx, w.tenantId, funcionarioIds, p.inicio, p.fim);
}

/** The period after `p` under the tenant's rule. */
function seguinte(dias: DiasFechamento, p: Periodo): Periodo {
  return paraPeriodo(
    periodoFechamentoDaData(dias, new Date(Date.parse(p.fim) + 86_400_000).toISOString().slice(0, 10)),
  );
}

/**
 * Employee × period calculations in date order, in one transaction. A
 * period's final bank balance is the next one's opening balance: when a
 * recalculation changes it and the next period already has stored results,
 * that period is recalculated too (and so on), so stored balances always
 * chain. `aoCalcular` counts the calculations asked for (not the chained ones).
 * Answers those counts and the rows written (chained periods included).
 */
export async function calcularPedidos(
  w: Trabalho,
  fechamento: Fechamento,
  pedidos: ReadonlyMap<string, ReadonlySet<number>>,
  aoCalcular?: (n: number) => Promise<void>,
): Promise<{ calculados: number; fechados: number; linhas: LinhasGravadas }> {
  const fila = new Map<string, { p: Periodo; ids: Set<number>; pedidos: Set<number> }>();
  for (const [inicio, ids] of pedidos) {
    const p = paraPeriodo(periodoFechamentoDaData(fechamento.dias, inicio));
    fila.set(p.inicio, { p, ids: new Set(ids), pedidos: new Set(ids) });
  }
  let calculados = 0;
  let fechados = 0;
  const linhas = nenhumaLinha();
  while (fila.size > 0) {
    const inicio = [...fila.keys()].sort()[0]!;
    const item = fila.get(inicio)!;
    fila.delete(inicio);
    const ids = [...item.ids].sort((a, b) => a - b);
    const antes = await repo.saldosFinais(w.tx, w.tenantId, ids, item.p.inicio);
    const passo = await calcularPeriodo(w, fechamento, ids, item.p);
    somarLinhas(linhas, passo.linhas);
    const pedidosFeitos = [...passo.calculados, ...passo.fechados].filter((id) => item.pedidos.has(id)).length;
    calculados += passo.calculados.filter((id) => item.pedidos.has(id)).length;
    fechados += passo.fechados.filter((id) => item.pedidos.has(id)).length;
    if (aoCalcular && pedidosFeitos > 0) await aoCalcular(pedidosFeitos);
    const mudaram = passo.calculados.filter((id) => (antes.get(id) ?? null) !== (passo.saldosFinais.get(id) ?? null));
    if (mudaram.length === 0) continue;
    const prox = seguinte(fechamento.dias, item.p);
    const jaCalculados = await repo.saldosFinais(w.tx, w.tenantId, mudaram, prox.inicio);
    const encadear = mudaram.filter((id) => jaCalculados.has(id));
    if (encadear.length === 0) continue;
    const alvo = fila.get(prox.inicio) ?? { p: prox, ids: new Set<number>(), pedidos: new Set<number>() };
    for (const id of encadear) alvo.ids.add(id);
    fila.set(prox.inicio, alvo);
  }
  return { calculados, fechados, linhas };
}

/**
 * One employee × the period that holds `data`, recalculated with the trace on
 * (issue 11 §5: "the trace available on request"). Nothing is stored: the
 * stored rows are what the same calculation without the trace gave.
 */
export async function calcularComRastro(
  w: Trabalho,
  funcionarioId: number,
  data: string,
): Promise<{ periodo: Periodo; input: PeriodInput; resultado: PeriodResult } | undefined> {
  const fechamento = await fechamentoDoCliente(w);
  const p = paraPeriodo(periodoFechamentoDaData(fechamento.dias, data));
  const l = await lerPeriodo(w, [funcionarioId], p);
  const f = l.funcionarios[0];
  if (!f) return undefined;
  const { input } = entradaDe(l, f, p, fechamento);
  return { periodo: p, input, resultado: calculatePeriod(input, { trace: true }) };
}

/** The engine input the service builds for one employee and period (the equivalence test reads it). */
export async function entradaDoMotor(w: Trabalho, funcionarioId: number, p: Periodo): Promise<PeriodInput | undefined> {
  const fechamento = await fechamentoDoCliente(w);
  const l = await lerPeriodo(w, [funcionarioId], p);
  const f = l.funcionarios[0];
  return f && entradaDe(l, f, p, fechamento).input;
}

/** The stored results of one employee's period, reassembled as the engine returned them. */
export async function resultadosGravados(w: Pick<Trabalho, 'tx' | 'tenantId'>, funcionarioId: number, p: Periodo) {
  const dias = await repo.diasGravados(w.tx, w.tenantId, funcionarioId, p);
  const semanas = await repo.semanasGravadas(w.tx, w.tenantId, funcionarioId, p.inicio);
  const resumo = (await repo.resumosComFechado(w.tx, w.tenantId, funcionarioId)).find(
    (r) => r.periodoInicio === p.inicio,
  );
  return {
    dias: dias.map((d) => resultadoDoDia(d, d.resultado)),
    semanas: semanas.map((s) => s.resultado as WeekDsr),
    resumo,
  };
}
