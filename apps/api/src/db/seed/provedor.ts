import { SUPER_ADMIN_CODE } from '@jornada/contracts';
import type { Tx } from '../tenant-tx.js';
import { empresas, perfilPermissoes, perfis, tenants, usuarios } from '../schema/index.js';
import { DEMO_USERS } from './access.js';

/**
 * The provider (decision 0015): a tenant of its own, marked `provedor`, with
 * no plan, whose profile holds only 99999 — its staff see the provider's area
 * and, through a support link, a customer that authorised them. Seeded after
 * the customers so their ids (the demo's codes 1 and 2) never change.
 */
export async function seedProvider(tx: Tx, hashes: Map<string, string>): Promise<void> {
  const [tenant] = await tx.insert(tenants).values({ nome: 'Jornada (provedor)', provedor: true }).returning();
  const tenantId = tenant!.id;
  await tx.insert(empresas).values({ tenantId, nome: 'Jornada Sistemas' });
  const [perfil] = await tx.insert(perfis).values({ tenantId, nome: 'Provedor', protegido: true }).returning();
  await tx.insert(perfilPermissoes).values({ tenantId, perfilId: perfil!.id, codigo: SUPER_ADMIN_CODE });
  for (const u of DEMO_USERS.filter((d) => d.tenant === 'provedor')) {
    await tx.insert(usuarios).values({
      tenantId,
      nome: u.nome,
      nomeLogin: u.email,
      email: u.email,
      senhaHash: hashes.get(u.email)!,
      perfilId: perfil!.id,
    });
  }
}
