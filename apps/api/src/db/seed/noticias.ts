import type { Tx } from '../tenant-tx.js';
import { noticias } from '../schema/index.js';
import { localDate, type Clock } from '../../shared/clock.js';

/** Global news (no tenant): one dated the seed's "today" in São Paulo, so the top-bar badge shows 1. */
export async function seedNoticias(tx: Tx, clock: Clock): Promise<void> {
  const today = localDate(clock.now(), 'America/Sao_Paulo');
  await tx.insert(noticias).values([
    {
      titulo: 'Bem-vindo ao Jornada',
      conteudo: '@pEste é o ambiente de demonstração. @bTroque as senhas@eb das contas de demonstração.@ep',
      dataPublicacao: today,
    },
    {
      titulo: 'Portaria 671: REP-P',
      conteudo: '@pA marcação pelo aplicativo gera o AFD assinado conforme a Portaria MTP 671/2021.@ep',
      dataPublicacao: '2026-01-05',
    },
  ]);
}
