import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { cnpjRef, id, mensagemResponse, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';

/**
 * Relógio de Ponto (seed 001 §2.10, §3 'Time clock', §5 'Time clock', §7
 * 'Time clocks'; issue 25 §2; codes 153–156): the tenant's company token —
 * the base of a push clock's server address (spec/devices.md §4(a)),
 * generated once — and the clocks of each company.
 */

/** Seed 001 §8 'Devices'. */
export const FABRICANTES_RELOGIO = ['ControlId', 'ControlId IdFace', 'Topdata'] as const;
export const MODELOS_RELOGIO = [
  'ControlId',
  'ControlId IdFace',
  'LC',
  'LFD',
  'LM',
  'Inner Ponto LC',
  'Inner Ponto LFD',
  'Inner Ponto LM',
] as const;
export const PORTARIAS_RELOGIO = [
  { valor: '671', rotulo: '671 (funcionário cadastrado pelo CPF)' },
  { valor: '1510', rotulo: '1510 (funcionário cadastrado pelo PIS)' },
] as const;
export const TIPOS_SERVICO_RELOGIO = [
  { valor: 'N/D', rotulo: 'Nenhum' },
  { valor: 'Coletor Local', rotulo: 'Coletor Local' },
  { valor: 'Push', rotulo: 'Push' },
] as const;
export type FabricanteRelogio = (typeof FABRICANTES_RELOGIO)[number];

/** The manufacturer whose clocks register employees by PIS only (seed 001 §5: it forces portaria 1510). */
export const FABRICANTE_IDFACE: FabricanteRelogio = 'ControlId IdFace';

export const RELOGIO_PONTO_LIMITS = {
  numeroSerie: 30,
  localInstalacao: 100,
  autorizacao: 50,
  idCloud: 20,
} as const;

/** The screen's and the server's texts (seed 001 where it gives them). */
export const RELOGIO_PONTO_MSG = {
  salvo: 'Relógio cadastrado com sucesso!',
  alterado: 'Relógio alterado com sucesso!',
  excluido: 'Relógio excluído com sucesso!',
  selecioneFabricante: 'Selecione o fabricante',
  informeNumeroSerie: 'Informe o número de série',
  selecioneModelo: 'Selecione o modelo',
  selecionePortaria: 'Selecione a portaria',
  informeIdCloud: 'Informe o Id Cloud: o serviço Push precisa dele',
  idCloudSoNumeros: 'O Id Cloud aceita somente números',
  numeroSerieEmUso: 'Já existe um relógio deste fabricante com este número de série.',
  idCloudEmUso: 'Já existe um relógio com este Id Cloud.',
  tokenCopiado: 'Token copiado',
  erroCopiarToken: 'Erro copiar token',
  tokenJaGerado: 'O token já foi gerado: ele é gerado uma única vez.',
  tokenGerado: 'Token gerado e copiado.',
  naoEncontrado: 'Relógio não encontrado.',
  outraEmpresa: 'O relógio não é da empresa informada.',
} as const;

const L = RELOGIO_PONTO_LIMITS;
const M = RELOGIO_PONTO_MSG;

/** A time clock as the list answers it (seed 001 §3). Dates are ISO instants. */
export const relogioPonto = z.object({
  id: z.number(),
  numeroSerie: z.string(),
  fabricante: z.string(),
  autorizacao: z.string().nullable(),
  dataCadastro: z.string(),
  dataAutorizacao: z.string().nullable(),
  localInstalacao: z.string().nullable(),
  modelo: z.string().nullable(),
  portaria: z.string().nullable(),
  integracaoLeitorFacial: z.boolean(),
  numeroSerieLeitorFacial: z.string().nullable(),
  tipoServico: z.string(),
  proximoNSR: z.number().nullable(),
  idCloud: z.string().nullable(),
});
export type RelogioPonto = z.infer<typeof relogioPonto>;

const textoOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `No máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The create/edit form (seed 001 §5 'Time clock'): only the manufacturer and
 * the serial number block a save; model and portaria are asked for on the
 * screen without blocking. The cloud id takes digits only and is required by
 * the Push service. IdFace forces portaria 1510 (the server applies it too).
 */
export const relogioPontoForm = z
  .strictObject({
    id: id.nullish(),
    fabricante: z.enum(FABRICANTES_RELOGIO, { error: M.selecioneFabricante }),
    numeroSerie: z
      .string({ error: M.informeNumeroSerie })
      .trim()
      .min(1, M.informeNumeroSerie)
      .max(L.numeroSerie, `No máximo ${L.numeroSerie} caracteres`),
    modelo: z.enum(MODELOS_RELOGIO, { error: M.selecioneModelo }).nullish(),
    portaria: z.enum(['671', '1510'], { error: M.selecionePortaria }).nullish(),
    localInstalacao: textoOpcional(L.localInstalacao),
    autorizacao: textoOpcional(L.autorizacao),
    integracaoLeitorFacial: z.boolean().optional().default(false),
    numeroSerieLeitorFacial: textoOpcional(L.numeroSerie),
    tipoServico: z.enum(['N/D', 'Coletor Local', 'Push']).optional().default('N/D'),
    idCloud: z
      .string()
      .trim()
      .max(L.idCloud, `No máximo ${L.idCloud} dígitos`)
      .regex(/^\d*$/, M.idCloudSoNumeros)
      .nullish()
      .transform((v) => (v ? v : null)),
    proximoNSR: z.number().int().min(1).max(999_999_999).nullish(),
  })
  .superRefine((f, ctx) => {
    if (f.tipoServico === 'Push' && !f.idCloud)
      ctx.addIssue({ code: 'custom', path: ['idCloud'], message: M.informeIdCloud });
  });
export type RelogioPontoForm = z.input<typeof relogioPontoForm>;
export type RelogioPontoFormOut = z.output<typeof relogioPontoForm>;

const cnpj = cnpjRef;

export const salvarRelogioPonto = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/salvar',
  permission: PERM.RELOGIO_PONTO_NOVO,
  altPermission: PERM.RELOGIO_PONTO_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra ou altera (com id) um relógio de ponto da empresa',
  body: z.strictObject({ relogioPonto: relogioPontoForm, cnpj, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluirRelogioPonto = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/excluir',
  permission: PERM.RELOGIO_PONTO_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui um relógio de ponto da empresa',
  body: z.strictObject({ relogioPonto: z.object({ id }).loose(), cnpj, usuarioRequisicao }),
  response: mensagemResponse,
});

/** The clocks of one company (also the clock-location report's list, code 147). */
export const listarRelogioPonto = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/listar',
  permission: PERM.RELOGIO_PONTO_VER,
  // The clock-location report lists them too (catalogue: 147, the route table's code of that report).
  altPermission: PERM.RELATORIO_PONTO_EXTERNO,
  suporte: 'permitido',
  summary: 'Lista os relógios de ponto de uma empresa',
  body: z.strictObject({ cnpj, usuarioRequisicao }),
  response: z.array(relogioPonto),
});

/** The company token (seed 001 §3 'Token response'): `valor` and `data` only once generated. */
export const tokenRelogio = z.object({
  tokenGerado: z.boolean(),
  valor: z.string().nullable(),
  /** ISO instant of the generation. */
  data: z.string().nullable(),
});
export type TokenRelogio = z.infer<typeof tokenRelogio>;

const soRequisitante = z.strictObject({ usuarioRequisicao }).optional();

export const buscarToken = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/buscar-token',
  permission: PERM.RELOGIO_PONTO_VER,
  suporte: 'permitido',
  summary: 'O token da empresa para os relógios (se já gerado)',
  body: soRequisitante,
  response: tokenRelogio,
});

export const tokenGerado = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/token-gerado',
  permission: PERM.RELOGIO_PONTO_VER,
  suporte: 'permitido',
  summary: 'Se o token da empresa já foi gerado',
  body: soRequisitante,
  response: tokenRelogio,
});

/** Seed 001 §2.10: only while none exists; generated once. */
export const gerarToken = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/gerar-token',
  permission: PERM.RELOGIO_PONTO_NOVO,
  suporte: 'permitido',
  summary: 'Gera o token da empresa para os relógios (uma única vez)',
  body: soRequisitante,
  response: tokenRelogio,
});
