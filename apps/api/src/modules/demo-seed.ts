import type { Db } from '../db/client.js';
import { seedDemoData, type DemoSeedStep } from '../db/seed/index.js';
import type { Clock } from '../shared/clock.js';
import { seedMarcacoesDemonstracao } from './afd/demonstracao.service.js';
import { seedCalculoDemonstracao } from './calculo/demonstracao.service.js';
import { seedDispositivosDemonstracao } from './dispositivos/demonstracao.service.js';
import { seedSolicitacoesDemonstracao } from './solicitacoes/demonstracao.service.js';

/**
 * The modules' parts of the demo data, in order, after the registers' seed
 * (db/seed): each runs in the seed's one transaction. Append-only, like the
 * module registry beside it.
 */
export const DEMO_SEED_STEPS: readonly DemoSeedStep[] = [
  seedMarcacoesDemonstracao,
  seedCalculoDemonstracao,
  seedDispositivosDemonstracao,
  seedSolicitacoesDemonstracao,
];

/** The whole demo: what `npm start` and the tests' global setup seed on an empty database. */
export function seedDemonstracao(db: Db, clock: Clock): Promise<boolean> {
  return seedDemoData(db, clock, DEMO_SEED_STEPS);
}
