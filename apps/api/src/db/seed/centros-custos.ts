import type { Tx } from '../tenant-tx.js';
import { centrosCusto } from '../schema/index.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

/** A node of the demo tree. Depth 1 Departamento, 2 Setor, 3 Seção. */
interface Node {
  codigo: string;
  nome: string;
  filhos: Node[];
}
const n = (codigo: string, nome: string, ...filhos: Node[]): Node => ({ codigo, nome, filhos });

/**
 * A realistic cost-centre tree per CNPJ (in the order of seed/tenancy.ts).
 * Codes never repeat across tenants, so a leak between them shows.
 */
const TREES: Record<DemoTenantKey, Node[][]> = {
  demo: [
    // Matriz (São Paulo)
    [
      n(
        '1',
        'Administrativo',
        n('2', 'Financeiro', n('3', 'Contas a Pagar'), n('4', 'Contas a Receber')),
        n('5', 'Recursos Humanos', n('6', 'Departamento Pessoal'), n('7', 'Recrutamento e Seleção')),
      ),
      n(
        '8',
        'Produção',
        n('9', 'Montagem', n('10', 'Turno A'), n('11', 'Turno B')),
        n('12', 'Qualidade', n('13', 'Inspeção Final')),
      ),
      n('14', 'Comercial', n('15', 'Vendas Internas')),
    ],
    // Filial Campinas
    [n('16', 'Logística', n('17', 'Expedição', n('18', 'Turno Noturno')), n('19', 'Armazém'))],
  ],
  beta: [[n('101', 'Operações', n('102', 'Soldagem', n('103', 'Turno 1')), n('104', 'Manutenção'))]],
};

/** Ids of the seeded cost centres by tenant and name (for the demo users' scopes). */
export type SeededCentrosCusto = Map<DemoTenantKey, Map<string, number>>;

export async function seedCentrosCustos(tx: Tx, tenants: SeededTenant[]): Promise<SeededCentrosCusto> {
  const seeded: SeededCentrosCusto = new Map();
  for (const { key, tenantId, cnpjIds } of tenants) {
    const byName = new Map<string, number>();
    seeded.set(key, byName);
    const insert = async (cnpjId: number, nodes: Node[], paiId: number | null, tipo: number) => {
      for (const { codigo, nome, filhos } of nodes) {
        const [row] = await tx
          .insert(centrosCusto)
          .values({ tenantId, cnpjId, paiId, tipo, codigo, nome })
          .returning({ id: centrosCusto.id });
        byName.set(nome, row!.id);
        await insert(cnpjId, filhos, row!.id, tipo + 1);
      }
    };
    for (const [i, tree] of TREES[key].entries()) await insert(cnpjIds[i]!, tree, null, 1);
  }
  return seeded;
}
