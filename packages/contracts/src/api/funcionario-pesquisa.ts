import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, idWith, isWireDate, mensagemResponse, usuarioRequisicao } from '../common.js';
import { MSG } from '../messages.js';
import { PERM } from '../permissions.js';
import { contratoResumo } from './funcionario.js';

/**
 * The employee search calls (seed 001 §7 'Employee search'): the lookups
 * behind the shared employee filter (seed 002 §2), the employee-and-schedule
 * filter of the movement screens and the tab 'Funcionário/Escala' of Escalas
 * de Horários, plus that tab's mass move (seed 001 §2.3, §5, §7).
 */

export const PESQUISA_FUNCIONARIOS_LIMITS = {
  /**
   * The most employees one search answers, ordered by name (decision 0037).
   * A list of exactly this many may have been cut: the filter says so and asks
   * for a cost centre or a text. It is also the most employees one mass move
   * takes.
   */
  maxLinhas: 10_000,
  /** Cost centres one search names (a company has far fewer). */
  maxCentrosCustos: 5_000,
  /** The free text (badge, PIS, CPF or name): the longest field it matches is the name (seed 001 §9). */
  crachaNome: 50,
} as const;
const L = PESQUISA_FUNCIONARIOS_LIMITS;

/** The texts of the search and the mass move: seed 001 §5 'Employee schedule move' where it gives them. */
export const PESQUISA_FUNCIONARIOS_MSG = {
  // Seed 001 §5.
  selecioneEmpresa: MSG.selecioneEmpresa,
  selecioneNovaEscala: 'Selecione a nova escala',
  novaEscalaIgualAtual: 'A nova escala é igual a atual',
  selecioneFuncionario: 'Selecione um funcionário',
  selecioneEmpresaEscalaAtual: 'Selecione uma empresa e a escala atual',
  // Seed 002 §5, §8 (the shared filter).
  selecioneFuncionarios: 'Selecione um ou mais funcionários',
  // Ours.
  informeDataInicio: 'Informe a data de início',
  escalaNaoEncontrada: 'Escala não encontrada.',
  funcionarioNaoEncontrado: 'Funcionário não encontrado.',
  centroCustoNaoEncontrado: 'Centro de custo não encontrado.',
  muitosFuncionarios: (max: number) =>
    `No máximo ${max.toLocaleString('pt-BR')} funcionários por vez: selecione menos funcionários.`,
  listaCortada: (max: number) =>
    `A pesquisa mostra os primeiros ${max.toLocaleString('pt-BR')} funcionários: escolha um centro de custo ou digite um crachá ou nome para ver os demais.`,
  dataAntesDoInicio: (nome: string, inicioAtual: string) =>
    `A data de início deve ser posterior a ${inicioAtual}, quando começou a escala atual de ${nome}.`,
  nenhumNaEscalaAtual: 'Nenhum dos funcionários selecionados está mais na escala atual: pesquise de novo.',
  escalaTrocada: (trocados: number, ignorados: number) =>
    `Escala alterada para ${trocados} funcionário(s).` +
    (ignorados > 0 ? ` ${ignorados} já não estava(m) na escala atual e não foi(ram) alterado(s).` : ''),
} as const;
const M = PESQUISA_FUNCIONARIOS_MSG;

/**
 * The free-text rule of the shared filter (seed 002 §5): every character that
 * is not a letter (accented ones included) or a digit becomes a space, and the
 * text is trimmed. Runs of spaces are folded so the words split cleanly.
 * Empty → the screen clears the list instead of searching.
 */
export function normalizarPesquisa(texto: string): string {
  return texto
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A schedule as the pickers list it: the one shape of api/funcionario.ts (seed 001 §3: tipo 1 or 2, nomeRef). */
export { contratoResumo, contratoResumoDe, type ContratoResumo } from './funcionario.js';

/** One row of the employee pickers (catalogue: {id, cracha, nome, pis}); pis is '' when the employee has none. */
export const funcionarioResumo = z.object({
  id: z.number(),
  cracha: z.string(),
  nome: z.string(),
  pis: z.string(),
});
export type FuncionarioResumo = z.infer<typeof funcionarioResumo>;

const idCnpj = idWith(M.selecioneEmpresa);
const idsCentrosCustos = z.array(idWith(M.centroCustoNaoEncontrado)).max(L.maxCentrosCustos);

/**
 * The free text as typed; the server applies the seed's rule
 * (`normalizarPesquisa`). An empty result is refused: the screen clears the
 * list instead of calling.
 */
const crachaNome = z
  .string({ error: 'Informe um crachá ou nome para a pesquisa' })
  .max(L.crachaNome * 4, `No máximo ${L.crachaNome} caracteres`)
  .transform(normalizarPesquisa)
  .pipe(z.string().min(1, 'Informe um crachá ou nome para a pesquisa').max(L.crachaNome));

/**
 * Where to search: a company (every cost centre of it the caller sees) and/or
 * cost centres (each with its children, seed 002 §2). The seeds' client sends
 * the cost centres; the company is ours (decision 0037), so 'Todos' needs no
 * list of every cost centre. At least one of them.
 */
const onde = {
  idCnpj: idCnpj.nullish(),
  idsCentrosCustos: idsCentrosCustos.nullish(),
};
const temOnde = (b: { idCnpj?: number | null; idsCentrosCustos?: number[] | null }) =>
  (b.idCnpj !== null && b.idCnpj !== undefined) || (b.idsCentrosCustos?.length ?? 0) > 0;
const ondeIssue = { path: ['idCnpj'], message: M.selecioneEmpresa };

/** 'Ativo' of the filter (seed 002 §2): true = active employees only, false = the inactive ones; absent = true. */
const ativo = z.boolean().nullish();

export const listarContratos = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario-pesquisa/listar-contratos',
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista as escalas de horários do cliente (seletores de escala)',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(contratoResumo),
});

export const buscarFuncionarios = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario-pesquisa/buscar-funcionarios',
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista os funcionários de uma empresa ou de centros de custo (com os filhos) que o usuário vê',
  body: z.strictObject({ ...onde, ativo, usuarioRequisicao }).refine(temOnde, ondeIssue),
  response: z.array(funcionarioResumo),
});

export const buscarFuncionariosCrachaNome = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario-pesquisa/buscar-funcionarios-cracha-nome',
  permission: 0,
  suporte: 'permitido',
  summary: 'Pesquisa funcionários por crachá, PIS, CPF ou nome numa empresa ou em centros de custo',
  body: z.strictObject({ ...onde, ativo, crachaNome, usuarioRequisicao }).refine(temOnde, ondeIssue),
  response: z.array(funcionarioResumo),
});

const idContrato = idWith(M.selecioneEmpresaEscalaAtual);

export const buscarFuncionariosContrato = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario-pesquisa/buscar-funcionarios-contrato',
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista os funcionários cuja escala atual é a escala dada',
  body: z
    .strictObject({ ...onde, idContrato, ativo, usuarioRequisicao })
    .refine(temOnde, { path: ['idCnpj'], message: M.selecioneEmpresaEscalaAtual }),
  response: z.array(funcionarioResumo),
});

export const buscarFuncionariosContratoCrachaNome = defineEndpoint({
  method: 'POST',
  path: '/api/funcionario-pesquisa/buscar-funcionarios-contrato-cracha-nome',
  permission: 0,
  suporte: 'permitido',
  summary: 'Pesquisa por crachá, PIS, CPF ou nome os funcionários cuja escala atual é a escala dada',
  body: z
    .strictObject({ ...onde, idContrato, crachaNome, ativo, usuarioRequisicao })
    .refine(temOnde, { path: ['idCnpj'], message: M.selecioneEmpresaEscalaAtual }),
  response: z.array(funcionarioResumo),
});

const dataInicio = z
  .string({ error: M.informeDataInicio })
  .trim()
  .min(1, M.informeDataInicio)
  .refine(isWireDate, MSG.dataInvalida);

/**
 * The mass move (seed 001 §2.3, §5, §7): the selected employees whose current
 * schedule is `idAntigoContrato` get `idNovoContrato` from `dataInicio` on;
 * their current entry ends the day before.
 */
export const trocarContratoFuncionarios = defineEndpoint({
  method: 'POST',
  path: '/api/configuracao-escala/trocar-contrato-funcionarios',
  permission: PERM.FUNCIONARIOS_EDITAR,
  suporte: 'permitido',
  summary: 'Troca a escala atual dos funcionários selecionados a partir de uma data',
  body: z
    .strictObject({
      idsFuncionarios: z
        .array(id, { error: M.selecioneFuncionario })
        .min(1, M.selecioneFuncionario)
        .max(L.maxLinhas, M.muitosFuncionarios(L.maxLinhas)),
      idNovoContrato: idWith(M.selecioneNovaEscala),
      idAntigoContrato: idContrato,
      dataInicio,
      usuarioRequisicao,
    })
    .refine((b) => b.idNovoContrato !== b.idAntigoContrato, {
      path: ['idNovoContrato'],
      message: M.novaEscalaIgualAtual,
    }),
  response: mensagemResponse,
});

/**
 * The tab's form, in the seed's order of checks (seed 001 §5): company, new
 * schedule, new ≠ current, at least one employee. The current schedule is
 * checked by the search ('Selecione uma empresa e a escala atual').
 */
export const trocaEscalaForm = z
  .object({
    idCnpj: z.number().nullable(),
    idAntigoContrato: z.number().nullable(),
    idNovoContrato: z.number().nullable(),
    dataInicio: z.string().nullable(),
    idsFuncionarios: z.array(z.number()),
  })
  .superRefine((f, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (f.idCnpj === null) return issue('idCnpj', M.selecioneEmpresa);
    if (f.idAntigoContrato === null) return issue('idAntigoContrato', M.selecioneEmpresaEscalaAtual);
    if (f.idNovoContrato === null) return issue('idNovoContrato', M.selecioneNovaEscala);
    if (f.idNovoContrato === f.idAntigoContrato) return issue('idNovoContrato', M.novaEscalaIgualAtual);
    if (f.idsFuncionarios.length === 0) return issue('idsFuncionarios', M.selecioneFuncionario);
    if (f.idsFuncionarios.length > L.maxLinhas) return issue('idsFuncionarios', M.muitosFuncionarios(L.maxLinhas));
    if (f.dataInicio === null || f.dataInicio === '') return issue('dataInicio', M.informeDataInicio);
    if (!isWireDate(f.dataInicio)) return issue('dataInicio', MSG.dataInvalida);
  });
export type TrocaEscalaForm = z.input<typeof trocaEscalaForm>;
