import type { Tx } from '../tenant-tx.js';
import { justificativas } from '../schema/index.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

/** [descrição, tipo, inibir acessos] per tenant: every kind (1–5) on the demo tenant. */
const JUSTIFICATIVAS: Record<DemoTenantKey, [string, 1 | 2 | 3 | 4 | 5, boolean][]> = {
  demo: [
    ['Atestado médico', 1, true],
    ['Declaração de comparecimento', 1, false],
    ['Doação de sangue', 1, true],
    ['Reunião externa', 2, false],
    ['Treinamento fora da empresa', 2, false],
    ['Compensação de banco de horas', 3, false],
    ['Compensação de feriado ponte', 3, false],
    ['Esquecimento de marcação', 4, false],
    ['Relógio de ponto com defeito', 4, false],
    ['Marcação em duplicidade', 5, false],
  ],
  beta: [
    ['Atestado médico', 1, true],
    ['Esquecimento de marcação', 4, false],
    ['Marcação indevida', 5, false],
  ],
};

export async function seedJustificativas(tx: Tx, tenants: SeededTenant[]): Promise<void> {
  for (const { key, tenantId } of tenants) {
    await tx
      .insert(justificativas)
      .values(
        JUSTIFICATIVAS[key].map(([descricao, tipo, inibirAcesso]) => ({ tenantId, descricao, tipo, inibirAcesso })),
      );
  }
}
