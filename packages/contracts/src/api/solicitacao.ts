import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { PAGINATOR } from '../limits.js';
import { MSG } from '../messages.js';
import { idWith, usuarioRequisicao, wireDate } from '../common.js';
import { PERM } from '../permissions.js';
import { EVENTOS_DEBITO, marcacoesMes } from './controle-ponto.js';

/**
 * Employees' requests (seed 002 §2 Solicitações, §3 "Request", "Request
 * item", §4 "Request status"; spec/calculation-rules.md §14.2;
 * spec/devices.md §4(c) "Other permissions"; decision 0086). An employee asks,
 * from the app, to justify an event of a day or to include a punch; nothing
 * changes until an operator with code 166 approves it — then it becomes the
 * same treatment the day action would write (an occurrence of the day, an
 * inserted punch 'I') and the month is recalculated in the same request.
 * Rejected requests keep the operator's observation.
 */

/** The origins the app creates (the seed's names). */
export const ORIGENS_SOLICITACAO = ['CTRL_JUSTIFICAR', 'CTRL_EDITAR_MARCACAO'] as const;
export type OrigemSolicitacao = (typeof ORIGENS_SOLICITACAO)[number];

/** Tipo da Solicitação, as the tables show it. */
export const TIPO_SOLICITACAO_ROTULO: Record<OrigemSolicitacao, string> = {
  CTRL_JUSTIFICAR: 'Justificativa de evento',
  CTRL_EDITAR_MARCACAO: 'Inclusão de marcação',
};

/** Request status (seed 002 §4): the wire value, and the label the badge and the radios show. */
export const STATUS_PEDIDO = ['PENDENTE', 'APROVADO', 'NAO_APROVADO'] as const;
export type StatusPedido = (typeof STATUS_PEDIDO)[number];
export const STATUS_PEDIDO_ROTULO: Record<StatusPedido, string> = {
  PENDENTE: 'Pendente',
  APROVADO: 'Aprovado',
  NAO_APROVADO: 'Não Aprovado',
};

export const SOLICITACAO_LIMITS = {
  /** The operator's observation on a rejection, and the employee's on a request. */
  observacao: 300,
  nomeOuDocumento: 200,
  maxCentrosCustos: 5_000,
  /** Punches one inclusion request may carry (a day's three pairs). */
  marcacoesPorSolicitacao: 6,
  /** Events one justification request may carry (every debit event). */
  eventosPorSolicitacao: EVENTOS_DEBITO.length,
} as const;
const L = SOLICITACAO_LIMITS;

export const SOLICITACAO_MSG = {
  selecioneEmpresa: MSG.selecioneEmpresa,
  informeMesAno: 'Selecione o mês e o ano',
  informePeriodo: 'Informe o período',
  selecioneStatus: 'Selecione Aprovado ou Não Aprovado',
  observacaoLonga: `A observação deve ter no máximo ${L.observacao} caracteres`,
  informeObservacao: 'Informe o motivo de não aprovar',
  linhasPorPagina: `Linhas por página: ${PAGINATOR.solicitacoes.options.join(', ')}`,
  pesquisaLonga: `A pesquisa deve ter no máximo ${L.nomeOuDocumento} caracteres`,
  centroCustoInvalido: 'Centro de custo inválido.',
  naoEncontrada: 'Solicitação não encontrada.',
  origemErrada: 'Esta solicitação é de outro tipo: abra-a pela lista de solicitações.',
  jaRespondida: 'Esta solicitação já foi respondida por outro usuário.',
  aprovada: 'Solicitação aprovada com sucesso!',
  reprovada: 'Solicitação não aprovada.',
  // The app's (the employee's) side.
  eventoInvalido: 'Evento inválido.',
  justificativaInvalida: 'Justificativa inválida.',
  dataFutura: 'A data do ponto não pode ser depois de hoje.',
  informeMarcacao: 'Informe ao menos uma marcação (data e hora).',
  informeEvento: 'Informe ao menos um evento a justificar.',
  horaInvalida: 'Informe a hora no formato HH:MM.',
  marcacaoForaDoDia: 'A marcação deve ser do dia do ponto ou do dia seguinte.',
} as const;
const M = SOLICITACAO_MSG;

/** One request as the lists show it (seed 002 §3 "Request"). */
export const solicitacao = z.object({
  id: z.number(),
  funcionario: z.object({
    id: z.number(),
    nome: z.string(),
    cracha: z.string(),
    centroCusto: z.object({ nome: z.string().nullable() }),
  }),
  /** When the employee asked (ISO instant). */
  data: z.string(),
  /** The day of the time sheet it is about (yyyy-mm-dd). */
  dataPonto: z.string(),
  origem: z.enum(ORIGENS_SOLICITACAO),
  /** TIPO_SOLICITACAO_ROTULO of the origin. */
  tipo: z.string(),
  status: z.enum(STATUS_PEDIDO),
  /** The employee's observation. */
  observacao: z.string().nullable(),
  /** The operator's observation on a rejection. */
  observacaoAprovacao: z.string().nullable(),
  /** Ação Realizada por: who approved or rejected it, and when (ISO). */
  usuarioAprovacao: z.string().nullable(),
  dataAprovacao: z.string().nullable(),
});
export type Solicitacao = z.infer<typeof solicitacao>;

/**
 * One item of a request (seed 002 §3 "Request item"): the action (always
 * NOVO for what the app creates) and its fields as text — infoCampo1 the
 * event or the punch's date, infoCampo2 the justification or the time.
 */
export const itemPendente = z.object({
  acao: z.enum(['NOVO', 'ATUALIZAR', 'EXCLUIR']),
  infoCampo1: z.string().nullable(),
  infoCampo2: z.string().nullable(),
  infoCampo3: z.string().nullable(),
  infoCampo4: z.string().nullable(),
  justificativa: z.object({ descricao: z.string() }).nullable(),
  observacao: z.string().nullable(),
  /** Justificar: the event asked to be justified (EVENTOS_DEBITO). */
  codigoEventoPendente: z.enum(EVENTOS_DEBITO).nullable(),
});
export type ItemPendente = z.infer<typeof itemPendente>;

/** An item lookup's answer: the request and its items. */
export const itemSolicitacaoResponse = z.object({ solicitacao, itens: z.array(itemPendente) });
export type ItemSolicitacaoResponse = z.infer<typeof itemSolicitacaoResponse>;

const idSolicitacao = idWith(M.naoEncontrada);

const buscarItemBody = z.strictObject({
  idSolicitacao,
  // The seed's lookup also carries these; the request's own are what count.
  idFuncionario: z.number().int().optional(),
  dataPonto: z.string().max(10).optional(),
  usuarioRequisicao,
});

/** Approve or reject (seed 002 §4): Pendente only, code 166; the observation only when rejecting. */
const resolverBody = z
  .strictObject({
    idSolicitacao,
    status: z.enum(['APROVADO', 'NAO_APROVADO'], { error: M.selecioneStatus }),
    observacao: z
      .string()
      .trim()
      .max(L.observacao, M.observacaoLonga)
      .nullish()
      .transform((o) => (o ? o : null)),
    usuarioRequisicao,
  })
  .refine((b) => b.status === 'APROVADO' || b.observacao !== null, {
    message: M.informeObservacao,
    path: ['observacao'],
  });

/**
 * What a resolution answers: the message, the request as it now is and, on an
 * approval, the month recalculated (as buscar-calcular-ponto answers it) so
 * Marcações shows it without a reload.
 */
export const resolverResponse = z.object({
  mensagem: z.string(),
  solicitacao,
  marcacoes: marcacoesMes.nullable(),
});
export type ResolverResponse = z.infer<typeof resolverResponse>;

const ver = { method: 'POST', permission: PERM.SOLICITACOES_VER, suporte: 'permitido' } as const;
const aprovar = { method: 'POST', permission: PERM.SOLICITACOES_APROVAR, suporte: 'permitido' } as const;

// --- Marcações: the employee's requests in the month (seed 002 §7 "solicitacao/listar") ------------------------

const doFuncionario = z.strictObject({
  dataInicio: wireDate(M.informePeriodo),
  dataFinal: wireDate(M.informePeriodo),
  idFuncionario: idWith(MSG.idInvalido),
  usuarioRequisicao,
});

/** A request of the day view: the day it is about and its type, with what the dialog needs to open it. */
export const solicitacaoDoDia = z.object({
  id: z.number(),
  data: z.string(),
  tipo: z.string(),
  origem: z.enum(ORIGENS_SOLICITACAO),
  status: z.enum(STATUS_PEDIDO),
  dataSolicitacao: z.string(),
});
export type SolicitacaoDoDia = z.infer<typeof solicitacaoDoDia>;

export const listar = defineEndpoint({
  method: 'POST',
  path: '/api/solicitacao/listar',
  permission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
  summary: 'Marcações: as solicitações do funcionário no período, de qualquer status',
  body: doFuncionario,
  response: z.array(solicitacaoDoDia),
});

export const listarPendentesFuncionario = defineEndpoint({
  method: 'POST',
  path: '/api/solicitacao/listar-pendentes-funcionario',
  permission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
  summary: 'Marcações, Solicitações Pendentes: as solicitações pendentes do funcionário no período',
  body: doFuncionario,
  response: z.array(solicitacaoDoDia),
});

// --- Solicitações (/movimento/solicitacoes, route 165) --------------------------------------------------------

export const pesquisarBody = z.strictObject({
  mes: z.number({ error: M.informeMesAno }).int(M.informeMesAno).min(1, M.informeMesAno).max(12, M.informeMesAno),
  ano: z.number({ error: M.informeMesAno }).int(M.informeMesAno).min(2000, M.informeMesAno).max(2100, M.informeMesAno),
  solicitacaoRequisicao: z.strictObject({
    idCnpj: idWith(M.selecioneEmpresa),
    /** The cost centres chosen, each with those under it; [] = all the caller sees. */
    idsCentrosCustos: z.array(idWith(M.centroCustoInvalido)).max(L.maxCentrosCustos).optional().default([]),
    nomeOuDocumento: z.string().max(L.nomeOuDocumento, M.pesquisaLonga).nullish(),
    linhasPorPagina: z
      .number({ error: M.linhasPorPagina })
      .int(M.linhasPorPagina)
      .refine((n) => (PAGINATOR.solicitacoes.options as readonly number[]).includes(n), M.linhasPorPagina)
      .optional()
      .default(PAGINATOR.solicitacoes.rows),
    /** The page, counting from 0. */
    pagina: z.number().int().min(0).max(1_000_000).optional().default(0),
    strStatus: z.enum(STATUS_PEDIDO).optional().default('PENDENTE'),
  }),
  usuarioRequisicao,
});
export type PesquisarSolicitacoesBody = z.input<typeof pesquisarBody>;

export const pesquisar = defineEndpoint({
  ...ver,
  path: '/api/solicitacao/pesquisar',
  summary: 'Solicitações: uma página das solicitações do mês (data do ponto) de uma empresa, por status',
  body: pesquisarBody,
  response: z.object({ solicitacoes: z.array(solicitacao), total: z.number() }),
});

// --- The origins' item lookups and resolutions (catalogue: the CTRL_* origins use these) -----------------------

export const buscarItemJustificar = defineEndpoint({
  ...ver,
  path: '/api/evento-justificativa/buscar-item-solicitacao',
  summary: 'Solicitações: os eventos que o funcionário pediu para justificar, com justificativa e observação',
  body: buscarItemBody,
  response: itemSolicitacaoResponse,
});

export const resolverJustificar = defineEndpoint({
  ...aprovar,
  path: '/api/evento-justificativa/salvar-pendente',
  summary:
    'Solicitações: aprova (justifica os eventos do dia e recalcula o mês) ou não aprova um pedido de justificativa',
  body: resolverBody,
  response: resolverResponse,
});

export const buscarItensEdicaoMarcacoes = defineEndpoint({
  ...ver,
  path: '/api/edicao-marcacoes/buscar-itens-solicitacao',
  summary: 'Solicitações: as marcações que o funcionário pediu para incluir, com a justificativa',
  body: buscarItemBody,
  response: itemSolicitacaoResponse,
});

export const resolverEdicaoMarcacoes = defineEndpoint({
  ...aprovar,
  path: '/api/edicao-marcacoes/resolver-pendencia-alterar',
  summary: 'Solicitações: aprova (insere as marcações e recalcula o mês) ou não aprova um pedido de inclusão',
  body: resolverBody,
  response: resolverResponse,
});

/** The item lookup and the resolution of each origin (the dialogs and the screen pick them by the request's origin). */
export const CHAMADAS_DA_ORIGEM = {
  CTRL_JUSTIFICAR: { buscar: buscarItemJustificar, resolver: resolverJustificar },
  CTRL_EDITAR_MARCACAO: { buscar: buscarItensEdicaoMarcacoes, resolver: resolverEdicaoMarcacoes },
} as const;

// --- The employee's app (spec/devices.md §4(c); outside /api, a device token) ----------------------------------

const hora = z.string({ error: M.horaInvalida }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.horaInvalida);

/** `POST /app/v1/solicitacoes`: what the employee asks; `clientId` makes a retry return the first one. */
export const novaSolicitacaoApp = z.discriminatedUnion('tipo', [
  z.strictObject({
    clientId: z.uuid(),
    tipo: z.literal('justificarPonto'),
    dataPonto: wireDate(M.informePeriodo),
    eventos: z
      .array(
        z.strictObject({
          codigo: z.enum(EVENTOS_DEBITO, { error: M.eventoInvalido }),
          justificativa: idWith(M.justificativaInvalida),
        }),
      )
      .min(1, M.informeEvento)
      .max(L.eventosPorSolicitacao),
    observacao: z.string().trim().max(L.observacao, M.observacaoLonga).nullish(),
  }),
  z.strictObject({
    clientId: z.uuid(),
    tipo: z.literal('incluirMarcacao'),
    dataPonto: wireDate(M.informePeriodo),
    marcacoes: z
      .array(z.strictObject({ data: wireDate(M.informeMarcacao), hora }))
      .min(1, M.informeMarcacao)
      .max(L.marcacoesPorSolicitacao),
    justificativa: idWith(M.justificativaInvalida),
    observacao: z.string().trim().max(L.observacao, M.observacaoLonga).nullish(),
  }),
]);
export type NovaSolicitacaoApp = z.infer<typeof novaSolicitacaoApp>;
