import { MSG, type NoticiaAdm, type ParsedBodyOf, type provedorApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { noticiasAdmRepository as repo } from './noticias-adm.repository.js';
import { providerWork } from './provider-work.service.js';

type NoticiaForm = ParsedBodyOf<typeof provedorApi.salvarNoticia>['noticia'];

/**
 * The provider publishes news (issue 9) to every customer or to one. Who
 * reads what is the customer side's business (modules/noticias and the row
 * policy of db/tenant-rls.ts).
 */
export function noticiasAdmService(deps: Deps) {
  const work = providerWork(deps);
  return {
    listarNoticiasAdm(auth: AuthContext): Promise<NoticiaAdm[]> {
      return work(auth, async ({ tx }) =>
        (await repo.list(tx)).map(({ clienteId, clienteNome, ...n }) => ({
          ...n,
          cliente: clienteId === null || clienteNome === null ? null : { id: clienteId, nome: clienteNome },
        })),
      );
    },

    salvarNoticia(auth: AuthContext, n: NoticiaForm) {
      return work(auth, async ({ tx, audit }) => {
        const tenantAlvoId = n.idCliente ?? null;
        if (tenantAlvoId !== null && !(await repo.isCustomer(tx, tenantAlvoId))) throw badRequest(MSG.naoEncontrado);
        const values = { titulo: n.titulo, conteudo: n.conteudo, dataPublicacao: n.dataPublicacao, tenantAlvoId };
        const alvo = tenantAlvoId === null ? 'todos os clientes' : `cliente ${tenantAlvoId}`;
        if (n.id === null || n.id === undefined) {
          const id = await repo.insert(tx, values);
          await audit({ acao: 'Cadastrar', descricao: `Notícia ${id} - ${n.titulo} (${n.dataPublicacao}, ${alvo})` });
          return { mensagem: MSG.noticiaPublicada };
        }
        if (!(await repo.update(tx, n.id, values))) throw notFound(MSG.naoEncontrado);
        await audit({ acao: 'Editar', descricao: `Notícia ${n.id} - ${n.titulo} (${n.dataPublicacao}, ${alvo})` });
        return { mensagem: MSG.noticiaAlterada };
      });
    },

    excluirNoticia(auth: AuthContext, id: number) {
      return work(auth, async ({ tx, audit }) => {
        const titulo = await repo.remove(tx, id);
        if (titulo === undefined) throw notFound(MSG.naoEncontrado);
        await audit({ acao: 'Excluir', descricao: `Notícia ${id} - ${titulo}` });
        return { mensagem: MSG.noticiaExcluida };
      });
    },
  };
}
