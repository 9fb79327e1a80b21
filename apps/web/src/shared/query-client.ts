import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';
import { clearProblemToasts, toastForError, toastForSuccess } from './toast';

/**
 * `meta.toast: false` opts a query or mutation out of the generic toasts — for
 * the public pages that show the server's message inline (seed 000 §8) and for
 * background calls such as the news badge.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { toast?: boolean };
    mutationMeta: { toast?: boolean };
  }
}

/** Pause before the one retry of a failed query (named so tests can advance a fake clock by it). */
export const QUERY_RETRY_DELAY_MS = 1_000;

export function createQueryClient(): QueryClient {
  const toasted = new Set<string>();
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.toast === false) return;
        toastForError(error);
        toasted.add(query.queryHash);
      },
      // The list that failed has loaded (a retry): its error toast is no longer true.
      onSuccess: (_data, query) => {
        if (toasted.delete(query.queryHash)) clearProblemToasts();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.toast !== false) toastForError(error);
      },
      onSuccess: (data, _vars, _ctx, mutation) => {
        if (mutation.meta?.toast !== false) toastForSuccess(data);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not heal by retrying; a dropped connection might, once.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status !== null && error.status < 500) && count < 1,
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}
