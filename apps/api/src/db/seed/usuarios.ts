import { PERMISSIONS } from '@jornada/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../tenant-tx.js';
import {
  centrosCusto,
  perfilPermissoes,
  perfis,
  usuarioCentrosCusto,
  usuarioCnpjs,
  usuarios,
} from '../schema/index.js';
import { hashPassword } from '../../shared/secrets.js';
import { DEMO_PASSWORD } from './access.js';
import type { SeededTenant } from './tenancy.js';

/**
 * More demo users of the 'Jornada Demonstração' tenant, with profiles and
 * scopes of their own, so Usuários, Perfis e Permissões and the company scope
 * have something to show. Inserted after the first accounts so those keep
 * their ids.
 */
type ExtraProfile = 'RH' | 'Consulta';

const RH_MENUS = new Set([
  'cadastros',
  'feriados',
  'cargos',
  'escalas-horarios',
  'funcionarios',
  'justificativas',
  'motivos-afastamento',
  'movimento',
  'afastamentos',
  'escalas-folgas',
  'ocorrencias',
  'mudanca-horario',
  'banco-horas',
  'fechar-periodo',
  'calculo-ponto',
  'controle-ponto',
  'solicitacoes',
  'relatorios',
  'documentos',
  'meus-dados',
]);
// Empresas and Centros de Custos: view only.
const RH_VIEW_ONLY = new Set(['empresas', 'centros-custos']);
// The read-only profile sees every screen but the user and profile administration and the operation log — and
// Cálculo do Ponto, Fechar Período and Marcação Online, whose only purpose is to act: their view code is also their
// action's code (125 calculates, 150 closes, 160 creates devices and codes), so holding it would let a read-only
// user change the time sheet or hand out punch devices (issue 24 §11).
const CONSULTA_HIDDEN = new Set(['usuarios', 'perfis', 'logs', 'calculo-ponto', 'fechar-periodo', 'marcacao-online']);

export const EXTRA_PROFILES: Record<ExtraProfile, readonly number[]> = {
  RH: PERMISSIONS.filter((p) => RH_MENUS.has(p.menu) || (RH_VIEW_ONLY.has(p.menu) && p.principal)).map((p) => p.codigo),
  Consulta: PERMISSIONS.filter((p) => (p.principal || p.menu === 'relatorios') && !CONSULTA_HIDDEN.has(p.menu)).map(
    (p) => p.codigo,
  ),
};

export const EXTRA_DEMO_USERS: {
  nome: string;
  email: string;
  profile: ExtraProfile | 'Operador';
  /** 'campinas': only the Campinas branch (the tenant's second CNPJ). */
  scope: 'todas' | 'campinas';
}[] = [
  { nome: 'Recursos Humanos Demonstração', email: 'rh@jornada.demo', profile: 'RH', scope: 'todas' },
  { nome: 'Consulta Demonstração', email: 'consulta@jornada.demo', profile: 'Consulta', scope: 'todas' },
  { nome: 'Supervisora Campinas', email: 'campinas@jornada.demo', profile: 'Operador', scope: 'campinas' },
  { nome: 'RH Campinas', email: 'rh.campinas@jornada.demo', profile: 'RH', scope: 'campinas' },
];

/** Each account its own argon2id hash (own salt), like seed/access.ts. */
export async function hashExtraDemoPasswords(): Promise<Map<string, string>> {
  const hashes = await Promise.all(EXTRA_DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return new Map(EXTRA_DEMO_USERS.map((u, i) => [u.email, hashes[i]!]));
}

export async function seedMoreUsers(tx: Tx, tenants: SeededTenant[], hashes: Map<string, string>): Promise<void> {
  const demo = tenants.find((t) => t.key === 'demo');
  if (!demo) return;
  const { tenantId, cnpjIds } = demo;
  const profileIds = new Map<string, number>();
  for (const [nome, codes] of Object.entries(EXTRA_PROFILES)) {
    const [p] = await tx.insert(perfis).values({ tenantId, nome }).returning();
    profileIds.set(nome, p!.id);
    await tx.insert(perfilPermissoes).values(codes.map((codigo) => ({ tenantId, perfilId: p!.id, codigo })));
  }
  const [operador] = await tx
    .select()
    .from(perfis)
    .where(and(eq(perfis.tenantId, tenantId), eq(perfis.nome, 'Operador')));
  profileIds.set('Operador', operador!.id);

  const campinas = cnpjIds[1]!;
  // When the demo has cost centres in Campinas (Centros de Custos seed), the
  // Campinas RH user is narrowed to the first department there as well.
  const [departamento] = await tx
    .select({ id: centrosCusto.id })
    .from(centrosCusto)
    .where(and(eq(centrosCusto.tenantId, tenantId), eq(centrosCusto.cnpjId, campinas), eq(centrosCusto.tipo, 1)))
    .orderBy(asc(centrosCusto.id))
    .limit(1);

  for (const u of EXTRA_DEMO_USERS) {
    const [user] = await tx
      .insert(usuarios)
      .values({
        tenantId,
        nome: u.nome,
        nomeLogin: u.email,
        email: u.email,
        senhaHash: hashes.get(u.email)!,
        perfilId: profileIds.get(u.profile)!,
      })
      .returning();
    const scope = u.scope === 'campinas' ? [campinas] : cnpjIds;
    await tx.insert(usuarioCnpjs).values(scope.map((cnpjId) => ({ tenantId, usuarioId: user!.id, cnpjId })));
    if (u.scope === 'campinas' && u.profile === 'RH' && departamento) {
      await tx.insert(usuarioCentrosCusto).values({ tenantId, usuarioId: user!.id, centroCustoId: departamento.id });
    }
  }
}
