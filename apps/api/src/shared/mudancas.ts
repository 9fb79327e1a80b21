import type { Listen } from '../db/job-schema.js';

/** How a wait for a change ended. */
export type FimDaEspera = 'mudou' | 'tempo' | 'encerrado';

/** One follower's subscription to one id: taken before the state is read, so no change between falls through. */
export interface Inscricao {
  /** Resolves when the id changes, after `ms`, or when the process closes; whichever is first. */
  ate(ms: number): Promise<FimDaEspera>;
  cancelar(): void;
}

/**
 * Followers of rows that change elsewhere (decision 0080): a long-poll answer
 * waits here for the NOTIFY a row's trigger sends at commit, from whichever
 * process changed it (the HTTP server's own job runner or `npm run worker`).
 * One LISTEN connection per process, opened by the first follower and kept;
 * each notification wakes only the followers of its id.
 */
export interface Mudancas {
  inscrever(id: number): Promise<Inscricao>;
  /** Ends every wait ('encerrado') and stops listening: called when the app closes. */
  fechar(): Promise<void>;
}

export function mudancas(listen: Listen | undefined, canal: string): Mudancas {
  const seguidores = new Map<number, Set<() => void>>();
  let ouvindo: Promise<() => Promise<void>> | undefined;
  let fechado = false;
  const encerrar = new Set<() => void>();

  const avisar = (payload: string) => {
    const id = Number(payload);
    for (const acordar of seguidores.get(id) ?? []) acordar();
  };

  return {
    async inscrever(id) {
      // Without LISTEN (a database that cannot) a follower waits its time out: the answer is still right, only late.
      if (listen && !fechado) {
        ouvindo ??= listen(canal, avisar);
        await ouvindo;
      }
      let acordar: (fim: FimDaEspera) => void = () => undefined;
      let mudou = false;
      const aoMudar = () => {
        mudou = true;
        acordar('mudou');
      };
      const aoEncerrar = () => acordar('encerrado');
      const doId = seguidores.get(id) ?? new Set();
      doId.add(aoMudar);
      seguidores.set(id, doId);
      encerrar.add(aoEncerrar);
      let timer: NodeJS.Timeout | undefined;
      const cancelar = () => {
        clearTimeout(timer);
        doId.delete(aoMudar);
        if (doId.size === 0 && seguidores.get(id) === doId) seguidores.delete(id);
        encerrar.delete(aoEncerrar);
      };
      return {
        ate(ms) {
          // A change that came between the subscription and this call is not lost.
          if (mudou) return Promise.resolve('mudou');
          if (fechado) return Promise.resolve('encerrado');
          return new Promise<FimDaEspera>((resolve) => {
            acordar = (fim) => {
              clearTimeout(timer);
              resolve(fim);
            };
            timer = setTimeout(() => acordar('tempo'), ms);
          });
        },
        cancelar,
      };
    },

    async fechar() {
      fechado = true;
      for (const e of [...encerrar]) e();
      const pronto = ouvindo;
      ouvindo = undefined;
      if (pronto) await (await pronto.catch(() => async () => undefined))();
    },
  };
}
