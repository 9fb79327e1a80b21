import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { tenants } from '../schema/index.js';
import type { Clock } from '../../shared/clock.js';
import type { Tx } from '../tenant-tx.js';
import { hashDemoPasswords, seedAccess, seedUserScopes } from './access.js';
import { seedCargos } from './cargos.js';
import { seedCentrosCustos } from './centros-custos.js';
import { seedEscalas } from './escalas.js';
import { seedEnderecos } from './empresas.js';
import { seedJustificativas } from './justificativas.js';
import { seedMotivosAfastamento } from './motivos-afastamento.js';
import { seedFeriados } from './feriados.js';
import { seedFuncionarios } from './funcionarios.js';
import { seedNoticias } from './noticias.js';
import { seedProvider } from './provedor.js';
import { seedTenancy, type SeededTenant } from './tenancy.js';
import { hashExtraDemoPasswords, seedMoreUsers } from './usuarios.js';

export { DEMO_PASSWORD, DEMO_USERS } from './access.js';
export { EXTRA_DEMO_USERS } from './usuarios.js';
export { DEMO_CICLOS, DEMO_ESCALAS } from './escalas.js';

/**
 * A module's part of the demo data (e.g. the punches imported from AFD files):
 * db/ knows no module, so the composition root hands the steps in
 * (modules/demo-seed.ts). They run after the registers, in the same transaction.
 */
export type DemoSeedStep = (tx: Tx, tenants: SeededTenant[], clock: Clock) => Promise<void>;

/**
 * Seeds the demo tenants on a database that has none; a no-op otherwise. One
 * transaction, areas in dependency order: a half-seeded database would
 * count as seeded at the next start.
 */
export async function seedDemoData(db: Db, clock: Clock, steps: readonly DemoSeedStep[] = []): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if (Number(existing?.n ?? 0) > 0) return false;
  const [hashes, extraHashes] = await Promise.all([hashDemoPasswords(), hashExtraDemoPasswords()]);
  await db.transaction(async (tx) => {
    const seeded = await seedTenancy(tx);
    await seedAccess(tx, seeded, hashes);
    await seedCargos(tx, seeded);
    await seedJustificativas(tx, seeded);
    await seedMotivosAfastamento(tx, seeded);
    await seedFeriados(tx, seeded, clock);
    await seedNoticias(tx, clock);
    await seedEnderecos(tx, seeded);
    await seedUserScopes(tx, seeded, await seedCentrosCustos(tx, seeded));
    // After the cost centres: the Campinas RH user is narrowed to a Campinas department.
    await seedMoreUsers(tx, seeded, extraHashes);
    await seedEscalas(tx, seeded, clock);
    await seedFuncionarios(tx, seeded, clock);
    await seedProvider(tx, hashes);
    for (const step of steps) await step(tx, seeded, clock);
  });
  return true;
}
