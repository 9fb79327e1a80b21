import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { id, mensagemResponse, numeroDaConsulta, usuarioRequisicao } from '../common.js';
import { SUPER_ADMIN_CODE } from '../permissions.js';

/**
 * Autorização de Suporte (seed 000 §2.6, §3, §4, §7): the customer lets the
 * provider's support staff in for six more days; the provider turns an open
 * authorisation into a one-time login link (decision 0016).
 */
export const autorizacaoSuporte = z.object({
  id: z.number(),
  autorizaPor: z.string(),
  email: z.string(),
  /** The instant it was created (ISO). */
  dataCadastro: z.string(),
  /** Last day of access, yyyy-mm-dd (inclusive). */
  dataFinal: z.string(),
  /** Closed: ended by hand or its last day has passed. A closed one cannot be deleted. */
  fechado: z.boolean(),
});
export type AutorizacaoSuporte = z.infer<typeof autorizacaoSuporte>;

export const salvarAutorizacaoSuporte = defineEndpoint({
  method: 'POST',
  path: '/api/autorizacao-suporte/salvar',
  permission: 0,
  suporte: 'negado',
  summary: 'Cria uma autorização de suporte aberta até hoje + 6 dias',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: mensagemResponse.extend({ dataFinal: z.string() }),
});

export const excluirAutorizacaoSuporte = defineEndpoint({
  method: 'POST',
  path: '/api/autorizacao-suporte/excluir',
  permission: 0,
  suporte: 'negado',
  summary: 'Exclui uma autorização de suporte ainda aberta (o acesso de suporte termina na hora)',
  body: z.strictObject({ autorizacaoSuporte: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

export const listarAutorizacoesSuporte = defineEndpoint({
  method: 'GET',
  path: '/api/autorizacao-suporte/listar',
  permission: 0,
  suporte: 'permitido',
  summary: 'Autorizações de suporte criadas no mês (a = ano, m = mês)',
  body: z.strictObject({
    idEmp: id.optional(),
    a: numeroDaConsulta(1900, 9999, MSG.anoInvalido),
    m: numeroDaConsulta(1, 12, MSG.mesInvalido),
    fdb: z.string().max(5).optional(),
  }),
  response: z.array(autorizacaoSuporte),
});

/**
 * The provider's side of the flow (decision 0016): a new one-time access code
 * (5 minutes, single use) for the customer's open authorisation, answered as
 * the login link. Only the provider (99999) may ask; the code is stored hashed.
 */
export const atualizarRefAcesso = defineEndpoint({
  method: 'POST',
  path: '/api/autorizacao-suporte/atualizar-ref-acesso',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Gera um código de acesso de suporte de uso único (5 min) e devolve o link de login',
  body: z.strictObject({ idCliente: id, usuarioRequisicao }),
  response: mensagemResponse.extend({
    link: z.string(),
    expiraEm: z.string(),
    autorizacao: z.object({ id: z.number(), dataFinal: z.string() }),
  }),
});
