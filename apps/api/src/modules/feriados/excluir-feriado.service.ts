import { MSG } from '@jornada/contracts';
import { notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { M, changeable, rotulo, type FeriadosContexto } from './feriados-contexto.service.js';
import { feriadosRepository as repo } from './feriados.repository.js';

/** A holiday the caller may change, removed with its lists and exceptions. */
export async function excluirFeriado(
  ctx: FeriadosContexto,
  auth: AuthContext,
  id: number,
): Promise<{ mensagem: string }> {
  return ctx.run(auth, async (w) => {
    const { row } = await changeable(w, id);
    if (!(await repo.delete(w.tx, w.tenantId, id))) throw notFound(MSG.naoEncontrado);
    await w.audit({ acao: 'Excluir', descricao: `Feriado ${rotulo(row)}` });
    return { mensagem: M.excluido };
  });
}
