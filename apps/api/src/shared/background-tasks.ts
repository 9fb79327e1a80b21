import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (issue 7 §6: the reset request
 * answers first, the mail goes out after, so the answer's timing cannot tell
 * whether the e-mail exists). In-process and tracked, so shutdown and tests
 * can wait for it; it moves onto the job queue when that exists.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const p: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => {
        const e =
          err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { value: String(err) };
        this.log.error({ err: e, tarefa: name }, 'Tarefa em segundo plano falhou');
      })
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when every task started so far (and any they started) has ended. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
