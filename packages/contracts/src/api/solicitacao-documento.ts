import { z } from 'zod';
import { defineDownload, defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { id, idWith, numeroDaConsulta, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';
import { PESQUISA_FUNCIONARIOS_LIMITS, PESQUISA_FUNCIONARIOS_MSG } from './funcionario-pesquisa.js';

/**
 * The document queue (seed 002 §3 "Document request", §4 "Generated file",
 * §7 "Reports and documents by queue" and "History"; issue 11 §3): a report,
 * document or import asked for by a user and produced by a job. The history
 * screen (/relatorios/historico = /documentos/historico) lists and polls them.
 */
export const STATUS_SOLICITACAO = ['FILA', 'PROCESSANDO', 'PROCESSADO', 'ERRO'] as const;
export type StatusSolicitacao = (typeof STATUS_SOLICITACAO)[number];
/** FILA and PROCESSANDO mean still working (seed 002 §4): the screens keep polling them. */
export const emAndamento = (status: StatusSolicitacao): boolean => status === 'FILA' || status === 'PROCESSANDO';

/** The queue's texts (ours: the seeds give none for these). */
export const MSG_SOLICITACAO = {
  linkInvalido:
    'Link de arquivo expirado ou inválido. Abra o Histórico de Relatórios/Documentos e gere o arquivo novamente.',
  arquivoNaoEncontrado: 'Arquivo não encontrado: ele pode ter sido removido após a validade do link.',
  servicoIndisponivel: (servico: string) => `O serviço '${servico}' não está disponível na fila de documentos.`,
  informeServico: 'Informe o serviço',
  // Seed 002 §2 History, §4.
  monitorando: 'Monitorando o processamento das solicitações de Relatórios/Documentos...',
  historico: 'Histórico de Relatórios/Documentos',
} as const;

export const TIPOS_ARQUIVO_DOCUMENTO = ['pdf', 'xls', 'txt', 'csv'] as const;
/** The Item of an AFD import (seed 002 §4: AFD requests are polled singly every 15 s). */
export const NOME_SOLICITACAO_AFD = 'AFD';
/**
 * The espelho de ponto by the queue (seed 002 §2 Espelho de Ponto and Marcações' 'Espelho de ponto', §7; issue
 * 23 §5): its servico, its Item, and the origem Marcações sends (?origem=controlePonto).
 */
export const ESPELHO_PONTO = {
  servico: 'espelhoPonto',
  nome: 'Espelho de Ponto',
  origemControlePonto: 'controlePonto',
} as const;

/** What a report screen says about its request (seed 002 §4 'Generated file', §5 'Employee filter and reports'). */
export const MSG_RELATORIO = {
  selecioneFuncionarios: PESQUISA_FUNCIONARIOS_MSG.selecioneFuncionarios,
  selecioneEmpresa: MSG.selecioneEmpresa,
  // Ours: the month reports need the month (their picker always has one; a call without it is refused).
  informeMes: 'Selecione o mês/ano',
  // Ours: every employee asked for was deleted before the job ran.
  funcionariosExcluidos: 'Os funcionários escolhidos não existem mais. Escolha-os novamente e gere o relatório.',
  foiParaFila:
    'O arquivo foi para fila de processamento. Acesse o Histórico de Relatórios/Documentos para acompanhar o status',
  processando: 'Processando o arquivo. Acesse o Histórico de Relatórios/Documentos',
} as const;

/** Separator of the messages of one request, and the token the message dialog ignores (seed 002 §2 History). */
export const SEPARADOR_MENSAGEM = '#';
export const TOKEN_ERROS = 'ERROS';

/** The messages of a request as the dialog shows them: split at '#', blanks and the token ERROS dropped. */
export function mensagensDaSolicitacao(mensagem: string | null | undefined): string[] {
  return (mensagem ?? '')
    .split(SEPARADOR_MENSAGEM)
    .map((m) => m.trim())
    .filter((m) => m !== '' && m !== TOKEN_ERROS);
}

export const solicitacaoDocumento = z.object({
  id: z.number(),
  status: z.enum(STATUS_SOLICITACAO),
  /** Type name shown in the Item column (e.g. 'AFD', 'Espelho de Ponto'). */
  nome: z.string(),
  servico: z.string(),
  nomeDocumento: z.string().nullable(),
  nomeArquivo: z.string().nullable(),
  tipoDocumento: z.string().nullable(),
  /** The '#'-separated messages (errors, or notes of a finished request). */
  mensagem: z.string().nullable(),
  /** 0..100 while PROCESSANDO. */
  progresso: z.number(),
  /** The signed download link, while valid (null before PROCESSADO and once expired). */
  link: z.string().nullable(),
  /** Until when the link works (ISO instant). */
  dataValidadeLink: z.string().nullable(),
  /** True when the request produced a file whose link has expired (seed 002 §3 linkExpirado). */
  linkExpirado: z.boolean(),
  /** ISO instants. */
  dataSolicitacao: z.string(),
  dataInicioProcessamento: z.string().nullable(),
  dataFinalProcessamento: z.string().nullable(),
  idCnpj: z.number().nullable(),
  /** Who asked (name), for the history's filter. */
  usuario: z.string().nullable(),
});
export type SolicitacaoDocumento = z.infer<typeof solicitacaoDocumento>;

const fdb = z.string().max(5).optional();
const ids = z.array(id).max(200, 'No máximo 200 solicitações por consulta');

/**
 * A queued report (seed 002 §7): the employee filter plus what to produce.
 * `servico` picks the producer; a servico the server does not produce yet is
 * refused with a message (decision 0043). Checked per servico on the server
 * (Espelho de Ponto 129, Divergências 130).
 */
export const criarSolicitacaoDocumento = defineEndpoint({
  method: 'POST',
  path: '/api/solicitacao-documento',
  permission: PERM.RELATORIO_ESPELHO_PONTO,
  altPermission: PERM.RELATORIO_DIVERGENCIAS,
  suporte: 'permitido',
  summary: 'Coloca na fila a geração de um relatório ou documento e devolve a solicitação (id e status)',
  body: z.strictObject({
    // A report's selection may be a whole search's answer (the shared filter's limit), not just a page.
    idsFuncionarios: z
      .array(id)
      .max(
        PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas,
        PESQUISA_FUNCIONARIOS_MSG.muitosFuncionarios(PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas),
      )
      .optional(),
    ativo: z.boolean().optional(),
    cnpj: z.union([id, z.strictObject({ id }).loose()]).optional(),
    dataInicio: z.string().max(10).optional(),
    dataFinal: z.string().max(10).optional(),
    mesSelecionado: numeroDaConsulta(1, 12, MSG.mesInvalido).optional(),
    anoSelecionado: numeroDaConsulta(1900, 9999, MSG.anoInvalido).optional(),
    selecionarFalta: z.boolean().optional(),
    selecionarFaltaMarcacao: z.boolean().optional(),
    selecionarSaidaAntecipada: z.boolean().optional(),
    selecionarAtraso: z.boolean().optional(),
    selecionarInterjornada: z.boolean().optional(),
    selecionarExcessoRefeicao: z.boolean().optional(),
    idsCentrosCustos: ids.optional(),
    todos: z.boolean().optional(),
    nomeDocumento: z.string().max(200).optional(),
    nomeArquivo: z.string().max(255).optional(),
    servico: z.string({ error: MSG_SOLICITACAO.informeServico }).trim().min(1, MSG_SOLICITACAO.informeServico).max(60),
    tipoDocumento: z.enum(TIPOS_ARQUIVO_DOCUMENTO, { error: 'Tipo de documento inválido' }).optional(),
    origem: z.string().max(30).optional(),
    usuarioRequisicao,
  }),
  response: z.object({ id: z.number(), status: z.enum(STATUS_SOLICITACAO) }),
});

/** The history (seed 002 §7): the requests of a company in a month, newest first, in the caller's scope. */
export const listarSolicitacoesDocumento = defineEndpoint({
  method: 'GET',
  path: '/api/solicitacao-documento',
  permission: 0,
  suporte: 'permitido',
  summary: 'Solicitações de relatórios/documentos de uma empresa no mês',
  body: z.strictObject({
    idCnpj: idWith(MSG.selecioneEmpresa),
    mes: numeroDaConsulta(1, 12, MSG.mesInvalido),
    ano: numeroDaConsulta(1900, 9999, MSG.anoInvalido),
    fdb,
  }),
  response: z.array(solicitacaoDocumento),
});

/** Polling of the requests still in progress (seed 002 §4: 3 s, 4 s, then 5 s). */
export const listarSolicitacoesPorIds = defineEndpoint({
  method: 'POST',
  path: '/api/solicitacao-documento/listar-por-ids',
  permission: 0,
  suporte: 'permitido',
  summary: 'As solicitações pedidas (acompanhamento), das que o usuário pode ver',
  body: z.strictObject({ ids, usuarioRequisicao }),
  response: z.array(solicitacaoDocumento),
});

/**
 * What a request's state is, for following it: `status:progresso`. A follower
 * sends the last one it saw as `diferenteDe` and the answer comes when it changed.
 */
export const versaoSolicitacao = (s: Pick<SolicitacaoDocumento, 'status' | 'progresso'>): string =>
  `${s.status}:${s.progresso}`;

/**
 * One request (history with ?id=, a report's polling). With `diferenteDe`
 * (decision 0080) the answer waits, up to the server's long-poll time, until
 * the request in progress is no longer in that `versaoSolicitacao`: the AFD
 * screen follows its import with it and learns of the end at once, not at
 * the seed's next 15 s check.
 */
export const buscarSolicitacaoDocumento = defineEndpoint({
  method: 'GET',
  path: '/api/solicitacao-documento/buscar',
  permission: 0,
  suporte: 'permitido',
  summary: 'Uma solicitação de relatório/documento (opcionalmente, quando mudar)',
  body: z.strictObject({ id, fdb, diferenteDe: z.string().max(20).optional() }),
  response: solicitacaoDocumento,
});

/**
 * A storage key as links carry it: `<tenant>-<32 hex>-<file name in safe characters>`
 * (flat, so it is one path segment; the name is what the browser saves).
 */
export const CHAVE_ARQUIVO = /^[0-9]{1,10}-[0-9a-f]{32}-[A-Za-z0-9._-]{1,200}$/;

/**
 * The file of a request, by its signed, expiring link (decision 0042): the
 * link itself is the credential (the PDF viewer and a plain download open it
 * in a new tab, without the bearer token). `exp` (epoch seconds) and `sig`
 * (HMAC) come from the server; an expired or altered link answers 403.
 */
export const baixarArquivo = defineDownload({
  method: 'GET',
  path: '/api/arquivo/:chave',
  permission: null,
  suporte: 'permitido',
  summary: 'O arquivo de uma solicitação, pelo link assinado e com validade',
  contentTypes: ['application/pdf', 'application/vnd.ms-excel', 'text/plain', 'text/csv', 'application/octet-stream'],
  params: z.strictObject({ chave: z.string().regex(CHAVE_ARQUIVO, 'Link inválido') }),
  body: z.strictObject({
    exp: z.string().regex(/^[0-9]{1,12}$/, 'Link inválido'),
    sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Link inválido'),
    fdb,
  }),
});
