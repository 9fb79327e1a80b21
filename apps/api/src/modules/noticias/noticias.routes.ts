import { and, count, eq } from 'drizzle-orm';
import { noticiasApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { withTenant } from '../../db/tenant-tx.js';
import { empresas, noticias } from '../../db/schema/index.js';
import { localDate } from '../../shared/clock.js';

export function noticiasRoutes(r: EndpointRouter, deps: Deps): void {
  // "Today" is the company's calendar day, not the server's.
  r.authed(noticiasApi.quantidadeNoticiasDoDia, ({ auth }) =>
    withTenant(deps.db, auth.tenantId, async (tx) => {
      const [empresa] = await tx
        .select({ fuso: empresas.fusoHorario })
        .from(empresas)
        .where(and(eq(empresas.tenantId, auth.tenantId)));
      const hoje = localDate(deps.clock.now(), empresa?.fuso ?? 'America/Sao_Paulo');
      const [row] = await tx.select({ n: count() }).from(noticias).where(eq(noticias.dataPublicacao, hoje));
      return { quantidade: Number(row?.n ?? 0) };
    }),
  );
}
