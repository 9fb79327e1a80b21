import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { id, mensagemResponse, usuarioRequisicao } from '../common.js';
import { LOGGED_IN_CODE, PERM, PERMISSIONS } from '../permissions.js';
import { SIDE_MENU, SYSTEM_MENU, type MenuItem } from '../menu.js';

/**
 * Perfis e Permissões (seed 000 §2.6, §3, §4, §7; catalogue area
 * `perfis-permissoes`). The menu tree and its permissions come from the
 * catalogue in code (decision 0007); profiles and their codes from the
 * customer's database.
 */
export const permissaoMenu = z.object({
  /** The permission code. */
  id: z.number(),
  nome: z.string(),
  /** The item's main (view) permission: shown in bold; unticking it unticks the rest (seed 000 §4). */
  principal: z.boolean(),
  /** Always false in the tree: which codes a profile holds is in `perfis[].permissoes`. */
  selecionado: z.boolean(),
});
export type PermissaoMenu = z.infer<typeof permissaoMenu>;

export interface MenuPerfil {
  /** The menu item's key (menu.ts). */
  id: string;
  nome: string;
  menuFilhos: MenuPerfil[];
  permissoes: PermissaoMenu[];
}

export const menuPerfil = z.object({
  id: z.string(),
  nome: z.string(),
  permissoes: z.array(permissaoMenu),
  get menuFilhos(): z.ZodArray<typeof menuPerfil> {
    return z.array(menuPerfil);
  },
});

export const perfilComPermissoes = z.object({
  id: z.number(),
  nome: z.string(),
  /** The tenant's Administrador: holds every code, cannot be deleted. */
  protegido: z.boolean(),
  permissoes: z.array(z.number()),
});
export type PerfilComPermissoes = z.infer<typeof perfilComPermissoes>;

export const listarMenuPerfis = defineEndpoint({
  method: 'POST',
  path: '/api/perfil-permissao/listar-menu-perfis',
  permission: PERM.PERFIS_VER,
  suporte: 'permitido',
  summary: 'A árvore do menu com as permissões de cada item e os perfis do cliente com os seus códigos',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.object({ menus: z.array(menuPerfil), perfis: z.array(perfilComPermissoes) }),
});

export const nomePerfil = z
  .string({ error: MSG.informeNome })
  .trim()
  .min(1, MSG.informeNome)
  .max(LIMITS.perfilNome, `Nome: no máximo ${LIMITS.perfilNome} caracteres`);

/** The 'Novo Perfil' dialog (seed 000 §2.6, §5). */
export const novoPerfilForm = z.strictObject({ nome: nomePerfil });
export type NovoPerfilForm = z.input<typeof novoPerfilForm>;

export const salvarPerfil = defineEndpoint({
  method: 'POST',
  path: '/api/perfil-permissao/salvar',
  permission: PERM.PERFIS_NOVO,
  altPermission: PERM.PERFIS_EDITAR,
  suporte: 'negado',
  summary: 'Cadastra um perfil (8, id nulo) ou grava as permissões de um perfil existente (9)',
  body: z.strictObject({
    perfil: z
      .object({
        // A new profile's temporary negative id is sent as null (seed 000 §3).
        id: id.nullish(),
        nome: z.string().max(200).optional(),
      })
      .loose(),
    /** The ticked codes: the profile's whole set after the save. */
    permissoes: z.array(z.number({ error: 'Código de permissão inválido' }).int()).max(1000),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const excluirPerfil = defineEndpoint({
  method: 'POST',
  path: '/api/perfil-permissao/excluir',
  permission: PERM.MEUS_DADOS,
  suporte: 'negado',
  summary: 'Exclui um perfil sem usuários (nunca o Administrador)',
  body: z.strictObject({ perfil: z.object({ id, nome: z.string().max(200).optional() }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

/**
 * The tree of the Perfis e Permissões screen: the side menu, then the Sistema
 * popup under 'Sistema', then the top bar's Meus Dados, each item with the
 * catalogue's permissions hung from it (principal first). Items with no
 * permission anywhere below them (Home, external links, the provider's area)
 * are left out: there is nothing to tick there.
 */
export function permissionMenuTree(): MenuPerfil[] {
  const byMenu = new Map<string, PermissaoMenu[]>();
  for (const p of PERMISSIONS) {
    const list = byMenu.get(p.menu) ?? [];
    list.push({ id: p.codigo, nome: p.nome, principal: p.principal, selecionado: false });
    byMenu.set(p.menu, list);
  }
  const build = (items: readonly MenuItem[]): MenuPerfil[] =>
    items.flatMap((item) => {
      const permissoes = [...(byMenu.get(item.key) ?? [])].sort((a, b) => Number(b.principal) - Number(a.principal));
      const menuFilhos = build(item.filhos ?? []);
      return permissoes.length === 0 && menuFilhos.length === 0
        ? []
        : [{ id: item.key, nome: item.nome, menuFilhos, permissoes }];
    });
  return build([
    ...SIDE_MENU,
    { key: 'sistema', nome: 'Sistema', codigo: LOGGED_IN_CODE, filhos: SYSTEM_MENU },
    { key: 'meus-dados', nome: 'Meus Dados', codigo: PERM.MEUS_DADOS, to: '/conta/meus-dados' },
  ]);
}
