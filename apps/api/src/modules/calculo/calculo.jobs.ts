import { periodoFechamentoDaData } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { withTenant } from '../../db/tenant-tx.js';
import { PENDENCIAS_QUEUE } from '../../db/pendencias-queue.js';
import { DIAS_ENCERRADOS_QUEUE } from '../../db/dias-em-aberto.js';
import { marcarPendencias } from '../../db/pendencias.js';
import type { AtividadeHttp } from '../../shared/atividade-http.js';
import { defineJob } from '../../shared/job-definition.js';
import { addDays } from '../../shared/clock.js';
import {
  calcularPedidos,
  fechamentoDoCliente,
  periodosEntre,
  type Fechamento,
  type Trabalho,
} from './calculo.service.js';
import { calculoRepository as repo } from './calculo.repository.js';
import type { Periodo } from './entrada-motor.js';

/**
 * The calculation's jobs (issue 11 §5, §6). Plain async handlers
 * `(deps, data)`: the queue calls them, and so can tests and the demo seed.
 * Each batch of employees is one transaction (lock, read, engine, write,
 * progress), so a crash loses at most the batch in flight, and a retried job
 * simply recalculates (the calculation is idempotent).
 */

/** Employees per transaction: large enough for set-based reads to pay, small enough to keep locks short. */
export const LOTE_FUNCIONARIOS = 250;

/**
 * Batches in flight at once: while the database writes one batch, this
 * process reads and calculates the next (two cores: the database's and
 * ours). Batches hold disjoint employees, so they never wait on each other's
 * locks.
 */
export const LOTES_SIMULTANEOS = 2;

/** What a Cálculo do Ponto run stores in `calculo_execucoes.parametros`: who and which periods, resolved when asked. */
export interface ParametrosExecucao {
  funcionarioIds: number[];
  periodos: Periodo[];
}

export interface DadosExecucao {
  tenantId: number;
  execucaoId: number;
}

/** Employees per batch while requests are being answered in this process (decision 0089): shorter steps. */
export const LOTE_COM_REQUISICOES = 100;

/**
 * A run's employees handed out batch by batch, in neighbouring ids, not in the selection's order (by name): every
 * read and write of a batch walks the (tenant, employee, …) indexes over the batch's id range, and batches of 250
 * names spread over the whole company read and compared about 8× the rows (issue 26 §4: the server's 1.4× over the
 * same work in-process). Each batch is sized when it is taken: shorter while requests are being answered.
 */
export class FilaDeLotes {
  private readonly ids: number[];
  private proximo = 0;

  constructor(funcionarioIds: readonly number[]) {
    this.ids = [...funcionarioIds].sort((a, b) => a - b);
  }

  get vazia(): boolean {
    return this.proximo >= this.ids.length;
  }

  tirar(comRequisicoes: boolean): number[] | undefined {
    if (this.vazia) return undefined;
    const n = comRequisicoes ? LOTE_COM_REQUISICOES : LOTE_FUNCIONARIOS;
    const lote = this.ids.slice(this.proximo, this.proximo + n);
    this.proximo += n;
    return lote;
  }
}

/** How often a batch kept back by requests (the second in flight) looks again. */
const ESPERA_REQUISICOES_MS = 50;

/**
 * Requests first (decision 0089): the batches beyond the first in flight run only while this process's HTTP side
 * is quiet. Called between batches, with no transaction open; answers at once when `acabou`.
 */
async function aVezDasRequisicoes(http: AtividadeHttp | undefined, acabou: () => boolean): Promise<void> {
  while (http?.ocupado() && !acabou()) await new Promise((r) => setTimeout(r, ESPERA_REQUISICOES_MS));
}

/** Job `calculo-ponto`: one Cálculo do Ponto run, batch by batch, advancing its progress as each commits. */
export async function executarCalculo(
  deps: Pick<Deps, 'db' | 'log' | 'clock'> & Partial<Pick<Deps, 'cpu' | 'http'>>,
  dados: DadosExecucao,
): Promise<void> {
  const { tenantId, execucaoId } = dados;
  const em = <T>(fn: (w: Trabalho) => Promise<T>) =>
    withTenant(deps.db, tenantId, (tx) => fn({ tx, tenantId, now: deps.clock.now(), cpu: deps.cpu }));
  const execucao = await em((w) => repo.execucao(w.tx, tenantId, execucaoId));
  if (!execucao || execucao.status === 'PROCESSADO' || execucao.status === 'ERRO') return;
  const p = execucao.parametros as ParametrosExecucao;
  try {
    await em((w) => repo.iniciarExecucao(w.tx, tenantId, execucaoId));
    const fila = new FilaDeLotes(p.funcionarioIds);
    const trabalhador = async (k: number) => {
      for (;;) {
        if (k > 0) await aVezDasRequisicoes(deps.http, () => fila.vazia);
        const feito = fila.tirar(deps.http?.ocupado() ?? false);
        if (!feito) return;
        await em(async (w) => {
          const fechamento = await fechamentoDoCliente(w);
          const pedidos = new Map(p.periodos.map((x) => [x.inicio, new Set(feito)]));
          let n = 0;
          await calcularPedidos(w, fechamento, pedidos, async (k) => {
            n += k;
          });
          // Last statement of the batch: the run's row is locked only until the commit right after.
          await repo.avancarExecucao(w.tx, tenantId, execucaoId, n);
        });
      }
    };
    await Promise.all(Array.from({ length: LOTES_SIMULTANEOS }, (_, k) => trabalhador(k)));
    await em((w) => repo.encerrarExecucao(w.tx, tenantId, execucaoId, null));
  } catch (err) {
    deps.log.error({ err, execucaoId }, 'Cálculo do ponto falhou');
    await em((w) => repo.encerrarExecucao(w.tx, tenantId, execucaoId, 'ERROS#Não foi possível concluir o cálculo.'));
  }
}

/** Dirty rows consumed per transaction; while requests are being answered, fewer (decision 0089). */
export const LOTE_PENDENCIAS = 500;
export const LOTE_PENDENCIAS_COM_REQUISICOES = 100;

/**
 * How far back a dirty range creates results that were never calculated: the
 * current closing period and the one before (the one payroll is usually
 * closing). Older periods, and periods after the current one, are refreshed
 * only where results are already stored; older ones are calculated when asked
 * (Cálculo do Ponto). A wider horizon made every new employee — a whole
 * import of them — cost a year of calculated absences.
 */
export const PERIODOS_CRIADOS = 2;

/** The first day of the closing period `n` periods before the one starting on `inicio`. */
function periodosAntes(fechamento: Fechamento, inicio: string, n: number): string {
  let de = inicio;
  for (let i = 0; i < n; i++) de = periodoFechamentoDaData(fechamento.dias, addDays(de, -1)).inicio;
  return de;
}

const menor = (a: string, b: string) => (a < b ? a : b);
const maior = (a: string, b: string) => (a > b ? a : b);

/**
 * One round of the dirty-row consumer (decision 0052), in one transaction:
 * up to LOTE_PENDENCIAS rows of the tenant (locked; rows another consumer
 * holds are skipped), every open period their ranges meet recalculated for
 * their employees, and exactly the rows read deleted — rows appended
 * meanwhile survive for the next round. Answers how many rows it consumed.
 */
export async function consumirLotePendencias(
  deps: Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'cpu'>>,
  tenantId: number,
  limite = LOTE_PENDENCIAS,
): Promise<number> {
  return withTenant(deps.db, tenantId, async (tx) => {
    const w = { tx, tenantId, now: deps.clock.now(), cpu: deps.cpu };
    const linhas = await repo.pendencias(tx, tenantId, limite);
    if (linhas.length === 0) return 0;
    const fechamento = await fechamentoDoCliente(w);
    const ids = [...new Set(linhas.map((l) => l.funcionarioId))];
    const existentes = new Set(await repo.existentes(tx, tenantId, ids));
    const guardados = await repo.periodosGuardados(tx, tenantId, ids);
    const atual = periodoFechamentoDaData(fechamento.dias, fechamento.hoje);
    const criarDesde = periodosAntes(fechamento, atual.inicio, PERIODOS_CRIADOS - 1);
    const pedidos = new Map<string, Set<number>>();
    for (const l of linhas) {
      if (!existentes.has(l.funcionarioId)) continue;
      const g = guardados.get(l.funcionarioId);
      const de = maior(l.dataInicio, menor(g?.de ?? criarDesde, criarDesde));
      const ate = menor(l.dataFinal, maior(g?.ate ?? atual.fim, atual.fim));
      if (de > ate) continue;
      for (const per of periodosEntre(fechamento.dias, de, ate)) {
        const lote = pedidos.get(per.inicio) ?? new Set<number>();
        lote.add(l.funcionarioId);
        pedidos.set(per.inicio, lote);
      }
    }
    // Closed periods are skipped inside (spec §18); their dirty rows are consumed all the same.
    await calcularPedidos(w, fechamento, pedidos);
    await repo.apagarPendencias(
      tx,
      tenantId,
      linhas.map((l) => l.id),
    );
    return linhas.length;
  });
}

/** Seconds before the next consumer looks again at rows a writer held (see consumirPendencias). */
export const NOVA_RODADA_SEGUNDOS = 2;

/**
 * Job `calculo-pendencias`: rounds until the tenant has no dirty row it can
 * take; answers how many were consumed. Rows left then are held by a writer
 * whose days they already cover (db/pendencias.ts, step 2): that writer adds
 * no row, so no job, when it commits — the next round is queued here.
 */
export async function consumirPendencias(
  deps: Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'cpu' | 'jobs' | 'http'>>,
  dados: { tenantId: number },
): Promise<number> {
  // Rounds in flight at once, as Cálculo do Ponto's batches: while one waits on the database, the other's
  // employees are on the engine. Each takes rows the other does not hold (SKIP LOCKED), and two rounds that share
  // an employee queue on its calculation lock. Each goes on until a round finds nothing it can take. Requests
  // first, as there (decision 0089): the second waits while the process answers, until the first is done.
  let primeiraAcabou = false;
  const rodadas = async (r: number) => {
    let n = 0;
    for (;;) {
      if (r > 0) await aVezDasRequisicoes(deps.http, () => primeiraAcabou);
      const limite = deps.http?.ocupado() ? LOTE_PENDENCIAS_COM_REQUISICOES : LOTE_PENDENCIAS;
      const k = await consumirLotePendencias(deps, dados.tenantId, limite);
      if (k === 0) {
        if (r === 0) primeiraAcabou = true;
        return n;
      }
      n += k;
    }
  };
  const consumidas = (await Promise.all(Array.from({ length: LOTES_SIMULTANEOS }, (_, r) => rodadas(r)))).reduce(
    (a, b) => a + b,
    0,
  );
  if (deps.jobs && (await withTenant(deps.db, dados.tenantId, (tx) => repo.restamPendencias(tx, dados.tenantId)))) {
    await deps.jobs.send(
      PENDENCIAS_QUEUE,
      { tenantId: dados.tenantId },
      { singletonKey: String(dados.tenantId), startAfter: NOVA_RODADA_SEGUNDOS, retryLimit: 3, retryDelaySeconds: 5 },
    );
  }
  return consumidas;
}

/**
 * Job `dias-encerrados` (decision 0073), at the tenant's midnight: the days
 * stored open (today and later, when they were calculated) that have ended
 * since are marked dirty, so the dirty-row consumer judges them. Answers how
 * many employees had such days. Days of closed periods are left out by the
 * marking itself: a period closed before its end keeps its open days.
 */
export async function encerrarDias(deps: Pick<Deps, 'db' | 'clock'>, dados: { tenantId: number }): Promise<number> {
  const { tenantId } = dados;
  return withTenant(deps.db, tenantId, async (tx) => {
    const { hoje } = await fechamentoDoCliente({ tx, tenantId, now: deps.clock.now() });
    const faixas = await repo.diasEmAbertoAntesDe(tx, tenantId, hoje);
    await marcarPendencias(tx, tenantId, faixas, 'dia-encerrado');
    return faixas.length;
  });
}

/** The queue of Cálculo do Ponto runs. */
export const CALCULO_QUEUE = 'calculo-ponto';

/** The calculation's jobs, for modules/jobs.ts. */
export const CALCULO_JOBS = [
  defineJob<DadosExecucao>({
    name: CALCULO_QUEUE,
    handler: (deps, data) => executarCalculo(deps, data),
    // A company's period: the hour its send gave it before expiry was the registration's.
    options: { expireInSeconds: 3600 },
  }),
  defineJob<{ tenantId: number }>({
    name: PENDENCIAS_QUEUE,
    handler: async (deps, data) => {
      await consumirPendencias(deps, data);
    },
    // One waiting and one running consumer per tenant (db/pendencias-queue.ts enqueues them). Its rounds go on
    // while rows keep coming (an AFD import's days): half an hour.
    options: { policy: 'stately', expireInSeconds: 1800 },
  }),
  defineJob<{ tenantId: number }>({
    name: DIAS_ENCERRADOS_QUEUE,
    handler: async (deps, data) => {
      await encerrarDias(deps, data);
    },
    // One indexed read and one marking per tenant; at most one waiting per tenant (db/dias-em-aberto.ts).
    options: { policy: 'short', expireInSeconds: 300 },
  }),
];
