import type { Tx } from '../tenant-tx.js';
import { motivosAfastamento } from '../schema/index.js';
import { insertMotivosProtegidos } from '../tenant-defaults.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

/** [descrição, definitivo] per tenant, beside the protected Transferência every tenant has. */
const MOTIVOS: Record<DemoTenantKey, [string, boolean][]> = {
  demo: [
    ['Doença', false],
    ['Férias', false],
    ['Licença maternidade', false],
    ['Licença paternidade', false],
    ['Acidente de trabalho', false],
    ['Serviço militar', false],
    ['Aposentadoria por invalidez', true],
    ['Demissão', true],
  ],
  beta: [
    ['Doença', false],
    ['Férias', false],
    ['Demissão', true],
  ],
};

export async function seedMotivosAfastamento(tx: Tx, tenants: SeededTenant[]): Promise<void> {
  for (const { key, tenantId } of tenants) {
    // What the provider's "create client" does for every new tenant (motivos service, criarMotivosProtegidos).
    await insertMotivosProtegidos(tx, tenantId);
    await tx
      .insert(motivosAfastamento)
      .values(MOTIVOS[key].map(([descricao, definitivo]) => ({ tenantId, descricao, definitivo })));
  }
}
