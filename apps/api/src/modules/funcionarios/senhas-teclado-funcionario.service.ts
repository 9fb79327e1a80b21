import type { AuthContext } from '../../shared/auth-context.js';
import type { FuncionariosContexto } from './funcionarios-contexto.service.js';
import { funcionariosRepository as repo } from './funcionarios.repository.js';

/**
 * The keypad PINs in clear, by employee id, of those of `ids` the user
 * sees and who have one (decision 0065). The only place a PIN is
 * decrypted: for the export to the time clock (no route of its own yet;
 * the clock's export will be its caller). Never for a screen.
 */
export async function senhasTecladoParaRelogio(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  ids: readonly number[],
): Promise<Map<number, string>> {
  return ctx.run(auth, async (w) => {
    const scope = await w.scope();
    const rows = await repo.senhasTecladoCifradas(w.tx, w.tenantId, ids);
    return new Map(
      rows
        .filter((r) => scope.hasRow(r.cnpjId, r.centroCustoId))
        .map((r) => [r.id, ctx.pins().decrypt(r.senhaTecladoCifrada)] as const),
    );
  });
}
