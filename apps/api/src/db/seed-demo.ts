import { count } from 'drizzle-orm';
import { ALL_CUSTOMER_CODES } from '@jornada/contracts';
import type { Db } from './client.js';
import {
  cargos,
  cnpjs,
  empresas,
  noticias,
  perfilPermissoes,
  perfis,
  plans,
  tenants,
  usuarioCnpjs,
  usuarios,
} from './schema/index.js';
import { hashPassword } from '../shared/secrets.js';
import { cnpjCheckDigits } from '../shared/documents.js';
import { localDate, type Clock } from '../shared/clock.js';

/** The demo password of every demo account (README says to change it). */
export const DEMO_PASSWORD = 'Jornada@2026';

/**
 * The operator's profile: the whole product except Cargos create/edit/delete
 * and the user/profile administration, so the permission walls can be seen.
 */
const OPERATOR_WITHOUT = new Set([20, 21, 22, 2, 3, 4, 5, 7, 8, 9]);

interface DemoTenant {
  nome: string;
  empresa: string;
  cnpjs: { base: string; razaoSocial: string; principal: boolean }[];
  users: { nome: string; email: string; profile: 'admin' | 'operador' }[];
  cargos: [string, string][];
}

const DEMO: DemoTenant[] = [
  {
    nome: 'Jornada Demonstração',
    empresa: 'Jornada Demonstração Ltda',
    cnpjs: [
      { base: '112223330001', razaoSocial: 'Jornada Demonstração Ltda', principal: true },
      { base: '112223330002', razaoSocial: 'Jornada Demonstração Ltda - Filial Campinas', principal: false },
    ],
    users: [
      { nome: 'Administrador Demonstração', email: 'admin@jornada.demo', profile: 'admin' },
      { nome: 'Operador Demonstração', email: 'operador@jornada.demo', profile: 'operador' },
    ],
    cargos: [
      ['1', 'Analista de Departamento Pessoal'],
      ['2', 'Auxiliar Administrativo'],
      ['3', 'Operador de Máquinas'],
      ['4', 'Supervisor de Produção'],
      ['5', 'Vigilante'],
      ['6', 'Técnico de Enfermagem'],
      ['7', 'Motorista'],
      ['8', 'Recepcionista'],
    ],
  },
  {
    nome: 'Beta Indústria',
    empresa: 'Beta Indústria e Comércio S.A.',
    cnpjs: [{ base: '445556660001', razaoSocial: 'Beta Indústria e Comércio S.A.', principal: true }],
    users: [{ nome: 'Administrador Beta', email: 'admin@beta.jornada.demo', profile: 'admin' }],
    cargos: [
      ['10', 'Soldador'],
      ['11', 'Encarregado de Turno'],
      ['12', 'Almoxarife'],
    ],
  },
];

/** Seeds the demo tenants on a database that has none; a no-op otherwise. */
export async function seedDemoData(db: Db, clock: Clock): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if (Number(existing?.n ?? 0) > 0) return false;
  // One hash per account: each with its own salt, so two equal passwords
  // never show as equal hashes.
  const emails = DEMO.flatMap((t) => t.users.map((u) => u.email));
  const hashes = new Map(await Promise.all(emails.map(async (e) => [e, await hashPassword(DEMO_PASSWORD)] as const)));

  await db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(plans)
      .values({ nome: 'Profissional', maxFuncionarios: 50_000, maxCnpjs: 50, maxUsuarios: 200 })
      .returning();
    for (const t of DEMO) {
      const [tenant] = await tx.insert(tenants).values({ nome: t.nome, planId: plan!.id }).returning();
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
      const [admin] = await tx.insert(perfis).values({ tenantId, nome: 'Administrador' }).returning();
      const [operador] = await tx.insert(perfis).values({ tenantId, nome: 'Operador' }).returning();
      await tx.insert(perfilPermissoes).values([
        ...ALL_CUSTOMER_CODES.map((codigo) => ({ tenantId, perfilId: admin!.id, codigo })),
        ...ALL_CUSTOMER_CODES.filter((c) => !OPERATOR_WITHOUT.has(c)).map((codigo) => ({
          tenantId,
          perfilId: operador!.id,
          codigo,
        })),
      ]);
      for (const u of t.users) {
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
        await tx.insert(usuarioCnpjs).values(cnpjRows.map((c) => ({ tenantId, usuarioId: user!.id, cnpjId: c.id })));
      }
      await tx.insert(cargos).values(t.cargos.map(([codigo, nome]) => ({ tenantId, codigo, nome })));
    }
    const today = localDate(clock.now(), 'America/Sao_Paulo');
    await tx.insert(noticias).values([
      {
        titulo: 'Bem-vindo ao Jornada',
        conteudo: '@pEste é o ambiente de demonstração. @bTroque as senhas@eb das contas de demonstração.@ep',
        dataPublicacao: today,
      },
      {
        titulo: 'Portaria 671: REP-P',
        conteudo: '@pA marcação pelo aplicativo gera o AFD assinado conforme a Portaria MTP 671/2021.@ep',
        dataPublicacao: '2026-01-05',
      },
    ]);
  });
  return true;
}
