import { notFound } from '../../shared/app-error.js';
import { relogiosSeguemFuncionarios } from '../relogio-push/funcionarios-nos-relogios.service.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { M, alvoDe, fotoValida, mudarFuncionario, rotulo, visivel } from './funcionarios-contexto.service.js';
import type { FuncionariosContexto, Mensagem } from './funcionarios-contexto.service.js';
import { funcionariosRepository as repo } from './funcionarios.repository.js';

// The employee's profile photo (seed 001 §5): a JPEG of at most 640×480.

export async function alterarFotoPerfil(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
  base64: string,
): Promise<Mensagem> {
  return mudarFuncionario(ctx, auth, idFuncionario, async (w, f) => {
    await repo.salvarFoto(w.tx, w.tenantId, f.id, fotoValida(base64), w.now);
    await relogiosSeguemFuncionarios(w, [f.id]);
    await w.audit({ acao: 'Editar', descricao: `${rotulo(f)}: foto alterada`, alvo: alvoDe(f) });
    return { mensagem: M.fotoAlterada };
  });
}

export async function excluirFotoPerfil(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
): Promise<Mensagem> {
  return mudarFuncionario(ctx, auth, idFuncionario, async (w, f) => {
    if (await repo.excluirFoto(w.tx, w.tenantId, f.id)) {
      await relogiosSeguemFuncionarios(w, [f.id]);
      await w.audit({ acao: 'Excluir', descricao: `${rotulo(f)}: foto excluída`, alvo: alvoDe(f) });
    }
    return { mensagem: M.fotoExcluida };
  });
}

export async function buscarFotoPerfil(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
): Promise<Buffer> {
  return ctx.run(auth, async (w) => {
    const f = await visivel(w, idFuncionario);
    const imagem = await repo.foto(w.tx, w.tenantId, f.id);
    if (!imagem) throw notFound(M.semFoto);
    return imagem;
  });
}
