import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { id, idWith, mensagemResponse, requiredText, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';
import {
  DIA_FECHAMENTO_MAX,
  DIA_FECHAMENTO_MIN,
  isDiaFechamento,
  problemaDiasFechamento,
} from '../periodo-fechamento.js';
import { isValidCnpj, isValidCpf, onlyDigits } from '../documents.js';

/** Seed 000 §3 Endereco.tipoLocal. */
export const TIPOS_LOCAL = ['Rua', 'Avenida', 'Alameda', 'Travessa', 'Largo', 'Praia'] as const;
export type TipoLocal = (typeof TIPOS_LOCAL)[number];

/** Seed 000 §3: the registration is a CNPJ or (a person employing staff) a CPF. */
export const TIPOS_DOCUMENTO = ['cnpj', 'cpf'] as const;
export type TipoNumeroDocumento = (typeof TIPOS_DOCUMENTO)[number];

/** Seed 000 §9: CNPJ input at most 18 characters (formatted), CPF 14. */
export const CNPJ_MAX_LENGTH = 18;
export const CPF_MAX_LENGTH = 14;

/** Seed 000 §3: 'EMP' plus the id padded to 4 digits (display only). */
export const codigoEmpresa = (cnpjId: number): string => `EMP${String(cnpjId).padStart(4, '0')}`;

/** An optional text: blank is null. */
const optionalText = (max: number, campo: string) =>
  z
    .string()
    .trim()
    .max(max, `${campo}: no máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The digit counts a masked field accepts: one (CEP, mobile) or several (a phone, landline or mobile). */
type DigitCounts = number | readonly number[];
const countFits = (digits: DigitCounts, d: string) =>
  typeof digits === 'number' ? d.length === digits : digits.includes(d.length);

/**
 * Digits typed through a mask (phones, CEP): punctuation is dropped, the
 * count must match the mask; blank gives the seed's `required` message.
 */
const requiredDigits = (o: { digits: DigitCounts; invalid: string; required: string }) =>
  z
    .string({ error: o.required })
    .max(30, o.invalid)
    .transform(onlyDigits)
    .pipe(
      z
        .string()
        .min(1, o.required)
        .refine((d) => d === '' || countFits(o.digits, d), o.invalid),
    );

/** As requiredDigits, but blank (or absent) is null. */
const optionalDigits = (o: { digits: DigitCounts; invalid: string }) =>
  z
    .string()
    .max(30, o.invalid)
    .transform(onlyDigits)
    .refine((d) => d === '' || countFits(o.digits, d), o.invalid)
    .nullish()
    .transform((v) => (v ? v : null));

/** The number parsed (as digits): its check digits can be looked at. */
const numeroTyped = (p: { value: unknown }) => typeof (p.value as { numero?: unknown } | null)?.numero === 'string';

/**
 * The company registration part of the form (seed 000 §3, §5). `numero` is
 * stored as digits; a formatted number is accepted. Check digits are the
 * Receita Federal's, here so the browser and the server refuse alike.
 */
export const cnpjForm = z
  .strictObject({
    id: id.nullish(),
    tipoNumeroDocumento: z.enum(TIPOS_DOCUMENTO, { error: 'Escolha CNPJ ou CPF' }).default('cnpj'),
    numero: z
      .string({ error: MSG.informeCnpj })
      .max(CNPJ_MAX_LENGTH, MSG.cnpjInvalido)
      .transform(onlyDigits)
      .pipe(z.string().min(1, MSG.informeCnpj)),
    razaoSocial: requiredText(MSG.informeRazaoSocial, LIMITS.empresaRazaoSocial),
    telefone1: requiredDigits({
      digits: LIMITS.telefoneDigitos,
      invalid: MSG.telefoneInvalido,
      required: MSG.informeTelefone,
    }),
    telefone2: optionalDigits({ digits: LIMITS.telefoneDigitos, invalid: MSG.telefoneInvalido }),
    celular: optionalDigits({ digits: LIMITS.celularDigitos, invalid: MSG.celularInvalido }),
    codigoContabil: optionalText(LIMITS.empresaCodigoContabil, 'Código contábil'),
    codigoFilial: optionalText(LIMITS.empresaCodigoFilial, 'Código da filial'),
  })
  // The check digits are checked even while other fields are still wrong (`when`), so the form
  // shows every message at once.
  .refine((c) => c.tipoNumeroDocumento === 'cpf' || !c.numero || isValidCnpj(c.numero), {
    path: ['numero'],
    message: MSG.cnpjInvalido,
    when: numeroTyped,
  })
  .refine((c) => c.tipoNumeroDocumento !== 'cpf' || !c.numero || isValidCpf(c.numero), {
    path: ['numero'],
    message: MSG.cpfInvalido,
    when: numeroTyped,
  });
export type CnpjForm = z.input<typeof cnpjForm>;

/** The address part (seed 000 §3 Endereco, §5). The state only filters the cities: it is not sent. */
export const enderecoForm = z.strictObject({
  tipoLocal: z.enum(TIPOS_LOCAL, { error: MSG.selecioneTipoLocal }),
  rua: requiredText(MSG.informeDescricao, LIMITS.enderecoRua),
  numero: requiredText(MSG.informeNumero, LIMITS.enderecoNumero),
  complemento: optionalText(LIMITS.enderecoComplemento, 'Complemento'),
  cep: requiredDigits({ digits: LIMITS.cepDigitos, invalid: MSG.cepInvalido, required: MSG.informeCep }),
  bairro: requiredText(MSG.informeBairro, LIMITS.enderecoBairro),
  cidade: z.object(
    { id: idWith(MSG.selecioneCidade), nome: z.string().max(100).optional() },
    { error: MSG.selecioneCidade },
  ),
});
export type EnderecoForm = z.input<typeof enderecoForm>;

/** The whole company form (the page's react-hook-form schema and the save body's two parts). */
export const empresaForm = z.strictObject({ cnpj: cnpjForm, endereco: enderecoForm });
export type EmpresaForm = z.input<typeof empresaForm>;

export const estado = z.object({ id: z.number(), uf: z.string(), nome: z.string() });
export type Estado = z.infer<typeof estado>;
export const cidade = z.object({ id: z.number(), nome: z.string() });
export type Cidade = z.infer<typeof cidade>;

/** A row of the Empresas table (seed 000 §2.5). */
export const cnpjLinha = z.object({
  id: z.number(),
  codigoEmpresa: z.string(),
  numero: z.string(),
  tipoNumeroDocumento: z.enum(TIPOS_DOCUMENTO),
  razaoSocial: z.string(),
  celular: z.string().nullable(),
  telefone1: z.string().nullable(),
  telefone2: z.string().nullable(),
  codigoContabil: z.string().nullable(),
  codigoFilial: z.string().nullable(),
  principal: z.boolean(),
  /** UF of the company's city. */
  estado: z.string().nullable(),
  cidade: z.string().nullable(),
});
export type CnpjLinha = z.infer<typeof cnpjLinha>;

/** The main company (seed 000 §3 Empresa) with the tenant's closing period. */
export const empresaPrincipal = z.object({
  id: z.number(),
  nome: z.string(),
  diaInicioFechamento: z.number(),
  diaFinalFechamento: z.number(),
});
export type EmpresaPrincipal = z.infer<typeof empresaPrincipal>;

/** A company in pickers: `cnpjNome` is the display label (seed 000 §3). */
export const cnpjOpcao = z.object({
  id: z.number(),
  numero: z.string(),
  razaoSocial: z.string(),
  tipoNumeroDocumento: z.enum(TIPOS_DOCUMENTO),
  cnpjNome: z.string(),
});
export type CnpjOpcao = z.infer<typeof cnpjOpcao>;

const dia = (required: string) =>
  z
    .number({ error: required })
    .int(`Os dias devem estar entre ${DIA_FECHAMENTO_MIN} e ${DIA_FECHAMENTO_MAX}.`)
    .min(DIA_FECHAMENTO_MIN, `Os dias devem estar entre ${DIA_FECHAMENTO_MIN} e ${DIA_FECHAMENTO_MAX}.`)
    .max(DIA_FECHAMENTO_MAX, `Os dias devem estar entre ${DIA_FECHAMENTO_MIN} e ${DIA_FECHAMENTO_MAX}.`);

/** The closing-period dialog (seed 000 §2.5, §9; the rule of decision 0019). */
export const periodoFechamentoForm = z
  .object({
    // The seeds' client sends the session's whole empresa; only the days are read.
    id: z.unknown().optional(),
    nome: z.unknown().optional(),
    diaInicioFechamento: dia(MSG.informeDiaInicio),
    diaFinalFechamento: dia(MSG.informeDiaFinal),
  })
  .superRefine((d, ctx) => {
    // Days out of 1–31 already have their message; only the pairing is left to say.
    if (!isDiaFechamento(d.diaInicioFechamento) || !isDiaFechamento(d.diaFinalFechamento)) return;
    const problema = problemaDiasFechamento(d);
    if (problema) ctx.addIssue({ code: 'custom', path: ['diaFinalFechamento'], message: problema });
  });
export type PeriodoFechamentoForm = z.input<typeof periodoFechamentoForm>;

export const salvarCnpj = defineEndpoint({
  method: 'POST',
  path: '/api/empresa/salvar-cnpj',
  permission: PERM.EMPRESAS_NOVO,
  altPermission: PERM.EMPRESAS_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra (30) ou altera (32, com id) uma empresa (CNPJ/CPF) com o endereço',
  body: z.strictObject({ cnpj: cnpjForm, endereco: enderecoForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const alterarPeriodoFechamento = defineEndpoint({
  method: 'POST',
  path: '/api/empresa/alterar-periodo-fechamento',
  permission: PERM.EMPRESAS_EDITAR,
  suporte: 'permitido',
  summary: 'Altera o período de fechamento da empresa principal (dias 1 a 31)',
  body: z.strictObject({ empresa: periodoFechamentoForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const buscarCnpj = defineEndpoint({
  method: 'POST',
  path: '/api/empresa/buscar-cnpj',
  permission: PERM.EMPRESAS_VER,
  altPermission: PERM.EMPRESAS_EDITAR,
  suporte: 'permitido',
  summary: 'Busca uma empresa (CNPJ/CPF) com o endereço, os estados e as cidades do seu estado',
  body: z.strictObject({ idCnpj: id, usuarioRequisicao }),
  response: z.object({
    cnpj: z.object({
      id: z.number(),
      codigoEmpresa: z.string(),
      numero: z.string(),
      tipoNumeroDocumento: z.enum(TIPOS_DOCUMENTO),
      razaoSocial: z.string(),
      telefone1: z.string().nullable(),
      telefone2: z.string().nullable(),
      celular: z.string().nullable(),
      codigoContabil: z.string().nullable(),
      codigoFilial: z.string().nullable(),
      principal: z.boolean(),
      dataCadastro: z.string(),
      /** IANA zone taken from the city (the company's wall clock). */
      fusoHorario: z.string(),
    }),
    endereco: z.object({
      tipoLocal: z.enum(TIPOS_LOCAL).nullable(),
      rua: z.string().nullable(),
      numero: z.string().nullable(),
      complemento: z.string().nullable(),
      cep: z.string().nullable(),
      bairro: z.string().nullable(),
      cidade: cidade.nullable(),
    }),
    idEstado: z.number().nullable(),
    estados: z.array(estado),
    cidades: z.array(cidade),
  }),
});

export const buscarEmpresa = defineEndpoint({
  method: 'POST',
  path: '/api/empresa/buscar',
  permission: PERM.EMPRESAS_VER,
  suporte: 'permitido',
  summary: 'Busca a empresa principal com o período de fechamento',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: empresaPrincipal,
});

export const listarEmpresas = defineEndpoint({
  method: 'POST',
  path: '/api/empresa/listar',
  permission: PERM.EMPRESAS_VER,
  suporte: 'permitido',
  summary: 'Lista as empresas (CNPJ/CPF) que o usuário pode ver e o período de fechamento',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.object({
    cnpjs: z.array(cnpjLinha),
    diaInicioFechamento: z.number(),
    diaFinalFechamento: z.number(),
  }),
});

export const listarCnpjs = defineEndpoint({
  method: 'POST',
  path: '/api/empresa/listar-cnpjs',
  // Shared company lookup: any logged-in user, limited to the user's companies (catalogue).
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista as empresas (CNPJ/CPF) que o usuário pode ver, para seleção',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(cnpjOpcao),
});

export const listarEstados = defineEndpoint({
  method: 'GET',
  path: '/api/empresa/listar-estados',
  permission: PERM.EMPRESAS_VER,
  altPermission: PERM.EMPRESAS_NOVO,
  suporte: 'permitido',
  summary: 'Lista os estados (IBGE)',
  body: z.strictObject({}),
  response: z.array(estado),
});

export const listarCidades = defineEndpoint({
  method: 'GET',
  path: '/api/empresa/listar-cidades/:idEstado',
  permission: PERM.EMPRESAS_VER,
  altPermission: PERM.EMPRESAS_NOVO,
  suporte: 'permitido',
  summary: 'Lista as cidades (IBGE) de um estado',
  params: z.strictObject({ idEstado: id }),
  body: z.strictObject({}),
  response: z.array(cidade),
});
