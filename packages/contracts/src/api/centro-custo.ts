import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { codedRegisterForm, id, idWith, mensagemResponse, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';
import { cnpjOpcao } from './empresa.js';

/**
 * Levels of the cost-centre chain (seed 000 §2.5, §3): company → Departamento
 * → Setor → Seção. On the wire the level is its name, as the seeds show it
 * ('codigo - nome (tipo)'); the database keeps 1, 2, 3.
 */
export const NIVEIS_CENTRO_CUSTO = ['Departamento', 'Setor', 'Seção'] as const;
export type NivelCentroCusto = (typeof NIVEIS_CENTRO_CUSTO)[number];
/** 'Novo Setor', 'Nova Seção': the word agrees with the level's gender (issue 24 §8). */
export const novoNivel = (nivel: NivelCentroCusto): string => `${nivel === 'Seção' ? 'Nova' : 'Novo'} ${nivel}`;
/** The level of a stored `tipo` (1, 2, 3). */
export const NIVEIS_CENTRO_CUSTO_POR_TIPO: Readonly<Record<number, NivelCentroCusto>> = {
  1: 'Departamento',
  2: 'Setor',
  3: 'Seção',
};

export const centroCusto = z.object({
  id: z.number(),
  codigo: z.string(),
  nome: z.string(),
  tipo: z.enum(NIVEIS_CENTRO_CUSTO),
  /** The department of a sector, the sector of a section; null for a department. */
  centroCustoPaiId: z.number().nullable(),
  idCnpj: z.number(),
});
export type CentroCusto = z.infer<typeof centroCusto>;

/**
 * The create/edit dialog (seed 000 §3, §5): code ≤ 12 and name ≤ 50; the code
 * is required unless the automatic sequence is on for a new one.
 */
export const centroCustoForm = codedRegisterForm({ codigo: LIMITS.centroCustoCodigo, nome: LIMITS.centroCustoNome });
export type CentroCustoForm = z.input<typeof centroCustoForm>;

const idCnpj = idWith(MSG.selecioneEmpresa);

export const salvarDepartamento = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/salvar-departamento',
  permission: PERM.CENTROS_CUSTOS_NOVO,
  suporte: 'permitido',
  summary: 'Cadastra um departamento na empresa',
  body: z.strictObject({ idCnpj, centroCusto: centroCustoForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const salvarSetorSecao = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/salvar-setor-secao',
  permission: PERM.CENTROS_CUSTOS_NOVO,
  suporte: 'permitido',
  summary: 'Cadastra um setor (pai: departamento) ou uma seção (pai: setor)',
  body: z.strictObject({
    idCnpj,
    idCentroCustoPai: idWith(MSG.selecioneCentroCustoPai),
    centroCusto: centroCustoForm,
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const alterarCentroCusto = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/alterar',
  permission: PERM.CENTROS_CUSTOS_EDITAR,
  suporte: 'permitido',
  summary: 'Altera o código e o nome de um centro de custo',
  body: z.strictObject({
    centroCusto: centroCustoForm.refine((c) => c.id !== null && c.id !== undefined, {
      path: ['id'],
      message: MSG.idInvalido,
    }),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const excluirCentroCusto = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/excluir',
  permission: PERM.CENTROS_CUSTOS_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui um centro de custo sem filhos',
  body: z.strictObject({ centroCusto: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

export const buscarCentroCusto = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/buscar',
  permission: PERM.CENTROS_CUSTOS_VER,
  suporte: 'permitido',
  summary: 'Busca um centro de custo pelo id',
  body: z.strictObject({ idCentroCusto: id, usuarioRequisicao }),
  response: centroCusto,
});

export const listarCnpjsCentroCusto = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/listar-cnpjs',
  permission: PERM.CENTROS_CUSTOS_VER,
  suporte: 'permitido',
  summary: 'Lista as empresas que o usuário pode ver (seletor Empresa)',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(cnpjOpcao),
});

export const listarDepartamentos = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/listar-departamentos',
  permission: PERM.CENTROS_CUSTOS_VER,
  suporte: 'permitido',
  summary: 'Lista os departamentos de uma empresa',
  body: z.strictObject({ idCnpj, usuarioRequisicao }),
  response: z.array(centroCusto),
});

export const listarSetores = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/listar-setores',
  permission: PERM.CENTROS_CUSTOS_VER,
  suporte: 'permitido',
  summary: 'Lista os setores de um departamento',
  body: z.strictObject({ idDepartamento: idWith(MSG.selecioneDepartamento), usuarioRequisicao }),
  response: z.array(centroCusto),
});

export const listarSecoes = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/listar-secoes',
  permission: PERM.CENTROS_CUSTOS_VER,
  suporte: 'permitido',
  summary: 'Lista as seções de um setor',
  body: z.strictObject({ idSetor: idWith(MSG.selecioneSetor), usuarioRequisicao }),
  response: z.array(centroCusto),
});

export const listarTodosCentrosCusto = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/listar-todos',
  // Shared lookup (Editar Usuário, holiday scope 4): any logged-in user, limited to their scope (catalogue).
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista os centros de custo de uma empresa que o usuário pode ver (todos os níveis)',
  // The seed spells the key idCNPJ; the user-edit sentence says idCnpj: both are read.
  body: z
    .strictObject({ idCNPJ: idCnpj.optional(), idCnpj: idCnpj.optional(), usuarioRequisicao })
    .refine((b) => b.idCNPJ !== undefined || b.idCnpj !== undefined, {
      path: ['idCnpj'],
      message: MSG.selecioneEmpresa,
    }),
  response: z.array(centroCusto),
});

export const listarCentrosCustosUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/centro-custo/listar-centros-custos-usuario',
  // Shared lookup (employee filter, movements, reports): any logged-in user, limited to their scope.
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista os centros de custo de uma empresa que o usuário pode ver',
  body: z.strictObject({ idCnpj, usuarioRequisicao }),
  response: z.array(centroCusto),
});
