import type { controlePontoApi, ParsedBodyOf, ResponseOf } from '@jornada/contracts';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { calcularPedidos } from '../calculo/calculo.service.js';
import {
  M,
  funcionarioMes,
  type ControlePontoContexto,
  type FuncionarioMes,
} from './controle-ponto-contexto.service.js';
import { controlePontoRepository as repo, type ResumoArmazenado } from './controle-ponto.repository.js';
import { diaPonto } from './dia-ponto.js';

type Api = typeof controlePontoApi;
type MarcacoesMes = ResponseOf<Api['buscarCalcularPonto']>;

/** The month summary's numbers (seed 002 §3 "Monthly summary"), in minutes. */
function sumario(r: ResumoArmazenado): MarcacoesMes['sumario'] {
  const s = r.summary;
  const b = r.bank;
  return {
    diasTrabalhados: s.diasTrabalhados,
    jornada: s.jornada,
    jornadaEAbono: s.jornadaEAbono,
    horasExtras: s.horasExtrasEventos.reduce((t, e) => t + e.valor, 0),
    outrosEventos: s.outrosEventos.reduce((t, e) => t + e.valor, 0),
    saldoAnteriorBH: b?.saldoAnteriorBH ?? null,
    saldoDebitoLancado: b?.saldoDebitoLancado ?? null,
    saldoCreditoLancado: b?.saldoCreditoLancado ?? null,
    creditosBH: b?.creditosBH ?? null,
    totalCreditos: b?.totalCreditos ?? null,
    debitosBH: b?.debitosBH ?? null,
    saldoFinal: b?.saldoFinal ?? null,
  };
}

/** The Detalhes tab of one employee-month, as the calculation stored it: nothing is recalculated here. */
export async function lerMes(w: TenantWork, m: FuncionarioMes): Promise<MarcacoesMes> {
  const { funcionario: f, periodo: p } = m;
  const [dias, ocorrencias, resumo, periodo] = [
    await repo.dias(w.tx, w.tenantId, f.id, p.inicio, p.fim),
    await repo.ocorrencias(w.tx, w.tenantId, f.id, p.inicio, p.fim),
    await repo.resumo(w.tx, w.tenantId, f.id, p.inicio),
    await repo.periodo(w.tx, w.tenantId, f.id, p.inicio),
  ];
  return {
    funcionario: {
      id: f.id,
      cracha: f.cracha ?? '',
      nome: f.nome,
      centroCusto: f.centroCusto,
      possuiFoto: f.possuiFoto,
    },
    periodoFechamento: {
      id: periodo?.id ?? null,
      fechado: periodo?.fechado ?? false,
      concluido: periodo?.concluido ?? false,
      dataInicio: p.inicio,
      dataFinal: p.fim,
    },
    calculadoEm: resumo ? new Date(resumo.calculadoEm).toISOString() : null,
    pontos: resumo ? dias.map((d) => diaPonto(d, ocorrencias)) : [],
    sumario: resumo ? sumario(resumo.resumo) : null,
  };
}

/** Marcações, tab Detalhes (seed 002 §2, §3, §7 buscar-calcular-ponto). */
export function buscarCalcularPonto(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarCalcularPonto']>,
): Promise<MarcacoesMes> {
  return ctx.run(auth, async (w) => lerMes(w, await funcionarioMes(w, b)));
}

/**
 * The same month; with applicarCalculos, the month is recalculated first, in
 * this request and its transaction (the action 'Calcular': the bank's
 * balances onward are chained by calcularPedidos). A closed period is never
 * recalculated (spec §18): asking is refused.
 */
export function buscarCalcularMarcacoesFuncionario(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarCalcularMarcacoesFuncionario']>,
): Promise<MarcacoesMes> {
  return ctx.run(auth, async (w) => {
    const m = await funcionarioMes(w, b);
    if (b.applicarCalculos) {
      const feito = await calcularPedidos(w, m.fechamento, new Map([[m.periodo.inicio, new Set([m.funcionario.id])]]));
      if (feito.fechados > 0) throw badRequest(M.periodoFechado);
    }
    return lerMes(w, m);
  });
}

/** Marcações, tab Resumo (seed 002 §2, §3 employee summary): the month's totals as stored, in minutes. */
export function buscarResumoFuncionario(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarResumoFuncionario']>,
): Promise<ResponseOf<Api['buscarResumoFuncionario']>> {
  return ctx.run(auth, async (w) => {
    const { funcionario: f, periodo: p } = await funcionarioMes(w, b);
    const r = (await repo.resumo(w.tx, w.tenantId, f.id, p.inicio))?.resumo;
    if (!r) return { totaisJornadas: [], horasExtrasEventos: [], outrosEventos: [], totaisBancoHoras: [] };
    return {
      totaisJornadas: r.summary.totaisJornadas.map((j) => ({
        descricao: j.descricao,
        dias: j.dias,
        total: j.trabalhado,
      })),
      horasExtrasEventos: r.summary.horasExtrasEventos.map((e) => ({ descricao: e.descricao, valor: e.valor })),
      outrosEventos: r.summary.outrosEventos.map((e) => ({ descricao: e.descricao, dias: e.dias, valor: e.valor })),
      totaisBancoHoras: r.totaisBancoHoras ?? [],
    };
  });
}
