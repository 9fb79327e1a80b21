import type { Deps } from '../../deps.js';
import { withTenant } from '../../db/tenant-tx.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDate } from '../../shared/clock.js';
import { noticiasRepository as repo } from './noticias.repository.js';

export function noticiasService(deps: Deps) {
  return {
    /** Top-bar badge: news published "today" on the company's calendar, not the server's. */
    countToday(auth: AuthContext): Promise<{ quantidade: number }> {
      return withTenant(deps.db, auth.tenantId, async (tx) => {
        const zone = (await repo.companyTimeZone(tx, auth.tenantId)) ?? 'America/Sao_Paulo';
        return { quantidade: await repo.countPublishedOn(tx, localDate(deps.clock.now(), zone)) };
      });
    },
  };
}
