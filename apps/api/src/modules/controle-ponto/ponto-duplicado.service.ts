import { controlePontoApi, periodoFechamento, type ParsedBodyOf, type ResponseOf } from '@jornada/contracts';
import { badRequest, forbidden } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { calcularPedidos, fechamentoDoCliente, travarCalculo } from '../calculo/calculo.service.js';
import { autorDe, funcionarioDoEscopo, type ControlePontoContexto } from './controle-ponto-contexto.service.js';
import { controlePontoRepository } from './controle-ponto.repository.js';
import { filtroDe } from './listar-controle-ponto.service.js';
import { pontoDuplicadoRepository as repo } from './ponto-duplicado.repository.js';
import { duplicadas } from './pontos-duplicados.js';

type Api = typeof controlePontoApi;
const PD = controlePontoApi.PONTO_DUPLICADO_MSG;
const { funcionariosPorChamada: LOTE, janelaMinutos: JANELA } = controlePontoApi.PONTO_DUPLICADO_LIMITS;

/** Decision 0076: the analysis is a support session's (with 126, checked by the route). */
function exigirSuporte(auth: AuthContext): void {
  if (!auth.suporte) throw forbidden(PD.somenteSuporte);
}

/** The month's closing period of the tenant (the same for every employee of it). */
async function periodoDoMes(w: TenantWork, b: { ano: number; mes: number }) {
  const fechamento = await fechamentoDoCliente(w);
  const p = periodoFechamento(fechamento.dias, b.ano, b.mes);
  return { fechamento, periodo: { inicio: p.inicio, fim: p.fim } };
}

/** Each employee's duplicates in the period, by employee (only those with some). */
async function duplicadasPorFuncionario(w: TenantWork, ids: readonly number[], inicio: string, fim: string) {
  const porFuncionario = new Map<number, { id: number; dataHora: string; fonte: string; descartado: boolean }[]>();
  for (const o of await repo.originaisDoPeriodo(w.tx, w.tenantId, ids, inicio, fim)) {
    const lista = porFuncionario.get(o.f) ?? [];
    lista.push(o);
    porFuncionario.set(o.f, lista);
  }
  const out = new Map<number, Set<number>>();
  for (const [f, lista] of porFuncionario) {
    const d = duplicadas(lista, JANELA);
    if (d.size > 0) out.set(f, d);
  }
  return { porFuncionario, duplicadas: out };
}

export function buscarQuantidadeFuncionariosDuplicados(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarQuantidadeFuncionariosDuplicados']>,
): Promise<ResponseOf<Api['buscarQuantidadeFuncionariosDuplicados']>> {
  exigirSuporte(auth);
  return ctx.run(auth, async (w) => ({
    totalFuncionarios: await controlePontoRepository.quantidade(
      w.tx,
      w.tenantId,
      await w.scope(),
      await filtroDe(w, b),
    ),
  }));
}

/** One page of 50 of the Controle filter's employees: those with duplicates in the month, and how many. */
export function analisarPontoDuplicado(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['analisarPontoDuplicado']>,
): Promise<ResponseOf<Api['analisarPontoDuplicado']>> {
  exigirSuporte(auth);
  return ctx.run(auth, async (w) => {
    const pagina = await controlePontoRepository.funcionariosDaPagina(
      w.tx,
      w.tenantId,
      await w.scope(),
      await filtroDe(w, b),
      { linhas: LOTE, deslocamento: b.numPagina * LOTE },
    );
    if (pagina.length === 0) return { funcionarios: [] };
    const { periodo } = await periodoDoMes(w, b);
    const d = await duplicadasPorFuncionario(
      w,
      pagina.map((p) => p.id),
      periodo.inicio,
      periodo.fim,
    );
    return {
      funcionarios: pagina
        .filter((p) => d.duplicadas.has(p.id))
        .map((p) => ({ id: p.id, cracha: p.cracha ?? '', nome: p.nome, duplicadas: d.duplicadas.get(p.id)!.size })),
    };
  });
}

/** One employee's punches of the days that have duplicates, the duplicates marked (what resolving discards). */
export function buscarMarcacoesDuplicadas(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarMarcacoesDuplicadas']>,
): Promise<ResponseOf<Api['buscarMarcacoesDuplicadas']>> {
  exigirSuporte(auth);
  return ctx.run(auth, async (w) => {
    const f = await funcionarioDoEscopo(w, b.cnpj, b.funcionario);
    const { periodo } = await periodoDoMes(w, b);
    const d = await duplicadasPorFuncionario(w, [f.id], periodo.inicio, periodo.fim);
    const dup = d.duplicadas.get(f.id) ?? new Set<number>();
    const lista = (d.porFuncionario.get(f.id) ?? []).filter((o) => !o.descartado);
    const dias = new Set(lista.filter((o) => dup.has(o.id)).map((o) => o.dataHora.slice(0, 10)));
    return lista
      .filter((o) => dias.has(o.dataHora.slice(0, 10)))
      .map((o) => ({ id: o.id, dataHora: o.dataHora, fonte: o.fonte, duplicada: dup.has(o.id) }));
  });
}

/**
 * Resolves up to 50 employees (decision 0076): every duplicate discarded with
 * the tenant's type-5 justification (kept, never deleted), the months
 * recalculated in this transaction; employees whose period is closed are left
 * alone and counted. Every employee must be in the company and the caller's
 * scope, else nothing is written (404).
 */
export function resolverPontoDuplicado(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['resolverPontoDuplicado']>,
): Promise<ResponseOf<Api['resolverPontoDuplicado']>> {
  exigirSuporte(auth);
  return ctx.run(auth, async (w) => {
    const ids = [...new Set(b.idsFuncionarios)].sort((x, y) => x - y);
    for (const id of ids) await funcionarioDoEscopo(w, b.cnpj, id);
    const justificativa = await repo.justificativaDescartar(w.tx, w.tenantId);
    if (justificativa === null) throw badRequest(PD.semJustificativa);
    const { fechamento, periodo } = await periodoDoMes(w, b);
    await travarCalculo(w, ids);
    const fechados = await repo.fechados(w.tx, w.tenantId, ids, periodo.inicio);
    const abertos = ids.filter((id) => !fechados.has(id));
    const d = abertos.length
      ? await duplicadasPorFuncionario(w, abertos, periodo.inicio, periodo.fim)
      : { duplicadas: new Map<number, Set<number>>() };
    let descartadas = 0;
    const autor = autorDe(auth);
    for (const [f, marcacoes] of d.duplicadas)
      for (const id of marcacoes) {
        await controlePontoRepository.tratarOriginal(w.tx, w.tenantId, f, id, true, justificativa, autor);
        descartadas++;
      }
    if (descartadas > 0) {
      await calcularPedidos(w, fechamento, new Map([[periodo.inicio, new Set(d.duplicadas.keys())]]));
      await w.audit({
        acao: 'Editar',
        descricao: `Resolver pontos duplicados: ${descartadas} marcação(ões) de ${d.duplicadas.size} funcionário(s) descartada(s)`,
        alvo: { cnpjId: b.cnpj, centroCustoId: null },
      });
    }
    return { mensagem: PD.resolvidos, descartadas, fechados: fechados.size };
  });
}
