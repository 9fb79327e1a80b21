import { z } from 'zod';
import { defineEndpoint, defineUpload } from '../endpoint.js';
import { MSG } from '../messages.js';
import { idWith, isWireDate, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';
import { STATUS_SOLICITACAO } from './solicitacao-documento.js';

/**
 * Arquivo AFD (seed 002 §2, §4, §7; issue 11 §4; code 134): the company's
 * clock file goes in, a document request (nome 'AFD', servico 'arquivoAFD')
 * comes back and is followed until the import job ends (the seed's 15 s
 * polling became a long poll: decision 0080). The
 * layout comes from the file; the portaria chosen on the screen only warns
 * when it differs (fiscal-files.md §3.5).
 */

/** Seed 000 §121 / 002 §3: 1510 (employee registered by PIS) and 671 (by CPF); the first is the default. */
export const PORTARIAS_AFD = [
  { valor: '671', rotulo: '671 (funcionário cadastrado pelo CPF)' },
  { valor: '1510', rotulo: '1510 (funcionário cadastrado pelo PIS)' },
] as const;
export type PortariaAfd = (typeof PORTARIAS_AFD)[number]['valor'];

export const AFD = {
  /**
   * The largest file: the server's upload limit (config.ts). One million
   * 671 punches are 50 MB; a clock's whole memory rarely passes a few MB.
   */
  arquivoBytes: 100 * 1024 * 1024,
  /** Seed 002 §9: the legacy paging posts 20 indexes per batch. */
  indicesPorPagina: 20,
  /** Findings written into the request's message; the full list stays with the import. */
  ocorrenciasNaMensagem: 200,
} as const;

/** Texts of the screen and the import (seed 002 where it gives them; the rest ours). */
export const MSG_AFD = {
  sucesso: 'Sucesso! Arquivo e dados processados.',
  selecionarAfd: 'Selecionar AFD...',
  enviar: 'Enviar',
  monitorando: 'Arquivo recebido: a importação começa em instantes.',
  importando: 'Importando as marcações do arquivo AFD…',
  info:
    'Selecione a empresa, o período e a portaria do relógio e envie o AFD (arquivo .txt gerado pelo REP). ' +
    'Somente as marcações dentro do período são importadas; marcações já importadas não são duplicadas.',
  aviso:
    'Atenção: o CNPJ/CPF do empregador no cabeçalho do AFD deve ser o da empresa selecionada. ' +
    'Marcações de CPF/PIS sem funcionário cadastrado ficam sem vínculo e são vinculadas quando o funcionário for cadastrado.',
  informePeriodo: 'Informe o período',
  selecionePortaria: 'Selecione a portaria',
  selecioneArquivoAfd: 'Selecione o arquivo AFD (.txt)',
  empregadorDiferente: (noArquivo: string, daEmpresa: string) =>
    `O AFD é do empregador ${noArquivo}, não da empresa selecionada (${daEmpresa}). ` +
    'Selecione a empresa do relógio ou envie o AFD desta empresa.',
  cnpjRelogioDiferente: (informado: string, daEmpresa: string) =>
    `O CNPJ do relógio informado (${informado}) não é o da empresa selecionada (${daEmpresa}).`,
  leiauteDiferente: (doArquivo: string, escolhida: string) =>
    `O arquivo está no leiaute da Portaria ${doArquivo}, mas foi escolhida a Portaria ${escolhida}. ` +
    `O arquivo foi lido pelo leiaute da Portaria ${doArquivo}.`,
  arquivoNaoEncontrado: 'Arquivo AFD não encontrado: envie o arquivo novamente.',
  indicesDemais: (max: number) => `Informe no máximo ${max} índices por vez.`,
  informeIndices: 'Informe os índices das linhas a importar.',
} as const;

const cnpjRef = z.strictObject({ id: idWith(MSG.selecioneEmpresa) }, { error: MSG.selecioneEmpresa });

const dataObrigatoria = z
  .string({ error: MSG_AFD.informePeriodo })
  .trim()
  .min(1, MSG_AFD.informePeriodo)
  .refine(isWireDate, MSG.dataInvalida);

/** The portaria as the screens send it: '671' or 1510, text or number. */
const portaria = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.enum(['671', '1510'], { error: MSG_AFD.selecionePortaria }),
);

/** numCnpjRelogio: the clock's CNPJ/CPF, digits with or without the mask; blank = not informed. */
const numeroDocumento = z
  .string()
  .trim()
  .max(18, MSG.textoLongoDemais)
  .transform((s) => s.replace(/\D/g, ''))
  .refine((s) => s === '' || s.length === 11 || s.length === 14, 'CNPJ/CPF do relógio inválido')
  .nullish();

const textoOpcional = z.string().max(200, MSG.textoLongoDemais).nullish();

const periodoEmOrdem = (v: { dataInicio?: string; dataFinal?: string }) =>
  !v.dataInicio || !v.dataFinal || v.dataInicio <= v.dataFinal;
const periodoInvertido = { message: MSG.periodoInvertido, path: ['dataFinal'] };

/**
 * The screen's form (seed 002 §2 Arquivo AFD): company, period and portaria;
 * the file is chosen beside it. The same rules as jsonRequisicao.
 */
export const formularioAfd = z
  .object({
    idCnpj: idWith(MSG.selecioneEmpresa),
    dataInicio: dataObrigatoria,
    dataFinal: dataObrigatoria,
    numeroPortaria: portaria,
  })
  .refine(periodoEmOrdem, periodoInvertido);
export type FormularioAfd = z.input<typeof formularioAfd>;

/** jsonRequisicao of POST /api/afd/upload (seed 002 §7). */
export const jsonRequisicaoAfd = z
  .strictObject({
    numeroPortaria: portaria,
    numCnpjRelogio: numeroDocumento,
    cnpj: cnpjRef,
    dataInicio: dataObrigatoria,
    dataFinal: dataObrigatoria,
    nomeDocumento: textoOpcional,
    nomeArquivo: textoOpcional,
    servico: textoOpcional,
    tipoDocumento: textoOpcional,
    usuarioRequisicao,
  })
  .refine(periodoEmOrdem, periodoInvertido);
export type JsonRequisicaoAfd = z.output<typeof jsonRequisicaoAfd>;

/**
 * The answer of an upload: the document request to monitor (seed 002 §3
 * 'Document request'), plus `aviso` when the file's layout is not the chosen
 * portaria's (fiscal-files.md §3.5: warn, never refuse).
 */
export const respostaUploadAfd = z.object({
  id: z.number(),
  status: z.enum(STATUS_SOLICITACAO),
  nome: z.string(),
  mensagem: z.string().nullable(),
  aviso: z.string().nullable(),
});
export type RespostaUploadAfd = z.infer<typeof respostaUploadAfd>;

const uploadFields = {
  fileField: 'afdStream',
  extensions: ['.txt'],
  maxBytes: AFD.arquivoBytes,
} as const;

export const enviarAfd = defineUpload({
  path: '/api/afd/upload',
  permission: PERM.DOCUMENTO_AFD,
  suporte: 'permitido',
  summary: 'Recebe o AFD do relógio e agenda a importação das marcações; devolve a solicitação a monitorar',
  ...uploadFields,
  body: z.strictObject({ jsonRequisicao: jsonRequisicaoAfd }),
  response: respostaUploadAfd,
});

/**
 * The legacy upload (seed 002 §7): the period, clock CNPJ and portaria may
 * also come as fields of their own beside jsonRequisicao; a field of its own
 * wins. It behaves as /upload.
 */
export const enviarAfdV1 = defineUpload({
  path: '/api/afd/v1/upload',
  permission: PERM.DOCUMENTO_AFD,
  suporte: 'permitido',
  summary: 'Upload do AFD (forma antiga): os mesmos efeitos de /api/afd/upload',
  ...uploadFields,
  body: z.strictObject({
    jsonRequisicao: z.strictObject({
      numeroPortaria: portaria.optional(),
      numCnpjRelogio: numeroDocumento,
      cnpj: cnpjRef,
      dataInicio: dataObrigatoria.optional(),
      dataFinal: dataObrigatoria.optional(),
      nomeDocumento: textoOpcional,
      nomeArquivo: textoOpcional,
      servico: textoOpcional,
      tipoDocumento: textoOpcional,
      usuarioRequisicao,
    }),
    dtInicio: dataObrigatoria.optional(),
    dtFinal: dataObrigatoria.optional(),
    numCnpjRelogio: numeroDocumento,
    numeroPortaria: portaria.optional(),
  }),
  response: respostaUploadAfd,
});

/** A finding of an import, as the result lists it (every line of the file is accounted for). */
export const ocorrenciaAfd = z.object({
  /** First line it concerns (1 = the file as a whole). */
  linha: z.number(),
  codigo: z.string(),
  severidade: z.enum(['erro', 'aviso', 'info']),
  mensagem: z.string(),
});
export type OcorrenciaAfd = z.infer<typeof ocorrenciaAfd>;

/**
 * Legacy paging (seed 002 §4, §9; decision 0046): `arquivo` is the id of the
 * document request of an earlier upload of this AFD; `indexs` are 0-based
 * line indexes of that file (line number − 1), at most 20 per call. The
 * punches on those lines are imported at once, with the import's company and
 * period; nothing else of the file is touched.
 */
export const paginacao = defineEndpoint({
  method: 'POST',
  path: '/api/afd/paginacao',
  permission: PERM.DOCUMENTO_AFD,
  suporte: 'permitido',
  summary: 'Importa as marcações das linhas indicadas (no máximo 20) de um AFD já enviado',
  body: z.strictObject({
    arquivo: z.union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,15}$/, MSG_AFD.arquivoNaoEncontrado),
      ],
      {
        error: MSG_AFD.arquivoNaoEncontrado,
      },
    ),
    indexs: z
      .array(z.number().int(MSG.numeroForaDoIntervalo).min(0, MSG.numeroForaDoIntervalo).max(50_000_000), {
        error: MSG_AFD.informeIndices,
      })
      .min(1, MSG_AFD.informeIndices)
      .max(AFD.indicesPorPagina, MSG_AFD.indicesDemais(AFD.indicesPorPagina)),
    numCnpjRelogio: numeroDocumento,
    usuarioRequisicao,
  }),
  response: z.object({
    mensagem: z.string(),
    /** Punches stored now (the others of the lines were already stored, or are not punches). */
    marcacoesNovas: z.number(),
    ocorrencias: z.array(ocorrenciaAfd),
  }),
});

/**
 * An import's summary as the screen shows it when the job ends (issue 24 §4):
 * what the file held and what became of it. `foraDoPeriodo` are the file's
 * punches outside the chosen period (not imported); `semVinculo` the new
 * ones whose CPF/PIS matches no employee (kept, linked when one is saved).
 * `ocorrencias` are the first findings, `totalOcorrencias` all of them.
 */
export const resultadoImportacaoAfd = z.object({
  layout: z.string().nullable(),
  linhas: z.number(),
  marcacoesNoArquivo: z.number(),
  marcacoesNoPeriodo: z.number(),
  foraDoPeriodo: z.number(),
  novas: z.number(),
  jaGravadas: z.number(),
  vinculadas: z.number(),
  semVinculo: z.number(),
  ocorrencias: z.array(ocorrenciaAfd),
  totalOcorrencias: z.number(),
});
export type ResultadoImportacaoAfd = z.infer<typeof resultadoImportacaoAfd>;

/** How many findings the summary carries (the rest: Histórico's message and the import's record). */
export const OCORRENCIAS_NO_RESUMO = 50;

/** The summary of the import of an AFD request; null while the import has not ended. */
export const resultadoImportacao = defineEndpoint({
  method: 'GET',
  path: '/api/afd/resultado',
  permission: PERM.DOCUMENTO_AFD,
  suporte: 'permitido',
  summary: 'O resumo da importação de um AFD enviado (quando termina)',
  body: z.strictObject({ id: idWith(MSG_AFD.arquivoNaoEncontrado), fdb: z.string().max(5).optional() }),
  response: resultadoImportacaoAfd.nullable(),
});

/**
 * Punches whose CPF/PIS matches no employee (issue 24 §5), one row per
 * identifier as the clock wrote it: its readings (a field may read as a CPF
 * and as a PIS), the clocks, how many and when. `funcionarios` are those
 * already registered with one of the readings — their punches stay 'sem
 * vínculo' only on days of a closed period (decision 0075) or while the
 * document serves more than one employee.
 */
export const marcacaoSemFuncionario = z.object({
  identificador: z.string(),
  cpf: z.string().nullable(),
  pis: z.string().nullable(),
  relogios: z.array(z.string()),
  quantidade: z.number(),
  /** Local date-times of the company, yyyy-mm-ddTHH:MM. */
  primeira: z.string(),
  ultima: z.string(),
  funcionarios: z.array(z.object({ id: z.number(), nome: z.string() })),
});
export type MarcacaoSemFuncionario = z.infer<typeof marcacaoSemFuncionario>;

/** At most this many identifiers per answer (the most punches first). */
export const LIMITE_SEM_FUNCIONARIO = 500;

export const listarMarcacoesSemFuncionario = defineEndpoint({
  method: 'GET',
  path: '/api/afd/marcacoes-sem-funcionario',
  permission: PERM.DOCUMENTO_AFD,
  suporte: 'permitido',
  summary: 'Marcações de uma empresa no período cujo CPF/PIS não corresponde a nenhum funcionário',
  body: z
    .strictObject({
      idCnpj: idWith(MSG.selecioneEmpresa),
      dataInicio: dataObrigatoria,
      dataFinal: dataObrigatoria,
      fdb: z.string().max(5).optional(),
    })
    .refine((b) => b.dataInicio <= b.dataFinal, periodoInvertido),
  response: z.array(marcacaoSemFuncionario),
});
