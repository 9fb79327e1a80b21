import type { Tx } from '../tenant-tx.js';
import { cnpjs, empresas, planos, tenants } from '../schema/index.js';
import { cnpjCheckDigits } from '../../shared/documents.js';

/** The two demo customers; the other areas key their rows by this. */
export type DemoTenantKey = 'demo' | 'beta';

const TENANTS: {
  key: DemoTenantKey;
  nome: string;
  empresa: string;
  cnpjs: { base: string; razaoSocial: string; principal: boolean }[];
}[] = [
  {
    key: 'demo',
    nome: 'Jornada Demonstração',
    empresa: 'Jornada Demonstração Ltda',
    cnpjs: [
      { base: '112223330001', razaoSocial: 'Jornada Demonstração Ltda', principal: true },
      { base: '112223330002', razaoSocial: 'Jornada Demonstração Ltda - Filial Campinas', principal: false },
    ],
  },
  {
    key: 'beta',
    nome: 'Beta Indústria',
    empresa: 'Beta Indústria e Comércio S.A.',
    cnpjs: [{ base: '445556660001', razaoSocial: 'Beta Indústria e Comércio S.A.', principal: true }],
  },
];

export interface SeededTenant {
  key: DemoTenantKey;
  tenantId: number;
  cnpjIds: number[];
}

/** The plan, then per tenant (in order, so the ids never change): tenant, company, CNPJs. */
export async function seedTenancy(tx: Tx): Promise<SeededTenant[]> {
  const [plan] = await tx
    .insert(planos)
    .values({
      nome: 'Profissional',
      maxFuncionarios: 50_000,
      maxCnpjs: 50,
      maxUsuarios: 200,
      maxDispositivosMoveis: 5_000,
      maxDispositivosWeb: 100,
    })
    .returning();
  // A smaller plan nobody uses yet: the provider's Planos screen shows one it may delete.
  await tx.insert(planos).values({
    nome: 'Essencial',
    maxFuncionarios: 50,
    maxCnpjs: 2,
    maxUsuarios: 5,
    maxDispositivosMoveis: 50,
    maxDispositivosWeb: 2,
  });
  const seeded: SeededTenant[] = [];
  for (const t of TENANTS) {
    const [tenant] = await tx.insert(tenants).values({ nome: t.nome, planoId: plan!.id }).returning();
    const tenantId = tenant!.id;
    const [empresa] = await tx.insert(empresas).values({ tenantId, nome: t.empresa }).returning();
    const cnpjRows = await tx
      .insert(cnpjs)
      .values(
        t.cnpjs.map((c) => ({
          tenantId,
          empresaId: empresa!.id,
          numero: c.base + cnpjCheckDigits(c.base),
          razaoSocial: c.razaoSocial,
          principal: c.principal,
          telefone1: '1133334444',
        })),
      )
      .returning();
    seeded.push({ key: t.key, tenantId, cnpjIds: cnpjRows.map((c) => c.id) });
  }
  return seeded;
}
