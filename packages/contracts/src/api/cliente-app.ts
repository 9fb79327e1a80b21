import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, idWith, mensagemResponse, usuarioRequisicao } from '../common.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { PERM } from '../permissions.js';
import { cnpjOpcao } from './empresa.js';

/**
 * Cliente App (seed 001 §2.9, §3 'App user', §5 'Cliente App', §7 'App
 * users'; issue 25 §1; codes 142–144): the logins of the apps that collect
 * punches — a desktop user for the LAN collector of the clocks whose serials
 * it lists (spec/devices.md §4(a) 'Coletor Local'), a mobile user for one
 * employee (by badge), optionally the company's app administrator. The
 * server makes up the login and the secret and shows the secret once: a
 * desktop user gets a password, a mobile user a one-time code with which
 * the employee sets their own password in the app. Both are stored hashed.
 */

export const TIPOS_DISPOSITIVO_APP = [
  { valor: 'desktop', rotulo: 'Desktop' },
  { valor: 'celular', rotulo: 'Celular' },
] as const;
export type TipoDispositivoApp = (typeof TIPOS_DISPOSITIVO_APP)[number]['valor'];

export const CLIENTE_APP_LIMITS = {
  detalhes: 200,
  /** Seed 001 §8: a badge has up to 14 characters. */
  cracha: LIMITS.funcionarioCracha,
  /** How long a mobile user's code to set the password lasts. */
  horasCodigo: 72,
} as const;

export const CLIENTE_APP_MSG = {
  informeCnpj: 'Informe o CNPJ',
  informeSeries: 'Informe os números de série dos relógios, separados por vírgula',
  informeCracha: 'Informe o crachá',
  informeDetalhes: 'Informe os detalhes',
  relogiosNaoCadastrados: (series: readonly string[]) =>
    `${series.length === 1 ? 'Relógio não cadastrado' : 'Relógios não cadastrados'} em Relógio de Ponto para esta empresa: ${series.join(', ')}.`,
  funcionarioNaoEncontrado: (cracha: string) => `Nenhum funcionário ativo desta empresa tem o crachá ${cracha}.`,
  funcionarioJaTemUsuario: 'Este funcionário já tem um usuário do app.',
  criado: 'Usuário do app criado. Anote agora: a senha (ou o código) não será mostrada de novo.',
  novaSenha: 'Nova senha gerada. Anote agora: ela não será mostrada de novo.',
  novoCodigo: 'Novo código para cadastrar a senha gerado. Anote agora: ele não será mostrado de novo.',
  excluido: 'Usuário do app excluído com sucesso!',
  naoEncontrado: 'Usuário do app não encontrado.',
} as const;

const L = CLIENTE_APP_LIMITS;
const M = CLIENTE_APP_MSG;

/** An app user as the list answers it (seed 001 §3 'App user'); `dataUltimoRefresh` an ISO instant or null. */
export const usuarioApp = z.object({
  id: z.number(),
  /** Which app: 'Usuário Desktop' or 'Usuário Mobile' (the list's Descrição). */
  clienteApp: z.string(),
  nome: z.string(),
  detalhes: z.string(),
  login: z.string(),
  dataUltimoRefresh: z.string().nullable(),
  tipo: z.enum(['desktop', 'celular']),
  ehAdmin: z.boolean(),
  /** The company (CNPJ) it belongs to. */
  idCnpj: z.number(),
});
export type UsuarioApp = z.infer<typeof usuarioApp>;

/** What creating a user or 'Alterar Senha' answers, shown once (seed 001 §3 'Create response'). */
export const credencialApp = z.object({
  login: z.string(),
  senha: z.string().nullable(),
  codigoAlterarSenha: z.string().nullable(),
  tipo: z.enum(['desktop', 'celular']),
});
export type CredencialApp = z.infer<typeof credencialApp>;

const idCnpj = idWith(M.informeCnpj);

/** Serials separated by commas (blank parts ignored): at least one. */
const series = z
  .string({ error: M.informeSeries })
  .trim()
  .max(L.detalhes, `No máximo ${L.detalhes} caracteres`)
  .refine((s) => s.split(',').some((x) => x.trim() !== ''), M.informeSeries);

export const formularioDesktop = z.strictObject({ idCnpj, detalhes: series });
export type FormularioDesktop = z.input<typeof formularioDesktop>;

export const formularioMobile = z.strictObject({
  idCnpj,
  detalhes: z
    .string({ error: M.informeDetalhes })
    .trim()
    .min(1, M.informeDetalhes)
    .max(L.detalhes, `No máximo ${L.detalhes} caracteres`),
  cracha: z
    .string({ error: M.informeCracha })
    .trim()
    .min(1, M.informeCracha)
    .max(L.cracha, `No máximo ${L.cracha} caracteres`),
  ehAdmin: z.boolean().optional().default(false),
});
export type FormularioMobile = z.input<typeof formularioMobile>;

export const listarUsuariosApp = defineEndpoint({
  method: 'POST',
  path: '/api/usuario-api/listar',
  permission: PERM.CLIENTE_APP_VER,
  suporte: 'permitido',
  summary: 'Os usuários do app de um tipo de dispositivo, nas empresas do usuário',
  body: z.strictObject({
    dispositivo: z.enum(['desktop', 'celular'], { error: 'Selecione o tipo de dispositivo' }),
    usuarioRequisicao,
  }),
  response: z.array(usuarioApp),
});

/** The companies a new app user may belong to: the caller's. */
export const listarCnpjsApp = defineEndpoint({
  method: 'POST',
  path: '/api/usuario-api/listar-cnpjs',
  permission: PERM.CLIENTE_APP_VER,
  suporte: 'permitido',
  summary: 'As empresas em que o usuário pode criar usuários do app',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(cnpjOpcao),
});

export const criarUsuarioDesktop = defineEndpoint({
  method: 'POST',
  path: '/api/usuario-api/criar-usuario-desktop',
  permission: PERM.CLIENTE_APP_SALVAR,
  suporte: 'permitido',
  summary: 'Cria o usuário do coletor desktop dos relógios informados',
  body: formularioDesktop.extend({ usuarioRequisicao }),
  response: credencialApp,
});

export const criarUsuarioMobile = defineEndpoint({
  method: 'POST',
  path: '/api/usuario-api/criar-usuario-mobile',
  permission: PERM.CLIENTE_APP_SALVAR,
  suporte: 'permitido',
  summary: 'Cria o usuário do app mobile de um funcionário (pelo crachá)',
  body: formularioMobile.extend({ usuarioRequisicao }),
  response: credencialApp,
});

const usuario = z.object({ id }, { error: MSG.idInvalido }).loose();

/** 'Alterar Senha': a new password (desktop) or a new code to set it (mobile), shown once. */
export const gerarSenhaCodigo = defineEndpoint({
  method: 'POST',
  path: '/api/usuario-api/gerar-senha-codigo',
  permission: PERM.CLIENTE_APP_SALVAR,
  suporte: 'permitido',
  summary: 'Gera nova senha (desktop) ou código para cadastrar a senha (mobile)',
  body: z.strictObject({ usuario, usuarioRequisicao }),
  response: credencialApp,
});

export const excluirUsuarioApp = defineEndpoint({
  method: 'POST',
  path: '/api/usuario-api/excluir',
  permission: PERM.CLIENTE_APP_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui um usuário do app',
  body: z.strictObject({ usuario, usuarioRequisicao }),
  response: mensagemResponse,
});
