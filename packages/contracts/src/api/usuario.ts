import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { id, mensagemResponse, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';
import { cnpjResumo } from './login.js';

/**
 * Usuários, Editar Usuário and Meus Dados (seed 000 §2.6, §3, §5, §7;
 * catalogue areas `usuarios` and `conta`). Dates travel as ISO instants; the
 * screen shows them dd/mm/yyyy hh:mm.
 */
export const perfilResumo = z.object({ id: z.number(), nome: z.string() });
export type PerfilResumo = z.infer<typeof perfilResumo>;

export type CnpjResumo = z.infer<typeof cnpjResumo>;

/** Cost-centre levels (seed 000 §3 CentroCusto). */
export const TIPOS_CENTRO_CUSTO = { 1: 'Departamento', 2: 'Setor', 3: 'Seção' } as const;

export const centroCustoResumo = z.object({
  id: z.number(),
  codigo: z.string(),
  nome: z.string(),
  /** 1 Departamento, 2 Setor, 3 Seção. */
  tipo: z.number(),
  idCnpj: z.number(),
  centroCustoPaiId: z.number().nullable(),
});
export type CentroCustoResumo = z.infer<typeof centroCustoResumo>;

/** The pick-list label of seed 000 §2.6: 'codigo - nome (tipo)'. */
export function centroCustoLabel(c: Pick<CentroCustoResumo, 'codigo' | 'nome' | 'tipo'>): string {
  const tipo = TIPOS_CENTRO_CUSTO[c.tipo as 1 | 2 | 3] ?? String(c.tipo);
  return `${c.codigo} - ${c.nome} (${tipo})`;
}

export const usuario = z.object({
  id: z.number(),
  nome: z.string(),
  nomeLogin: z.string(),
  email: z.string(),
  perfil: perfilResumo,
  dataUltimoAcesso: z.string().nullable(),
  dataCadastro: z.string(),
});
export type Usuario = z.infer<typeof usuario>;

const nome = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(LIMITS.nome, `Nome: no máximo ${LIMITS.nome} caracteres`);

/**
 * An e-mail as users type it: trimmed, lower-case (login compares it so), and
 * shaped like an address. Unique across every customer (login is by e-mail
 * alone): the database's unique index answers 'E-mail já cadastrado.'.
 */
const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    // An empty field says only 'Informe …', not also that it is malformed.
    .min(1, { message, abort: true })
    .max(LIMITS.email, 'E-mail muito longo')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.emailInvalido)
    .toLowerCase();

const perfilRef = z.object({ id }, { error: MSG.selecionePerfil }).loose();

/** The 'Novo Usuário' dialog (seed 000 §2.6, §5): Nome, E-mail, Perfil. */
export const novoUsuarioForm = z.strictObject({
  nome: nome(MSG.informeNome),
  email: email(MSG.informeOEmail),
  idPerfil: z.number({ error: MSG.selecionePerfil }).int().positive(MSG.selecionePerfil),
});
export type NovoUsuarioForm = z.input<typeof novoUsuarioForm>;

/** The Editar Usuário form's Dados tab: one message for both fields (seed 000 §5). */
export const dadosUsuarioForm = z.strictObject({
  nome: nome(MSG.informeNomeEEmail),
  email: email(MSG.informeNomeEEmail),
  idPerfil: z.number({ error: MSG.selecionePerfil }).int().positive(MSG.selecionePerfil),
});
export type DadosUsuarioForm = z.input<typeof dadosUsuarioForm>;

const ids = z.array(id).max(5000, 'Itens demais em uma só gravação').optional().default([]);

export const salvarUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/salvar',
  permission: PERM.USUARIOS_NOVO,
  suporte: 'negado',
  summary: 'Cadastra um usuário e envia por e-mail o link para ele criar a senha',
  body: z.strictObject({
    usuario: z.strictObject({
      id: z.null().optional(),
      nome: nome(MSG.informeNome),
      email: email(MSG.informeOEmail),
    }),
    perfil: perfilRef,
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const alterarUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/alterar',
  permission: PERM.USUARIOS_EDITAR,
  suporte: 'negado',
  summary:
    'Altera nome, e-mail e perfil de um usuário e inclui/exclui as empresas e os centros de custos que ele pode ver',
  body: z.strictObject({
    // The seeds' client sends the whole loaded user: extra fields are ignored.
    usuario: z
      .object(
        { id, nome: nome(MSG.informeNomeEEmail), email: email(MSG.informeNomeEEmail) },
        { error: MSG.informeNomeEEmail },
      )
      .loose(),
    perfil: perfilRef,
    idsCentrosCustos: ids,
    idsCentrosCustosExcluir: ids,
    idsCnpjs: ids,
    idsCnpjsExcluir: ids,
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const excluirUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/excluir',
  permission: PERM.USUARIOS_EXCLUIR,
  suporte: 'negado',
  summary: 'Exclui um usuário (não o próprio, nem o último Administrador)',
  body: z.strictObject({
    usuario: z.object({ id, nome: z.string().max(LIMITS.nome).optional() }).loose(),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const listarUsuarios = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/listar',
  permission: PERM.USUARIOS_VER,
  // The Usuário filter of Logs de Operações (12) lists them too (catalogue).
  altPermission: PERM.LOGS_VER,
  suporte: 'permitido',
  summary: 'Lista os usuários do cliente',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(usuario),
});

export const listarPerfisUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/listar-perfis',
  permission: PERM.USUARIOS_VER,
  suporte: 'permitido',
  summary: "Perfis do cliente para o diálogo 'Novo Usuário' (o primeiro é o padrão)",
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(perfilResumo),
});

export const buscarEditarUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/buscar-editar',
  permission: PERM.USUARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Dados da tela Editar Usuário: o usuário, as empresas, os centros de custos e os perfis',
  body: z.strictObject({ idUsuario: id, usuarioRequisicao }),
  response: z.object({
    usuario: usuario,
    /** Every company (CNPJ) of the customer: the Empresas pick list. */
    cnpjs: z.array(cnpjResumo),
    cnpjsUsuario: z.array(cnpjResumo),
    centrosCustosUsuario: z.array(centroCustoResumo),
    perfis: z.array(perfilResumo),
    perfil: perfilResumo,
    /**
     * Every cost centre of the customer's companies, for the Centros de
     * Custos pick list (decision 0021: one read instead of a call per company).
     */
    centrosCustos: z.array(centroCustoResumo),
  }),
});

export const buscarUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/buscar',
  permission: PERM.MEUS_DADOS,
  suporte: 'permitido',
  summary: 'Meus Dados: o próprio usuário, o perfil, as empresas e os centros de custos que ele vê',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.object({
    usuario: z.object({ id: z.number(), nome: z.string(), nomeLogin: z.string(), email: z.string() }),
    perfil: perfilResumo,
    cnpjs: z.array(cnpjResumo),
    centrosCustos: z.array(centroCustoResumo),
  }),
});

const senhaDigitada = z.string({ error: MSG.senhaFraca }).trim().max(LIMITS.senha, 'Senha muito longa');

export const alterarSenha = defineEndpoint({
  method: 'POST',
  path: '/api/usuario/conta/alterar-senha',
  permission: PERM.MEUS_DADOS,
  suporte: 'negado',
  summary: 'Troca a própria senha (encerra as outras sessões do usuário)',
  // The whole rule (8+, letters and numbers, 1 upper, 1 lower) is checked by the server with the seed's message.
  body: z.strictObject({ senha: senhaDigitada, repetirSenha: senhaDigitada, usuarioRequisicao }),
  response: mensagemResponse,
});

/**
 * The Senha tab (seed 000 §5): the client checks only the length (8) and that
 * both match; the server enforces the whole rule.
 */
export const alterarSenhaForm = z
  .strictObject({
    senha: z.string().trim().min(LIMITS.senhaMin, MSG.senhaFraca).max(LIMITS.senha, 'Senha muito longa'),
    repetirSenha: z.string().trim().min(LIMITS.senhaMin, MSG.senhaFraca).max(LIMITS.senha, 'Senha muito longa'),
  })
  .refine((v) => v.senha === v.repetirSenha, { path: ['repetirSenha'], message: MSG.naoSaoIguais });
export type AlterarSenhaForm = z.input<typeof alterarSenhaForm>;
