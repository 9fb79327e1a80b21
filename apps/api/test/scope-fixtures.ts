import { and, asc, eq } from 'drizzle-orm';
import { ALL_CUSTOMER_CODES } from '@jornada/contracts';
import {
  centrosCusto,
  cnpjs,
  perfilPermissoes,
  perfis,
  tenants,
  usuarioCentrosCusto,
  usuarioCnpjs,
  usuarios,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/shared/secrets.js';
import { DEMO_PASSWORD, login, type TestEnv } from './harness.js';

/** The demo data's ids, read from the database (tests never guess them). */
export interface DemoIds {
  demo: number;
  beta: number;
  /** The demo tenant's main CNPJ (São Paulo) and its Campinas branch; beta's only CNPJ. */
  principal: number;
  campinas: number;
  betaCnpj: number;
  /** Cost centres by name, demo and beta tenants. */
  cc: Map<string, number>;
}

export async function demoIds(env: TestEnv): Promise<DemoIds> {
  const db = env.database.owner;
  const ts = await db.select().from(tenants).orderBy(asc(tenants.id));
  const [demo, beta] = [ts[0]!.id, ts[1]!.id];
  const rows = await db.select().from(cnpjs).orderBy(asc(cnpjs.id));
  const ofDemo = rows.filter((c) => c.tenantId === demo);
  const cc = new Map((await db.select().from(centrosCusto)).map((c) => [c.nome, c.id]));
  return {
    demo,
    beta,
    principal: ofDemo.find((c) => c.principal)!.id,
    campinas: ofDemo.find((c) => !c.principal)!.id,
    betaCnpj: rows.find((c) => c.tenantId === beta)!.id,
    cc,
  };
}

let n = 0;

/**
 * A user of a tenant with a profile of `codes` (default: every customer code)
 * and exactly the companies and cost centres given (decision 0020); returns
 * a logged-in token.
 */
export async function userWithScope(
  env: TestEnv,
  o: { tenantId: number; cnpjIds: number[]; centroCustoIds?: number[]; codes?: readonly number[] },
): Promise<{ token: string; userId: number; email: string }> {
  const db = env.database.owner;
  const email = `escopo.${++n}.${Date.now()}@jornada.demo`;
  const [perfil] = await db
    .insert(perfis)
    .values({ tenantId: o.tenantId, nome: `Perfil ${email}` })
    .returning();
  const codes = o.codes ?? ALL_CUSTOMER_CODES;
  if (codes.length) {
    await db
      .insert(perfilPermissoes)
      .values(codes.map((codigo) => ({ tenantId: o.tenantId, perfilId: perfil!.id, codigo })));
  }
  const [user] = await db
    .insert(usuarios)
    .values({
      tenantId: o.tenantId,
      nome: email,
      nomeLogin: email,
      email,
      senhaHash: await hashPassword(DEMO_PASSWORD),
      perfilId: perfil!.id,
    })
    .returning();
  if (o.cnpjIds.length) {
    await db
      .insert(usuarioCnpjs)
      .values(o.cnpjIds.map((cnpjId) => ({ tenantId: o.tenantId, usuarioId: user!.id, cnpjId })));
  }
  if (o.centroCustoIds?.length) {
    await db
      .insert(usuarioCentrosCusto)
      .values(o.centroCustoIds.map((centroCustoId) => ({ tenantId: o.tenantId, usuarioId: user!.id, centroCustoId })));
  }
  return { token: await login(env.app, email), userId: user!.id, email };
}

/** Whether a user holds a company (after a creation assigns it). */
export async function userHasCnpj(env: TestEnv, usuarioId: number, cnpjId: number): Promise<boolean> {
  const rows = await env.database.owner
    .select()
    .from(usuarioCnpjs)
    .where(and(eq(usuarioCnpjs.usuarioId, usuarioId), eq(usuarioCnpjs.cnpjId, cnpjId)));
  return rows.length === 1;
}
