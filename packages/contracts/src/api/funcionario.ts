import { z } from 'zod';
import { defineDownload, defineEndpoint } from '../endpoint.js';
import { LIMITS, PAGINATOR } from '../limits.js';
import { MSG } from '../messages.js';
import { id, idWith, isWireDate, mensagemResponse, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';
import { addDays, diaMesAno } from '../calendario.js';
import { isValidCpf, isValidPis, onlyDigits } from '../documents.js';
import { centroCusto } from './centro-custo.js';

/**
 * Funcionários (seed 001 §2.5–2.7, §3 Employee, §4, §5, §7, §9; issue 10 §5,
 * §6). Identity is CPF-first (decision 0032): the CPF is required and checked,
 * the PIS is checked when given and may be empty when the form says the
 * employee has none (`semPis`, first jobs since 2024). The rules that depend
 * on the day (birth and admission years, the activation window) take `hoje`,
 * the company's calendar day, so the form and the server compute them alike.
 */

/** The texts of the area: seed 001 §5 where it gives them (letter for letter), the rest ours. */
export const FUNCIONARIO_MSG = {
  // Seed 001 §5 New employee.
  informeNome: 'Informe o nome',
  informePis: 'Informe o pis',
  informeCpf: 'Informe o cpf',
  informeCracha: 'Informe o crachá',
  informeRegistro: 'Informe o registro',
  selecioneEmpresa: MSG.selecioneEmpresa,
  selecioneCargo: 'Selecione um cargo',
  selecioneCentroCusto: 'Selecione um centro de custo',
  selecioneEscala: 'Selecione a escala de horários',
  // Seed 001 §5 Photo.
  fotoTipo: 'Selecione uma imagem do tipo JPG ou JPEG',
  fotoTamanho: 'Tamanho máximo: L 640 x A 480',
  // Seed 001 §5 Employee schedule move (the same words when a history action repeats the schedule).
  escalaIgual: 'A nova escala é igual a atual',
  // Ours.
  pisInvalido: 'PIS inválido: confira os dígitos.',
  cpfInvalido: MSG.cpfInvalido,
  emailInvalido: 'Informe um e-mail válido',
  senhaTeclado: 'A senha do teclado deve ter 4 dígitos (somente números).',
  informeDataAdmissao: 'Informe a data de admissão',
  informeDataInicio: 'Informe a data de início',
  informeDataAtivacao: 'Informe a data para ativação',
  maximo: (campo: string, max: number) => `${campo}: no máximo ${max} caracteres`,
  anoForaDoIntervalo: (campo: string, min: number, max: number) => `${campo}: o ano deve estar entre ${min} e ${max}.`,
  dataAtivacaoForaDaJanela: (de: string, ate: string) =>
    `A data para ativação deve estar entre ${diaMesAno(de)} e ${diaMesAno(ate)}.`,
  demissaoAntesDaAdmissao: 'A data de demissão não pode ser anterior à data de admissão.',
  cpfJaCadastrado: 'Já existe um funcionário ativo com este CPF nesta empresa.',
  crachaJaCadastrado: 'Já existe um funcionário ativo com este crachá nesta empresa.',
  limiteFuncionarios: (max: number) =>
    `O seu plano permite até ${max.toLocaleString('pt-BR')} funcionários ativos e esse limite já foi atingido. ` +
    'Inative um funcionário ou contrate um plano maior.',
  salvo: 'Funcionário cadastrado com sucesso!',
  alterado: 'Funcionário alterado com sucesso!',
  naoEncontrado: 'Funcionário não encontrado.',
  cargoNaoEncontrado: 'Cargo não encontrado.',
  escalaNaoEncontrada: 'Escala de horários não encontrada.',
  motivoNaoEncontrado: 'Motivo de afastamento não encontrado.',
  centroCustoDeOutraEmpresa: 'O centro de custo não pertence à empresa do funcionário.',
  naoAguardandoAtivacao: 'O funcionário não está aguardando ativação.',
  dataAtivacaoAlterada: 'Data para ativação alterada com sucesso!',
  somenteAtual: 'Somente o registro atual do histórico (sem data final) pode ser alterado.',
  historicoAlterado: 'Outro usuário alterou o histórico ao mesmo tempo. Recarregue e tente novamente.',
  dataInicioPosterior: (data: string) =>
    `A data de início deve ser posterior a ${diaMesAno(data)} (início do registro anterior).`,
  unicaEscala: 'Esta é a única escala do histórico do funcionário: ela pode ser trocada, não excluída.',
  escalaTrocada: 'Escala de horários alterada com sucesso!',
  escalaExcluida: 'Escala de horários excluída do histórico com sucesso!',
  dataInicioAlterada: 'Data de início alterada com sucesso!',
  cargoIgual: 'O novo cargo é igual ao atual.',
  cargoAlterado: 'Cargo alterado com sucesso!',
  fotoAlterada: 'Foto alterada com sucesso!',
  fotoExcluida: 'Foto excluída com sucesso!',
  fotoGrandeDemais: 'A imagem enviada é grande demais.',
  semFoto: 'O funcionário não tem foto.',
  // Other registers refuse to delete what employees use (issue 10 §5, §6).
  centroCustoComFuncionarios: (n: number) =>
    `Não é possível excluir: há ${n.toLocaleString('pt-BR')} funcionário(s) neste centro de custo. ` +
    'Transfira-os antes de excluir.',
  cargoEmUso: 'Não é possível excluir: o cargo está no histórico de cargos de funcionários.',
} as const;
const M = FUNCIONARIO_MSG;

/** Photo limits (seed 001 §5): the browser resizes to 130 px wide; the server accepts up to 640×480. */
export const LIMITS_FOTO = {
  larguraMax: 640,
  alturaMax: 480,
  larguraRedimensionada: 130,
  /** base64 of a JPEG of at most 512 KiB (a 640×480 photo at quality 0.9 is far less). */
  base64Max: 700_000,
} as const;

// ---------------------------------------------------------------------------
// Rules that depend on the day (seed 001 §5, §9)
// ---------------------------------------------------------------------------

/**
 * Birth and admission years (seed 001 §5): the last 90 years up to the
 * current year, or the next one in December (admissions planned for January).
 */
export function anosPermitidos(hoje: string): { min: number; max: number } {
  const ano = Number(hoje.slice(0, 4));
  const dezembro = hoje.slice(5, 7) === '12';
  return { min: ano - 90, max: dezembro ? ano + 1 : ano };
}

/** The scheduled activation window (seed 001 §5, §9): tomorrow to 6 days ahead, inclusive. */
export function janelaAtivacao(hoje: string): { de: string; ate: string } {
  return { de: addDays(hoje, 1), ate: addDays(hoje, LIMITS.funcionarioAtivacaoDiasMax) };
}

/** 'Awaiting activation' is derived (issue 10 §6): the activation day is after today. */
export const aguardandoAtivacao = (dataAtivacao: string, hoje: string): boolean => dataAtivacao > hoje;

export interface ProblemaCampo {
  /** Path of the field inside `funcionario` (react-hook-form / zod issue path). */
  campo: string;
  mensagem: string;
}

/** The day-dependent problems of an employee's dates; [] when none. Shared by the form, the server and the import. */
export function problemasDatasFuncionario(
  f: {
    dataNascimento?: string | null;
    dataAdmissao?: string | null;
    dataDemissao?: string | null;
    agendarAtivacao?: boolean;
    dataAtivacao?: string | null;
  },
  hoje: string,
): ProblemaCampo[] {
  const out: ProblemaCampo[] = [];
  const { min, max } = anosPermitidos(hoje);
  const ano = (d: string) => Number(d.slice(0, 4));
  if (f.dataNascimento && (ano(f.dataNascimento) < min || ano(f.dataNascimento) > max)) {
    out.push({ campo: 'dataNascimento', mensagem: M.anoForaDoIntervalo('Data de nascimento', min, max) });
  }
  if (f.dataAdmissao && (ano(f.dataAdmissao) < min || ano(f.dataAdmissao) > max)) {
    out.push({ campo: 'dataAdmissao', mensagem: M.anoForaDoIntervalo('Data de admissão', min, max) });
  }
  if (f.dataDemissao && f.dataAdmissao && f.dataDemissao < f.dataAdmissao) {
    out.push({ campo: 'dataDemissao', mensagem: M.demissaoAntesDaAdmissao });
  }
  if (f.agendarAtivacao) {
    const { de, ate } = janelaAtivacao(hoje);
    if (!f.dataAtivacao) out.push({ campo: 'dataAtivacao', mensagem: M.informeDataAtivacao });
    else if (f.dataAtivacao < de || f.dataAtivacao > ate) {
      out.push({ campo: 'dataAtivacao', mensagem: M.dataAtivacaoForaDaJanela(de, ate) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------

const texto = (campo: string, max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, M.maximo(campo, max));

const textoOpcional = (campo: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, M.maximo(campo, max))
    .nullish()
    .transform((v) => (v ? v : null));

/** yyyy-mm-dd or nothing (blank and null are null). */
export const dataOpcional = z
  .string()
  .nullish()
  .transform((v) => (v ? v.trim() : null))
  .pipe(z.string().refine(isWireDate, MSG.dataInvalida).nullable());

/** yyyy-mm-dd, required with the field's message. A pipe, so the walls' body generator finds a valid date. */
export const dataObrigatoria = (required: string) =>
  z
    .string({ error: required })
    .nullable()
    .transform((d) => (d ?? '').trim())
    .pipe(z.string().min(1, required).refine(isWireDate, MSG.dataInvalida));

/** A picked reference as the seeds' client sends it ({ id, nome, … }); only the id is read. */
export const referencia = (message: string) => z.object({ id: idWith(message) }, { error: message }).loose();

/** PIS and CPF travel digits-only (seed 001 §5); a formatted value is accepted and reduced to its digits. */
const digitos = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max + 6, message)
    .transform(onlyDigits);

/**
 * What the person and the bond are (seed 001 §3 Employee), checked the same
 * way by the form, the server and each line of the CSV import. PIS: empty
 * only with `semPis`; 'Informe o pis' otherwise (decision 0032).
 */
export const funcionarioDadosShape = {
  nome: texto('Nome', LIMITS.funcionarioNome, M.informeNome),
  nomeCurto: textoOpcional('Nome reduzido', LIMITS.funcionarioNomeCurto),
  dataNascimento: dataOpcional,
  pis: digitos(LIMITS.funcionarioPis, M.pisInvalido)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The employee has no PIS yet (first job since 2024): the PIS stays empty (decision 0032). */
  semPis: z.boolean().optional().default(false),
  cpf: digitos(LIMITS.funcionarioCpf, M.informeCpf).pipe(z.string().min(1, M.informeCpf)),
  email: textoOpcional('E-mail', LIMITS.funcionarioEmail).pipe(z.email(M.emailInvalido).nullable()),
  cracha: texto('Crachá', LIMITS.funcionarioCracha, M.informeCracha),
  registro: texto('Registro', LIMITS.funcionarioRegistro, M.informeRegistro),
  dataAdmissao: dataObrigatoria(M.informeDataAdmissao),
  /**
   * Keypad password of the time clock (seed 001 §3 senhaTecladoSemBio): 4 digits or nothing. Written,
   * never read back (decision 0065): on the edit, an empty value keeps the stored one.
   */
  senhaTecladoSemBio: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(
      z
        .string()
        .regex(/^\d{4}$/, M.senhaTeclado)
        .nullable(),
    ),
  duplaVerificacao: z.boolean().optional().default(false),
};

type Ctx = z.core.$RefinementCtx;
const soObjeto = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

/** The document checks (run even when another field failed, so the form shows every message at once). */
function checarDocumentos(f: { pis?: unknown; semPis?: unknown; cpf?: unknown }, ctx: Ctx) {
  const pis = typeof f.pis === 'string' ? f.pis : '';
  if (!pis && f.semPis !== true) ctx.addIssue({ code: 'custom', path: ['pis'], message: M.informePis });
  if (pis && !isValidPis(pis)) ctx.addIssue({ code: 'custom', path: ['pis'], message: M.pisInvalido });
  if (typeof f.cpf === 'string' && f.cpf && !isValidCpf(f.cpf)) {
    ctx.addIssue({ code: 'custom', path: ['cpf'], message: M.cpfInvalido });
  }
}

/** The employee of 'Novo funcionário' (seed 001 §2.6): the person, the bond and the scheduled activation. */
export const funcionarioNovo = z
  .strictObject({
    ...funcionarioDadosShape,
    /** Ticked: the employee starts on `dataAtivacao` (tomorrow to +6 days); else today (seed 001 §4). */
    agendarAtivacao: z.boolean().optional().default(false),
    dataAtivacao: dataOpcional,
  })
  .superRefine(checarDocumentos, soObjeto);
export type FuncionarioNovo = z.output<typeof funcionarioNovo>;

/** Fields of `funcionario` (buscar) that the edit shows but never changes. */
const somenteLeitura = {
  dataCadastro: z.unknown().optional(),
  dataAtivacao: z.unknown().optional(),
  aguardandoAtivacao: z.unknown().optional(),
  agendarAtivacao: z.unknown().optional(),
  fotoPerfil: z.unknown().optional(),
  possuiSenhaTeclado: z.unknown().optional(),
  cargo: z.unknown().optional(),
  escala: z.unknown().optional(),
  dataFinal: z.unknown().optional(),
};

/**
 * The employee of 'Editar funcionário' (seed 001 §2.7): the same fields plus
 * status and demission. Company, position and schedule are read-only there
 * (they change through the history actions).
 */
export const funcionarioEdicao = z
  .strictObject({
    ...funcionarioDadosShape,
    id,
    ativo: z.boolean().optional().default(true),
    dataDemissao: dataOpcional,
    /** Removes the stored keypad PIN (a blank `senhaTecladoSemBio` keeps it). */
    removerSenhaTeclado: z.boolean().optional().default(false),
    // What buscar answers and the edit shows read-only: accepted back as sent, never written.
    ...somenteLeitura,
  })
  .superRefine(checarDocumentos, soObjeto);
export type FuncionarioEdicao = z.output<typeof funcionarioEdicao>;

/** Ids of cost centres (a parent brings its children: seed 001 §3). */
const idsCentrosCustos = z.array(id).max(5000).optional().default([]);

/** The body of salvar: the employee, the company, position, cost centre and schedule, and the schedule's start. */
export const salvarFuncionarioBody = z.strictObject({
  funcionario: funcionarioNovo,
  /** Start of the first schedule history entry; absent = the admission date. */
  dataInicioContrato: dataOpcional,
  cnpj: referencia(M.selecioneEmpresa),
  cargo: referencia(M.selecioneCargo),
  centroCusto: referencia(M.selecioneCentroCusto),
  contrato: referencia(M.selecioneEscala),
  /** JPEG (at most 640×480) as base64 or a data URL; null = no photo. */
  imagemPerfilBase64: z.string().max(LIMITS_FOTO.base64Max, M.fotoGrandeDemais).nullish(),
  usuarioRequisicao,
});

/**
 * The 'Novo funcionário' form with the day's rules: what the screen validates
 * and, with the same `hoje` from the company calendar, what the server adds.
 */
export function salvarFuncionarioForm(hoje: string) {
  return salvarFuncionarioBody.superRefine((b, ctx) => {
    for (const p of problemasDatasFuncionario(b.funcionario, hoje)) {
      ctx.addIssue({ code: 'custom', path: ['funcionario', p.campo], message: p.mensagem });
    }
  });
}
export type SalvarFuncionarioForm = z.input<typeof salvarFuncionarioBody>;

/** The situação of the edit (seed 001 §2.7): the current absence reason, or none (working). */
export const alterarFuncionarioBody = z.strictObject({
  funcionario: funcionarioEdicao,
  /** The current absence reason; null = not away (an open absence is closed). */
  motivoAfastamento: z.object({ id }).loose().nullish(),
  /** Read-only on the edit: accepted (the seeds' client sends it) and ignored. */
  cnpj: z.unknown().optional(),
  centroCusto: referencia(M.selecioneCentroCusto),
  /** A new photo (as alterar-foto-perfil); absent or null = photo unchanged. */
  base64FotoPerfil: z.string().max(LIMITS_FOTO.base64Max, M.fotoGrandeDemais).nullish(),
  usuarioRequisicao,
});
export type AlterarFuncionarioForm = z.input<typeof alterarFuncionarioBody>;

/** The edit's date rules: the activation is not scheduled there (alterar-data-ativacao does it). */
export const problemasDatasEdicao = (f: FuncionarioEdicao, hoje: string): ProblemaCampo[] =>
  problemasDatasFuncionario({ ...f, agendarAtivacao: false, dataAtivacao: null }, hoje);

export function alterarFuncionarioForm(hoje: string) {
  return alterarFuncionarioBody.superRefine((b, ctx) => {
    for (const p of problemasDatasEdicao(b.funcionario, hoje)) {
      ctx.addIssue({ code: 'custom', path: ['funcionario', p.campo], message: p.mensagem });
    }
  });
}

/**
 * One line of the CSV import (issue 10 §7) with the employee rules of the
 * form: the same limits, digits-only PIS/CPF with check digits, keypad 4
 * digits, the birth/admission year range. The PIS cell may be empty (the
 * column must be mapped, decision 0032). `null` fields are absent cells.
 */
export function validarLinhaFuncionario(
  linha: {
    nome?: string | null;
    nomeCurto?: string | null;
    dataNascimento?: string | null;
    pis?: string | null;
    cpf?: string | null;
    email?: string | null;
    cracha?: string | null;
    registro?: string | null;
    dataAdmissao?: string | null;
    senhaTecladoSemBio?: string | null;
  },
  hoje: string,
): { ok: true; funcionario: FuncionarioDados } | { ok: false; erros: ProblemaCampo[] } {
  const r = funcionarioDados.safeParse({ ...linha, semPis: !linha.pis || onlyDigits(linha.pis) === '' });
  const erros: ProblemaCampo[] = r.success
    ? []
    : r.error.issues.map((i) => ({ campo: String(i.path[0] ?? ''), mensagem: i.message }));
  if (r.success) erros.push(...problemasDatasFuncionario(r.data, hoje));
  return r.success && erros.length === 0 ? { ok: true, funcionario: r.data } : { ok: false, erros };
}

/** The person and the bond alone (import lines): funcionarioDadosShape with the document checks. */
export const funcionarioDados = z.strictObject(funcionarioDadosShape).superRefine(checarDocumentos, soObjeto);
export type FuncionarioDados = z.output<typeof funcionarioDados>;

// ---------------------------------------------------------------------------
// The list and its filter (seed 001 §2.5, §5; seed 002 §2 and §7)
// ---------------------------------------------------------------------------

/**
 * The free text 'crachá/pis/cpf/nome' (seed 001 §5): every character that is
 * not a letter (accented ones included) or a digit becomes a space; runs of
 * spaces collapse. Each remaining word must match the start of a word of the
 * name, of the badge, the PIS or the CPF (decision 0033).
 */
export function normalizarCrachaNome(texto: string | null | undefined): string {
  return (texto ?? '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 200);
}

/** The list and export filter: company, Ativo, cost centres (with their children) and the free text. */
const filtroShape = {
  /** The company (seed 001 §5 'Selecione uma empresa'). */
  idCnpj: idWith(M.selecioneEmpresa),
  ativo: z.boolean().optional().default(true),
  idsCentrosCustos,
  crachaNome: z.string().max(500).nullish(),
};

export const listarFuncionariosBody = z.strictObject({
  ...filtroShape,
  /** Rows per page (seed 001 §9: 10, 15, 20 or 30; other screens share the call, so 1 to 100). */
  qtdLinhas: z.number().int().min(1).max(100).optional().default(PAGINATOR.funcionarios.rows),
  /** The page, counting from 0 (PrimeReact's `page`). */
  numPagina: z.number().int().min(0).max(1_000_000).optional().default(0),
  usuarioRequisicao,
});
export type ListarFuncionariosFiltro = z.input<typeof listarFuncionariosBody>;

/** A row of the list (seed 001 §2.5: crachá, nome, cargo, centro de custo, escala, cadastro). */
export const funcionarioLinha = z.object({
  id: z.number(),
  cracha: z.string(),
  nome: z.string(),
  /** Digits, or null (no PIS yet). Shown formatted (formatPis). */
  pis: z.string().nullable(),
  cpf: z.string(),
  cargo: z.string().nullable(),
  centroCusto: z.string(),
  escala: z.string().nullable(),
  /** The day the employee was registered (yyyy-mm-dd, company calendar). */
  dataCadastro: z.string(),
  dataAdmissao: z.string(),
  dataAtivacao: z.string(),
  ativo: z.boolean(),
  /** Offers 'Editar Data para Ativação' (seed 001 §2.5). */
  aguardandoAtivacao: z.boolean(),
});
export type FuncionarioLinha = z.infer<typeof funcionarioLinha>;

/** Seed 001 §3: the badge shown in lists is padded on the left to 14 characters. */
export const crachaExibicao = (cracha: string): string => cracha.padStart(LIMITS.funcionarioCracha, '0');

export const listarFuncionarios = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/listar',
  // Shared employee list (Funcionários, Banco de Horas, …): any logged-in user, limited to their scope (catalogue).
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista os funcionários de uma empresa, paginado no servidor (filtro crachá/pis/cpf/nome)',
  body: listarFuncionariosBody,
  // The seeds' key is spelled qdtFuncionarios.
  response: z.object({ qdtFuncionarios: z.number(), funcionarios: z.array(funcionarioLinha) }),
});

/** Seed 001 §2.5: the export dialog's two options. */
export const OPCOES_EXPORTAR = [
  { opcao: 'FILTRO_TELA', descricao: 'Exportar do Filtro da Tela' },
  { opcao: 'TODOS', descricao: 'Exportar Todos' },
] as const;
export type OpcaoExportar = (typeof OPCOES_EXPORTAR)[number]['opcao'];

/**
 * The columns of the CSV (issue 10 §5: the import's layout, decision 0033), in
 * file order: no header, ';' separator, ISO-8859-1, dates dd/MM/yyyy, PIS and
 * CPF digits only, position and cost centre by code. The import proposes the
 * same positions by default, so an exported file imports as it is.
 */
export const COLUNAS_CSV_FUNCIONARIOS = [
  'nome',
  'pis',
  'cpf',
  'cracha',
  'registro',
  'dataAdmissao',
  'cargo',
  'centroCusto',
  'senhaTecladoSemBio',
  'dataNascimento',
  'email',
] as const;
export type ColunaCsvFuncionario = (typeof COLUNAS_CSV_FUNCIONARIOS)[number];

/**
 * The export's header row (issue 24 §6): the file says what each column is. The import skips a first line made of
 * these names, so an exported file is imported back as it is.
 */
export const CABECALHO_CSV_FUNCIONARIOS: Record<ColunaCsvFuncionario, string> = {
  nome: 'Nome',
  pis: 'PIS',
  cpf: 'CPF',
  cracha: 'Crachá',
  registro: 'Registro',
  dataAdmissao: 'Data de admissão',
  cargo: 'Cargo',
  centroCusto: 'Centro de custo',
  senhaTecladoSemBio: 'Senha do teclado',
  dataNascimento: 'Data de nascimento',
  email: 'E-mail',
};

export const exportarCsvFuncionarios = defineDownload({
  method: 'POST',
  path: '/api/funcionario/exportar-csv',
  permission: PERM.FUNCIONARIOS_VER,
  suporte: 'permitido',
  summary: 'Exporta os funcionários em CSV (layout da importação, ISO-8859-1, ";"): do filtro da tela ou todos',
  contentTypes: ['text/csv'],
  body: z.strictObject({
    opcaoExportar: z.enum(['FILTRO_TELA', 'TODOS'], { error: 'Selecione uma opção de exportação' }),
    ...filtroShape,
    /** FILTRO_TELA with picked employees: only these (ids). */
    funcionarios: z.array(z.object({ id }).loose()).max(5000).optional().default([]),
    usuarioRequisicao,
  }),
});

// ---------------------------------------------------------------------------
// One employee (seed 001 §2.7, §3 Related employee data)
// ---------------------------------------------------------------------------

/** Seed 001 §3: tipo 1 = Quadro de Horários, otherwise Revezamento. */
export const TIPO_CONTRATO = { QUADRO_HORARIOS: 1, REVEZAMENTO: 2 } as const;
export const descricaoTipoContrato = (tipo: number): string => (tipo === 1 ? 'Quadro de Horários' : 'Revezamento');

export const contratoResumo = z.object({
  id: z.number(),
  descricao: z.string(),
  tipo: z.number(),
  /** 'descrição (Quadro de Horários|Revezamento)': how pickers and histories name it. */
  nomeRef: z.string(),
});
export type ContratoResumo = z.infer<typeof contratoResumo>;

/** A stored schedule (tipo 'EQH'/'ERC') as every picker, history and import names it. */
export function contratoResumoDe(e: { id: number; descricao: string; tipo: string }): ContratoResumo {
  const tipo = e.tipo === 'ERC' ? TIPO_CONTRATO.REVEZAMENTO : TIPO_CONTRATO.QUADRO_HORARIOS;
  return { id: e.id, descricao: e.descricao, tipo, nomeRef: `${e.descricao} (${descricaoTipoContrato(tipo)})` };
}

const historico = { id: z.number(), dataInicio: z.string(), dataFinal: z.string().nullable() };
export const funcionarioContrato = z.object({ ...historico, contrato: contratoResumo });
export type FuncionarioContrato = z.infer<typeof funcionarioContrato>;
export const funcionarioCargo = z.object({ ...historico, cargo: z.object({ id: z.number(), nome: z.string() }) });
export type FuncionarioCargo = z.infer<typeof funcionarioCargo>;
export const motivoResumo = z.object({ id: z.number(), descricao: z.string(), definitivo: z.boolean() });
export const funcionarioAfastamento = z.object({ ...historico, motivo: motivoResumo });
export type FuncionarioAfastamento = z.infer<typeof funcionarioAfastamento>;

/** The employee as the edit reads it (seed 001 §3 Employee). */
export const funcionario = z.object({
  id: z.number(),
  nome: z.string(),
  nomeCurto: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  pis: z.string().nullable(),
  /** No PIS stored: the form ticks 'sem PIS' (decision 0032). */
  semPis: z.boolean(),
  cpf: z.string(),
  email: z.string().nullable(),
  cracha: z.string(),
  registro: z.string(),
  dataAdmissao: z.string(),
  dataDemissao: z.string().nullable(),
  dataCadastro: z.string(),
  dataAtivacao: z.string(),
  /**
   * A keypad PIN is stored. The PIN itself is never answered (decision 0065):
   * it is encrypted at rest and read in clear only for the time clock.
   */
  possuiSenhaTeclado: z.boolean(),
  duplaVerificacao: z.boolean(),
  ativo: z.boolean(),
  aguardandoAtivacao: z.boolean(),
  /** Has a profile photo (GET buscar-foto-perfil/:id); false = the placeholder. */
  fotoPerfil: z.boolean(),
  cargo: z.object({ id: z.number(), nome: z.string() }).nullable(),
  escala: contratoResumo.nullable(),
});
export type Funcionario = z.infer<typeof funcionario>;

export const buscarFuncionario = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/buscar',
  permission: PERM.FUNCIONARIOS_VER,
  altPermission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Busca um funcionário com a empresa, os históricos de cargos e escalas e os centros de custo',
  body: z.strictObject({
    /** The list's Ativo flag (the route's ?at=): accepted, not needed to find the employee. */
    ativo: z.boolean().optional(),
    idFuncionario: id,
    usuarioRequisicao,
  }),
  response: z.object({
    funcionario,
    cnpj: z.object({ id: z.number(), numero: z.string(), cnpjNome: z.string(), razaoSocial: z.string() }),
    /** Newest first. */
    funcioCargos: z.array(funcionarioCargo),
    /** Newest first; the entry without dataFinal is the current one. */
    funcioContratos: z.array(funcionarioContrato),
    /** The company's cost centres the user may use (the edit's dropdown). */
    centrosCustos: z.array(centroCusto),
    centroCusto,
    /** The current absence reason (situação), or null. */
    motivoAfastamento: motivoResumo.nullable(),
  }),
});

export const salvarFuncionario = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/salvar',
  permission: PERM.FUNCIONARIOS_NOVO,
  suporte: 'permitido',
  summary: 'Cadastra um funcionário com a primeira escala e o primeiro cargo do histórico',
  body: salvarFuncionarioBody,
  response: mensagemResponse.extend({ id: z.number() }),
});

export const alterarFuncionario = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/alterar',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Altera um funcionário: dados, status, situação, demissão, centro de custo e foto',
  body: alterarFuncionarioBody,
  response: mensagemResponse,
});

/** The employee a history action is about ({ id, … } as the seeds' client sends it). */
const funcionarioRef = z.object({ id }, { error: M.naoEncontrado }).loose();

export const trocarContrato = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/trocar-contrato',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Nova escala no histórico a partir de uma data (a atual termina no dia anterior)',
  body: z.strictObject({
    cnpj: z.unknown().optional(),
    funcionario: funcionarioRef,
    contrato: referencia(M.selecioneEscala),
    dataInicio: dataObrigatoria(M.informeDataInicio),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const trocarExcluirContrato = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/trocar-excluir-contrato',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Troca a escala do registro atual do histórico (mesma data) ou o exclui (o anterior volta a ser o atual)',
  body: z.strictObject({
    cnpj: z.unknown().optional(),
    funcionario: funcionarioRef,
    /** The current history entry ({ id }). */
    funcionarioContratoAtual: z.object({ id }, { error: M.somenteAtual }).loose(),
    /** { contrato: { id } } to change its schedule; null to delete the entry. */
    funcionarioContratoNovo: z
      .object({ contrato: referencia(M.selecioneEscala) })
      .loose()
      .nullish(),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const alterarDataInicioContrato = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/alterar-data-inicio-contrato',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Altera a data de início do registro atual do histórico de escalas',
  body: z.strictObject({
    cnpj: z.unknown().optional(),
    funcionario: funcionarioRef,
    /** The current history entry ({ id }). */
    funcionarioContrato: z.object({ id }, { error: M.somenteAtual }).loose(),
    dataInicio: dataObrigatoria(M.informeDataInicio),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const alterarDataAtivacao = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/alterar-data-ativacao',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Altera a data para ativação de um funcionário que aguarda ativação (amanhã a +6 dias)',
  body: z.strictObject({
    idFuncionario: id,
    dataAtivacao: dataObrigatoria(M.informeDataAtivacao),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const listarMotivosAfastamentoFuncionario = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/listar-afastamentos',
  permission: PERM.FUNCIONARIOS_VER,
  suporte: 'permitido',
  summary: 'Lista os motivos de afastamento (a situação do funcionário na edição)',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(motivoResumo),
});

export const alterarFotoPerfil = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/alterar-foto-perfil',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Grava a foto do funcionário (JPEG de até 640×480)',
  body: z.strictObject({
    funcionario: funcionarioRef,
    /** Sent by the seeds' client; the company is the employee's own. */
    numeroCnpj: z.unknown().optional(),
    imagemPerfilBase64: z
      .string({ error: M.fotoTipo })
      .min(1, M.fotoTipo)
      .max(LIMITS_FOTO.base64Max, M.fotoGrandeDemais),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const excluirFotoPerfil = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario/excluir-foto-perfil',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Exclui a foto do funcionário (volta o marcador padrão)',
  body: z.strictObject({ funcionario: funcionarioRef, usuarioRequisicao }),
  response: mensagemResponse,
});

export const buscarFotoPerfil = defineDownload({
  method: 'GET',
  path: '/api/funcionario/buscar-foto-perfil/:id',
  permission: PERM.FUNCIONARIOS_VER,
  altPermission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
  summary: 'A foto do funcionário (image/jpeg) ou 404 quando não tem',
  contentTypes: ['image/jpeg'],
  params: z.strictObject({ id }),
  body: z.strictObject({}),
});

export const salvarFuncionarioCargo = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario-cargo',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Novo cargo a partir de uma data (ehHistorico) ou troca do cargo atual (sem data)',
  body: z
    .strictObject({
      idCargoNovo: idWith(M.selecioneCargo),
      /** The current position history entry. */
      idCargoFuncionarioAntigo: idWith(M.somenteAtual),
      dataInicio: dataOpcional,
      /** true: a new entry from dataInicio (the current ends the day before); false: the current entry's position. */
      ehHistorico: z.boolean().optional().default(false),
      usuarioRequisicao,
    })
    .refine((b) => !b.ehHistorico || b.dataInicio !== null, {
      path: ['dataInicio'],
      message: M.informeDataInicio,
    }),
  response: mensagemResponse,
});

export const listarHistoricoAfastamentos = defineEndpoint({
  method: 'GET',
  path: '/api/afastamento/listar-historico',
  permission: PERM.FUNCIONARIOS_VER,
  suporte: 'permitido',
  summary: 'Histórico de afastamentos de um funcionário (mais recente primeiro)',
  body: z.strictObject({ idf: id }),
  response: z.array(funcionarioAfastamento),
});
