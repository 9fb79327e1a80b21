import {
  calendario,
  controlePontoApi,
  periodoFechamentoDaData,
  type ParsedBodyOf,
  type ResponseOf,
} from '@jornada/contracts';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { calcularPedidos, entradaDoMotor, fechamentoDoCliente, travarCalculo } from '../calculo/calculo.service.js';
import { lerMes } from './buscar-marcacoes.service.js';
import {
  autorDe,
  funcionarioDoEscopo,
  type ControlePontoContexto,
  type FuncionarioMes,
} from './controle-ponto-contexto.service.js';
import { controlePontoRepository as repo } from './controle-ponto.repository.js';

type Api = typeof controlePontoApi;
type AcaoDiaResposta = ResponseOf<Api['lancarFolgaPontoDia']>;

/** The employee's day an action works on, with the month that holds it. */
export interface DiaDaAcao extends FuncionarioMes {
  data: string;
}

const A = controlePontoApi.ACOES_DIA_MSG;

/**
 * The employee (in the caller's scope, else 404) and the day asked for, with
 * the closing period that holds it. With `travar`, the employee's calculation
 * lock is taken first (decision 0049): two operators treating one employee
 * queue, and the second recalculates with the first's change committed; then
 * a closed period is refused — after the lock, so a close that committed
 * meanwhile is seen.
 */
async function diaDaAcao(
  w: TenantWork,
  b: { cnpj: number; funcionario: number; data: string },
  travar: boolean,
): Promise<DiaDaAcao> {
  const funcionario = await funcionarioDoEscopo(w, b.cnpj, b.funcionario);
  const fechamento = await fechamentoDoCliente(w);
  const p = periodoFechamentoDaData(fechamento.dias, b.data);
  if (travar) {
    await travarCalculo(w, [funcionario.id]);
    if ((await repo.periodo(w.tx, w.tenantId, funcionario.id, p.inicio))?.fechado) throw badRequest(A.periodoFechado);
  }
  return { funcionario, fechamento, periodo: { inicio: p.inicio, fim: p.fim }, data: b.data };
}

/**
 * The shape every day action shares (seed 002 §2 "Day dialogs"; decision
 * 0074), in one transaction: the day of an open period, locked; the change
 * (its writes mark their days dirty through the input tables' triggers);
 * the month recalculated in this request — the day, the week's DSR, the next
 * day's interjornada inside the month, the bank onward (calcularPedidos
 * chains the following stored periods); the operation log; the month as
 * Marcações shows it. A change in the last days of a month that reaches into
 * the next is recalculated there by the dirty-row consumer.
 */
export function acaoNoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: { cnpj: number; funcionario: number; data: string },
  mudar: (w: TenantWork, dia: DiaDaAcao) => Promise<{ mensagem: string; descricao: string }>,
): Promise<AcaoDiaResposta> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, true);
    const { mensagem, descricao } = await mudar(w, dia);
    await calcularPedidos(w, dia.fechamento, new Map([[dia.periodo.inicio, new Set([dia.funcionario.id])]]));
    await w.audit({
      acao: 'Editar',
      descricao: `${descricao} em ${calendario.diaMesAno(dia.data)} de ${dia.funcionario.nome}`,
      alvo: { cnpjId: dia.funcionario.cnpjId, centroCustoId: dia.funcionario.centroCustoId },
    });
    return { mensagem, marcacoes: await lerMes(w, dia) };
  });
}

/** Lançar/Excluir Folga: whether the day has a day off (the screen opens one dialog or the other). */
export function buscarFolgaPontoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarFolgaPontoDia']>,
): Promise<ResponseOf<Api['buscarFolgaPontoDia']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    return { temFolga: await repo.temFolga(w.tx, w.tenantId, dia.funcionario.id, dia.data) };
  });
}

export function lancarFolgaPontoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['lancarFolgaPontoDia']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    if (!(await repo.lancarFolga(w.tx, w.tenantId, dia.funcionario.id, dia.data, autorDe(auth))))
      throw badRequest(A.jaTemFolga);
    return { mensagem: A.folgaLancada, descricao: 'Lançar folga' };
  });
}

export function excluirFolgaPontoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['excluirFolgaPontoDia']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    if (!(await repo.excluirFolga(w.tx, w.tenantId, dia.funcionario.id, dia.data))) throw badRequest(A.naoTemFolga);
    return { mensagem: A.folgaExcluida, descricao: 'Excluir folga' };
  });
}

/**
 * Feriado: the holidays registered for the date that apply to this employee
 * (scope and exceptions resolved as the calculation resolves them) and
 * whether 'Não é Feriado' is in force.
 */
export function buscarFeriadoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarFeriadoDia']>,
): Promise<ResponseOf<Api['buscarFeriadoDia']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    const input = await entradaDoMotor(w, dia.funcionario.id, dia.periodo);
    const feriados = (input?.holidays ?? [])
      .filter((h) => h.date === dia.data)
      .map((h) => ({ descricao: h.description ?? 'Feriado' }));
    return { feriados, feriadoExcluido: await repo.feriadoExcluido(w.tx, w.tenantId, dia.funcionario.id, dia.data) };
  });
}

/** 'É Feriado' keeps the holiday; 'Não é Feriado' ignores it and the day follows a normal day's rules. */
export function salvarFeriadoExcluido(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['salvarFeriadoExcluido']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    await repo.definirFeriadoExcluido(w.tx, w.tenantId, dia.funcionario.id, dia.data, b.excluido, autorDe(auth));
    return { mensagem: A.feriadoSalvo, descricao: b.excluido ? 'Não é feriado' : 'É feriado' };
  });
}

/** Excluir ocorrências do dia (seed 002 §7 ocorrencia/marcar-excluir): occurrences lose this day only. */
export function marcarExcluirOcorrencia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['marcarExcluirOcorrencia']>,
): Promise<AcaoDiaResposta> {
  const alvo = { cnpj: b.cnpj, funcionario: b.idFuncionario, data: b.diaPonto };
  return acaoNoDia(ctx, auth, alvo, async (w, dia) => {
    const n = await repo.excluirOcorrenciasDoDia(w.tx, w.tenantId, dia.funcionario.id, dia.data);
    if (n === 0) throw badRequest(A.semOcorrencias);
    return { mensagem: A.ocorrenciasExcluidas, descricao: `Excluir ${n === 1 ? 'ocorrência' : `${n} ocorrências`}` };
  });
}
