import { z } from 'zod';
import { defineDownload, defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { id, mensagemResponse, requiredText, usuarioRequisicao } from '../common.js';
import { isValidCnpj } from '../documents.js';
import { SUPER_ADMIN_CODE } from '../permissions.js';

/**
 * The provider's area (seed 000 §1, §2.4: code 99999; issue 9): Clientes,
 * Planos, Notícias and Relatórios admin. Every call here runs outside the
 * tenant wall, on the system path, and demands 99999, which only the
 * provider's own accounts hold (decision 0015). Paths: decision 0017.
 */

// A form sends text: '' (or nothing) is no number at all, not 0.
const limite = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: MSG.limiteInvalido })
    .int(MSG.limiteInvalido)
    .min(0, MSG.limiteInvalido)
    .max(LIMITS.planoLimite, MSG.limiteInvalido),
);

/** yyyy-mm-dd, a real calendar day. */
export const dataIso = z
  .string({ error: MSG.selecioneData })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dataInvalida)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, MSG.dataInvalida);

// ---- Planos

/** A plan's limits (issue 9): CNPJs, active employees, mobile and web devices, users. */
export const plano = z.object({
  id: z.number(),
  nome: z.string(),
  maxCnpjs: z.number(),
  maxFuncionarios: z.number(),
  maxDispositivosMoveis: z.number(),
  maxDispositivosWeb: z.number(),
  maxUsuarios: z.number(),
  /** Customers on this plan: a plan in use cannot be deleted. */
  clientes: z.number(),
});
export type Plano = z.infer<typeof plano>;

export const planoForm = z.strictObject({
  id: id.nullish(),
  nome: requiredText(MSG.informeNome, LIMITS.planoNome),
  maxCnpjs: limite,
  maxFuncionarios: limite,
  maxDispositivosMoveis: limite,
  maxDispositivosWeb: limite,
  maxUsuarios: limite,
});
export type PlanoForm = z.input<typeof planoForm>;

export const listarPlanos = defineEndpoint({
  method: 'POST',
  path: '/api/adm/plano/listar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Lista os planos com os limites e quantos clientes usam cada um',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(plano),
});

export const salvarPlano = defineEndpoint({
  method: 'POST',
  path: '/api/adm/plano/salvar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Cadastra ou altera (com id) um plano',
  body: z.strictObject({ plano: planoForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluirPlano = defineEndpoint({
  method: 'POST',
  path: '/api/adm/plano/excluir',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Exclui um plano que nenhum cliente usa',
  body: z.strictObject({ plano: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

// ---- Clientes

/** What a customer uses against its plan. Employees and devices come with their registers (0 until then). */
export const usoCliente = z.object({
  cnpjs: z.number(),
  usuarios: z.number(),
  funcionariosAtivos: z.number(),
  dispositivosMoveis: z.number(),
  dispositivosWeb: z.number(),
});

export const cliente = z.object({
  /** The customer's code (the support link's _ref). */
  id: z.number(),
  nome: z.string(),
  cnpjPrincipal: z.string().nullable(),
  plano: plano.omit({ clientes: true }).nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  uso: usoCliente,
  /** The open Autorização de Suporte, if any (the support-access action needs one). */
  autorizacaoSuporte: z.object({ id: z.number(), dataFinal: z.string(), autorizaPor: z.string() }).nullable(),
});
export type Cliente = z.infer<typeof cliente>;

const cnpj = z
  .string({ error: MSG.informeCnpj })
  .trim()
  .min(1, MSG.informeCnpj)
  .max(18, MSG.cnpjInvalido)
  .refine(isValidCnpj, MSG.cnpjInvalido)
  .transform((s) => s.replace(/\D/g, ''));

const email = z
  .string({ error: MSG.informeEmail })
  .trim()
  .min(1, MSG.informeEmail)
  .max(LIMITS.email, MSG.emailInvalido)
  .toLowerCase()
  .pipe(z.email(MSG.emailInvalido));

/** Novo cliente: the tenant, its main company and CNPJ, and its first administrator. */
export const clienteForm = z.strictObject({
  nome: requiredText(MSG.informeNome, LIMITS.clienteNome),
  idPlano: id.nullish().transform((v, ctx) => {
    if (v === null || v === undefined) {
      ctx.addIssue({ code: 'custom', message: MSG.selecionePlano });
      return z.NEVER;
    }
    return v;
  }),
  cnpj,
  razaoSocial: requiredText(MSG.informeRazaoSocial, LIMITS.empresaRazaoSocial),
  nomeAdministrador: requiredText(MSG.informeNome, LIMITS.nome),
  emailAdministrador: email,
});
export type ClienteForm = z.input<typeof clienteForm>;

export const listarClientes = defineEndpoint({
  method: 'POST',
  path: '/api/adm/cliente/listar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Lista os clientes com plano, uso e situação',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(cliente),
});

export const salvarCliente = defineEndpoint({
  method: 'POST',
  path: '/api/adm/cliente/salvar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Cadastra um cliente (empresa, CNPJ principal, perfil Administrador) e convida o primeiro administrador',
  body: z.strictObject({ cliente: clienteForm, usuarioRequisicao }),
  response: mensagemResponse.extend({ id: z.number() }),
});

const idCliente = z.strictObject({ idCliente: id, usuarioRequisicao });

export const alterarPlanoCliente = defineEndpoint({
  method: 'POST',
  path: '/api/adm/cliente/alterar-plano',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Troca o plano de um cliente',
  body: z.strictObject({ idCliente: id, idPlano: id, usuarioRequisicao }),
  response: mensagemResponse,
});

export const suspenderCliente = defineEndpoint({
  method: 'POST',
  path: '/api/adm/cliente/suspender',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Suspende um cliente: os usuários dele não entram e as sessões abertas terminam',
  body: idCliente,
  response: mensagemResponse,
});

export const reativarCliente = defineEndpoint({
  method: 'POST',
  path: '/api/adm/cliente/reativar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Reativa um cliente suspenso',
  body: idCliente,
  response: mensagemResponse,
});

// ---- Notícias (the provider publishes; the customers read them through noticias.ts)

export const noticiaAdm = z.object({
  id: z.number(),
  titulo: z.string(),
  conteudo: z.string(),
  dataPublicacao: z.string(),
  /** null = every customer. */
  cliente: z.object({ id: z.number(), nome: z.string() }).nullable(),
});
export type NoticiaAdm = z.infer<typeof noticiaAdm>;

/** Content uses the light markup of seed 000 §2.6: @p … @ep paragraph, @b … @eb bold. */
export const noticiaForm = z.strictObject({
  id: id.nullish(),
  titulo: requiredText(MSG.informeTitulo, LIMITS.noticiaTitulo),
  conteudo: requiredText(MSG.informeConteudo, LIMITS.noticiaConteudo),
  dataPublicacao: dataIso,
  /** null or absent = every customer. */
  idCliente: id.nullish(),
});
export type NoticiaForm = z.input<typeof noticiaForm>;

export const listarNoticiasAdm = defineEndpoint({
  method: 'POST',
  path: '/api/adm/noticia/listar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Lista todas as notícias publicadas, com o cliente de destino',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(noticiaAdm),
});

export const salvarNoticia = defineEndpoint({
  method: 'POST',
  path: '/api/adm/noticia/salvar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Publica (ou altera, com id) uma notícia para todos os clientes ou para um',
  body: z.strictObject({ noticia: noticiaForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluirNoticia = defineEndpoint({
  method: 'POST',
  path: '/api/adm/noticia/excluir',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Exclui uma notícia',
  body: z.strictObject({ noticia: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

// ---- Relatórios admin

export const usoPlanoLinha = z.object({
  id: z.number(),
  nome: z.string(),
  plano: z.string().nullable(),
  ativo: z.boolean(),
  cnpjs: z.number(),
  maxCnpjs: z.number().nullable(),
  usuarios: z.number(),
  maxUsuarios: z.number().nullable(),
  funcionariosAtivos: z.number(),
  maxFuncionarios: z.number().nullable(),
  dispositivosMoveis: z.number(),
  maxDispositivosMoveis: z.number().nullable(),
  dispositivosWeb: z.number(),
  maxDispositivosWeb: z.number().nullable(),
});
export type UsoPlanoLinha = z.infer<typeof usoPlanoLinha>;

export const relatorioUsoPlanos = defineEndpoint({
  method: 'POST',
  path: '/api/adm/relatorio/uso-planos',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Uso de cada cliente diante dos limites do plano',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(usoPlanoLinha),
});

/** The same report as CSV for Brazilian Excel: UTF-8 with BOM, ';' between fields. */
export const relatorioUsoPlanosCsv = defineDownload({
  method: 'POST',
  path: '/api/adm/relatorio/uso-planos/csv',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Uso diante do plano por cliente, em CSV',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  contentTypes: ['text/csv'],
});
