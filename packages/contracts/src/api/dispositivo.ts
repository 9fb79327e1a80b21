import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { cnpjRef, id, idWith, mensagemResponse, usuarioRequisicao } from '../common.js';
import { MSG } from '../messages.js';
import { PERM } from '../permissions.js';

/**
 * Marcação Online (seed 001 §2.11, §3 'Online punch device', §4, §5, §7
 * 'Online punch devices'; issue 25 §3; code 160): the devices with which
 * employees punch in our own REP-P — a phone app (Mob) or the browser (Web) —
 * one per employee and type, created in batches of 50 with the permissions
 * of each type; each gets a one-time activation code (8 characters, valid
 * 72 h, spec/devices.md §4(c)) that the employee types in the app.
 */

export const TIPOS_DISPOSITIVO = ['Mob', 'Web'] as const;
export type TipoDispositivo = (typeof TIPOS_DISPOSITIVO)[number];

/** Seed 001 §3: the four permissions of both types, all selected by default. */
export const PERMISSOES_DISPOSITIVO = [
  { nome: 'registrarPonto', label: 'Registrar Ponto' },
  { nome: 'incluirMarcacao', label: 'Incluir Marcação' },
  { nome: 'justificarPonto', label: 'Justificar Ponto' },
  { nome: 'relatorioHoras', label: 'Relatório de Horas' },
] as const;
export type NomePermissaoDispositivo = (typeof PERMISSOES_DISPOSITIVO)[number]['nome'];

export const DISPOSITIVO_LIMITS = {
  /** Seed 001 §4: the employees of one creation call. */
  funcionariosPorLote: 50,
  horasCodigo: 72,
  crachaNome: 50,
} as const;

export const DISPOSITIVO_MSG = {
  selecioneFuncionarios: 'Selecione o(s) funcionário(s)',
  selecioneDispositivo: 'Selecione o dispositivo',
  criados: (n: number, existentes: number) =>
    `${n} dispositivo(s) criado(s)` + (existentes > 0 ? `; ${existentes} já existia(m).` : '.'),
  limitePlano: (tipo: TipoDispositivo, max: number) =>
    `O plano permite no máximo ${max} dispositivo(s) ${tipo === 'Mob' ? 'Celular' : 'Web'}: exclua algum ou fale com o suporte para ampliar o plano.`,
  funcionarioDeOutraEmpresa: 'Há funcionário(s) que não são da empresa informada.',
  naoEncontrado: 'Dispositivo não encontrado.',
  codigoAtivacao: (codigo: string) =>
    `Código de ativação: ${codigo}. Vale por 72 horas e uma única vez: o funcionário o informa no app.`,
  codigoSenha: (codigo: string) =>
    `Código para redefinir a senha: ${codigo}. Vale por 72 horas e uma única vez: o funcionário o informa no app.`,
  permissoesAtualizadas: 'Permissões atualizadas com sucesso!',
  excluido: 'Dispositivo excluído com sucesso!',
  semCodigo: 'O dispositivo não tem código de ativação válido: gere um novo.',
} as const;

const permissao = z.object({
  nome: z.enum(PERMISSOES_DISPOSITIVO.map((p) => p.nome)),
  label: z.string(),
  selecionado: z.boolean(),
});
export type PermissaoDispositivo = z.infer<typeof permissao>;

/** A device as the list answers it (seed 001 §3). Dates are ISO instants. */
export const dispositivo = z.object({
  id: z.number(),
  tipo: z.enum(TIPOS_DISPOSITIVO),
  descricao: z.string(),
  dataCadastro: z.string(),
  dataAtualizacao: z.string().nullable(),
  dataAtivacao: z.string().nullable(),
  dataUltimaSincronia: z.string().nullable(),
  ativo: z.boolean(),
  nomeFuncionario: z.string(),
  /** The activation code while valid and unused (Copiar Código de Ativação), else null. */
  codigoAtivacao: z.string().nullable(),
  permissoes: z.array(permissao),
});
export type Dispositivo = z.infer<typeof dispositivo>;

const listaPermissoes = z.array(permissao.partial({ label: true })).max(PERMISSOES_DISPOSITIVO.length);

/** Seed 001 §7: one batch of the creation; `ultimaPagina` marks the last. */
export const salvarDispositivos = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dispositivo/salvar',
  permission: PERM.MARCACAO_ONLINE_VER,
  suporte: 'permitido',
  summary: 'Cria os dispositivos (Mob e/ou Web) de até 50 funcionários',
  body: z.strictObject({
    dispositivoRequest: z.strictObject({
      idsFuncionarios: z
        .array(id, { error: DISPOSITIVO_MSG.selecioneFuncionarios })
        .min(1, DISPOSITIVO_MSG.selecioneFuncionarios)
        .max(
          DISPOSITIVO_LIMITS.funcionariosPorLote,
          `No máximo ${DISPOSITIVO_LIMITS.funcionariosPorLote} funcionários por vez`,
        ),
      cnpj: cnpjRef,
      tiposDispositivos: z
        .array(z.enum(TIPOS_DISPOSITIVO), { error: DISPOSITIVO_MSG.selecioneDispositivo })
        .min(1, DISPOSITIVO_MSG.selecioneDispositivo),
      permissoesMob: listaPermissoes.optional(),
      permissoesWeb: listaPermissoes.optional(),
      ultimaPagina: z.boolean().optional(),
    }),
    usuarioRequisicao,
  }),
  response: mensagemResponse.extend({ criados: z.number(), existentes: z.number() }),
});

export const gerarCodigoAtivacao = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dispositivo/gerar-codigo-ativacao',
  permission: PERM.MARCACAO_ONLINE_VER,
  suporte: 'permitido',
  summary: 'Gera o código de ativação do dispositivo (o anterior deixa de valer)',
  body: z.strictObject({ cnpj: z.unknown().optional(), idDispositivo: id, usuarioRequisicao }),
  response: mensagemResponse.extend({ codigo: z.string() }),
});

export const gerarCodigoRecuperarSenha = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dispositivo/gerar-codigo-recuperar-senha',
  permission: PERM.MARCACAO_ONLINE_VER,
  suporte: 'permitido',
  summary: 'Gera o código com que o funcionário redefine a senha no app',
  body: z.strictObject({ idDispositivo: id, usuarioRequisicao }),
  response: mensagemResponse,
});

export const atualizarPermissoes = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dispositivo/atualizar-permissoes',
  permission: PERM.MARCACAO_ONLINE_VER,
  suporte: 'permitido',
  summary: 'Atualiza as permissões do dispositivo',
  body: z.strictObject({
    dispositivoRequest: z.strictObject({ idDispositivo: id, permissoes: listaPermissoes }),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const excluirDispositivo = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dispositivo/excluir',
  permission: PERM.MARCACAO_ONLINE_VER,
  suporte: 'permitido',
  summary: 'Exclui o dispositivo',
  body: z.strictObject({ idDispositivo: id, usuarioRequisicao }),
  response: mensagemResponse,
});

/** Seed 001 §7: defined, unused by the screen; answers the devices of each type against the plan. */
export const buscarQuantidade = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dispositivo/buscarQuantidade',
  permission: PERM.MARCACAO_ONLINE_VER,
  suporte: 'permitido',
  summary: 'Quantos dispositivos de cada tipo o cliente tem e o plano permite',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.object({ mob: z.number(), web: z.number(), maxMob: z.number(), maxWeb: z.number() }),
});

export const listarDispositivos = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dispositivo/listar',
  permission: PERM.MARCACAO_ONLINE_VER,
  suporte: 'permitido',
  summary: 'Os dispositivos de uma empresa, por página, com busca por crachá/PIS/CPF/nome',
  body: z.strictObject({
    idCnpj: idWith(MSG.selecioneEmpresa),
    qtdLinhas: z.coerce.number().int().min(1).max(100),
    numPagina: z.coerce.number().int().min(0).max(100_000),
    crachaNome: z.string().trim().max(DISPOSITIVO_LIMITS.crachaNome).optional().default(''),
    usuarioRequisicao,
  }),
  response: z.object({ dispositivos: z.array(dispositivo), quantidadeDispositivos: z.number() }),
});
