import { and, asc, eq } from 'drizzle-orm';
import { cpfCheckDigits, pisCheckDigit } from '@jornada/contracts';
import { cargos, escalas, funcionarios, motivosAfastamento, planos, tenants } from '../src/db/schema/index.js';
import type { TestEnv } from './harness.js';

/** A valid CPF / PIS made from a number (tests never collide with the demo's, which start at 300…/120…). */
export const cpfDe = (n: number) => {
  const base = String(700_000_000 + n).slice(-9);
  return base + cpfCheckDigits(base);
};
export const pisDe = (n: number) => {
  const base = String(8_000_000_000 + n).slice(-10);
  return base + pisCheckDigit(base);
};

/** A JPEG header of the given size (SOI, APP0, SOF0, SOS, EOI): enough for the server's checks. */
export function jpeg(width: number, height: number): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xda,
    0x00,
    0x08,
    0x01,
    0x01,
    0x00,
    0x00,
    0x3f,
    0x00,
    0x12,
    0x34,
    0xff,
    0xd9,
  ]);
}

/** Ids of a tenant's positions, schedules and absence reasons by name, and its demo employees. */
export async function refsDoTenant(env: TestEnv, tenantId: number) {
  const db = env.database.owner;
  const map = (rows: { id: number; nome: string }[]) => new Map(rows.map((r) => [r.nome, r.id]));
  return {
    cargos: map(
      await db.select({ id: cargos.id, nome: cargos.nome }).from(cargos).where(eq(cargos.tenantId, tenantId)),
    ),
    escalas: map(
      await db
        .select({ id: escalas.id, nome: escalas.descricao })
        .from(escalas)
        .where(eq(escalas.tenantId, tenantId))
        .orderBy(asc(escalas.id)),
    ),
    motivos: map(
      await db
        .select({ id: motivosAfastamento.id, nome: motivosAfastamento.descricao })
        .from(motivosAfastamento)
        .where(eq(motivosAfastamento.tenantId, tenantId)),
    ),
    funcionarios: map(
      await db
        .select({ id: funcionarios.id, nome: funcionarios.nome })
        .from(funcionarios)
        .where(eq(funcionarios.tenantId, tenantId)),
    ),
  };
}

/** The tenant's plan allows exactly `max` active employees (tests of the limit). */
export async function limitarPlano(env: TestEnv, tenantId: number, max: number): Promise<void> {
  const db = env.database.owner;
  const [t] = await db.select({ planoId: tenants.planoId }).from(tenants).where(eq(tenants.id, tenantId));
  await db.update(planos).set({ maxFuncionarios: max }).where(eq(planos.id, t!.planoId!));
}

export async function ativos(env: TestEnv, tenantId: number): Promise<number> {
  const rows = await env.database.owner
    .select({ id: funcionarios.id })
    .from(funcionarios)
    .where(and(eq(funcionarios.tenantId, tenantId), eq(funcionarios.ativo, true)));
  return rows.length;
}

/** A new employee's salvar body; `over` replaces fields of `funcionario`. */
export function novoFuncionario(
  n: number,
  refs: { cnpj: number; centroCusto: number; cargo: number; escala: number },
  over: Record<string, unknown> = {},
) {
  return {
    funcionario: {
      nome: `Teste ${n} Silva`,
      nomeCurto: `Teste ${n}`,
      dataNascimento: '1990-05-20',
      pis: pisDe(n),
      cpf: cpfDe(n),
      email: `teste${n}@exemplo.com.br`,
      cracha: String(90_000 + n),
      registro: `T${n}`,
      dataAdmissao: '2026-03-02',
      senhaTecladoSemBio: '1234',
      ...over,
    },
    dataInicioContrato: '2026-03-02',
    cnpj: { id: refs.cnpj },
    cargo: { id: refs.cargo },
    centroCusto: { id: refs.centroCusto },
    contrato: { id: refs.escala },
  };
}
