import { calendario, controlePontoApi, type ParsedBodyOf, type ResponseOf } from '@jornada/contracts';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { addDays } from '../../shared/clock.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { acaoNoDia, diaDaAcao, type DiaDaAcao } from './acoes-dia.service.js';
import { eventosDiaRepository as repo, type AjusteRow } from './eventos-dia.repository.js';
import { autorDe, type ControlePontoContexto } from './controle-ponto-contexto.service.js';
import { horasMinutos } from './dia-ponto.js';

type Api = typeof controlePontoApi;
type AjusteBody = ParsedBodyOf<Api['salvarAjusteParcial']>['ajusteParcial'];
const A = controlePontoApi.ACOES_DIA_MSG;
const { EVENTO_DEBITO_ROTULO, EVENTOS_DEBITO, TIPOS_JUSTIFICATIVA_AJUSTE } = controlePontoApi;

/** 'Atraso (01:00)': an event as the dialog lists it. */
const descricao = (codigo: keyof typeof EVENTO_DEBITO_ROTULO, minutos: number) =>
  `${EVENTO_DEBITO_ROTULO[codigo]} (${horasMinutos(minutos)})`;

const periodoDoAjuste = (a: AjusteRow) =>
  `${calendario.diaMesAno(a.inicio.slice(0, 10))} ${a.inicio.slice(11)} a ${calendario.diaMesAno(a.fim.slice(0, 10))} ${a.fim.slice(11)}`;

/**
 * The day's events with minutes still to justify, as the calculation stored the day (Justificar and Ajuste
 * parcial list the same ones).
 */
export async function eventosNaoJustificados(w: TenantWork, funcionarioId: number, data: string) {
  const minutos = await repo.minutosDoDia(w.tx, w.tenantId, funcionarioId, data);
  return EVENTOS_DEBITO.flatMap((codigo, i) =>
    minutos[codigo] > 0
      ? [{ id: i + 1, codigo, descricaoEventoReal: descricao(codigo, minutos[codigo]), minutos: minutos[codigo] }]
      : [],
  );
}

/** The tenant's justifications that treat an event (types 1–3; 4 and 5 edit punches, spec §14). */
export const justificativasDeEvento = async (w: TenantWork) =>
  (await repo.justificativas(w.tx, w.tenantId, TIPOS_JUSTIFICATIVA_AJUSTE)).map((j) => ({
    id: j.id,
    descricao: j.descricao,
  }));

/**
 * Ajuste parcial, what the dialog reads (seed 002 §2, §3 "Partial adjustment"):
 * the day's events with minutes still to justify, as the calculation stored
 * the day; the day's adjustments; the justifications of types 1–3.
 */
export function buscarAjusteParcial(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarAjusteParcial']>,
): Promise<ResponseOf<Api['buscarAjusteParcial']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    const f = dia.funcionario.id;
    const ajustes = await repo.ajustesDoDia(w.tx, w.tenantId, f, dia.data);
    return {
      eventosInjustificados: await eventosNaoJustificados(w, f, dia.data),
      eventosAjusteParcial: ajustes.map((a) => ({
        id: a.id,
        descricaoEventoReal: `${EVENTO_DEBITO_ROTULO[a.codigoEvento]}: ${periodoDoAjuste(a)}`,
        ajusteParcial: {
          id: a.id,
          dia: a.dia,
          codigoEvento: a.codigoEvento,
          diaInicio: a.inicio.slice(0, 10),
          horaInicio: a.inicio.slice(11),
          diaFinal: a.fim.slice(0, 10),
          horaFinal: a.fim.slice(11),
        },
        justificativa: { id: a.justificativaId, descricao: a.justificativa },
      })),
      justificativas: await justificativasDeEvento(w),
    };
  });
}

/**
 * The adjustment's instants, checked: inside the day or the next (a night journey's end), the justification
 * one of the tenant's of types 1–3 (the contract already refused an end before the start).
 */
async function intervaloValido(w: TenantWork, dia: DiaDaAcao, a: AjusteBody) {
  const permitidos = new Set([dia.data, addDays(dia.data, 1)]);
  if (!permitidos.has(a.diaInicio) || !permitidos.has(a.diaFinal)) throw badRequest(A.ajusteForaDoDia);
  if (!(await justificativasDeEvento(w)).some((j) => j.id === a.justificativa))
    throw badRequest(A.justificativaEventoInvalida);
  return {
    inicio: `${a.diaInicio} ${a.horaInicio}`,
    fim: `${a.diaFinal} ${a.horaFinal}`,
    justificativaId: a.justificativa,
  };
}

/** A new adjustment of one of the day's events that still has minutes to justify (spec §14.3). */
export function salvarAjusteParcial(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['salvarAjusteParcial']>,
): Promise<ResponseOf<Api['salvarAjusteParcial']>> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    const codigoEvento = b.ajusteParcial.codigoEvento;
    if (!codigoEvento) throw badRequest(A.selecioneEvento);
    const intervalo = await intervaloValido(w, dia, b.ajusteParcial);
    const minutos = await repo.minutosDoDia(w.tx, w.tenantId, dia.funcionario.id, dia.data);
    if (minutos[codigoEvento] <= 0) throw badRequest(A.eventoSemHoras);
    await repo.incluir(
      w.tx,
      w.tenantId,
      dia.funcionario.id,
      { dia: dia.data, codigoEvento, ...intervalo },
      autorDe(auth),
    );
    return {
      mensagem: A.ajusteSalvo,
      descricao: `Ajuste parcial de ${EVENTO_DEBITO_ROTULO[codigoEvento]} (${intervalo.inicio.slice(11)}–${intervalo.fim.slice(11)})`,
    };
  });
}

/** An adjustment of the day with a new interval or justification; its event stays (the dialog locks it). */
export function alterarAjusteParcial(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['alterarAjusteParcial']>,
): Promise<ResponseOf<Api['alterarAjusteParcial']>> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    const intervalo = await intervaloValido(w, dia, b.ajusteParcial);
    const id = b.ajusteParcial.id!;
    const feito = await repo.alterar(
      w.tx,
      w.tenantId,
      dia.funcionario.id,
      { id, dia: dia.data, ...intervalo },
      autorDe(auth),
    );
    if (!feito) throw badRequest(A.ajusteNaoEncontrado);
    return {
      mensagem: A.ajusteAlterado,
      descricao: `Alterar ajuste parcial (${intervalo.inicio.slice(11)}–${intervalo.fim.slice(11)})`,
    };
  });
}

export function excluirAjusteParcial(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['excluirAjusteParcial']>,
): Promise<ResponseOf<Api['excluirAjusteParcial']>> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    if (!(await repo.excluir(w.tx, w.tenantId, dia.funcionario.id, dia.data, b.ajusteParcial.id)))
      throw badRequest(A.ajusteNaoEncontrado);
    return { mensagem: A.ajusteExcluido, descricao: 'Excluir ajuste parcial' };
  });
}
