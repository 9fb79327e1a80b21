import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, mensagemResponse, requiredText, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';
import { funcionarioResumo } from './funcionario-pesquisa.js';
import {
  REGRA_PASCOA_KEYS,
  REGRAS_PASCOA,
  dataDaRegra,
  diaMesAno,
  isCivilDate,
  type RegraPascoa,
} from '../calendario.js';

/** Limits of the Feriados register (ours: the seeds give none). */
export const FERIADO_LIMITS = {
  descricao: 100,
  /** Items of one scope or exception list. */
  itensLista: 2000,
  anoMin: 1,
  anoMax: 9999,
  /**
   * The years the bulk calls (copiar, incluir-nacionais) write (decision
   * 0064): a typo such as 20026 must not fill a far year with holidays
   * nobody will see nor delete; the list still reads any year.
   */
  anoLoteMin: 1900,
  anoLoteMax: 2100,
} as const;

/** Seed 000 §3: the scopes, in the seed's order and wording. */
export const ABRANGENCIAS = [
  { abrangencia: 1, descricao: 'Federal' },
  { abrangencia: 2, descricao: 'Estadual' },
  { abrangencia: 3, descricao: 'Municipal' },
  { abrangencia: 4, descricao: 'Centro de Custo' },
  { abrangencia: 5, descricao: 'Cargo' },
  { abrangencia: 6, descricao: 'Global' },
] as const;
export type Abrangencia = (typeof ABRANGENCIAS)[number]['abrangencia'];
export const ABRANGENCIA = {
  FEDERAL: 1,
  ESTADUAL: 2,
  MUNICIPAL: 3,
  CENTRO_CUSTO: 4,
  CARGO: 5,
  GLOBAL: 6,
} as const satisfies Record<string, Abrangencia>;

export const descricaoAbrangencia = (a: number): string =>
  ABRANGENCIAS.find((x) => x.abrangencia === a)?.descricao ?? '';

/** Which scopes use a state, a city, or a picked list (seed 000 §4 Holiday scope). */
export const usaEstado = (a: number | null | undefined) => a === ABRANGENCIA.ESTADUAL || a === ABRANGENCIA.MUNICIPAL;
export const usaCidade = (a: number | null | undefined) => a === ABRANGENCIA.MUNICIPAL;

/** The Feriados texts: seed 000 §5 where it gives them, the rest ours. */
export const FERIADO_MSG = {
  salvo: 'Feriado cadastrado com sucesso!',
  alterado: 'Feriado alterado com sucesso!',
  excluido: 'Feriado excluído com sucesso!',
  // Seed 000 §5.
  informeDescricao: 'Informe a descrição',
  selecioneData: 'Selecione uma data',
  selecioneEstado: 'Selecione um estado',
  selecioneCidade: 'Selecione uma cidade',
  selecioneCentrosCustos: '* Selecione Centros de Custos',
  selecioneCargos: '* Selecione Cargos',
  informeAnoDe: 'Informe o ano De',
  informeAnoPara: 'Informe o ano Para',
  // Ours.
  selecioneAbrangencia: 'Selecione a abrangência',
  informeAno: 'Informe o ano',
  anosIguais: 'Os anos De e Para devem ser diferentes.',
  anoForaDoLote: `O ano deve estar entre ${FERIADO_LIMITS.anoLoteMin} e ${FERIADO_LIMITS.anoLoteMax}.`,
  regraMovel: 'Um feriado ligado à Páscoa é móvel.',
  dataDaRegra: (regra: string, ano: number, data: string) => `${regra} em ${ano} é ${diaMesAno(data)}.`,
  duplicado: 'Já existe um feriado com esta data, descrição e abrangência.',
  semPermissaoExcecao: 'Você não tem permissão para alterar a Exceção da Regra (código 152).',
  restrito: 'Este feriado envolve centros de custo fora do seu acesso: só quem os acessa pode alterá-lo.',
  estadoNaoEncontrado: 'Estado não encontrado.',
  cidadeForaDoEstado: 'Cidade não encontrada no estado selecionado.',
  cargoNaoEncontrado: 'Cargo não encontrado.',
  centroCustoNaoEncontrado: 'Centro de custo não encontrado.',
  funcionarioNaoEncontrado: 'Funcionário não encontrado.',
} as const;
const M = FERIADO_MSG;
const L = FERIADO_LIMITS;

const estado = z.object({ id: z.number(), uf: z.string(), nome: z.string() });
const cidade = z.object({ id: z.number(), nome: z.string() });
/** A cargo or cost centre of a list, with what the screen shows of it. */
const itemLista = z.object({ id: z.number(), codigo: z.string(), nome: z.string() });

/** The people and groups a holiday does not apply to (tab 'Exceção da Regra', code 152). */
export const excecoes = z.object({
  centrosCustos: z.array(z.number()),
  cargos: z.array(z.number()),
  /** Employees (ids): those the caller sees; exceptions of employees outside the caller's scope are kept but not shown. */
  funcionarios: z.array(z.number()),
});

export const feriado = z.object({
  id: z.number(),
  /** yyyy-mm-dd (seed 000 §3; shown dd/mm/yyyy). */
  data: z.string(),
  descricao: z.string(),
  abrangencia: z.number(),
  descricaoAbrangencia: z.string(),
  /** true Fixo, false Móvel. */
  fixo: z.boolean(),
  /** The Easter rule of a movable holiday (REGRAS_PASCOA): copying recomputes the date from it. */
  regraPascoa: z.enum(REGRA_PASCOA_KEYS).nullable(),
  estado: estado.nullable(),
  cidade: cidade.nullable(),
  cargos: z.array(itemLista),
  centrosCustos: z.array(itemLista),
  excecoes,
  /** The employees of `excecoes.funcionarios`, as the picker shows them (crachá, nome), by name. */
  funcionariosExcecao: z.array(funcionarioResumo),
  /** Ties to cost centres outside the caller's scope: the caller may not change or delete it. */
  restrito: z.boolean(),
});
export type Feriado = z.infer<typeof feriado>;

/** { id } as the seeds' client sends a picked reference (extra fields such as nome are ignored). */
const ref = z.object({ id: id.nullish() }).loose();
const lista = z.array(z.object({ id }).loose()).max(L.itensLista);
const ids = z.array(id).max(L.itensLista);

/** yyyy-mm-dd; null while none is picked. A pipe, so the wall suite's body generator finds a valid date. */
const dataObrigatoria = z
  .string({ error: M.selecioneData })
  .nullable()
  .transform((d) => d ?? '')
  .pipe(z.string().refine(isCivilDate, M.selecioneData));

const abrangencia = z
  .number({ error: M.selecioneAbrangencia })
  .nullable()
  .refine((a) => ABRANGENCIAS.some((x) => x.abrangencia === a), M.selecioneAbrangencia)
  .transform((a) => a as Abrangencia);

/**
 * The create/edit form (seed 000 §3, §4, §5). The state is required for
 * scopes 2 and 3, the city for 3, a cost-centre list for 4 and a position
 * list for 5; the server stores only what the scope uses. `excecoes` absent =
 * unchanged (a caller without code 152 never sends it).
 */
export const feriadoForm = z
  .strictObject({
    id: id.nullish(),
    data: dataObrigatoria,
    descricao: requiredText(M.informeDescricao, L.descricao),
    abrangencia,
    fixo: z.boolean().optional().default(true),
    regraPascoa: z.enum(REGRA_PASCOA_KEYS).nullish(),
    estado: ref.nullish(),
    cidade: ref.nullish(),
    cargos: lista.optional().default([]),
    centrosCustos: lista.optional().default([]),
    excecoes: z
      .strictObject({
        centrosCustos: ids.optional().default([]),
        cargos: ids.optional().default([]),
        funcionarios: ids.optional().default([]),
      })
      .optional(),
  })
  .superRefine(
    (f, ctx) => {
      // `when` below runs this even when another field failed, so the form shows every message at once:
      // the value may then be partly unparsed, hence the defensive reads.
      const vazia = (l: unknown) => !Array.isArray(l) || l.length === 0;
      if (usaEstado(f.abrangencia) && !f.estado?.id) {
        ctx.addIssue({ code: 'custom', path: ['estado', 'id'], message: M.selecioneEstado });
      }
      if (usaCidade(f.abrangencia) && !f.cidade?.id) {
        ctx.addIssue({ code: 'custom', path: ['cidade', 'id'], message: M.selecioneCidade });
      }
      if (f.abrangencia === ABRANGENCIA.CENTRO_CUSTO && vazia(f.centrosCustos)) {
        ctx.addIssue({ code: 'custom', path: ['centrosCustos'], message: M.selecioneCentrosCustos });
      }
      if (f.abrangencia === ABRANGENCIA.CARGO && vazia(f.cargos)) {
        ctx.addIssue({ code: 'custom', path: ['cargos'], message: M.selecioneCargos });
      }
      // The Easter rule is checked by the server (erroRegraPascoa): the screen fills the date from the rule.
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type FeriadoForm = z.input<typeof feriadoForm>;

/** A movable holiday tied to Easter must be Móvel and fall on its rule's date in its year; else the message. */
export function erroRegraPascoa(f: { data: string; fixo: boolean; regraPascoa?: RegraPascoa | null }): string | null {
  if (!f.regraPascoa) return null;
  if (f.fixo) return M.regraMovel;
  const ano = Number(f.data.slice(0, 4));
  const esperada = dataDaRegra(f.regraPascoa, ano);
  if (esperada === f.data) return null;
  return M.dataDaRegra(REGRAS_PASCOA.find((r) => r.regra === f.regraPascoa)!.descricao, ano, esperada);
}

const ano = (message: string) =>
  z
    .number({ error: message })
    .nullable()
    .refine((a) => a !== null && Number.isInteger(a) && a >= L.anoMin && a <= L.anoMax, message)
    .transform((a) => a as number);
/** A year a bulk call writes: also within anoLoteMin–anoLoteMax. */
const anoLote = (message: string) =>
  ano(message).refine((a) => a >= L.anoLoteMin && a <= L.anoLoteMax, M.anoForaDoLote);

export const salvarFeriado = defineEndpoint({
  method: 'POST',
  path: '/api/feriado/salvar',
  permission: PERM.FERIADOS_NOVO,
  altPermission: PERM.FERIADOS_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra (34) ou altera (35, com id) um feriado; a Exceção da Regra pede 152',
  body: z.strictObject({ feriado: feriadoForm, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluirFeriado = defineEndpoint({
  method: 'POST',
  path: '/api/feriado/excluir',
  permission: PERM.FERIADOS_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui um feriado',
  body: z.strictObject({ feriado: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

/** What a bulk insert (copy, national holidays) did: inserted, already there, and not computable. */
const resultadoLote = mensagemResponse.extend({
  incluidos: z.number(),
  existentes: z.number(),
  semData: z.number(),
});

export const copiarFeriados = defineEndpoint({
  method: 'POST',
  path: '/api/feriado/copiar',
  permission: PERM.FERIADOS_NOVO,
  suporte: 'permitido',
  summary: 'Copia os feriados fixos de um ano para outro e recalcula os ligados à Páscoa',
  // De = Para is refused by the server (M.anosIguais).
  body: z.strictObject({ anoDe: anoLote(M.informeAnoDe), anoPara: anoLote(M.informeAnoPara), usuarioRequisicao }),
  response: resultadoLote,
});

export const incluirFeriadosNacionais = defineEndpoint({
  method: 'POST',
  path: '/api/feriado/incluir-nacionais',
  permission: PERM.FERIADOS_NOVO,
  suporte: 'permitido',
  summary: 'Inclui os feriados nacionais de um ano e, se marcados, Carnaval, Sexta-feira Santa e Corpus Christi',
  body: z
    .strictObject({
      ano: anoLote(M.informeAno),
      carnaval: z.boolean().optional().default(false),
      sextaFeiraSanta: z.boolean().optional().default(false),
      corpusChristi: z.boolean().optional().default(false),
      /** The scope of the optional ones: Federal, Estadual, Municipal or Global. */
      abrangenciaOpcionais: z
        .union([z.literal(1), z.literal(2), z.literal(3), z.literal(6)], { error: M.selecioneAbrangencia })
        .optional()
        .default(1),
      estado: ref.nullish(),
      cidade: ref.nullish(),
      usuarioRequisicao,
    })
    .superRefine((b, ctx) => {
      const opcionais = b.carnaval || b.sextaFeiraSanta || b.corpusChristi;
      if (opcionais && usaEstado(b.abrangenciaOpcionais) && !b.estado?.id) {
        ctx.addIssue({ code: 'custom', path: ['estado', 'id'], message: M.selecioneEstado });
      }
      if (opcionais && usaCidade(b.abrangenciaOpcionais) && !b.cidade?.id) {
        ctx.addIssue({ code: 'custom', path: ['cidade', 'id'], message: M.selecioneCidade });
      }
    }),
  response: resultadoLote,
});
export type IncluirNacionaisForm = z.input<typeof incluirFeriadosNacionais.body>;

export const buscarFeriado = defineEndpoint({
  method: 'POST',
  path: '/api/feriado/buscar',
  permission: PERM.FERIADOS_VER,
  suporte: 'permitido',
  summary: 'Busca um feriado, com os estados e as cidades do seu estado',
  body: z.strictObject({ idFeriado: id, usuarioRequisicao }),
  response: z.object({ feriado, estados: z.array(estado), cidades: z.array(cidade) }),
});

export const listarFeriados = defineEndpoint({
  method: 'POST',
  path: '/api/feriado/listar',
  permission: PERM.FERIADOS_VER,
  suporte: 'permitido',
  summary: 'Lista os feriados de um ano',
  body: z.strictObject({ ano: ano(M.informeAno), usuarioRequisicao }),
  response: z.array(feriado),
});

export const listarEstados = defineEndpoint({
  method: 'GET',
  path: '/api/feriado/listar-estados',
  permission: PERM.FERIADOS_VER,
  suporte: 'permitido',
  summary: 'Estados (IBGE)',
  body: z.strictObject({}),
  response: z.array(estado),
});

export const listarCidades = defineEndpoint({
  method: 'GET',
  path: '/api/feriado/listar-cidades/:idEstado',
  permission: PERM.FERIADOS_VER,
  suporte: 'permitido',
  summary: 'Cidades de um estado (IBGE)',
  // `fdb=f` (seed 000 §2.4) is the only query a caller may add.
  body: z.strictObject({ fdb: z.string().max(5).optional() }),
  params: z.strictObject({ idEstado: id }),
  response: z.array(cidade),
});

/**
 * The cost centres the caller may pick for scope 4 and the exceptions: those
 * of the caller's companies and cost-centre scope (not in the seeds; decision
 * 0014), labelled 'codigo - nome (tipo)' like seed 000 §2.6.
 */
export const listarCentrosCustosFeriado = defineEndpoint({
  method: 'POST',
  path: '/api/feriado/listar-centros-custos',
  permission: PERM.FERIADOS_VER,
  suporte: 'permitido',
  summary: 'Centros de custo que o usuário pode escolher num feriado',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(itemLista.extend({ tipo: z.number(), cnpj: z.string() })),
});
