import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { usuarioRequisicao, wireDate } from '../common.js';
import { PERM } from '../permissions.js';

/** The Operação filter (seed 000 §2.6); the log's own `acao` takes the four that are not 'Todos'. */
export const OPERACOES_LOG = ['Todos', 'Cadastrar', 'Editar', 'Excluir', 'Relatório'] as const;
export type OperacaoLog = (typeof OPERACOES_LOG)[number];

/**
 * One entry of the log (seed 000 §3 Log entry). `data` is the instant on the
 * company's wall clock, 'yyyy-mm-ddThh:mm:ss' without offset: the screen shows
 * the company's time whatever the browser's zone.
 */
export const logOperacao = z.object({
  id: z.number(),
  data: z.string(),
  loginUsuario: z.string(),
  nomeUsuario: z.string(),
  acao: z.string(),
  descricao: z.string(),
});
export type LogOperacao = z.infer<typeof logOperacao>;

const filtroFields = {
  dataInicio: wireDate(MSG.informeDataInicial),
  dataFinal: wireDate(MSG.informeDataFinal),
  nomeLogin: z.string().trim().max(LIMITS.logLogin).nullish(),
  operacao: z.enum(OPERACOES_LOG, { error: 'Operação inválida.' }).nullish(),
};
const periodoEmOrdem = (b: { dataInicio: string; dataFinal: string }) => b.dataInicio <= b.dataFinal;
const periodoInvertido = { message: MSG.periodoInvertido, path: ['dataFinal'] };

/** The screen's filter form (the same rules the server applies). */
export const logOperacoesFiltro = z.strictObject(filtroFields).refine(periodoEmOrdem, periodoInvertido);
export type LogOperacoesFiltro = z.input<typeof logOperacoesFiltro>;

/**
 * Seed 000 §7: dataInicio and dataFinal are calendar days of the company
 * (inclusive); nomeLogin and operacao empty (or 'Todos') mean every user or
 * operation. nomeLogin is compared as written in the log, so a support
 * session's 'suporte:<e-mail>' is a valid filter too.
 */
export const pesquisarLogOperacoes = defineEndpoint({
  method: 'POST',
  path: '/api/log-operacao/pesquisar',
  permission: PERM.LOGS_VER,
  suporte: 'permitido',
  summary: 'Pesquisa o log de operações num período (datas da empresa, inclusive)',
  body: z.strictObject({ ...filtroFields, usuarioRequisicao }).refine(periodoEmOrdem, periodoInvertido),
  response: z.array(logOperacao),
});

export const usuarioLog = z.object({ id: z.number(), nomeLogin: z.string(), nome: z.string() });
export type UsuarioLog = z.infer<typeof usuarioLog>;

/**
 * The Usuário filter's list (decision 0024): the tenant's users, for holders
 * of 12 who may not hold 2 (the Usuários screen's own list).
 */
export const listarUsuariosLog = defineEndpoint({
  method: 'POST',
  path: '/api/log-operacao/listar-usuarios',
  permission: PERM.LOGS_VER,
  suporte: 'permitido',
  summary: 'Lista os usuários da empresa para o filtro do log de operações',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(usuarioLog),
});
