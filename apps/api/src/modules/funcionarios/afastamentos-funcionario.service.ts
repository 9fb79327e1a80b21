import type { FuncionarioAfastamento } from '@jornada/contracts';
import type { AuthContext } from '../../shared/auth-context.js';
import { visivel, type FuncionariosContexto } from './funcionarios-contexto.service.js';
import { funcionariosRepository as repo } from './funcionarios.repository.js';

/** The absence reasons the edit's 'Situação' offers. */
export function listarMotivosAfastamentoFuncionario(ctx: FuncionariosContexto, auth: AuthContext) {
  return ctx.run(auth, (w) => repo.listMotivos(w.tx, w.tenantId));
}

/** The employee's absences, newest first. */
export function listarHistoricoAfastamentos(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
): Promise<FuncionarioAfastamento[]> {
  return ctx.run(auth, async (w) => {
    const f = await visivel(w, idFuncionario);
    return repo.listAfastamentos(w.tx, w.tenantId, f.id);
  });
}
