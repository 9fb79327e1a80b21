import type { Tx } from '../tenant-tx.js';
import { cargos } from '../schema/index.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

/** [código, nome] per tenant; the codes never repeat across tenants so a leak between them shows. */
const CARGOS: Record<DemoTenantKey, [string, string][]> = {
  demo: [
    ['1', 'Analista de Departamento Pessoal'],
    ['2', 'Auxiliar Administrativo'],
    ['3', 'Operador de Máquinas'],
    ['4', 'Supervisor de Produção'],
    ['5', 'Vigilante'],
    ['6', 'Técnico de Enfermagem'],
    ['7', 'Motorista'],
    ['8', 'Recepcionista'],
  ],
  beta: [
    ['10', 'Soldador'],
    ['11', 'Encarregado de Turno'],
    ['12', 'Almoxarife'],
  ],
};

export async function seedCargos(tx: Tx, tenants: SeededTenant[]): Promise<void> {
  for (const { key, tenantId } of tenants) {
    await tx.insert(cargos).values(CARGOS[key].map(([codigo, nome]) => ({ tenantId, codigo, nome })));
  }
}
