import { and, eq } from 'drizzle-orm';
import { calendario, feriadoApi } from '@jornada/contracts';
import type { Tx } from '../tenant-tx.js';
import { cargos, feriadoCargos, feriados } from '../schema/index.js';
import { localDate, type Clock } from '../../shared/clock.js';
import type { SeededTenant } from './tenancy.js';

const { ABRANGENCIA } = feriadoApi;
/** IBGE codes: the state of São Paulo and its capital. */
const SP = 35;
const SAO_PAULO = 3_550_308;

type Row = typeof feriados.$inferInsert;

/**
 * The current year's holidays (São Paulo calendar): the federal ones for both
 * tenants; for the demo tenant also São Paulo's state and city holidays,
 * Corpus Christi as a movable municipal one, and a position's own day.
 */
export async function seedFeriados(tx: Tx, tenants: SeededTenant[], clock: Clock): Promise<void> {
  const ano = Number(localDate(clock.now(), 'America/Sao_Paulo').slice(0, 4));
  const dia = (mes: number, d: number) => `${ano}-${String(mes).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  for (const { key, tenantId } of tenants) {
    const rows: Row[] = calendario.feriadosNacionais(ano).map((f) => ({
      tenantId,
      data: f.data,
      descricao: f.descricao,
      abrangencia: ABRANGENCIA.FEDERAL,
    }));
    if (key === 'demo') {
      const municipal = { tenantId, abrangencia: ABRANGENCIA.MUNICIPAL, estadoId: SP, cidadeId: SAO_PAULO };
      rows.push(
        { ...municipal, data: dia(1, 25), descricao: 'Aniversário da cidade de São Paulo' },
        {
          tenantId,
          data: dia(7, 9),
          descricao: 'Revolução Constitucionalista',
          abrangencia: ABRANGENCIA.ESTADUAL,
          estadoId: SP,
        },
        {
          ...municipal,
          data: calendario.dataDaRegra('CORPUS_CHRISTI', ano),
          descricao: 'Corpus Christi',
          fixo: false,
          regraPascoa: 'CORPUS_CHRISTI',
        },
      );
      // Before it became national (2024), Consciência Negra was a São Paulo city holiday.
      if (ano < calendario.ANO_CONSCIENCIA_NEGRA_NACIONAL) {
        rows.push({ ...municipal, data: dia(11, 20), descricao: 'Dia da Consciência Negra' });
      }
    }
    await tx.insert(feriados).values(rows);
    if (key === 'demo') {
      // Scope 5: the security guards' day applies to the Vigilante position only.
      const [vigilante] = await tx
        .select({ id: cargos.id })
        .from(cargos)
        .where(and(eq(cargos.tenantId, tenantId), eq(cargos.nome, 'Vigilante')));
      const [dia20] = await tx
        .insert(feriados)
        .values({ tenantId, data: dia(6, 20), descricao: 'Dia do Vigilante', abrangencia: ABRANGENCIA.CARGO })
        .returning({ id: feriados.id });
      await tx.insert(feriadoCargos).values({ tenantId, feriadoId: dia20!.id, cargoId: vigilante!.id, excecao: false });
    }
  }
}
