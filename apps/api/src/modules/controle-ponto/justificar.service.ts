import { controlePontoApi, type ParsedBodyOf, type ResponseOf } from '@jornada/contracts';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import type { Autor } from './controle-ponto.repository.js';
import { acaoNoDia, diaDaAcao, type DiaDaAcao } from './acoes-dia.service.js';
import { eventosNaoJustificados, justificativasDeEvento } from './ajuste-parcial.service.js';
import { autorDe, type ControlePontoContexto } from './controle-ponto-contexto.service.js';
import { eventosDiaRepository as repo } from './eventos-dia.repository.js';

type Api = typeof controlePontoApi;
const A = controlePontoApi.ACOES_DIA_MSG;
const { EVENTO_DEBITO_ROTULO, EVENTOS_DEBITO } = controlePontoApi;
type EventoDebito = controlePontoApi.EventoDebito;

/**
 * Justificar, what the dialog reads (seed 002 §2, §3 "Events for
 * justification"): the day's events with minutes still unjustified, and the
 * occurrences that cover the day — one row per event each covers, whether it
 * came from this dialog (a one-day occurrence) or from the Ocorrências screen.
 */
export function listarEventosJustificativa(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['listarEventosJustificativa']>,
): Promise<ResponseOf<Api['listarEventosJustificativa']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    const f = dia.funcionario.id;
    const ocorrencias = await repo.ocorrenciasDoDia(w.tx, w.tenantId, f, dia.data);
    return {
      // An event an occurrence already covers is in the other list, even when its minutes still count (Explicação).
      naoJustificados: (await eventosNaoJustificados(w, f, dia.data)).filter(
        (e) => !ocorrencias.some((o) => o[e.codigo]),
      ),
      justificados: ocorrencias.flatMap((o) =>
        EVENTOS_DEBITO.filter((codigo) => o[codigo]).map((codigo) => ({
          id: o.id,
          codigo,
          descricaoEventoReal: EVENTO_DEBITO_ROTULO[codigo],
          justificativa: { id: o.justificativaId, descricao: o.justificativa },
          observacao: o.observacao,
          usuarioJustificativa: o.usuario,
        })),
      ),
      justificativas: await justificativasDeEvento(w),
    };
  });
}

/**
 * Justificar, saved (spec §14.1): each event moved to the justified list
 * becomes an occurrence of the day covering that event alone, with its
 * justification (types 1–3) and observation. Only an event that still has
 * minutes to justify on the stored day, and that no occurrence covers yet, is
 * taken.
 */
export function salvarEventosJustificativa(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['salvarEventosJustificativa']>,
): Promise<ResponseOf<Api['salvarEventosJustificativa']>> {
  return acaoNoDia(ctx, auth, b, (w, dia) => justificarEventosDoDia(w, dia, b.eventos, autorDe(auth)));
}

/** Justificar's writes (the dialog's, and an approved justification request's), with its message and log line. */
export async function justificarEventosDoDia(
  w: TenantWork,
  dia: DiaDaAcao,
  eventos: readonly { codigo: EventoDebito; justificativa: number; observacao: string | null }[],
  autor: Autor,
) {
  const f = dia.funcionario.id;
  const pendentes = new Set((await eventosNaoJustificados(w, f, dia.data)).map((e) => e.codigo));
  const cobertos = await repo.ocorrenciasDoDia(w.tx, w.tenantId, f, dia.data);
  const validas = new Set((await justificativasDeEvento(w)).map((j) => j.id));
  for (const e of eventos) {
    if (cobertos.some((o) => o[e.codigo])) throw badRequest(A.eventoJaJustificado);
    if (!pendentes.has(e.codigo)) throw badRequest(A.eventoSemHoras);
    if (!validas.has(e.justificativa)) throw badRequest(A.justificativaEventoInvalida);
    await repo.justificarEvento(
      w.tx,
      w.tenantId,
      f,
      { dia: dia.data, codigo: e.codigo, justificativaId: e.justificativa, observacao: e.observacao },
      autor,
    );
  }
  return {
    mensagem: A.eventosJustificados,
    descricao: `Justificar ${eventos.map((e) => EVENTO_DEBITO_ROTULO[e.codigo]).join(', ')}`,
  };
}
