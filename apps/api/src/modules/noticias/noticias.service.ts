import type { Noticia } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { withTenant } from '../../db/tenant-tx.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDate } from '../../shared/clock.js';
import { noticiasRepository as repo } from './noticias.repository.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function noticiasService(deps: Deps) {
  return {
    /** Top-bar badge: news published "today" on the company's calendar, not the server's. */
    quantidadeNoticiasDoDia(auth: AuthContext): Promise<{ quantidade: number }> {
      return withTenant(deps.db, auth.tenantId, async (tx) => {
        const zone = await repo.fusoHorarioEmpresa(tx, auth.tenantId);
        return { quantidade: await repo.countPublishedOn(tx, auth.tenantId, localDate(deps.clock.now(), zone)) };
      });
    },

    /**
     * Notícias (seed 000 §2.6): the month's news, newest first; `atual` marks
     * those published today on the company's calendar (shown in bold).
     */
    listarNoticias(auth: AuthContext, ano: number, mes: number): Promise<Noticia[]> {
      return withTenant(deps.db, auth.tenantId, async (tx) => {
        const today = localDate(deps.clock.now(), await repo.fusoHorarioEmpresa(tx, auth.tenantId));
        // Dates are yyyy-mm-dd text: the month is the range from its 01 to its 31 (every real day sorts inside).
        const month = `${pad(ano, 4)}-${pad(mes)}`;
        const rows = await repo.listPublishedBetween(tx, auth.tenantId, `${month}-01`, `${month}-31`);
        return rows.map((r) => ({ ...r, atual: r.dataPublicacao === today }));
      });
    },
  };
}
