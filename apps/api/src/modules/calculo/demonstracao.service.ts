import type { Tx } from '../../db/tenant-tx.js';
import { addDays, type Clock } from '../../shared/clock.js';
import { DIAS_DEMONSTRACAO } from '../afd/demonstracao.service.js';
import { calcularPedidos, fechamentoDoCliente, periodosEntre } from './calculo.service.js';
import { calculoRepository as repo } from './calculo.repository.js';

/**
 * The demo's calculation (issue 11 §7, second half): after the demo punches
 * are imported (the step before), every closing period they meet — up to the
 * current one — is calculated for every employee of each demo tenant, in the
 * seed's transaction, so a new user opens a living time sheet at once.
 * The seed's own writes (registers, histories, punches) marked employee-days
 * dirty; what they mark is exactly what was just calculated — or, before the
 * punches, months nobody worked, which the dirty-row consumer would fill with
 * absences — so the rows are consumed here. A fresh server then starts idle
 * instead of recalculating the demo on the one embedded connection while its
 * first user logs in.
 */
export async function seedCalculoDemonstracao(
  tx: Tx,
  tenants: readonly { tenantId: number }[],
  clock: Clock,
): Promise<void> {
  for (const { tenantId } of tenants) {
    const w = { tx, tenantId, now: clock.now() };
    const fechamento = await fechamentoDoCliente(w);
    const hoje = fechamento.hoje;
    const periodos = periodosEntre(fechamento.dias, addDays(hoje, -DIAS_DEMONSTRACAO), hoje);
    const ids = new Set(await repo.funcionariosDoCliente(tx, tenantId));
    await calcularPedidos(w, fechamento, new Map(periodos.map((p) => [p.inicio, ids])));
    await repo.apagarTodasPendencias(tx, tenantId);
  }
}
