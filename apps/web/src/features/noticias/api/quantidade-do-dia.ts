import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { noticiasApi } from '@jornada/contracts';
import { callApi } from '../../../shared/http';

/** Seed 000 §4, §9: the badge is fetched 2 s after the top bar appears. */
export const NEWS_BADGE_DELAY_MS = 2_000;

export const quantidadeDoDia = (signal?: AbortSignal) =>
  // fdb=f: a background call, no global spinner (seed 000 §2.4).
  callApi(noticiasApi.quantidadeNoticiasDoDia, { fdb: 'f' }, { signal });

export function useQuantidadeNoticiasDoDia(userId: number | undefined) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), NEWS_BADGE_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return useQuery({
    queryKey: ['noticias', 'quantidade-do-dia', userId],
    queryFn: ({ signal }) => quantidadeDoDia(signal),
    enabled: ready && userId !== undefined,
    staleTime: 5 * 60_000,
    // A badge is decoration: a failure must not interrupt the user with a toast.
    meta: { toast: false },
  });
}
