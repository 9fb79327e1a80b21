import { controlePontoApi, periodoFechamento } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { notFound } from '../../shared/app-error.js';
import { tenantWork, type RunTenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { fechamentoDoCliente, type Fechamento } from '../calculo/calculo.service.js';
import { controlePontoRepository as repo, type Autor, type CabecalhoRow } from './controle-ponto.repository.js';
import type { AuthContext } from '../../shared/auth-context.js';

export const M = controlePontoApi.MARCACOES_MSG;

/**
 * What every use case of the time sheet (seed 002 §2 Controle do Ponto and
 * Marcações) works with, made once per service (decision 0068).
 */
export interface ControlePontoContexto {
  deps: Deps;
  run: RunTenantWork;
}

export function controlePontoContexto(deps: Deps): ControlePontoContexto {
  return { deps, run: tenantWork(deps) };
}

/** One closing period, inclusive 'yyyy-mm-dd'. */
export interface Periodo {
  inicio: string;
  fim: string;
}

/** One employee of the caller's scope, in the company the screen names, and a month of it. */
export interface FuncionarioMes {
  funcionario: CabecalhoRow;
  fechamento: Fechamento;
  /** The month's closing period under the tenant's rule. */
  periodo: Periodo;
}

/**
 * The employee of a Marcações call: in the company sent, which the caller
 * sees, and in the caller's cost centres. Anything else is, to the caller,
 * an employee that does not exist (404, decision 0020).
 */
export async function funcionarioDoEscopo(w: TenantWork, cnpjId: number, funcionarioId: number): Promise<CabecalhoRow> {
  const scope = await w.scope();
  scope.requireCnpj(cnpjId);
  const f = await repo.cabecalho(w.tx, w.tenantId, funcionarioId);
  if (!f || f.cnpjId !== cnpjId || !scope.hasRow(f.cnpjId, f.centroCustoId)) throw notFound(M.funcionarioNaoEncontrado);
  return f;
}

/** The employee of a call that names no company (seed 002 §7 solicitacao/listar): the same walls, by id alone. */
export async function funcionarioDoEscopoPorId(w: TenantWork, funcionarioId: number): Promise<CabecalhoRow> {
  const f = await repo.cabecalho(w.tx, w.tenantId, funcionarioId);
  if (!f) throw notFound(M.funcionarioNaoEncontrado);
  return funcionarioDoEscopo(w, f.cnpjId, funcionarioId);
}

/** The employee and the closing period of the month asked for. */
export async function funcionarioMes(
  w: TenantWork,
  b: { cnpj: number; funcionario: number; ano: number; mes: number },
): Promise<FuncionarioMes> {
  const funcionario = await funcionarioDoEscopo(w, b.cnpj, b.funcionario);
  const fechamento = await fechamentoDoCliente(w);
  const p = periodoFechamento(fechamento.dias, b.ano, b.mes);
  return { funcionario, fechamento, periodo: { inicio: p.inicio, fim: p.fim } };
}

/** The user a treatment row records (its name copied, so it still reads after a rename). */
export const autorDe = (auth: AuthContext): Autor => ({ usuarioId: auth.userId, usuarioNome: auth.nome.slice(0, 100) });
