import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { id, mensagemResponse, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';

export const cargo = z.object({
  id: z.number(),
  codigo: z.string(),
  nome: z.string(),
});
export type Cargo = z.infer<typeof cargo>;

/**
 * The create/edit form (seed 000 §2.5, §5). `gerarCodogioEmSequencia` keeps
 * the seed's spelling. The code is required unless the automatic sequence is
 * on for a new record; on edit it is always required.
 */
export const cargoForm = z
  .strictObject({
    id: id.nullish(),
    codigo: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(LIMITS.cargoCodigo, `Código: no máximo ${LIMITS.cargoCodigo} caracteres`))
      .nullish(),
    nome: z
      .string({ error: MSG.informeNome })
      .trim()
      .min(1, MSG.informeNome)
      .max(LIMITS.cargoNome, `Nome: no máximo ${LIMITS.cargoNome} caracteres`),
    gerarCodogioEmSequencia: z.boolean().optional().default(true),
  })
  .superRefine((c, ctx) => {
    const editing = c.id !== null && c.id !== undefined;
    const auto = !editing && c.gerarCodogioEmSequencia;
    if (!auto && (c.codigo === null || c.codigo === undefined || c.codigo === '')) {
      ctx.addIssue({ code: 'custom', path: ['codigo'], message: MSG.informeCodigo });
    }
  });
export type CargoForm = z.input<typeof cargoForm>;

export const salvarCargo = defineEndpoint({
  method: 'POST',
  path: '/api/cargo/salvar',
  permission: PERM.CARGOS_NOVO,
  altPermission: PERM.CARGOS_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra (20) ou altera (21, com id) um cargo',
  body: z.strictObject({ cargo: cargoForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluirCargo = defineEndpoint({
  method: 'POST',
  path: '/api/cargo/excluir',
  permission: PERM.CARGOS_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui um cargo',
  body: z.strictObject({
    cargo: z.object({ id }).loose(),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const buscarCargo = defineEndpoint({
  method: 'POST',
  path: '/api/cargo/buscar',
  permission: PERM.CARGOS_VER,
  suporte: 'permitido',
  summary: 'Busca um cargo pelo id',
  body: z.strictObject({ idCargo: id, usuarioRequisicao }),
  response: cargo,
});

export const listarCargos = defineEndpoint({
  method: 'POST',
  path: '/api/cargo/listar',
  // Shared lookup (employee form, holiday scope 5): any logged-in user (catalogue).
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista os cargos da empresa',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(cargo),
});
