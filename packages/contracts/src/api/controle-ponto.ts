import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { PAGINATOR } from '../limits.js';
import { MSG } from '../messages.js';
import { idWith, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';

/**
 * Controle do Ponto, tab Controle (seed 002 §2 route 126, §3 "Period control
 * row", §5 "Time control", §7; catalogue: the two chosen paths). One page of
 * the employees of a company for a month, each with the month's divergence
 * counters as the calculation stored them (`calculo_resumos`, decision 0049)
 * and the lock of its closing period (`periodos_funcionario`): read, never
 * recomputed per row (decision 0070).
 */

export const CONTROLE_PONTO_LIMITS = {
  maxCentrosCustos: 5_000,
  /** The free text 'crachá/pis/cpf/nome' as typed (the server keeps its first 10 words). */
  crachaNome: 200,
} as const;
const L = CONTROLE_PONTO_LIMITS;

export const CONTROLE_PONTO_MSG = {
  // Seed 002 §5 Time control, §8 (local warnings of the screen).
  selecioneEmpresa: MSG.selecioneEmpresa,
  selecioneCentroCusto: 'Selecione um Centro de Custo',
  informeCrachaNome: 'Informe um crachá ou nome para a pesquisa',
  // Ours.
  informeMesAno: 'Selecione o mês e o ano do período',
  linhasPorPagina: `Linhas por página: ${PAGINATOR.controlePonto.options.join(', ')}`,
  crachaNomeLongo: `A pesquisa deve ter no máximo ${L.crachaNome} caracteres`,
  centroCustoInvalido: 'Centro de custo inválido.',
} as const;
const M = CONTROLE_PONTO_MSG;

const mes = z.number({ error: M.informeMesAno }).int(M.informeMesAno).min(1, M.informeMesAno).max(12, M.informeMesAno);
const ano = z
  .number({ error: M.informeMesAno })
  .int(M.informeMesAno)
  .min(2000, M.informeMesAno)
  .max(2100, M.informeMesAno);

/** The company: its id or the seeds' {id, …} object. */
const cnpj = z.union(
  [
    idWith(M.selecioneEmpresa),
    z.object({ id: idWith(M.selecioneEmpresa) }, { error: M.selecioneEmpresa }).transform((c) => c.id),
  ],
  { error: M.selecioneEmpresa },
);

/**
 * The screen's filter: the company, Ativo (true = active employees, false =
 * inactive ones, as the Funcionários list), the cost centres chosen (each
 * with the centres under it; [] = the whole company) and the free text.
 * Always only what the caller may see (decision 0020).
 */
const filtro = {
  cnpj,
  ativo: z.boolean().optional().default(true),
  idsCentrosCustos: z.array(idWith(M.centroCustoInvalido)).max(L.maxCentrosCustos).optional().default([]),
  crachaNome: z.string().max(L.crachaNome, M.crachaNomeLongo).nullish(),
};

export const listarBody = z.strictObject({
  mes,
  ano,
  ...filtro,
  /** Rows per page (seed 002 §9: 10, 15, 20 or 30). */
  qtdLinhas: z
    .number({ error: M.linhasPorPagina })
    .int(M.linhasPorPagina)
    .refine((n) => (PAGINATOR.controlePonto.options as readonly number[]).includes(n), M.linhasPorPagina)
    .optional()
    .default(PAGINATOR.controlePonto.rows),
  /** The page, counting from 0. */
  numPagina: z.number().int().min(0).max(1_000_000).optional().default(0),
  usuarioRequisicao,
});
export type ListarControlePontoFiltro = z.input<typeof listarBody>;

/** One row of the table (seed 002 §3 "Period control row"). */
export const periodoControle = z.object({
  funcionario: z.object({ id: z.number(), cracha: z.string(), nome: z.string() }),
  /** The employee has pending requests (the icon beside the name). */
  temPendencias: z.boolean(),
  qtdFaltas: z.number(),
  qtdAtrasos: z.number(),
  qtdExcessoRefeicao: z.number(),
  qtdSaidasAntecipadas: z.number(),
  qtdFaltaMarcacao: z.number(),
  qtdInterjornada: z.number(),
  /** The month's closing period is closed for the employee. */
  fechado: z.boolean(),
  /** Ours: the month has a stored calculation for the employee (else the counters are 0 and say nothing). */
  calculado: z.boolean(),
});
export type PeriodoControle = z.infer<typeof periodoControle>;

export const listar = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/listar',
  permission: PERM.CONTROLE_PONTO,
  suporte: 'permitido',
  summary: 'Controle do Ponto: uma página de funcionários com as divergências do mês e o estado do período',
  body: listarBody,
  // The seeds' key is spelled qdtFuncionarios.
  response: z.object({ qdtFuncionarios: z.number(), periodosControle: z.array(periodoControle) }),
});

export const quantidadeFuncionarios = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/quantidade-funcionarios',
  permission: PERM.CONTROLE_PONTO,
  suporte: 'permitido',
  summary: 'Controle do Ponto: quantos funcionários o filtro da tela lista',
  body: z.strictObject({
    // The month does not change who is listed; accepted as the list sends it.
    mes: mes.nullish(),
    ano: ano.nullish(),
    ...filtro,
    usuarioRequisicao,
  }),
  response: z.object({ totalFuncionarios: z.number() }),
});
