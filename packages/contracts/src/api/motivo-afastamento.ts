import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, mensagemResponse, requiredText, usuarioRequisicao } from '../common.js';
import { LIMITS } from '../limits.js';
import { PERM } from '../permissions.js';

/**
 * The reasons every tenant is born with and cannot delete or rename (issue 9):
 * 'Transferência' is how the Afastamentos screen moves an employee to another
 * company or cost centre (seed 002 §2), so the screen finds it by this flag.
 */
export const MOTIVOS_PROTEGIDOS = [{ descricao: 'Transferência', definitivo: true }] as const;

/** The Motivos de Afastamento texts (seed 000 §5 where it gives them; the rest ours). */
export const MOTIVO_MSG = {
  salvo: 'Motivo de afastamento cadastrado com sucesso!',
  alterado: 'Motivo de afastamento alterado com sucesso!',
  excluido: 'Motivo de afastamento excluído com sucesso!',
  // Seed 000 §5, capital D included.
  informeDescricao: 'Informe a Descrição',
  descricaoEmUso: 'Já existe um motivo de afastamento com esta descrição.',
  definitivoImutavel: 'Definitivo é escolhido só no cadastro: não pode ser alterado.',
  protegidoRenomear: (descricao: string) =>
    `O motivo ${descricao} é do sistema (usado nas transferências) e não pode ser renomeado.`,
  protegidoExcluir: (descricao: string) =>
    `O motivo ${descricao} é do sistema (usado nas transferências) e não pode ser excluído.`,
} as const;

export const motivoAfastamento = z.object({
  id: z.number(),
  descricao: z.string(),
  definitivo: z.boolean(),
  /** A reason of the system (MOTIVOS_PROTEGIDOS): the screen offers neither edit nor delete. */
  protegido: z.boolean(),
});
export type MotivoAfastamento = z.infer<typeof motivoAfastamento>;

/** How pickers name a reason (seed 000 §3): its description and whether it is definitive. */
export const rotuloMotivo = (m: { descricao: string; definitivo: boolean }): string =>
  `${m.descricao} - ${m.definitivo ? 'Definitivo' : 'Não Definitivo'}`;

/**
 * The create/edit form (seed 000 §3, §5). `definitivo` is read on creation
 * only; on an edit it must be absent or equal to the stored value.
 */
export const motivoAfastamentoForm = z.strictObject({
  id: id.nullish(),
  descricao: requiredText(MOTIVO_MSG.informeDescricao, LIMITS.motivoDescricao),
  definitivo: z.boolean().optional(),
});
export type MotivoAfastamentoForm = z.input<typeof motivoAfastamentoForm>;

// Seed 000 §6: Motivos de Afastamento use the numbers of Cargos (20 new, 21 edit, 22 delete).
export const salvarMotivoAfastamento = defineEndpoint({
  method: 'POST',
  path: '/api/motivo-de-afastamentos/salvar',
  permission: PERM.CARGOS_NOVO,
  altPermission: PERM.CARGOS_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra (20) ou altera (21, com id) um motivo de afastamento',
  body: z.strictObject({ motivoAfastamento: motivoAfastamentoForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluirMotivoAfastamento = defineEndpoint({
  method: 'POST',
  path: '/api/motivo-de-afastamentos/excluir',
  permission: PERM.CARGOS_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui um motivo de afastamento (nunca um do sistema)',
  body: z.strictObject({ motivoAfastamento: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

export const buscarMotivoAfastamento = defineEndpoint({
  method: 'POST',
  path: '/api/motivo-de-afastamentos/buscar',
  permission: PERM.MOTIVOS_AFASTAMENTO_VER,
  suporte: 'permitido',
  summary: 'Busca um motivo de afastamento pelo id',
  body: z.strictObject({ idMotivo: id, usuarioRequisicao }),
  response: motivoAfastamento,
});

export const listarMotivosAfastamento = defineEndpoint({
  method: 'POST',
  path: '/api/motivo-de-afastamentos/listar',
  // Shared lookup (Afastamentos' reason dropdown): any logged-in user (catalogue).
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista os motivos de afastamento da empresa',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(motivoAfastamento),
});
