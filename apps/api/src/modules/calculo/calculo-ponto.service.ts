import {
  CALCULO_PONTO_LIMITS as L,
  CALCULO_PONTO_MSG as M,
  normalizarPesquisa,
  periodoFechamento,
  type CalcularBody,
  type CalcularFlexivelBody,
  type ExecucaoIniciada,
  type FuncionarioResumo,
  type PaginaCalculada,
  type ProgressoExecucao,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { addDays } from '../../shared/clock.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import {
  exigirCentrosCusto,
  funcionariosDaSelecao,
  pesquisarFuncionarios,
} from '../funcionario-pesquisa/funcionario-pesquisa.service.js';
import { calcularPedidos, fechamentoDoCliente, periodosEntre, type Fechamento } from './calculo.service.js';
import { calculoRepository as repo } from './calculo.repository.js';
import type { Periodo } from './entrada-motor.js';
import { CALCULO_QUEUE, type DadosExecucao, type ParametrosExecucao } from './calculo.jobs.js';

type Modo = 'simples' | 'flexivel';
type Corpo = CalcularBody | CalcularFlexivelBody;

/**
 * Cálculo do Ponto (seed 002 §2, §4, §7; issue 11 §6; decision 0051). Who is
 * calculated is resolved in the caller's scope; the calculation itself runs
 * in the job (`calcular`, `calcular-flexivel`) or, for the paged calls, in the
 * request before it answers.
 */
export function calculoPontoService(deps: Deps) {
  const run = tenantWork(deps);

  /** The employees of the body, in the caller's scope, by name: the list sent, else the filter's (active ones). */
  const selecao = (w: TenantWork, b: Corpo): Promise<FuncionarioResumo[]> =>
    funcionariosDaSelecao(w, { cnpj: b.cnpj, idsCentrosCustos: b.idsCentrosCustos, funcionarios: b.funcionarios });

  /** The closing periods of the body: the month's (simples) or every one the dates meet (flexivel). */
  function periodos(f: Fechamento, b: Corpo, modo: Modo): Periodo[] {
    if (modo === 'simples') {
      const s = b as CalcularBody;
      const p = periodoFechamento(f.dias, s.ano, s.mes);
      return [{ inicio: p.inicio, fim: p.fim }];
    }
    const x = b as CalcularFlexivelBody;
    return periodosEntre(f.dias, x.dataInicio, x.dataFinal);
  }

  /** Employee × period calculations still open (closed periods are never recalculated). */
  async function abertos(w: TenantWork, ids: readonly number[], ps: readonly Periodo[]): Promise<number> {
    let n = 0;
    for (const p of ps) n += ids.length - (await repo.comPeriodoFechado(w.tx, w.tenantId, ids, p)).size;
    return n;
  }

  async function calcular(auth: AuthContext, b: Corpo, modo: Modo): Promise<ExecucaoIniciada> {
    const criada = await run(auth, async (w) => {
      const fechamento = await fechamentoDoCliente(w);
      const ps = periodos(fechamento, b, modo);
      const ids = (await selecao(w, b)).map((f) => f.id);
      const total = ids.length ? await abertos(w, ids, ps) : 0;
      const parametros: ParametrosExecucao = { funcionarioIds: ids, periodos: ps };
      const id = await repo.criarExecucao(w.tx, w.tenantId, {
        usuarioId: auth.userId,
        cnpjId: b.cnpj,
        modo,
        dataInicio: ps[0]!.inicio,
        dataFinal: ps[ps.length - 1]!.fim,
        parametros,
        total,
      });
      // In the same transaction: the run and its job are one fact (decision 0051).
      if (total > 0) {
        const dados: DadosExecucao = { tenantId: w.tenantId, execucaoId: id };
        await deps.jobs.send(CALCULO_QUEUE, dados, { tx: w.tx });
      }
      return { id, total, quantidadeFuncionarios: ids.length };
    });
    const mensagem =
      criada.quantidadeFuncionarios === 0 ? M.totalZero : criada.total === 0 ? M.periodosFechados : M.calculoIniciado;
    return { ...criada, mensagem };
  }

  async function calcularPagina(auth: AuthContext, b: Corpo, modo: Modo): Promise<PaginaCalculada> {
    return run(auth, async (w) => {
      const fechamento = await fechamentoDoCliente(w);
      const todos = await selecao(w, b);
      const linhas = b.linhasPorPagina ?? L.linhasPorPagina;
      const pagina = b.pagina ?? 0;
      const ids = todos.slice(pagina * linhas, (pagina + 1) * linhas).map((f) => f.id);
      const ps = periodos(fechamento, b, modo);
      const r = ids.length
        ? await calcularPedidos(w, fechamento, new Map(ps.map((p) => [p.inicio, new Set(ids)])))
        : { calculados: 0, fechados: 0 };
      return {
        pagina,
        linhasPorPagina: linhas,
        quantidadeFuncionarios: todos.length,
        calculados: r.calculados,
        ultimaPagina: (pagina + 1) * linhas >= todos.length,
        mensagem: todos.length === 0 ? M.totalZero : M.paginaCalculada(ids.length),
      };
    });
  }

  return {
    calcular: (auth: AuthContext, b: CalcularBody) => calcular(auth, b, 'simples'),
    calcularFlexivel: (auth: AuthContext, b: CalcularFlexivelBody) => calcular(auth, b, 'flexivel'),
    calcularPagina: (auth: AuthContext, b: CalcularBody) => calcularPagina(auth, b, 'simples'),
    calcularPaginaFlexivel: (auth: AuthContext, b: CalcularFlexivelBody) => calcularPagina(auth, b, 'flexivel'),

    /** The bar's read: a run of the caller's tenant. */
    progresso(auth: AuthContext, id: number): Promise<ProgressoExecucao> {
      return run(auth, async (w) => {
        const e = await repo.estadoExecucao(w.tx, w.tenantId, id);
        if (!e) throw notFound(M.calculoNaoEncontrado);
        const progresso = e.total === 0 ? 100 : Math.floor((e.calculados * 100) / e.total);
        return {
          id: e.id,
          status: e.status,
          total: e.total,
          calculados: e.calculados,
          progresso: e.status === 'PROCESSADO' ? 100 : Math.min(progresso, 99),
          mensagem: e.mensagem,
        };
      });
    },

    /** One employee of a company by badge (as typed, or without its leading zeros). */
    buscarFuncionario(auth: AuthContext, b: { cracha: string; idCnpj: number }): Promise<FuncionarioResumo> {
      return run(auth, async (w) => {
        const texto = normalizarPesquisa(b.cracha);
        const semZeros = (s: string) => s.replace(/^0+(?=.)/, '');
        const achados = texto ? await pesquisarFuncionarios(w, { idCnpj: b.idCnpj, crachaNome: texto }) : [];
        const f = achados.find((x) => semZeros(x.cracha) === semZeros(b.cracha.trim()));
        if (!f) throw notFound(M.funcionarioNaoEncontrado);
        return f;
      });
    },

    /** Active employees of the cost centres (with their children) or of the company, in the caller's scope. */
    quantidadeFuncionarios(
      auth: AuthContext,
      b: { idsCentrosCustos?: number[] | null | undefined; idCnpj?: number | null | undefined },
    ): Promise<{ quantidade: number }> {
      return run(auth, async (w) => {
        await exigirCentrosCusto(w, b.idsCentrosCustos, b.idCnpj);
        const rows = await pesquisarFuncionarios(w, {
          idCnpj: b.idCnpj ?? null,
          idsCentrosCustos: b.idsCentrosCustos ?? null,
          ativo: true,
        });
        return { quantidade: rows.length };
      });
    },

    /** Every day of the closing period named by month and year (the screen's start and end dropdowns). */
    listarDatasPeriodoFechamento(auth: AuthContext, b: { mes: number; ano: number }): Promise<string[]> {
      return run(auth, async (w) => {
        const p = periodoFechamento((await fechamentoDoCliente(w)).dias, b.ano, b.mes);
        const out: string[] = [];
        for (let d = p.inicio; d <= p.fim; d = addDays(d, 1)) out.push(d);
        return out;
      });
    },
  };
}
