import { ALL_CUSTOMER_CODES } from '@jornada/contracts';
import type { Tx } from '../tenant-tx.js';
import { and, eq } from 'drizzle-orm';
import { perfilPermissoes, perfis, usuarioCentrosCusto, usuarioCnpjs, usuarios } from '../schema/index.js';
import { hashPassword } from '../../shared/secrets.js';
import type { SeededCentrosCusto } from './centros-custos.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

/** The demo password of every demo account (README says to change it). */
export const DEMO_PASSWORD = 'Jornada@2026';

/**
 * The operator's profile: the whole product except Cargos (and Motivos de
 * Afastamento) create/edit/delete, the holidays' 'Exceção da Regra' (152) and
 * the user/profile administration, so the permission walls can be seen.
 */
const OPERATOR_WITHOUT = new Set([20, 21, 22, 152, 175, 2, 3, 4, 5, 7, 8, 9]);

/**
 * The demo accounts. `escopo` (decision 0020): the companies each sees — all of
 * the tenant's, or only the main one — and, inside them, the cost centres it
 * is limited to (none: the whole company). The operator is limited so the
 * scope rule can be seen: main CNPJ only, department Administrativo only.
 */
export const DEMO_USERS: {
  tenant: DemoTenantKey | 'provedor';
  nome: string;
  email: string;
  profile: 'admin' | 'operador' | 'provedor';
  escopo: { cnpjs: 'todos' | 'principal'; centrosCustos: string[] };
}[] = [
  {
    tenant: 'demo',
    nome: 'Administrador Demonstração',
    email: 'admin@jornada.demo',
    profile: 'admin',
    escopo: { cnpjs: 'todos', centrosCustos: [] },
  },
  {
    tenant: 'demo',
    nome: 'Operador Demonstração',
    email: 'operador@jornada.demo',
    profile: 'operador',
    escopo: { cnpjs: 'principal', centrosCustos: ['Administrativo'] },
  },
  {
    tenant: 'beta',
    nome: 'Administrador Beta',
    email: 'admin@beta.jornada.demo',
    profile: 'admin',
    escopo: { cnpjs: 'todos', centrosCustos: [] },
  },
  // The provider's account (code 99999 only; decision 0015), seeded by provedor.ts.
  {
    tenant: 'provedor',
    nome: 'Suporte Jornada',
    email: 'superadmin@jornada.demo',
    profile: 'provedor',
    escopo: { cnpjs: 'todos', centrosCustos: [] },
  },
];

/**
 * One argon2id hash per account, each with its own salt: a shared hash would
 * tell anyone reading the table that these accounts share a password, and
 * changing one would look like changing all. Hashed in parallel (argon2 runs
 * on libuv's thread pool) so start-up pays about one hash, not three; done
 * before the transaction so it is not held open while hashing.
 */
export async function hashDemoPasswords(): Promise<Map<string, string>> {
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return new Map(DEMO_USERS.map((u, i) => [u.email, hashes[i]!]));
}

/** Per tenant: the Administrador and Operador profiles, then its users with their companies (`escopo.cnpjs`). */
export async function seedAccess(tx: Tx, tenants: SeededTenant[], hashes: Map<string, string>): Promise<void> {
  for (const { key, tenantId, cnpjIds } of tenants) {
    // The Administrador profile is protected: it cannot be deleted, and support sessions act with its codes.
    const [admin] = await tx.insert(perfis).values({ tenantId, nome: 'Administrador', protegido: true }).returning();
    const [operador] = await tx.insert(perfis).values({ tenantId, nome: 'Operador' }).returning();
    await tx.insert(perfilPermissoes).values([
      ...ALL_CUSTOMER_CODES.map((codigo) => ({ tenantId, perfilId: admin!.id, codigo })),
      ...ALL_CUSTOMER_CODES.filter((c) => !OPERATOR_WITHOUT.has(c)).map((codigo) => ({
        tenantId,
        perfilId: operador!.id,
        codigo,
      })),
    ]);
    for (const u of DEMO_USERS.filter((d) => d.tenant === key)) {
      const [user] = await tx
        .insert(usuarios)
        .values({
          tenantId,
          nome: u.nome,
          nomeLogin: u.email,
          email: u.email,
          senhaHash: hashes.get(u.email)!,
          perfilId: u.profile === 'admin' ? admin!.id : operador!.id,
        })
        .returning();
      // The first CNPJ of a tenant is its main one (seed/tenancy.ts).
      const visible = u.escopo.cnpjs === 'todos' ? cnpjIds : cnpjIds.slice(0, 1);
      await tx.insert(usuarioCnpjs).values(visible.map((cnpjId) => ({ tenantId, usuarioId: user!.id, cnpjId })));
    }
  }
}

/** The cost centres each demo account is limited to (after the cost centres exist). */
export async function seedUserScopes(tx: Tx, tenants: SeededTenant[], centros: SeededCentrosCusto): Promise<void> {
  for (const { key, tenantId } of tenants) {
    for (const u of DEMO_USERS.filter((d) => d.tenant === key && d.escopo.centrosCustos.length > 0)) {
      const [user] = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(and(eq(usuarios.tenantId, tenantId), eq(usuarios.email, u.email)));
      await tx.insert(usuarioCentrosCusto).values(
        u.escopo.centrosCustos.map((nome) => {
          const centroCustoId = centros.get(key)?.get(nome);
          if (centroCustoId === undefined) throw new Error(`Centro de custo de demonstração ausente: ${nome}`);
          return { tenantId, usuarioId: user!.id, centroCustoId };
        }),
      );
    }
  }
}
