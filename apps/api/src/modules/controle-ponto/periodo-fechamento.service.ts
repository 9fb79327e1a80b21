import { calendario, controlePontoApi, type ParsedBodyOf, type ResponseOf } from '@jornada/contracts';
import { marcarPendencias } from '../../db/pendencias.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { vincularMarcacoesSemVinculo } from '../afd/vinculos.service.js';
import { calcularPedidos } from '../calculo/calculo.service.js';
import {
  M,
  autorDe,
  funcionarioDoEscopo,
  funcionarioMes,
  type ControlePontoContexto,
} from './controle-ponto-contexto.service.js';
import { controlePontoRepository as repo } from './controle-ponto.repository.js';

type Api = typeof controlePontoApi;
const FP = controlePontoApi.FECHAR_PERIODO_MSG;
type Mensagem = ResponseOf<Api['concluirFecharPeriodo']>;

const intervalo = (inicio: string, fim: string) => `${calendario.diaMesAno(inicio)} a ${calendario.diaMesAno(fim)}`;

/**
 * Fechar período and Concluir from Marcações (seed 002 §2, §4; decision
 * 0072). Closing first recalculates the employee's month in this
 * transaction (the frozen results are the current ones; the bank's balance
 * onward follows), then closes it; from then on the calculation skips it and
 * no change marks its days (spec §18). Concluding marks the days treated and
 * leaves the period open. A closed period is not closed or concluded again:
 * 'O período já está fechado.'
 */
export function concluirFecharPeriodo(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['concluirFecharPeriodo']>,
): Promise<Mensagem> {
  return ctx.run(auth, async (w) => {
    const m = await funcionarioMes(w, b);
    const f = m.funcionario;
    if (b.fecharPeriodo) {
      const feito = await calcularPedidos(w, m.fechamento, new Map([[m.periodo.inicio, new Set([f.id])]]));
      if (feito.fechados > 0) throw badRequest(M.periodoJaFechado);
    }
    if (!(await repo.fecharOuConcluir(w.tx, w.tenantId, f.id, m.periodo, b.fecharPeriodo, autorDe(auth))))
      throw badRequest(M.periodoJaFechado);
    await w.audit({
      acao: 'Editar',
      descricao: `${b.fecharPeriodo ? 'Fechar período' : 'Concluir período'} ${intervalo(m.periodo.inicio, m.periodo.fim)} de ${f.nome}`,
      alvo: { cnpjId: f.cnpjId, centroCustoId: f.centroCustoId },
    });
    return { mensagem: b.fecharPeriodo ? M.periodoFechadoSucesso : M.periodoConcluidoSucesso };
  });
}

/**
 * Abrir período (seed 002 §4, §6: only the Administrator; code 175, decision
 * 0072). The period opens and its days are marked for recalculation: while it
 * was closed, changes that reach many employees (a holiday, a schedule
 * version) left its days out, so its stored results may be behind. The
 * employee's punches left 'sem vínculo' because their period was closed (an
 * AFD imported meanwhile, decision 0075) are linked now.
 */
export function abrirPeriodo(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['abrirPeriodo']>,
): Promise<Mensagem> {
  return ctx.run(auth, async (w) => {
    const p = await repo.periodoPorId(w.tx, w.tenantId, b.idPeriodoFechamento);
    if (!p) throw notFound(M.periodoNaoEncontrado);
    const cab = await repo.cabecalho(w.tx, w.tenantId, p.funcionarioId);
    // An employee outside the caller's scope has, to the caller, no period.
    if (!cab) throw notFound(M.periodoNaoEncontrado);
    await funcionarioDoEscopo(w, cab.cnpjId, cab.id).catch(() => {
      throw notFound(M.periodoNaoEncontrado);
    });
    if (!p.fechado) throw badRequest(M.periodoNaoFechado);
    await repo.abrir(w.tx, w.tenantId, p.id);
    await vincularMarcacoesSemVinculo(w, [p.funcionarioId]);
    await marcarPendencias(
      w.tx,
      w.tenantId,
      [{ funcionarioId: p.funcionarioId, dataInicio: p.dataInicio, dataFinal: p.dataFinal }],
      'abrir-periodo',
    );
    await w.audit({
      acao: 'Editar',
      descricao: `Abrir período ${intervalo(p.dataInicio, p.dataFinal)} de ${cab.nome}`,
      alvo: { cnpjId: cab.cnpjId, centroCustoId: cab.centroCustoId },
    });
    return { mensagem: M.periodoAbertoSucesso };
  });
}

/**
 * Fechar Período in bulk (route 150, seed 002 §2, §4): the month of every
 * employee sent is recalculated in this transaction (calcularPedidos, the
 * bank onward) and closed; employees already closed are left as they were
 * and counted. Every employee must be in the company and in the caller's
 * scope, else nothing is closed (404). One call is one transaction: the
 * screen sends the employees in batches and shows the progress.
 */
export function concluirPeriodoEmLote(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['concluirPeriodoEmLote']>,
): Promise<ResponseOf<Api['concluirPeriodoEmLote']>> {
  return ctx.run(auth, async (w) => {
    const ids = [...new Set(b.funcionarios)].sort((x, y) => x - y);
    const funcionarios = [];
    for (const id of ids) funcionarios.push(await funcionarioDoEscopo(w, b.cnpj, id));
    const { fechamento, periodo } = await funcionarioMes(w, { ...b, funcionario: ids[0]! });
    await calcularPedidos(w, fechamento, new Map([[periodo.inicio, new Set(ids)]]));
    let fechados = 0;
    for (const f of funcionarios) {
      if (await repo.fecharOuConcluir(w.tx, w.tenantId, f.id, periodo, true, autorDe(auth))) fechados++;
    }
    await w.audit({
      acao: 'Editar',
      descricao: `Fechar período ${intervalo(periodo.inicio, periodo.fim)} de ${fechados} funcionário(s)`,
      alvo: { cnpjId: b.cnpj, centroCustoId: funcionarios.length === 1 ? funcionarios[0]!.centroCustoId : null },
    });
    return { mensagem: FP.fechados, fechados, jaFechados: funcionarios.length - fechados };
  });
}
