import { noticiaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';
import { useEffect, useState } from 'react';

export const listarNoticias = endpointApi(noticiaApi.listarNoticias);

/** Seed 000 §4, §9: the badge is fetched 2 s after the top bar appears. */
export const NEWS_BADGE_DELAY_MS = 2_000;

export const quantidadeDoDia = endpointApi(noticiaApi.quantidadeNoticiasDoDia);

export function useQuantidadeNoticiasDoDia(userId: number | undefined) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), NEWS_BADGE_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  // fdb=f: a background call, no global spinner (seed 000 §2.4). Login and Sair clear the cache, so no user mixes.
  // A badge is decoration: a failure must not interrupt the user with a toast.
  return quantidadeDoDia.useQuery(
    { fdb: 'f' },
    { enabled: ready && userId !== undefined, staleTime: 5 * 60_000, toast: false },
  );
}
