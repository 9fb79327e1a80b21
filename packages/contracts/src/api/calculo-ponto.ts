import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, idWith, isWireDate, usuarioRequisicao } from '../common.js';
import { MSG } from '../messages.js';
import { PERM } from '../permissions.js';
import { funcionarioResumo } from './funcionario-pesquisa.js';

/**
 * Cálculo do Ponto (seed 002 §2, §4 "Bulk time calculation", §7 "Time
 * calculation"; issue 11 §6). Decision 0051: `calcular` and
 * `calcular-flexivel` enqueue ONE job for every chosen employee and answer the
 * run's id; the bar reads `GET /api/calculo-ponto/progresso/:id`. The paged
 * calls (`calcular-pagina…`) still answer for the seeds' client: each
 * calculates its page of employees on the server before it answers.
 */

export const CALCULO_PONTO_LIMITS = {
  /** The seed's page of the bulk calculation (§9: 30 employees). */
  linhasPorPagina: 30,
  /** The most employees one run takes (the shared filter lists at most this many). */
  maxFuncionarios: 10_000,
  maxCentrosCustos: 5_000,
  /** A flexible range spans at most this many days (a year and a bit: 13 closing periods). */
  maxDiasFlexivel: 400,
  cracha: 20,
} as const;
const L = CALCULO_PONTO_LIMITS;

export const CALCULO_PONTO_MSG = {
  // Seed 002 §5, §8.
  totalZero: 'Total de funcionários: 0',
  selecioneEmpresa: MSG.selecioneEmpresa,
  selecioneFuncionarios: 'Selecione um ou mais funcionários',
  // Ours.
  total: (n: number) => `Total de funcionários: ${n.toLocaleString('pt-BR')}`,
  informeMesAno: 'Selecione o mês e o ano do período',
  informeDataInicio: 'Selecione a data início',
  informeDataFinal: 'Selecione a data final',
  dataFinalAntesInicio: 'A data final deve ser igual ou posterior à data início',
  intervaloLongo: `O intervalo deve ter no máximo ${L.maxDiasFlexivel} dias`,
  muitosFuncionarios: `No máximo ${L.maxFuncionarios.toLocaleString('pt-BR')} funcionários por cálculo`,
  centroCustoNaoEncontrado: 'Centro de custo não encontrado.',
  funcionarioNaoEncontrado: 'Funcionário não encontrado.',
  calculoNaoEncontrado: 'Cálculo não encontrado.',
  calculoIniciado: 'Cálculo iniciado.',
  calculoConcluido: 'Cálculo concluído.',
  /** A run whose every period is closed has nothing to do (closed periods are never recalculated). */
  periodosFechados: 'Os períodos destes funcionários estão fechados: nada a calcular.',
  paginaCalculada: (n: number) => `${n} funcionário(s) calculado(s).`,
} as const;
const M = CALCULO_PONTO_MSG;

/** An employee as the seeds' client sends it ({id, nome, pis}) or just its id. */
const funcionarioRef = z.union([id, z.object({ id }).transform((f) => f.id)]);
/** The company: its id or the seeds' {id, …} object. */
const cnpjRef = z.union(
  [
    idWith(M.selecioneEmpresa),
    z.object({ id: idWith(M.selecioneEmpresa) }, { error: M.selecioneEmpresa }).transform((c) => c.id),
  ],
  { error: M.selecioneEmpresa },
);
const mes = z.coerce.number({ error: M.informeMesAno }).int(M.informeMesAno).min(1, M.informeMesAno).max(12);
const ano = z.coerce.number({ error: M.informeMesAno }).int(M.informeMesAno).min(2000, M.informeMesAno).max(2100);
const data = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isWireDate, MSG.dataInvalida);

/**
 * The body of the four calculation calls (seed 002 §7). Who: `funcionarios`
 * when given, else every active employee of `idsCentrosCustos` (each with its
 * children), else of the company — always only those the caller may see.
 * When: `mes`/`ano` (a closing period, mode simples) or `dataInicio`/
 * `dataFinal` (mode flexivel). `pagina` (from 0) and `linhasPorPagina` page
 * the employees for the paged calls and are ignored by the others.
 */
const corpoBase = {
  pagina: z.coerce.number().int().min(0).max(1_000_000).nullish(),
  linhasPorPagina: z.coerce
    .number()
    .int()
    .min(1)
    .max(L.linhasPorPagina * 10)
    .nullish(),
  idsCentrosCustos: z.array(idWith(M.centroCustoNaoEncontrado)).max(L.maxCentrosCustos).nullish(),
  funcionarios: z.array(funcionarioRef).max(L.maxFuncionarios, M.muitosFuncionarios).nullish(),
  cnpj: cnpjRef,
  usuarioRequisicao,
};

const corpoSimples = z.strictObject({
  ...corpoBase,
  mes,
  ano,
  dataInicio: z.string().nullish(),
  dataFinal: z.string().nullish(),
});

const corpoFlexivel = z
  .strictObject({
    ...corpoBase,
    mes: z.unknown().optional(),
    ano: z.unknown().optional(),
    dataInicio: data(M.informeDataInicio),
    dataFinal: data(M.informeDataFinal),
  })
  .refine((b) => b.dataFinal >= b.dataInicio, { path: ['dataFinal'], message: M.dataFinalAntesInicio })
  .refine((b) => (Date.parse(b.dataFinal) - Date.parse(b.dataInicio)) / 86_400_000 < L.maxDiasFlexivel, {
    path: ['dataFinal'],
    message: M.intervaloLongo,
  });

export type CalcularBody = z.output<typeof corpoSimples>;
export type CalcularFlexivelBody = z.output<typeof corpoFlexivel>;

/** A run as answered when it is enqueued: its id feeds the progress read. */
export const execucaoIniciada = z.object({
  id: z.number(),
  /** Employee × period calculations the run will do (0 = nothing open to calculate). */
  total: z.number(),
  quantidadeFuncionarios: z.number(),
  mensagem: z.string(),
});
export type ExecucaoIniciada = z.infer<typeof execucaoIniciada>;

export const calcular = defineEndpoint({
  method: 'POST',
  path: '/api/calculo-ponto/calcular',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Calcula o ponto de um período de fechamento (modo simples) num job; responde o id do cálculo',
  body: corpoSimples,
  response: execucaoIniciada,
});

export const calcularFlexivel = defineEndpoint({
  method: 'POST',
  path: '/api/calculo-ponto/calcular-flexivel',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Calcula o ponto de um intervalo de datas (modo flexível) num job; responde o id do cálculo',
  body: corpoFlexivel,
  response: execucaoIniciada,
});

/** The answer of a paged call: the page was calculated before the answer. */
export const paginaCalculada = z.object({
  pagina: z.number(),
  linhasPorPagina: z.number(),
  /** Employees of the whole selection (every page). */
  quantidadeFuncionarios: z.number(),
  /** Employees calculated on this page. */
  calculados: z.number(),
  ultimaPagina: z.boolean(),
  mensagem: z.string(),
});
export type PaginaCalculada = z.infer<typeof paginaCalculada>;

export const calcularPagina = defineEndpoint({
  method: 'POST',
  path: '/api/calculo-ponto/calcular-pagina',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Calcula uma página de funcionários (modo simples), para clientes que paginam o cálculo',
  body: corpoSimples,
  response: paginaCalculada,
});

export const calcularPaginaFlexivel = defineEndpoint({
  method: 'POST',
  path: '/api/calculo-ponto/calcular-pagina-flexivel',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Calcula uma página de funcionários (modo flexível), para clientes que paginam o cálculo',
  body: corpoFlexivel,
  response: paginaCalculada,
});

export const STATUS_EXECUCAO = ['FILA', 'PROCESSANDO', 'PROCESSADO', 'ERRO'] as const;
export type StatusExecucao = (typeof STATUS_EXECUCAO)[number];

/** The progress of a run (decision 0051): `progresso` 0..100 = calculados / total. */
export const progressoExecucao = z.object({
  id: z.number(),
  status: z.enum(STATUS_EXECUCAO),
  total: z.number(),
  calculados: z.number(),
  progresso: z.number(),
  mensagem: z.string().nullable(),
});
export type ProgressoExecucao = z.infer<typeof progressoExecucao>;

export const progresso = defineEndpoint({
  method: 'GET',
  path: '/api/calculo-ponto/progresso/:id',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Progresso de um cálculo do ponto (a barra da tela)',
  params: z.strictObject({ id: idWith(M.calculoNaoEncontrado) }),
  body: z.strictObject({}),
  response: progressoExecucao,
});

export const buscarFuncionario = defineEndpoint({
  method: 'POST',
  path: '/api/calculo-ponto/buscar-funcionario',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Busca pelo crachá um funcionário da empresa que o usuário vê',
  body: z.strictObject({
    cracha: z
      .string({ error: 'Informe um crachá' })
      .trim()
      .min(1, 'Informe um crachá')
      .max(L.cracha, `No máximo ${L.cracha} caracteres`),
    idCnpj: idWith(M.selecioneEmpresa),
    usuarioRequisicao,
  }),
  response: funcionarioResumo,
});

export const quantidadeFuncionarios = defineEndpoint({
  method: 'POST',
  path: '/api/calculo-ponto/quantidade-funcionarios',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Conta os funcionários ativos dos centros de custo (com os filhos) ou da empresa que o usuário vê',
  body: z
    .strictObject({
      idsCentrosCustos: z.array(idWith(M.centroCustoNaoEncontrado)).max(L.maxCentrosCustos).nullish(),
      idCnpj: idWith(M.selecioneEmpresa).nullish(),
      usuarioRequisicao,
    })
    .refine((b) => (b.idsCentrosCustos?.length ?? 0) > 0 || (b.idCnpj !== null && b.idCnpj !== undefined), {
      path: ['idCnpj'],
      message: M.selecioneEmpresa,
    }),
  response: z.object({ quantidade: z.number() }),
});

export const listarDatasPeriodoFechamento = defineEndpoint({
  method: 'POST',
  path: '/api/calculo-ponto/listar-datas-periodo-fechamento',
  permission: PERM.CALCULO_PONTO,
  suporte: 'permitido',
  summary: 'Os dias (yyyy-mm-dd) do período de fechamento de um mês, pela regra da empresa principal',
  body: z.strictObject({ mes, ano, usuarioRequisicao }),
  response: z.array(z.string()),
});
