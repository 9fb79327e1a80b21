import { and, eq } from 'drizzle-orm';
import type { Tx } from '../tenant-tx.js';
import { cidades, cnpjs } from '../schema/index.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

/** IBGE codes of the demo companies' cities. */
const SAO_PAULO = 3550308;
const CAMPINAS = 3509502;
const MANAUS = 1302603;

interface DemoAddress {
  telefone1: string;
  telefone2: string | null;
  celular: string | null;
  codigoContabil: string;
  codigoFilial: string;
  tipoLocal: string;
  rua: string;
  numeroEndereco: string;
  complemento: string | null;
  cep: string;
  bairro: string;
  cidadeId: number;
}

/** Per tenant, in the order of its CNPJs (seed/tenancy.ts): real streets of real IBGE cities. */
const ADDRESSES: Record<DemoTenantKey, DemoAddress[]> = {
  demo: [
    {
      telefone1: '1133334444',
      telefone2: '1133335555',
      celular: '11987654321',
      codigoContabil: '1.01.001',
      codigoFilial: '001',
      tipoLocal: 'Avenida',
      rua: 'Paulista',
      numeroEndereco: '1578',
      complemento: '10º andar',
      cep: '01310200',
      bairro: 'Bela Vista',
      cidadeId: SAO_PAULO,
    },
    {
      telefone1: '1932345678',
      telefone2: null,
      celular: '19998765432',
      codigoContabil: '1.01.002',
      codigoFilial: '002',
      tipoLocal: 'Avenida',
      rua: 'Francisco Glicério',
      numeroEndereco: '1000',
      complemento: null,
      cep: '13012100',
      bairro: 'Centro',
      cidadeId: CAMPINAS,
    },
  ],
  beta: [
    {
      telefone1: '9236671234',
      telefone2: null,
      celular: '92991234567',
      codigoContabil: '2.01.001',
      codigoFilial: '001',
      tipoLocal: 'Avenida',
      rua: 'Torquato Tapajós',
      numeroEndereco: '5000',
      complemento: 'Galpão 3',
      cep: '69058830',
      bairro: 'Flores',
      cidadeId: MANAUS,
    },
  ],
};

/** Addresses of the demo CNPJs; each company takes its time zone from its city, as a save does. */
export async function seedEnderecos(tx: Tx, tenants: SeededTenant[]): Promise<void> {
  for (const { key, tenantId, cnpjIds } of tenants) {
    for (const [i, address] of ADDRESSES[key].entries()) {
      const [cidade] = await tx.select().from(cidades).where(eq(cidades.id, address.cidadeId));
      if (!cidade) throw new Error(`Cidade ${address.cidadeId} ausente: os dados do IBGE não foram carregados`);
      await tx
        .update(cnpjs)
        .set({ ...address, fusoHorario: cidade.fusoHorario })
        .where(and(eq(cnpjs.tenantId, tenantId), eq(cnpjs.id, cnpjIds[i]!)));
    }
  }
}
