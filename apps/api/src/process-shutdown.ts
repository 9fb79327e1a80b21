import type { FastifyBaseLogger } from 'fastify';

/**
 * One shutdown for every signal of a process (the server, `npm run worker`).
 * Ctrl-C under npm reaches the process twice (from the terminal and from
 * scripts/start.mjs): every signal joins the one shutdown, and a second one
 * never kills the process half-way (the embedded database's files and lock,
 * and the running jobs, must end cleanly). `stop` runs first, then `close`,
 * even when `stop` fails.
 */
export function onShutdownSignals(
  log: FastifyBaseLogger,
  what: string,
  stop: () => Promise<void>,
  close: () => Promise<void>,
): void {
  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      log.info(`${signal}: encerrando ${what}`);
      try {
        await stop();
      } finally {
        await close();
      }
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
}
