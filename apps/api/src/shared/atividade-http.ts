import type { FastifyInstance } from 'fastify';

/**
 * Requests first (issue 26 §6, decision 0089): how busy this process's HTTP side is, for the background work
 * that shares its cores (the calculation's batches) to size its next step by. A request marks the moment it
 * arrives and the moment its answer ends; the side counts as busy until JANELA_MS after the last mark. A client
 * calling back to back keeps it busy; a long-poll held open or a slow upload does not (no CPU while they wait).
 * A process without HTTP (`npm run worker`) is never busy.
 */
export class AtividadeHttp {
  private ultima = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly agora: () => number = () => performance.now(),
    private readonly janelaMs = JANELA_MS,
  ) {}

  /** A request arrived, or its answer ended. */
  marcar(): void {
    this.ultima = this.agora();
  }

  ocupado(): boolean {
    return this.agora() - this.ultima < this.janelaMs;
  }
}

/**
 * How long after the last mark the HTTP side still counts as busy: longer than the gap between a client's
 * calls back to back or a page's calls in sequence, shorter than the gap a progress read every second leaves.
 */
export const JANELA_MS = 25;

/** Every request of `app` marks `atividade` when it arrives and when its answer ends (or its connection drops). */
export function marcarRequisicoes(app: FastifyInstance, atividade: AtividadeHttp): void {
  app.addHook('onRequest', async (_req, reply) => {
    atividade.marcar();
    reply.raw.once('close', () => atividade.marcar());
  });
}
