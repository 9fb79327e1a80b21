import type { Noticia } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { companyTimeZone } from '../../db/company-zone.js';
import { withTenant } from '../../db/tenant-tx.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDate } from '../../shared/clock.js';
import { noticiasRepository as repo } from './noticias.repository.js';

export function noticiasService(deps: Deps) {
  return {
    /** Top-bar badge: news published "today" on the company's calendar, not the server's. */
    countToday(auth: AuthContext): Promise<{ quantidade: number }> {
      return withTenant(deps.db, auth.tenantId, async (tx) => {
        const zone = await companyTimeZone(tx, auth.tenantId);
        return { quantidade: await repo.countPublishedOn(tx, auth.tenantId, localDate(deps.clock.now(), zone)) };
      });
    },

    /** The Notícias screen's month (seed 000 §2.6): `atual` marks today's items (shown in bold). */
    listMonth(auth: AuthContext, ano: number, mes: number): Promise<Noticia[]> {
      return withTenant(deps.db, auth.tenantId, async (tx) => {
        const today = localDate(deps.clock.now(), await companyTimeZone(tx, auth.tenantId));
        const rows = await repo.listMonth(tx, auth.tenantId, `${ano}-${String(mes).padStart(2, '0')}`);
        return rows.map((r) => ({ ...r, atual: r.dataPublicacao === today }));
      });
    },
  };
}
