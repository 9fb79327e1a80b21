import {
  ALL_CUSTOMER_CODES,
  MSG,
  PERM,
  perfilPermissaoApi,
  type PerfilComPermissoes,
  type ParsedBodyOf,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { perfisRepository as repo } from './perfis.repository.js';

type SalvarBody = ParsedBodyOf<typeof perfilPermissaoApi.salvarPerfil>;

const CUSTOMER_CODES = new Set(ALL_CUSTOMER_CODES);
/** The tree is the catalogue's: built once per process. */
const MENU_TREE = perfilPermissaoApi.permissionMenuTree();

const describeCodes = (codes: readonly number[]) => (codes.length ? codes.join(', ') : 'nenhuma');

/**
 * Perfis e Permissões (seed 000 §2.6, §4). A profile holds only the
 * catalogue's customer codes (never 99999, decision 0004). The wall reads a
 * session's codes from the database on every request
 * (login/session.repository.ts), so a change here reaches the profile's
 * logged-in users on their next call.
 */
export function perfisService(deps: Deps) {
  const run = tenantWork(deps);

  return {
    async listarMenuPerfis(auth: AuthContext): Promise<{ menus: typeof MENU_TREE; perfis: PerfilComPermissoes[] }> {
      return run(auth, async (w) => {
        const [profiles, codes] = [await repo.listProfiles(w.tx, w.tenantId), await repo.listCodes(w.tx, w.tenantId)];
        const byProfile = new Map<number, number[]>();
        for (const c of codes) {
          if (!CUSTOMER_CODES.has(c.codigo)) continue;
          byProfile.set(c.perfilId, [...(byProfile.get(c.perfilId) ?? []), c.codigo]);
        }
        return {
          menus: MENU_TREE,
          perfis: profiles.map((p) => ({ ...p, permissoes: byProfile.get(p.id) ?? [] })),
        };
      });
    },

    /**
     * Creates a profile (8; the screen's temporary negative id arrives as
     * null) or replaces an existing profile's codes (9). The Administrador
     * keeps every code.
     */
    async salvarPerfil(auth: AuthContext, body: SalvarBody) {
      const creating = body.perfil.id === null || body.perfil.id === undefined;
      if (!auth.permissoes.has(creating ? PERM.PERFIS_NOVO : PERM.PERFIS_EDITAR)) throw forbidden(MSG.semPermissao);
      const unknown = body.permissoes.find((c) => !CUSTOMER_CODES.has(c));
      if (unknown !== undefined) throw badRequest(MSG.permissaoDesconhecida(unknown));
      const codes = [...new Set(body.permissoes)].sort((a, b) => a - b);

      if (creating) {
        const nome = perfilPermissaoApi.nomePerfil.safeParse(body.perfil.nome ?? '');
        if (!nome.success) throw badRequest(nome.error.issues[0]?.message ?? MSG.informeNome);
        return run(auth, async (w) => {
          // A name already in use meets the unique index: 409 'Já existe um perfil com este nome.'
          const id = await repo.insertPerfil(w.tx, w.tenantId, nome.data);
          await repo.replaceCodes(w.tx, w.tenantId, id, codes);
          await w.audit({ acao: 'Cadastrar', descricao: `Perfil ${nome.data} (permissões: ${describeCodes(codes)})` });
          return { mensagem: MSG.perfilSalvo };
        });
      }

      return run(auth, async (w) => {
        const perfil = await repo.lockProfile(w.tx, w.tenantId, body.perfil.id!);
        if (!perfil) throw notFound(MSG.perfilNaoEncontrado);
        if (perfil.protegido && ALL_CUSTOMER_CODES.some((c) => !codes.includes(c))) {
          throw badRequest(MSG.perfilProtegidoPermissoes);
        }
        const before = new Set(await repo.profileCodes(w.tx, w.tenantId, perfil.id));
        await repo.replaceCodes(w.tx, w.tenantId, perfil.id, codes);
        const added = codes.filter((c) => !before.has(c));
        const removed = [...before].filter((c) => !codes.includes(c)).sort((a, b) => a - b);
        await w.audit({
          acao: 'Editar',
          descricao: `Perfil ${perfil.nome}: incluídas ${describeCodes(added)}; retiradas ${describeCodes(removed)}`,
        });
        return { mensagem: MSG.perfilAlterado };
      });
    },

    /**
     * Deletes an unused profile, never the Administrador. Code 10 is also
     * Meus Dados (seed 000 §6), held by nearly everyone: the delete also needs
     * the screen's own code 7 (decision 0022).
     */
    async excluirPerfil(auth: AuthContext, id: number) {
      if (!auth.permissoes.has(PERM.PERFIS_VER)) throw forbidden(MSG.semPermissao);
      return run(auth, async (w) => {
        const perfil = await repo.lockProfile(w.tx, w.tenantId, id);
        if (!perfil) throw notFound(MSG.perfilNaoEncontrado);
        if (perfil.protegido) throw badRequest(MSG.perfilProtegidoExcluir);
        const users = await repo.countUsers(w.tx, w.tenantId, id);
        // A user given this profile at the same moment still meets the foreign key (409).
        if (users > 0) throw badRequest(MSG.perfilEmUso(users));
        await repo.deleteProfile(w.tx, w.tenantId, id);
        await w.audit({ acao: 'Excluir', descricao: `Perfil ${perfil.nome}` });
        return { mensagem: MSG.perfilExcluido };
      });
    },
  };
}
