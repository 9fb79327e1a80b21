import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, mensagemResponse, requiredText, usuarioRequisicao } from '../common.js';
import { LIMITS } from '../limits.js';
import { PERM } from '../permissions.js';

/** Limits of the Justificativa register (seed 000 §3, §9): the form, the server and the table read them here. */
export const JUSTIFICATIVA_LIMITS = { descricao: LIMITS.justificativaDescricao } as const;

/**
 * The kinds of justification (seed 000 §3), in the seed's order and wording.
 * The time engine reads `tipo` (1 abona, 3 compensa, 4 inclui, 5 desconsidera
 * uma marcação; 2 só explica).
 */
export const TIPOS_JUSTIFICATIVA = [
  { tipo: 1, descricao: 'Abonar horas' },
  { tipo: 2, descricao: 'Explicação' },
  { tipo: 3, descricao: 'Compensação' },
  { tipo: 4, descricao: 'Inclusão de marcação' },
  { tipo: 5, descricao: 'Desconsiderar marcação' },
] as const;
export type TipoJustificativa = (typeof TIPOS_JUSTIFICATIVA)[number]['tipo'];

/** The Justificativa register's texts (seed 000 §5 where it gives them; the rest ours). */
export const JUSTIFICATIVA_MSG = {
  salvo: 'Justificativa cadastrada com sucesso!',
  alterado: 'Justificativa alterada com sucesso!',
  excluido: 'Justificativa excluída com sucesso!',
  informeDescricao: 'Informe a descrição',
  selecioneTipo: 'Selecione o tipo',
  descricaoEmUso: 'Já existe uma justificativa com esta descrição.',
} as const;

const L = JUSTIFICATIVA_LIMITS;
const M = JUSTIFICATIVA_MSG;

export const justificativa = z.object({
  id: z.number(),
  descricao: z.string(),
  inibirAcesso: z.boolean(),
  tipo: z.number(),
  /** The kind's name (TIPOS_JUSTIFICATIVA), answered so every picker shows it the same way. */
  descricaoTipo: z.string(),
});
export type Justificativa = z.infer<typeof justificativa>;

/** Null while the form has none chosen; the server refuses null like any other value outside 1–5. */
const tipo = z
  .number({ error: M.selecioneTipo })
  .nullable()
  .refine((t) => TIPOS_JUSTIFICATIVA.some((x) => x.tipo === t), M.selecioneTipo)
  .transform((t) => t as TipoJustificativa);

/** The create/edit form (seed 000 §3, §5). There is no code on this register. */
export const justificativaForm = z.strictObject({
  id: id.nullish(),
  descricao: requiredText(M.informeDescricao, L.descricao),
  inibirAcesso: z.boolean().optional().default(false),
  tipo,
});
export type JustificativaForm = z.input<typeof justificativaForm>;

export const salvarJustificativa = defineEndpoint({
  method: 'POST',
  path: '/api/justificativa/salvar',
  permission: PERM.JUSTIFICATIVAS_NOVO,
  altPermission: PERM.JUSTIFICATIVAS_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra (91) ou altera (92, com id) uma justificativa',
  body: z.strictObject({ justificativa: justificativaForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluirJustificativa = defineEndpoint({
  method: 'POST',
  path: '/api/justificativa/excluir',
  permission: PERM.JUSTIFICATIVAS_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui uma justificativa',
  body: z.strictObject({ justificativa: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

export const buscarJustificativa = defineEndpoint({
  method: 'POST',
  path: '/api/justificativa/buscar',
  permission: PERM.JUSTIFICATIVAS_VER,
  suporte: 'permitido',
  summary: 'Busca uma justificativa pelo id',
  body: z.strictObject({ idJustificativa: id, usuarioRequisicao }),
  response: justificativa,
});

export const listarJustificativas = defineEndpoint({
  method: 'POST',
  path: '/api/justificativa/listar',
  // Shared lookup (Ocorrências, Mudança de Horário, Marcações, reports): any logged-in user (catalogue).
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista as justificativas da empresa',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(justificativa),
});
