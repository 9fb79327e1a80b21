import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MAX_ID, id, mensagemResponse, usuarioRequisicao, wireDate } from '../common.js';
import { LIMITS } from '../limits.js';
import { PERM } from '../permissions.js';

/**
 * Escalas de Horários (seed 001 §2.1, §2.2, §2.4, §3, §5, §7, §9). The
 * configuration document travels with the seed's field names (typos kept:
 * `horasMensaisalistas`, `excessoIntevaloRefeicoes`) and is stored as it
 * passed this schema, one copy per version (decision 0027). Percentages travel
 * as fractions (0.5 = 50 %, seed 001 §5); the web shows them ×100.
 */

/** The texts of the area: seed 001 §5 letter for letter where it gives them, the rest ours. */
export const ESCALA_MSG = {
  // Seed 001 §5 — Schedule.
  informeDescricao: 'Informe a descrição da configuração',
  atrasos: 'Atrasos: Informe os campos obrigatórios',
  contratual: 'Contratual: Informe os campos obrigatórios',
  bancoHoras: 'Banco de horas: Selecione um período para início do banco de horas e todos os campos obrigatórios',
  horasExtrasFaixa: 'Horas extras: Cadastre no mínimo uma faixa de valores',
  horasExtrasFaixaNormal: 'Horas extras - Faixa normal: Informe todos os campos da faixa',
  horasExtrasFaixaNoturna: 'Horas extras - Faixa noturna: Informe todos os campos da faixa',
  horasExtras: 'Horas extras: Informe os campos obrigatórios',
  quadroFechamento: 'Quadro de horários: Validar o fechamento selecionado. Informe o tempo para validar o fechamento',
  revezamentoLista: 'Revezamento: Não foi criado uma lista de horários para o revezamento',
  revezamentoFechamento: 'Revezamento: Validar o fechamento selecionado. Informe o tempo para validar o fechamento',
  // Seed 001 §5 — Rotation cycles.
  informeDescricaoCiclos: 'Informe a descrição da lista de ciclos',
  nenhumCiclo: 'Nenhum ciclo criado',
  cicloInvalido: (n: number) => `Dados inválidos no ciclo ${n}`,
  // Seed 001 §8.
  sucesso: 'Sucesso',
  // Ours.
  horaInvalida: 'Horário inválido: use HH:MM.',
  periodoBancoInvertido: 'Banco de horas: o período final deve ser igual ou posterior ao inicial',
  descricaoEmUso: 'Já existe uma escala de horários com esta descrição.',
  escalaNaoEncontrada: 'Escala de horários não encontrada.',
  listaCiclosNaoEncontrada: 'Lista de ciclos não encontrada: selecione outra lista para o revezamento.',
  informeAPartirDe:
    'Esta escala é usada por funcionários: informe a data "A partir de" da qual a alteração vale (os dias anteriores continuam com a versão atual).',
  aPartirDeAnterior: (ultima: string) =>
    `A data "A partir de" não pode ser anterior à da versão mais recente da escala (${ultima}).`,
  escalaEmUso: 'Esta escala de horários está no histórico de funcionários e não pode ser excluída.',
  escalaSalva: 'Escala de horários cadastrada com sucesso!',
  escalaAlterada: 'Escala de horários alterada com sucesso!',
  escalaExcluida: 'Escala de horários excluída com sucesso!',
  ciclosSalvos: 'Lista de ciclos cadastrada com sucesso!',
  cicloExcluido: 'Lista de ciclos excluída com sucesso!',
} as const;
const M = ESCALA_MSG;

/** Limits of the form (seed 001 §9 plus ours where the seed gives none). */
export const ESCALA_LIMITS = {
  descricao: LIMITS.escalaDescricao,
  cicloListaDescricao: LIMITS.cicloListaDescricao,
  /**
   * Cycles in one list, work/off days of one cycle, repetitions: ours, wide
   * enough for 28x28 offshore turns while one full sequence stays small
   * (the engine expands it: at most 30 × 52 × 180 days).
   */
  ciclosPorLista: 30,
  diasCiclo: 90,
  fatorRepeticao: 52,
  /** Overtime bands per tipo: ours. */
  faixas: 20,
  /** A tolerance in minutes: ours (the engine caps at the legal 5/10 anyway). */
  minutosTolerancia: 1440,
  /** Bank period year range around the current year (seed 001 §9). */
  anosBancoAntes: 10,
  anosBancoDepois: 20,
  /** sequencia-ciclos-escala: default and largest number of days previewed. */
  diasSequencia: 28,
  diasSequenciaMax: 366,
  /** Sub-policy descriptions are the description plus a suffix (seed 001 §3): the longest is '_PAtr'/'_PDSR'. */
  sufixoMax: 5,
} as const;
const L = ESCALA_LIMITS;

export const TIPOS_ESCALA = ['EQH', 'ERC'] as const;
export type TipoEscala = (typeof TIPOS_ESCALA)[number];
export const TIPO_ESCALA_DESCRICAO: Record<TipoEscala, string> = {
  EQH: 'Quadro de Horários',
  ERC: 'Revezamento',
};

/** Sub-policy description suffixes (seed 001 §3). */
export const SUFIXOS_POLITICA = {
  EQH: '_EQH',
  ERC: '_ERC',
  contratual: '_PC',
  dsr: '_PDSR',
  atraso: '_PAtr',
  horaExtra: '_PHE',
  bancoHora: '_PBH',
} as const;

/** 'HH:MM' 00:00–23:59. */
export const HORA_REGEX = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isHora = (v: unknown): v is string => typeof v === 'string' && HORA_REGEX.test(v);
/** A time field: 'HH:MM', or null / '' when empty (seed 001 §5: 5 characters). */
const hora = z.union([z.string().regex(HORA_REGEX, M.horaInvalida), z.literal('')]).nullable();
const vazio = (v: unknown) => v === null || v === undefined || v === '';

/** Month 'YYYY-MM' (the wire form of a month, shown mm/yyyy). */
const mes = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mês inválido: use AAAA-MM.')
  .nullable();

const numeroNaoNegativo = (max: number) => z.number().min(0).max(max).nullable();
const minutos = z.number().int().min(0).max(L.minutosTolerancia).nullable();
/** A percentage as a fraction: 0.5 = 50 %; up to 1000 %. */
const fracao = z.number().min(0).max(10).nullable();

/** Optional ids of the seed's nested records: accepted and ignored (the version document is the unit). */
const idAninhado = z.number().int().nullish();
const descricaoAninhada = z
  .string()
  .max(L.descricao + L.sufixoMax)
  .nullish();

// ---------------------------------------------------------------- day rows and cycles

export const HORARIOS = ['entrada1', 'saida1', 'entrada2', 'saida2', 'entrada3', 'saida3'] as const;
export type CampoHorario = (typeof HORARIOS)[number];

const horarios = {
  entrada1: hora.optional().default(null),
  saida1: hora.optional().default(null),
  entrada2: hora.optional().default(null),
  saida2: hora.optional().default(null),
  entrada3: hora.optional().default(null),
  saida3: hora.optional().default(null),
};

/** Day row (seed 001 §3): `dia` 1 Sunday … 7 Saturday. */
export const diaSemana = z.strictObject({
  id: idAninhado,
  dia: z.number().int().min(1).max(7),
  referenciaCiclo: z.number().int().nullish(),
  horarioFlexivel: z.boolean().optional().default(false),
  ...horarios,
});
export type DiaSemana = z.output<typeof diaSemana>;
export type DiaSemanaForm = z.input<typeof diaSemana>;

/** The time table (EQH). `validarFechamento` ticked → `horasFechamento` is the day-separation time. */
export const quadroHorario = z.strictObject({
  id: idAninhado,
  descricao: descricaoAninhada,
  codigoHorario: z.string().max(20).nullish(),
  tipoEscala: z.enum(TIPOS_ESCALA).nullish(),
  validarFechamento: z.boolean().optional().default(false),
  horasFechamento: hora.optional().default(null),
  diasDaSemana: z
    .array(diaSemana)
    .max(7)
    .refine(
      (dias) => new Set(dias.map((d) => d.dia)).size === dias.length,
      'Dia da semana repetido no quadro de horários',
    )
    .optional()
    .default([]),
});
export type QuadroHorario = z.output<typeof quadroHorario>;

/**
 * A rotation cycle (seed 001 §3): `fatorRepeticao` times `diasTrabalhados`
 * work days (with the slots) then `diasFolgas` off days; cycles run in
 * `posicao` order. Numbers are nullable so the list form can say 'Dados
 * inválidos no ciclo {n}' instead of a type error.
 */
export const ciclo = z.strictObject({
  id: idAninhado,
  posicao: z
    .number()
    .int()
    .min(0)
    .max(L.ciclosPorLista * 10)
    .nullable(),
  diasTrabalhados: z.number().int().min(0).max(L.diasCiclo).nullable(),
  diasFolgas: z.number().int().min(0).max(L.diasCiclo).nullable(),
  fatorRepeticao: z.number().int().min(0).max(L.fatorRepeticao).nullable(),
  ...horarios,
});
export type Ciclo = z.output<typeof ciclo>;
export type CicloForm = z.input<typeof ciclo>;

/** Index (1-based) of the first cycle whose counts are not all greater than 0, or null. */
export function cicloInvalido(ciclos: readonly CicloForm[]): number | null {
  const i = ciclos.findIndex(
    (c) => !((c.diasTrabalhados ?? 0) > 0 && (c.diasFolgas ?? 0) > 0 && (c.fatorRepeticao ?? 0) > 0),
  );
  return i < 0 ? null : i + 1;
}

/** The rotation (ERC): the chosen cycle list; its cycles are copied into the version when saved. */
export const revezamento = z.strictObject({
  /**
   * The cycle list chosen (listar-ciclos). Null while none is chosen. A plain
   * number, not `id`: the document is also an answer, and an answer's schema
   * may hold no transform.
   */
  idCiclo: z.number().int().min(1).max(MAX_ID).nullable(),
  /** What the stored version holds (answers only; ignored on save: the server copies the list's cycles). */
  descricaoCiclos: z.string().max(L.cicloListaDescricao).nullish(),
  ciclos: z.array(ciclo).max(L.ciclosPorLista).nullish(),
  validarFechamento: z.boolean().optional().default(false),
  horasFechamento: hora.optional().default(null),
});
export type Revezamento = z.output<typeof revezamento>;

// ---------------------------------------------------------------- policies

/** parametroRefeicao options (seed 001 §9): 2 nonexistent, 3 pre-marked, 4 flexible. */
export const PARAMETROS_REFEICAO = [
  { valor: 2, descricao: 'Inexistente' },
  { valor: 3, descricao: 'Pré-assinalado' },
  { valor: 4, descricao: 'Flexível' },
] as const;
/** controleFalta (seed 001 §9): 1 legal hours, 2 worked hours. */
export const CONTROLES_FALTA = [
  { valor: 1, descricao: 'Horas legais' },
  { valor: 2, descricao: 'Horas trabalhadas' },
] as const;
/** perdaDSRDesconta (seed 001 §9; calculation-rules §3.3). */
export const PERDAS_DSR = [
  { valor: 1, descricao: 'No mesmo mês' },
  { valor: 2, descricao: 'No mês do DSR perdido' },
] as const;
/** pagarDSR (seed 001 §9): 1 Sundays, 2 days off. */
export const PAGAMENTOS_DSR = [
  { valor: 1, descricao: 'Domingos' },
  { valor: 2, descricao: 'Folgas' },
] as const;
/** descontoDSR (calculation-rules §3.3, decision: the seed gives no values). */
export const DESCONTOS_DSR = [
  { valor: 0, descricao: 'Nunca' },
  { valor: 1, descricao: 'Falta injustificada' },
  { valor: 2, descricao: 'Falta, atraso ou saída antecipada injustificados' },
] as const;
/** prioridadeHoraExtra (seed 001 §9): 1 bank first, 2 overtime first. */
export const PRIORIDADES_HORA_EXTRA = [
  { valor: 1, descricao: 'Banco de horas' },
  { valor: 2, descricao: 'Hora extra' },
] as const;

const umDe = (valores: readonly number[]) =>
  z
    .number()
    .int()
    .refine((v) => valores.includes(v), 'Opção inválida');

export const politicaContratual = z.strictObject({
  id: idAninhado,
  descricao: descricaoAninhada,
  parametroRefeicao: umDe([2, 3, 4]),
  horasDSR: hora,
  horaAdicionalNoturnoDe: hora,
  horaAdicionalNoturnaAte: hora,
  /** Minutes of a legal night hour (52.5). */
  duracaoHoraNoturna: numeroNaoNegativo(60),
  tempoInterjornada: hora,
  /** Monthly divisor (220); the seed's spelling. */
  horasMensaisalistas: numeroNaoNegativo(744),
  descontarIntervalosNoturno: z.boolean(),
  descontarSegundoIntervalo: z.boolean(),
  controleFalta: umDe([1, 2]),
});
export type PoliticaContratual = z.output<typeof politicaContratual>;

export const politicaDSR = z.strictObject({
  id: idAninhado,
  descricao: descricaoAninhada,
  perdaDSRDesconta: umDe([1, 2]),
  pagarDSR: umDe([1, 2]),
  descontoDSR: umDe([0, 1, 2]),
});
export type PoliticaDSR = z.output<typeof politicaDSR>;

export const politicaAtraso = z.strictObject({
  id: idAninhado,
  descricao: descricaoAninhada,
  atrasoMaximoDiaMinuto: minutos,
  saidaAntecipadaMaximoDiaMinuto: minutos,
  excessoIRMaximoDiaMinuto: minutos,
});
export type PoliticaAtraso = z.output<typeof politicaAtraso>;

export const COLUNAS_FAIXA = [
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
  'domingo',
  'feriado',
  'folga',
] as const;
export type ColunaFaixa = (typeof COLUNAS_FAIXA)[number];
/** Column labels of the overtime bands (seed 001 §3 'Overtime band'): the schedule's screen and "Por quê?". */
export const COLUNA_FAIXA_ROTULO: Record<ColunaFaixa, string> = {
  segunda: 'Segunda',
  terca: 'Terça',
  quarta: 'Quarta',
  quinta: 'Quinta',
  sexta: 'Sexta',
  sabado: 'Sábado',
  domingo: 'Domingo',
  feriado: 'Feriado',
  folga: 'Folga',
};

/** Band tipo (seed 001 §3): 1 normal, 2 night. */
export const TIPO_FAIXA = { NORMAL: 1, NOTURNA: 2 } as const;

/**
 * An overtime band: `ate` in hours of the day's overtime of that tipo (99 =
 * unlimited; fractions allowed, 1.5 = 1 h 30), the percentages as fractions.
 */
export const faixaHoraExtra = z.strictObject({
  id: idAninhado,
  tipo: umDe([1, 2]),
  ate: numeroNaoNegativo(99),
  segunda: fracao,
  terca: fracao,
  quarta: fracao,
  quinta: fracao,
  sexta: fracao,
  sabado: fracao,
  domingo: fracao,
  feriado: fracao,
  folga: fracao,
});
export type FaixaHoraExtra = z.output<typeof faixaHoraExtra>;

export const politicaHoraExtra = z.strictObject({
  id: idAninhado,
  descricao: descricaoAninhada,
  descontoDSRFeriado: z.boolean(),
  toleranciaInicioHoraExtra: minutos,
  prioridadeHoraExtra: umDe([1, 2]),
  horaExtraRefeicao: z.boolean(),
  faixasHoraExtra: z
    .array(faixaHoraExtra)
    .max(L.faixas * 2)
    .optional()
    .default([]),
});
export type PoliticaHoraExtra = z.output<typeof politicaHoraExtra>;

export const politicaBancoHora = z.strictObject({
  id: idAninhado,
  descricao: descricaoAninhada,
  /** 'YYYY-MM'. */
  periodoInicial: mes,
  periodoFinal: mes,
  /**
   * The bank rests on an individual written agreement (art. 59 §5 CLT, at most
   * six months): the engine warns when the period is longer (issue 10 §1).
   */
  acordoIndividual: z.boolean().optional().default(false),
});
export type PoliticaBancoHora = z.output<typeof politicaBancoHora>;

/** Day-type keys of the bank tables (seed 001 §3). */
export const DIAS_BANCO = [
  'Segunda',
  'Terca',
  'Quarta',
  'Quinta',
  'Sexta',
  'Sabados',
  'Domingos',
  'Feriados',
  'Folgas',
] as const;
export type DiaBanco = (typeof DIAS_BANCO)[number];

const armazenamentoDia = z.strictObject({
  horaExtra: z.boolean().optional().default(false),
  /** Cap of the first destination (prioridadeHoraExtra), 'HH:MM'; empty = unlimited. */
  limiteHE: hora.optional().default(null),
});
export type ArmazenamentoDia = z.output<typeof armazenamentoDia>;

export const bancoHoraArmazenamento = z.strictObject({
  id: idAninhado,
  faltas: z.boolean().optional().default(false),
  atrasos: z.boolean().optional().default(false),
  saidasAntecipadas: z.boolean().optional().default(false),
  excessoIntevaloRefeicoes: z.boolean().optional().default(false),
  faltaDeMarcacao: z.boolean().optional().default(false),
  ...(Object.fromEntries(DIAS_BANCO.map((d) => [d, armazenamentoDia.nullish()])) as Record<
    DiaBanco,
    z.ZodOptional<z.ZodNullable<typeof armazenamentoDia>>
  >),
});
export type BancoHoraArmazenamento = z.output<typeof bancoHoraArmazenamento>;

/** A transfer factor as the seed writes it: '1,5', '1.5', '2' or '1:30' (1 h 30 per hour); empty = none. */
export const FATOR_REGEX = /^(\d{1,2}([.,]\d{1,4})?|\d{1,2}:[0-5]\d)$/;
const fator = z.union([z.string().regex(FATOR_REGEX, 'Fator inválido: use 1,5 ou 1:30.'), z.literal('')]).nullish();

export const bancoHoraTransferencia = z.strictObject({
  id: idAninhado,
  ...(Object.fromEntries(DIAS_BANCO.map((d) => [`faixa${d}`, fracao.optional()])) as Record<
    `faixa${DiaBanco}`,
    z.ZodOptional<typeof fracao>
  >),
  ...(Object.fromEntries(DIAS_BANCO.map((d) => [`fator${d}`, fator])) as Record<`fator${DiaBanco}`, typeof fator>),
});
export type BancoHoraTransferencia = z.output<typeof bancoHoraTransferencia>;

// ---------------------------------------------------------------- the configuration document

/**
 * The schedule configuration (seed 001 §3), structure only; the tab rules of
 * seed 001 §5 are `errosConfiguracaoEscala`, attached by `configuracaoEscalaValidada`
 * (the form) and by the save bodies (the server). With `incluirBancoHoras`
 * off only the flag need be sent (seed 001 §4).
 */
export const configuracaoEscala = z.strictObject({
  descricao: z
    .string({ error: M.informeDescricao })
    .trim()
    .max(L.descricao, `Descrição: no máximo ${L.descricao} caracteres`),
  tipoEscala: z.enum(TIPOS_ESCALA),
  incluirBancoHoras: z.boolean().optional().default(false),
  /** The time table (EQH). May be absent for a rotation. */
  quadroHorario: quadroHorario.nullish(),
  /** The rotation (ERC). May be absent for a time table. */
  revezamento: revezamento.nullish(),
  politicaContratual,
  politicaDSR,
  politicaAtraso,
  politicaHoraExtra,
  politicaBancoHora: politicaBancoHora.nullish(),
  bancoHoraArmazenamento: bancoHoraArmazenamento.nullish(),
  bancoHoraTransferencia: bancoHoraTransferencia.nullish(),
  /** Edit-time deletions of the seed's client (ids of bands and day rows): accepted, no effect. */
  faixasHorasExtraExcluir: z.array(z.number().int()).max(200).nullish(),
  diasDaSemanaExcluir: z.array(z.number().int()).max(200).nullish(),
});
export type ConfiguracaoEscala = z.output<typeof configuracaoEscala>;
export type ConfiguracaoEscalaForm = z.input<typeof configuracaoEscala>;

/** The tabs of the form, as the tab errors name them. */
export type AbaEscala =
  'descricao' | 'quadro' | 'revezamento' | 'contratual' | 'dsr' | 'atrasos' | 'horasExtras' | 'bancoHoras';

export interface ErroEscala {
  aba: AbaEscala;
  mensagem: string;
}

const faixaCompleta = (f: Partial<FaixaHoraExtra>) =>
  typeof f.ate === 'number' && COLUNAS_FAIXA.every((c) => typeof f[c] === 'number');

/** 'YYYY-MM' → comparable number, or null. */
const mesIndice = (m: string | null | undefined) =>
  m && /^\d{4}-\d{2}$/.test(m) ? Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) : null;

/**
 * The tab validation of seed 001 §5, in the form's tab order: one message per
 * failing rule, the seed's words. The form marks the tabs with it; the server
 * refuses a save with the same words (every save body refines with it).
 * Defensive reads: the form calls it on a half-filled document.
 */
export function errosConfiguracaoEscala(c: DeepPartial<ConfiguracaoEscalaForm>): ErroEscala[] {
  const erros: ErroEscala[] = [];
  const add = (aba: AbaEscala, mensagem: string) => erros.push({ aba, mensagem });
  if (typeof c.descricao !== 'string' || c.descricao.trim() === '') add('descricao', M.informeDescricao);

  if (c.tipoEscala === 'ERC') {
    const r = c.revezamento;
    if (!r || vazio(r.idCiclo)) add('revezamento', M.revezamentoLista);
    if (r?.validarFechamento && (vazio(r.horasFechamento) || r.horasFechamento === '00:00')) {
      add('revezamento', M.revezamentoFechamento);
    }
  } else {
    const q = c.quadroHorario;
    if (q?.validarFechamento && (vazio(q.horasFechamento) || q.horasFechamento === '00:00')) {
      add('quadro', M.quadroFechamento);
    }
  }

  const pc = c.politicaContratual;
  if (
    !pc ||
    vazio(pc.horaAdicionalNoturnoDe) ||
    vazio(pc.horaAdicionalNoturnaAte) ||
    vazio(pc.duracaoHoraNoturna) ||
    vazio(pc.horasDSR) ||
    vazio(pc.tempoInterjornada) ||
    !pc.horasMensaisalistas
  ) {
    add('contratual', M.contratual);
  }

  const pa = c.politicaAtraso;
  if (
    !pa ||
    vazio(pa.atrasoMaximoDiaMinuto) ||
    vazio(pa.saidaAntecipadaMaximoDiaMinuto) ||
    vazio(pa.excessoIRMaximoDiaMinuto)
  ) {
    add('atrasos', M.atrasos);
  }

  const phe = c.politicaHoraExtra;
  const faixas = (phe?.faixasHoraExtra ?? []) as Partial<FaixaHoraExtra>[];
  if (!faixas.some((f) => f?.tipo === TIPO_FAIXA.NORMAL)) add('horasExtras', M.horasExtrasFaixa);
  if (faixas.some((f) => f?.tipo === TIPO_FAIXA.NORMAL && !faixaCompleta(f))) {
    add('horasExtras', M.horasExtrasFaixaNormal);
  }
  if (faixas.some((f) => f?.tipo === TIPO_FAIXA.NOTURNA && !faixaCompleta(f))) {
    add('horasExtras', M.horasExtrasFaixaNoturna);
  }
  if (!phe || vazio(phe.toleranciaInicioHoraExtra)) add('horasExtras', M.horasExtras);

  if (c.incluirBancoHoras) {
    const pb = c.politicaBancoHora;
    const ini = mesIndice(pb?.periodoInicial);
    const fim = mesIndice(pb?.periodoFinal);
    if (ini === null || fim === null) add('bancoHoras', M.bancoHoras);
    else if (fim < ini) add('bancoHoras', M.periodoBancoInvertido);
  }
  return erros;
}

type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | null }
    : T;

/** Adds the tab errors as issues at `path` (the server: [] so the answer is the seed's words alone). */
export function refinarConfiguracaoEscala(
  c: DeepPartial<ConfiguracaoEscalaForm>,
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
): void {
  for (const e of errosConfiguracaoEscala(c)) ctx.addIssue({ code: 'custom', path, message: e.mensagem });
}

/** The form's schema: structure plus the tab rules, each issue on its tab's field. */
export const configuracaoEscalaValidada = configuracaoEscala.superRefine((c, ctx) => {
  for (const e of errosConfiguracaoEscala(c)) {
    ctx.addIssue({ code: 'custom', path: [ABA_CAMPO[e.aba]], message: e.mensagem });
  }
});

/** The document field each tab's errors are reported on. */
export const ABA_CAMPO: Record<AbaEscala, keyof ConfiguracaoEscala> = {
  descricao: 'descricao',
  quadro: 'quadroHorario',
  revezamento: 'revezamento',
  contratual: 'politicaContratual',
  dsr: 'politicaDSR',
  atrasos: 'politicaAtraso',
  horasExtras: 'politicaHoraExtra',
  bancoHoras: 'politicaBancoHora',
};

// ---------------------------------------------------------------- defaults and presets (seed 001 §9)

const diaVazio = (dia: number): DiaSemana => ({
  dia,
  horarioFlexivel: false,
  entrada1: null,
  saida1: null,
  entrada2: null,
  saida2: null,
  entrada3: null,
  saida3: null,
});

/** The seven day rows, Sunday (1) to Saturday (7), all empty. */
export const diasVazios = (): DiaSemana[] => [1, 2, 3, 4, 5, 6, 7].map(diaVazio);

/** Seed 001 §9 default band: up to 99 h, 50 % weekdays and Saturday, 100 % Sunday, holiday and day off. */
export const FAIXA_PADRAO: FaixaHoraExtra = {
  tipo: TIPO_FAIXA.NORMAL,
  ate: 99,
  segunda: 0.5,
  terca: 0.5,
  quarta: 0.5,
  quinta: 0.5,
  sexta: 0.5,
  sabado: 0.5,
  domingo: 1,
  feriado: 1,
  folga: 1,
};

export const ARMAZENAMENTO_PADRAO: BancoHoraArmazenamento = {
  faltas: false,
  atrasos: false,
  saidasAntecipadas: false,
  excessoIntevaloRefeicoes: false,
  faltaDeMarcacao: false,
  ...(Object.fromEntries(DIAS_BANCO.map((d) => [d, { horaExtra: false, limiteHE: null }])) as Record<
    DiaBanco,
    ArmazenamentoDia
  >),
};

export const TRANSFERENCIA_PADRAO: BancoHoraTransferencia = Object.fromEntries(
  DIAS_BANCO.flatMap((d) => [
    [`faixa${d}`, null],
    [`fator${d}`, null],
  ]),
) as BancoHoraTransferencia;

/**
 * A new schedule (seed 001 §9): tolerances 5 min, meal parameter 4, DSR
 * 07:33, night 22:00–05:00 with a 52.5-minute hour, interjornada 11:00, 220
 * monthly hours, absence control 2, DSR loss 1, pay DSR 1, overtime
 * tolerance 10 and priority 2, the default band, meal overtime on. Both
 * interval flags and descontoDSR follow calculation-rules §3 decisions.
 * The bank period is empty: the user picks it (the tab's rule asks for it).
 */
export const ESCALA_PADRAO: ConfiguracaoEscala = {
  descricao: '',
  tipoEscala: 'EQH',
  incluirBancoHoras: false,
  quadroHorario: { validarFechamento: false, horasFechamento: null, diasDaSemana: diasVazios() },
  revezamento: { idCiclo: null, validarFechamento: false, horasFechamento: null },
  politicaContratual: {
    parametroRefeicao: 4,
    horasDSR: '07:33',
    horaAdicionalNoturnoDe: '22:00',
    horaAdicionalNoturnaAte: '05:00',
    duracaoHoraNoturna: 52.5,
    tempoInterjornada: '11:00',
    horasMensaisalistas: 220,
    descontarIntervalosNoturno: true,
    descontarSegundoIntervalo: true,
    controleFalta: 2,
  },
  politicaDSR: { perdaDSRDesconta: 1, pagarDSR: 1, descontoDSR: 1 },
  politicaAtraso: { atrasoMaximoDiaMinuto: 5, saidaAntecipadaMaximoDiaMinuto: 5, excessoIRMaximoDiaMinuto: 5 },
  politicaHoraExtra: {
    descontoDSRFeriado: false,
    toleranciaInicioHoraExtra: 10,
    prioridadeHoraExtra: 2,
    horaExtraRefeicao: true,
    faixasHoraExtra: [FAIXA_PADRAO],
  },
  politicaBancoHora: { periodoInicial: null, periodoFinal: null, acordoIndividual: false },
  bancoHoraArmazenamento: ARMAZENAMENTO_PADRAO,
  bancoHoraTransferencia: TRANSFERENCIA_PADRAO,
};

/** Bank period years offered around the current year (seed 001 §9: −10 to +20). */
export function anosPeriodoBanco(anoAtual: number): number[] {
  const anos: number[] = [];
  for (let a = anoAtual - L.anosBancoAntes; a <= anoAtual + L.anosBancoDepois; a++) anos.push(a);
  return anos;
}

const SEG_SEX = [2, 3, 4, 5, 6];

function diasCom(turnos: Partial<Record<number, [string, string, string, string]>>): DiaSemana[] {
  return diasVazios().map((d) => {
    const t = turnos[d.dia];
    const h = (v: string) => v || null;
    return t ? { ...d, entrada1: h(t[0]), saida1: h(t[1]), entrada2: h(t[2]), saida2: h(t[3]) } : d;
  });
}
const em = (dias: number[], t: [string, string, string, string]) => Object.fromEntries(dias.map((d) => [d, t]));

export interface PresetQuadro {
  chave: string;
  descricao: string;
  /** 1 or 2 intervals: two intervals show the third entry and exit (seed 001 §9). */
  intervalos: 1 | 2;
  dias: DiaSemana[];
}

/**
 * The six pre-set tables of seed 001 §9, in its order. The seed names each
 * by its weekly hours and span; the intervals are ours: a one-hour lunch
 * 12:00–13:00 and, where the span alone would pass the weekly hours, a short
 * Saturday (40 h Mon–Sat: 7 h × 5 + 5 h; 44 h Mon–Sat: 8 h × 5 + 4 h).
 */
export const PRESETS_QUADRO: readonly PresetQuadro[] = [
  { chave: 'personalizado-1', descricao: 'Personalizado um intervalo', intervalos: 1, dias: diasVazios() },
  { chave: 'personalizado-2', descricao: 'Personalizado dois intervalos', intervalos: 2, dias: diasVazios() },
  {
    chave: '40h-0900-1800-seg-sex',
    descricao: '40h 09:00-18:00 Seg-Sex',
    intervalos: 1,
    dias: diasCom(em(SEG_SEX, ['09:00', '12:00', '13:00', '18:00'])),
  },
  {
    chave: '40h-0800-1700-seg-sex',
    descricao: '40h 08:00-17:00 Seg-Sex',
    intervalos: 1,
    dias: diasCom(em(SEG_SEX, ['08:00', '12:00', '13:00', '17:00'])),
  },
  {
    chave: '40h-0800-1600-seg-sab',
    descricao: '40h 08:00-16:00 Seg-Sab',
    intervalos: 1,
    dias: diasCom({ ...em(SEG_SEX, ['08:00', '12:00', '13:00', '16:00']), 7: ['08:00', '13:00', '', ''] }),
  },
  {
    chave: '44h-0800-1700-seg-sab',
    descricao: '44h 08:00-17:00 Seg-Sab',
    intervalos: 1,
    dias: diasCom({ ...em(SEG_SEX, ['08:00', '12:00', '13:00', '17:00']), 7: ['08:00', '12:00', '', ''] }),
  },
];

/** The copy button (seed 001 §9): the first day's times replicated to Monday–Friday. */
export function copiarPrimeiroDia(dias: readonly DiaSemana[]): DiaSemana[] {
  const primeiro = [...dias].sort((a, b) => a.dia - b.dia).find((d) => HORARIOS.some((h) => !vazio(d[h])));
  if (!primeiro) return [...dias];
  return dias.map((d) =>
    SEG_SEX.includes(d.dia)
      ? {
          ...d,
          horarioFlexivel: primeiro.horarioFlexivel,
          ...Object.fromEntries(HORARIOS.map((h) => [h, primeiro[h]])),
        }
      : d,
  );
}

// ---------------------------------------------------------------- cycle lists

/** salvar-ciclos (seed 001 §5 Rotation cycles). */
export const salvarCiclosBody = z
  .strictObject({
    descricaoCiclos: z
      .string({ error: M.informeDescricaoCiclos })
      .trim()
      .max(L.cicloListaDescricao, `Descrição: no máximo ${L.cicloListaDescricao} caracteres`),
    ciclos: z.array(ciclo).max(L.ciclosPorLista, `No máximo ${L.ciclosPorLista} ciclos`),
    usuarioRequisicao,
  })
  .superRefine((b, ctx) => {
    for (const mensagem of errosListaCiclos(b)) ctx.addIssue({ code: 'custom', path: [], message: mensagem });
  });
export type SalvarCiclosForm = z.input<typeof salvarCiclosBody>;

/** The rules of a cycle list (seed 001 §5), shared by the dialog and the server. */
export function errosListaCiclos(l: {
  descricaoCiclos?: string | null;
  ciclos?: readonly CicloForm[] | null;
}): string[] {
  const erros: string[] = [];
  if (!l.descricaoCiclos || l.descricaoCiclos.trim() === '') erros.push(M.informeDescricaoCiclos);
  const ciclos = l.ciclos ?? [];
  if (ciclos.length === 0) erros.push(M.nenhumCiclo);
  else {
    const n = cicloInvalido(ciclos);
    if (n !== null) erros.push(M.cicloInvalido(n));
  }
  return erros;
}

export const listaCiclosResumo = z.object({ id: z.number(), descricao: z.string(), quantidade: z.number() });
export type ListaCiclosResumo = z.infer<typeof listaCiclosResumo>;

export const listaCiclos = z.object({ id: z.number(), descricao: z.string(), ciclos: z.array(ciclo) });
export type ListaCiclos = z.output<typeof listaCiclos>;

/** One day of the sequence preview. */
export const diaSequencia = z.object({
  /** 1-based day of the sequence (day 1 = the employee's start date). */
  dia: z.number(),
  /** yyyy-mm-dd when a start date was given. */
  data: z.string().nullable(),
  /** The cycle's posicao. */
  posicao: z.number(),
  trabalho: z.boolean(),
  /** The planned pairs 'HH:MM'–'HH:MM' of a work day; [] on an off day. */
  horarios: z.array(z.tuple([z.string(), z.string()])),
});
export type DiaSequencia = z.infer<typeof diaSequencia>;

// ---------------------------------------------------------------- endpoints

export const escalaResumo = z.object({ id: z.number(), descricao: z.string(), tipo: z.enum(TIPOS_ESCALA) });
export type EscalaResumo = z.infer<typeof escalaResumo>;

/**
 * The first version of every schedule is valid from this day: it covers any
 * history, however old (an imported employee may have started years before
 * the schedule was registered). The screen shows it as 'desde o início'.
 */
export const VALIDA_DESDE_INICIAL = '1900-01-01';

export const versaoEscala = z.object({
  id: z.number(),
  /** yyyy-mm-dd: the version applies from this day until the next version's day. */
  validaDesde: z.string(),
  tipoEscala: z.enum(TIPOS_ESCALA),
});
export type VersaoEscala = z.infer<typeof versaoEscala>;

const refinarBody = (b: { configuracao: ConfiguracaoEscala }, ctx: z.RefinementCtx) =>
  refinarConfiguracaoEscala(b.configuracao, ctx);

export const salvarEscala = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/salvar',
  permission: PERM.ESCALAS_HORARIOS_NOVO,
  suporte: 'permitido',
  summary: 'Cadastra uma escala de horários (quadro de horários ou revezamento) com as suas políticas',
  body: z.strictObject({ configuracao: configuracaoEscala, usuarioRequisicao }).superRefine(refinarBody),
  response: mensagemResponse.extend({ idContrato: z.number() }),
});

/**
 * Changes a schedule. Unused by any employee: its latest version is replaced.
 * In use: `aPartirDe` is required and a version valid from that day is created
 * (the same day as an existing version replaces that one; a day before the
 * latest version is refused). Decision 0027.
 */
export const alterarEscala = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/alterar',
  permission: PERM.ESCALAS_HORARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Altera uma escala de horários; em uso por funcionários, cria uma versão a partir da data informada',
  body: z
    .strictObject({
      configuracao: configuracaoEscala,
      idContrato: id,
      /** yyyy-mm-dd; required when employees use the schedule. */
      aPartirDe: wireDate('Informe a data "A partir de"').nullish(),
      usuarioRequisicao,
    })
    .superRefine(refinarBody),
  response: mensagemResponse.extend({ validaDesde: z.string() }),
});

export const excluirEscala = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/excluir',
  permission: PERM.ESCALAS_HORARIOS_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui uma escala de horários que nenhum funcionário usa',
  body: z.strictObject({ idContrato: id, usuarioRequisicao }),
  response: mensagemResponse,
});

export const buscarEscala = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/buscar',
  permission: PERM.ESCALAS_HORARIOS_VER,
  altPermission: PERM.ESCALAS_HORARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Busca uma escala de horários (a versão mais recente, ou a de uma data) com as políticas e as versões',
  body: z.strictObject({
    idContrato: id,
    /** yyyy-mm-dd: the version valid on this day instead of the latest. */
    data: wireDate('Informe a data').nullish(),
    usuarioRequisicao,
  }),
  response: z.object({
    idContrato: z.number(),
    configuracao: configuracaoEscala,
    /** Employees' schedule histories reference this schedule: a change asks 'A partir de'. */
    temHistorico: z.boolean(),
    /** The version returned. */
    validaDesde: z.string(),
    /** Every version, oldest first. */
    versoes: z.array(versaoEscala),
  }),
});

export const listarEscalas = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/listar',
  permission: PERM.ESCALAS_HORARIOS_VER,
  suporte: 'permitido',
  summary: 'Lista as escalas de horários (id, descrição, tipo)',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(escalaResumo),
});

export const salvarCiclos = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/salvar-ciclos',
  permission: PERM.ESCALAS_HORARIOS_NOVO,
  altPermission: PERM.ESCALAS_HORARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra uma lista de ciclos de revezamento',
  body: salvarCiclosBody,
  response: mensagemResponse.extend({ idCiclo: z.number() }),
});

export const excluirCiclo = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/excluir-ciclo',
  permission: PERM.ESCALAS_HORARIOS_NOVO,
  altPermission: PERM.ESCALAS_HORARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Exclui uma lista de ciclos (as escalas já salvas guardam a sua cópia dos ciclos)',
  body: z.strictObject({ ciclo: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

export const listarCiclos = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/listar-ciclos',
  permission: PERM.ESCALAS_HORARIOS_VER,
  suporte: 'permitido',
  summary: 'Lista as listas de ciclos de revezamento (descrição e quantidade)',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(listaCiclosResumo),
});

export const detalhesCiclos = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/detalhes-ciclos',
  permission: PERM.ESCALAS_HORARIOS_VER,
  suporte: 'permitido',
  summary: 'Os ciclos de uma lista',
  body: z.strictObject({ idCiclo: id, usuarioRequisicao }),
  response: listaCiclos,
});

/**
 * The preview of a cycle list's sequence (calculation-rules §15.1): cycles by
 * posicao, each `fatorRepeticao` times its work days then its off days,
 * repeating. Day 1 is the first day of an employee's history entry.
 */
export const sequenciaCiclosEscala = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/sequencia-ciclos-escala',
  permission: PERM.ESCALAS_HORARIOS_VER,
  suporte: 'permitido',
  summary: 'A sequência de dias de trabalho e folga de uma lista de ciclos',
  body: z.strictObject({
    idCiclo: id,
    /** yyyy-mm-dd of day 1 (dates are then given); absent = positions only. */
    dataInicio: wireDate('Informe a data de início').nullish(),
    dias: z.number().int().min(1).max(L.diasSequenciaMax).optional().default(L.diasSequencia),
    usuarioRequisicao,
  }),
  response: z.object({
    /** Days of one full turn of the sequence. */
    comprimento: z.number(),
    /** One cycle of 1 work day / 1 off day spanning 12 h (calculation-rules §15.2). */
    regime12x36: z.boolean(),
    dias: z.array(diaSequencia),
  }),
});
