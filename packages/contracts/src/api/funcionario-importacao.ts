import { z } from 'zod';
import { defineEndpoint, defineUpload } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { idWith, isWireDate, milhar, usuarioRequisicao } from '../common.js';
import { PERM, SUPER_ADMIN_CODE } from '../permissions.js';
import { COLUNAS_CSV_FUNCIONARIOS, contratoResumo, type ColunaCsvFuncionario } from './funcionario.js';

/**
 * Importação de funcionários (seed 001 §2.8, §3 'CSV import response', §5
 * 'CSV import configuration', §7 'CSV import', §9; issue 10 §7): a CSV file
 * separated by ';', without a header, whose columns the user maps to the
 * employee's fields. The server reads and checks every line (processar),
 * keeps the valid rows under an id, and writes them all at once with the
 * chosen schedule (salvar). The rows never travel back from the browser.
 */

/** The import's own limits (ours: the seeds give only the column range). */
export const IMPORTACAO = {
  /**
   * The largest file: 100,000 lines of a full layout fit in about 20 MB;
   * anything far above it is not an employee list. Below the server's
   * upload limit (config.ts), which stays the wall for every upload.
   */
  arquivoBytes: 32 * 1024 * 1024,
  linhasMax: 100_000,
  /** A line longer than this is not an employee (11 fields of at most 50 characters). */
  linhaMaxCaracteres: 2_000,
  /** Lines with errors listed in the answer (the count is always the whole file's). */
  errosListados: 1_000,
  /** How long the checked rows wait on the server for Confirmar. */
  validadeMinutos: 120,
} as const;

/** Texts of the wizard shared by the form and the server (seed 001 §5 where it gives them). */
export const MSG_IMPORTACAO = {
  campoObrigatorio: 'Campo obrigatório',
  colunaIgual: (a: string, b: string) => `Coluna ${a} igual a coluna ${b}`,
  arquivoVazio: 'O arquivo está vazio.',
  linhasDemais: (max: number) => `O arquivo passa do limite de ${milhar(max)} linhas.`,
  arquivoBinario: 'O arquivo não é um texto CSV: encontrado conteúdo binário. Selecione o arquivo .csv correto.',
  linhaLongaDemais: (linha: number, max: number) =>
    `A linha ${linha} passa de ${milhar(max)} caracteres: o arquivo não parece ser um CSV de funcionários separado por ';'.`,
  naoEhUtf8: (linha: number) =>
    `O arquivo não está em UTF-8 (linha ${linha}). Escolha a codificação ISO-8859-1 e envie novamente.`,
  pareceUtf8: 'O arquivo está em UTF-8. Escolha a codificação UTF-8 e envie novamente.',
  importacaoNaoEncontrada: 'A importação expirou ou já foi concluída. Envie o arquivo novamente.',
  nenhumFuncionarioValido: 'Nenhum funcionário válido para importar.',
  importacaoDesatualizada:
    'Cargos ou centros de custo do arquivo foram alterados ou excluídos durante a importação. Envie o arquivo novamente.',
  selecioneEscala: 'Selecione a escala de horários',
  informeDataInicioEscala: 'Informe a data de início da escala',
  importacaoConcluida: (n: number) =>
    n === 1 ? '1 funcionário importado com sucesso!' : `${n} funcionários importados com sucesso!`,
  // Reasons of a line (Validar: 'Linhas com erros: N').
  colunasFaltando: (tem: number, precisa: number) =>
    `A linha tem ${tem} ${tem === 1 ? 'coluna' : 'colunas'}; a configuração pede ao menos ${precisa}.`,
  aspasAbertas: 'Aspas abertas sem fechamento.',
  dataInvalidaFormato: (campo: string, formato: string) => `${campo}: data inválida (formato ${formato})`,
  cpfJaCadastrado: 'CPF já cadastrado',
  cpfRepetidoNoArquivo: (linha: number) => `CPF já cadastrado na linha ${linha} do arquivo`,
  crachaJaCadastrado: 'Crachá já cadastrado',
  crachaRepetidoNoArquivo: (linha: number) => `Crachá já cadastrado na linha ${linha} do arquivo`,
  cargoNaoEncontrado: (v: string) => `Cargo não encontrado: ${v}`,
  cargoAmbiguo: (v: string) => `Mais de um cargo com o nome ${v}: use o código`,
  centroCustoNaoEncontrado: (v: string) => `Centro de custo não encontrado nesta empresa: ${v}`,
  centroCustoAmbiguo: (v: string) => `Mais de um centro de custo com o nome ${v}: use o código`,
  errosOmitidos: (n: number) => `… e mais ${milhar(n)} linhas com erros.`,
} as const;

const ROTULOS: Record<ColunaCsvFuncionario, string> = {
  nome: 'Nome',
  pis: 'PIS',
  cpf: 'CPF',
  cracha: 'Crachá',
  registro: 'Registro',
  dataAdmissao: 'Data de Admissão',
  cargo: 'Cargo',
  centroCusto: 'Centro de Custo',
  senhaTecladoSemBio: 'Senha Biométrica',
  dataNascimento: 'Data de Nascimento',
  email: 'E-mail',
};

/** Seed 001 §5: these need a column; biometric password, birth date and e-mail may have none. */
const OPCIONAIS: readonly ColunaCsvFuncionario[] = ['senhaTecladoSemBio', 'dataNascimento', 'email'];

/**
 * The employee fields a column can hold (seed 001 §5), in the layout of
 * Exportar CSV (funcionario.ts COLUNAS_CSV_FUNCIONARIOS), so an exported file
 * imports with the default positions.
 */
export const COLUNAS_IMPORTACAO = COLUNAS_CSV_FUNCIONARIOS.map((campo) => ({
  campo,
  rotulo: ROTULOS[campo],
  obrigatoria: !OPCIONAIS.includes(campo),
}));
export type CampoImportacao = ColunaCsvFuncionario;

/** Seed 001 §9: UTF-8 and ISO-8859-1, the latter by default (what Brazilian Excel writes). */
export const CHARSETS_IMPORTACAO = ['ISO-8859-1', 'UTF-8'] as const;
export type CharsetImportacao = (typeof CHARSETS_IMPORTACAO)[number];
/** Seed 001 §9: dd/MM/yyyy by default, or yyyy-MM-dd. */
export const FORMATOS_DATA_IMPORTACAO = ['dd/MM/yyyy', 'yyyy-MM-dd'] as const;
export type FormatoDataImportacao = (typeof FORMATOS_DATA_IMPORTACAO)[number];

/** Positions 1..20 (seed 001 §9); null = 'Selecione' (no column). */
const posicao = z
  .number({ error: MSG_IMPORTACAO.campoObrigatorio })
  .int(MSG.numeroForaDoIntervalo)
  .min(1, MSG.numeroForaDoIntervalo)
  .max(LIMITS.importacaoColunaMax, MSG.numeroForaDoIntervalo)
  .nullable();

type Posicoes = Record<CampoImportacao, number | null>;

/**
 * The problems of a column mapping, by field: a required column without a
 * position ('Campo obrigatório'), and two columns on the same position
 * ('Coluna X igual a coluna Y', reported on the later one). The form shows
 * them as the user picks; the server refuses the same.
 */
export function problemasColunas(p: Partial<Posicoes>): Partial<Record<CampoImportacao, string>> {
  const out: Partial<Record<CampoImportacao, string>> = {};
  const usadas = new Map<number, (typeof COLUNAS_IMPORTACAO)[number]>();
  for (const c of COLUNAS_IMPORTACAO) {
    const v = p[c.campo] ?? null;
    if (v === null) {
      if (c.obrigatoria) out[c.campo] = MSG_IMPORTACAO.campoObrigatorio;
      continue;
    }
    const antes = usadas.get(v);
    if (antes) out[c.campo] = MSG_IMPORTACAO.colunaIgual(c.rotulo, antes.rotulo);
    else usadas.set(v, c);
  }
  return out;
}

/** The positions the form starts with: the fields in the order above (the layout of Exportar CSV). */
export const POSICOES_PADRAO: Posicoes = Object.fromEntries(
  COLUNAS_IMPORTACAO.map((c, i) => [c.campo, i + 1]),
) as Posicoes;

/** jsonColunas (seed 001 §7): the column of each field, the charset and the date format. */
export const jsonColunas = z
  .strictObject({
    ...(Object.fromEntries(
      COLUNAS_IMPORTACAO.map((c) => [c.campo, c.obrigatoria ? posicao : posicao.default(null)]),
    ) as {
      [K in CampoImportacao]: typeof posicao;
    }),
    charset: z.enum(CHARSETS_IMPORTACAO).default('ISO-8859-1'),
    formatoData: z.enum(FORMATOS_DATA_IMPORTACAO).default('dd/MM/yyyy'),
  })
  .superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(problemasColunas(v as Posicoes))) {
      ctx.addIssue({ code: 'custom', path: [campo], message });
    }
  });
export type JsonColunas = z.output<typeof jsonColunas>;
export type JsonColunasForm = z.input<typeof jsonColunas>;

const cnpjRef = z.strictObject({ id: idWith(MSG.selecioneEmpresa) }, { error: MSG.selecioneEmpresa });

/** jsonRequisicao (seed 001 §7): the company the employees join, and the requester block. */
export const jsonRequisicao = z.strictObject({ cnpj: cnpjRef, usuarioRequisicao });

/** A line the import will not take, and why (seed 001 §3 linhasErros). */
export const linhaErro = z.object({ linha: z.number(), motivo: z.string() });
export type LinhaErro = z.infer<typeof linhaErro>;

/** An import's state as the wizard shows it (seed 001 §3 'CSV import response'). */
export const resumoImportacao = z.object({
  /** The stored import: the only thing the browser keeps between the steps. */
  id: z.uuid(),
  cnpj: z.object({ id: z.number(), numero: z.string(), razaoSocial: z.string() }),
  /** The schedules to choose from on Confirmar (seed: `escalas`; no schedule code needed to see them here). */
  escalas: z.array(contratoResumo),
  /** Lines read (blank lines are not counted). */
  qtdLinhas: z.number(),
  /** Employees ready to be created (seed: `funcionarios`; the rows themselves stay on the server). */
  qtdFuncionarios: z.number(),
  /** 'Linhas com erros: N'. */
  qtdLinhasErros: z.number(),
  /** The first IMPORTACAO.errosListados lines with errors, in file order. */
  linhasErros: z.array(linhaErro),
});
export type ResumoImportacao = z.infer<typeof resumoImportacao>;

const processarFields = {
  fileField: 'funcionariosStream',
  extensions: ['.csv'],
  maxBytes: IMPORTACAO.arquivoBytes,
} as const;

export const processar = defineUpload({
  path: '/api/funcionario-upload/processar',
  // 26 only: the steps' schedule codes open the screens, never the creation of employees (decision 0039).
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Lê e confere o CSV de funcionários; guarda as linhas válidas e devolve o id, as contagens e os erros',
  ...processarFields,
  body: z.strictObject({ jsonRequisicao, jsonColunas }),
  response: resumoImportacao,
});

/** A uuid as the browser sends it. */
const idImportacao = z.uuid(MSG_IMPORTACAO.importacaoNaoEncontrada);

const dataInicioEscala = z
  .string({ error: MSG_IMPORTACAO.informeDataInicioEscala })
  .min(1, MSG_IMPORTACAO.informeDataInicioEscala)
  .refine(isWireDate, MSG.dataInvalida);

/** Confirmar: the schedule every imported employee starts on, and from when. */
export const confirmarForm = z.strictObject({
  escala: z.strictObject({ id: idWith(MSG_IMPORTACAO.selecioneEscala) }, { error: MSG_IMPORTACAO.selecioneEscala }),
  /** The seed's spelling. */
  dataIinicioEscala: dataInicioEscala,
});
export type ConfirmarForm = z.input<typeof confirmarForm>;

export const resultadoImportacao = z.object({
  mensagem: z.string(),
  /** Employees created. */
  qtdFuncionarios: z.number(),
  /** Lines whose CPF or badge was registered by someone else between the steps: skipped, never overwritten. */
  qtdJaCadastrados: z.number(),
});
export type ResultadoImportacao = z.infer<typeof resultadoImportacao>;

export const salvar = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario-upload/salvar',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra de uma vez os funcionários válidos de uma importação, com a escala e a data de início',
  body: confirmarForm.extend({ id: idImportacao, usuarioRequisicao }),
  response: resultadoImportacao,
});

// ---- Update-Funcionarios (the provider's screen, 99999): the same import into a chosen customer.

const idCliente = idWith('Selecione um cliente');

export const listarCnpjsCliente = defineEndpoint({
  method: 'POST',
  path: '/api/adm/funcionario-upload/listar-cnpjs',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Lista as empresas (CNPJ) de um cliente, para importar funcionários nele',
  body: z.strictObject({ idCliente, usuarioRequisicao }),
  response: z.array(z.object({ id: z.number(), numero: z.string(), razaoSocial: z.string() })),
});

export const processarCliente = defineUpload({
  path: '/api/adm/funcionario-upload/processar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Update-Funcionarios: lê e confere o CSV de funcionários de um cliente',
  ...processarFields,
  body: z.strictObject({ jsonRequisicao: jsonRequisicao.extend({ idCliente }), jsonColunas }),
  response: resumoImportacao,
});

export const salvarCliente = defineEndpoint({
  method: 'POST',
  path: '/api/adm/funcionario-upload/salvar',
  permission: SUPER_ADMIN_CODE,
  suporte: 'negado',
  summary: 'Update-Funcionarios: cadastra os funcionários válidos da importação no cliente',
  body: confirmarForm.extend({ id: idImportacao, idCliente, usuarioRequisicao }),
  response: resultadoImportacao,
});
