import {
  PESQUISA_FUNCIONARIOS_LIMITS,
  funcionarioApi,
  PESQUISA_FUNCIONARIOS_MSG as M,
  type ContratoResumo,
  type FuncionarioResumo,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { alvoComum } from '../../db/operation-log.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { addDays, brDate } from '../../shared/clock.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { funcionarioPesquisaRepository as repo } from './funcionario-pesquisa.repository.js';

/** A search as the contracts hand it over (the text already follows the seed's rule). */
export interface FiltroPesquisa {
  idCnpj?: number | null | undefined;
  idsCentrosCustos?: readonly number[] | null | undefined;
  ativo?: boolean | null | undefined;
  crachaNome?: string | undefined;
  idContrato?: number | undefined;
}

export interface TrocaEscala {
  idsFuncionarios: readonly number[];
  idAntigoContrato: number;
  idNovoContrato: number;
  dataInicio: string;
}

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Of these employee ids, those of the tenant the caller sees (company and
 * cost centre in scope), as picker rows by name. For other modules' use cases
 * (the holidays' 'Exceção da Regra'), inside their own unit of work.
 */
export async function funcionariosVisiveis(
  w: TenantWork,
  ids: readonly number[],
  cnpjId?: number,
): Promise<FuncionarioResumo[]> {
  return repo.visiveis(w.tx, w.tenantId, await w.scope(), unique(ids), cnpjId);
}

/**
 * The employees a filter selects — a company and/or cost centres (each with
 * its children), active or not, optionally by text and current schedule — in
 * the caller's scope, by name, at most `maxLinhas`. The pickers' search, and
 * for other modules' use cases (Cálculo do Ponto) inside their unit of work.
 */
export async function pesquisarFuncionarios(w: TenantWork, filtro: FiltroPesquisa): Promise<FuncionarioResumo[]> {
  const scope = await w.scope();
  const cnpjId = filtro.idCnpj ?? null;
  // A company the caller does not hold is, to the caller, one that does not exist.
  if (cnpjId !== null) scope.requireCnpj(cnpjId);
  // Cost centres outside the scope or the tenant add nothing: the employee predicate keeps the scope.
  const pedidos = unique(filtro.idsCentrosCustos ?? []);
  const centroCustoIds = pedidos.length ? await repo.centrosComFilhos(w.tx, w.tenantId, pedidos) : null;
  if (centroCustoIds?.length === 0) return [];
  return repo.buscar(w.tx, w.tenantId, scope, {
    cnpjId,
    centroCustoIds,
    ativo: filtro.ativo ?? true,
    texto: filtro.crachaNome ?? null,
    escalaId: filtro.idContrato ?? null,
    limite: PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas,
  });
}

/**
 * Each cost centre sent must be one the caller may use (decision 0020), of
 * the company named when one is: else 404, as for a centre that does not
 * exist. Left out silently, a run asked for a department the caller does not
 * hold would select nobody — or only the rest of the list — and say so as if
 * it had been asked (decision 0064).
 */
export async function exigirCentrosCusto(
  w: TenantWork,
  centroIds: readonly number[] | null | undefined,
  cnpjId?: number | null,
): Promise<void> {
  if (!centroIds?.length) return;
  const pedidos = unique(centroIds);
  const scope = await w.scope();
  const usaveis = (await repo.centrosCusto(w.tx, w.tenantId, pedidos)).filter(
    (c) => scope.hasCentroCusto(c) && (cnpjId == null || c.cnpjId === cnpjId),
  );
  if (usaveis.length !== pedidos.length) throw notFound(M.centroCustoNaoEncontrado);
}

/** What the shared employee filter sends (seed 002 §5): a company, cost centres, and a list or its filter. */
export interface SelecaoFiltro {
  cnpj: number;
  idsCentrosCustos?: readonly number[] | null | undefined;
  /** The employees chosen; empty or absent: every employee the filter finds ('todos'). */
  funcionarios?: readonly number[] | null | undefined;
  ativo?: boolean | null | undefined;
}

/**
 * The employees of a movement or report screen's filter, in the caller's
 * scope, by name: the list sent (every one visible and of the company, else
 * 404: to the caller, an employee it may not see does not exist), else the
 * filter's search.
 */
export async function funcionariosDaSelecao(w: TenantWork, b: SelecaoFiltro): Promise<FuncionarioResumo[]> {
  const scope = await w.scope();
  scope.requireCnpj(b.cnpj);
  await exigirCentrosCusto(w, b.idsCentrosCustos, b.cnpj);
  if (b.funcionarios?.length) {
    const pedidos = unique(b.funcionarios);
    // Of the company the screen names: its filter never lists another's employees.
    const visiveis = await funcionariosVisiveis(w, pedidos, b.cnpj);
    if (visiveis.length !== pedidos.length) throw notFound(M.funcionarioNaoEncontrado);
    return visiveis;
  }
  return pesquisarFuncionarios(w, {
    idCnpj: b.cnpj,
    idsCentrosCustos: b.idsCentrosCustos ?? null,
    ativo: b.ativo ?? true,
  });
}

/**
 * The employee search (seed 001 §7) behind every employee picker, and the
 * mass move of the tab 'Funcionário/Escala' (seed 001 §2.3). Employees are
 * company data: only those whose company and cost centre are in the caller's
 * scope are ever listed or moved (decision 0020). Schedules are tenant-wide.
 */
export function funcionarioPesquisaService(deps: Deps) {
  const run = tenantWork(deps);

  return {
    /** The schedules for the pickers. */
    listarContratos(auth: AuthContext): Promise<ContratoResumo[]> {
      return run(auth, async (w) => (await repo.listarEscalas(w.tx, w.tenantId)).map(funcionarioApi.contratoResumoDe));
    },

    /** Employees of a company and/or cost centres, optionally by text and current schedule; a schedule must exist. */
    buscar(auth: AuthContext, filtro: FiltroPesquisa): Promise<FuncionarioResumo[]> {
      return run(auth, async (w) => {
        if (filtro.idContrato !== undefined && !(await repo.escala(w.tx, w.tenantId, filtro.idContrato))) {
          throw notFound(M.escalaNaoEncontrada);
        }
        return pesquisarFuncionarios(w, filtro);
      });
    },

    /**
     * The mass move, all or nothing: each selected employee whose current
     * schedule is still the old one gets the new one from `dataInicio`, the
     * current entry ending the day before. Selected employees already moved
     * by someone else meanwhile are left alone and counted in the answer.
     */
    trocarContratoFuncionarios(auth: AuthContext, troca: TrocaEscala): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const antiga = await repo.escala(w.tx, w.tenantId, troca.idAntigoContrato);
        const nova = await repo.escala(w.tx, w.tenantId, troca.idNovoContrato);
        if (!antiga || !nova) throw notFound(M.escalaNaoEncontrada);
        const ids = unique(troca.idsFuncionarios);
        const scope = await w.scope();
        const travados = await repo.travarFuncionarios(w.tx, w.tenantId, ids);
        const visiveis = travados.filter((t) => scope.hasRow(t.cnpjId, t.centroCustoId));
        if (visiveis.length !== ids.length) throw notFound(M.funcionarioNaoEncontrado);
        const nomes = new Map(visiveis.map((v) => [v.id, v.nome]));
        const travadoPorId = new Map(visiveis.map((v) => [v.id, v]));

        const mover = (await repo.escalasAtuais(w.tx, w.tenantId, ids)).filter(
          (e) => e.escalaId === troca.idAntigoContrato,
        );
        if (mover.length === 0) throw badRequest(M.nenhumNaEscalaAtual);
        // The current entry keeps at least its first day: it ends the day before the new one starts.
        const cedo = mover
          .filter((e) => e.dataInicio >= troca.dataInicio)
          .sort((a, b) => (b.dataInicio < a.dataInicio ? -1 : 1))[0];
        if (cedo) throw badRequest(M.dataAntesDoInicio(nomes.get(cedo.funcionarioId)!, brDate(cedo.dataInicio)));

        await repo.trocarEscalas(w.tx, w.tenantId, mover, nova.id, addDays(troca.dataInicio, -1), troca.dataInicio);
        await w.audit({
          acao: 'Editar',
          descricao:
            `Escala de ${mover.length} funcionário(s) trocada de ${antiga.id} - ${antiga.descricao} ` +
            `para ${nova.id} - ${nova.descricao} a partir de ${brDate(troca.dataInicio)}`,
          // The moved employees' one company (and cost centre); employees of several companies: tenant-wide.
          alvo: alvoComum(mover.map((e) => travadoPorId.get(e.funcionarioId)!)),
        });
        return { mensagem: M.escalaTrocada(mover.length, ids.length - mover.length) };
      });
    },
  };
}
