import { mensagensDaSolicitacao, type ProgressoExecucao } from '@jornada/contracts';

/**
 * The pure rules of Cálculo do Ponto's bar and button (seed 002 §4, §9):
 * Calcular at most once every 3 s, the progress read polled every second,
 * and the bar reset 1 s after success or 3 s after a failure.
 */
export const INTERVALO_CALCULAR_MS = 3_000;
export const INTERVALO_PROGRESSO_MS = 1_000;
export const ZERAR_APOS_SUCESSO_MS = 1_000;
export const ZERAR_APOS_FALHA_MS = 3_000;

/** Whether a click at `agora` passes the 3 s throttle after the last accepted one. */
export const podeCalcular = (ultimo: number | null, agora: number): boolean =>
  ultimo === null || agora - ultimo >= INTERVALO_CALCULAR_MS;

export type Fase = 'parado' | 'calculando' | 'concluido' | 'falhou';

/** What a progress read means for the screen: the bar's value, the phase, the message of a failure. */
export function lerProgresso(p: ProgressoExecucao): { valor: number; fase: Fase; mensagem: string | null } {
  if (p.status === 'PROCESSADO') return { valor: 100, fase: 'concluido', mensagem: null };
  if (p.status === 'ERRO') {
    return {
      valor: p.progresso,
      fase: 'falhou',
      mensagem: mensagensDaSolicitacao(p.mensagem)[0] ?? 'Não foi possível concluir o cálculo.',
    };
  }
  return { valor: p.progresso, fase: 'calculando', mensagem: null };
}
