import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { cnpjRef, id, idWith, mensagemResponse, usuarioRequisicao } from '../common.js';
import { MSG } from '../messages.js';
import { PERM } from '../permissions.js';

/**
 * Monitoramento Serviço Push (seed 001 §2.12, §3 'Push monitoring row', §4
 * 'Push device status', §5 'Push monitoring', §7; issue 25 §4; codes
 * 173/174): the company's clocks of service type Push, their state read
 * from their own traffic (spec/devices.md §4(a)), and the sync tasks that
 * queue commands for them.
 */

/** Seed 001 §4 'Push device status'. */
export const STATUS_PUSH = ['Autenticado', 'Parado', 'Erro'] as const;
export type StatusPush = (typeof STATUS_PUSH)[number];

/** Seed 001 §8 'Sync options', with the screen's labels. */
export const OPCOES_SINCRONIZACAO = [
  { valor: 'SINCRONIZAR_GERAL', rotulo: 'Sincronizar todos os equipamentos' },
  { valor: 'SINCRONIZAR_GERAL_SELECIONADOS', rotulo: 'Sincronizar os equipamentos selecionados' },
  { valor: 'IMPORTAR_IMAGENS_FACE', rotulo: 'Importar imagens de face de um equipamento' },
] as const;
export type OpcaoSincronizacao = (typeof OPCOES_SINCRONIZACAO)[number]['valor'];

export const MONITORAMENTO_PUSH_MSG = {
  titulo: 'Monitoramento Serviço Push',
  informeNsr: 'Informe o NSR',
  avisoNsr: 'O valor do NSR (Número Sequencial) é a referência para coletar as marcações no equipamento.',
  selecioneEquipamento: 'Selecione o equipamento',
  selecioneSomenteUm: 'Selecione somente um equipamento',
  selecioneOpcao: 'Selecione a opção',
  nsrAtualizado: 'NSR atualizado com sucesso!',
  monitoramentoAtivado: 'Monitoramento iniciado.',
  monitoramentoParado: 'Monitoramento parado.',
  confirmarParar: 'Deseja parar o monitoramento deste equipamento?',
  confirmarIniciar: 'Deseja iniciar o monitoramento deste equipamento?',
  naoEncontrado: 'Equipamento não encontrado.',
  outraEmpresa: 'O equipamento não é da empresa informada.',
  naoPush: 'O relógio não usa o serviço Push.',
  semFuncionarios: 'A empresa não tem funcionários ativos para sincronizar.',
  semFace: 'Só um equipamento ControlId IdFace guarda imagens de face.',
  tarefaCriada: (equipamentos: number) =>
    `Sincronização agendada para ${equipamentos} ${equipamentos === 1 ? 'equipamento' : 'equipamentos'}: ` +
    'os comandos seguem na próxima conexão de cada um.',
  importacaoCriada: 'Importação de imagens agendada: as imagens chegam na próxima conexão do equipamento.',
  semContato: 'O equipamento ainda não se conectou ao serviço.',
  semContatoDesde: (quando: string) => `Sem contato com o equipamento desde ${quando}.`,
  // The screen's own texts (seed 001 §2.12 gives no wording for them).
  semRelogios:
    'Esta empresa não tem relógios com o serviço Push. Cadastre-os em Relógio de Ponto com o tipo de serviço Push.',
  semResultadoFiltro: 'Nenhum equipamento encontrado para o filtro informado.',
  semMensagem: 'O equipamento não informou o motivo do erro.',
} as const;
const M = MONITORAMENTO_PUSH_MSG;

/**
 * One row of the screen (seed 001 §3 'Push monitoring row'). The seed's dates are text 'yyyy-mm-dd hh:mm:ss';
 * here they are ISO instants, shown on the company's clock like every other instant (issue 24 §10).
 */
export const monitoramentoPush = z.object({
  id: z.number(),
  modelo: z.string().nullable(),
  numeroSerie: z.string(),
  localInstalacao: z.string().nullable(),
  /** Employees with commands not yet confirmed by the device (spec/devices.md §4(a)). */
  funcionariosSincronizar: z.number(),
  dataUltimaConexao: z.string().nullable(),
  dataUltimaSincronizacao: z.string().nullable(),
  status: z.enum(STATUS_PUSH),
  /** Why the status is Erro (the 'Mensagem' dialog). */
  mensagem: z.string().nullable(),
  /** The access-log cursor: punches are collected from this number on ('Atualizar NSR'). */
  nsr: z.number().nullable(),
  fabricante: z.string(),
  idCloud: z.string().nullable(),
});
export type MonitoramentoPush = z.infer<typeof monitoramentoPush>;

export const listarMonitoramento = defineEndpoint({
  method: 'GET',
  path: '/api/relogio-ponto/monitoramento/listar',
  permission: PERM.SERVICO_PUSH_VER,
  suporte: 'permitido',
  summary: 'Os relógios Push de uma empresa com o estado do serviço',
  body: z.strictObject({ idCnpj: idWith(MSG.selecioneEmpresa) }),
  response: z.array(monitoramentoPush),
});

export const buscarMonitoramento = defineEndpoint({
  method: 'GET',
  path: '/api/relogio-ponto/monitoramento/buscar/:id',
  permission: PERM.SERVICO_PUSH_VER,
  suporte: 'permitido',
  summary: 'Um relógio Push com o estado do serviço e o NSR',
  params: z.strictObject({ id: idWith(M.naoEncontrado) }),
  body: z.strictObject({}),
  response: monitoramentoPush,
});

export const NSR_MAXIMO = 999_999_999_999;

export const atualizarNsr = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/atualizar-nsr',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Muda o NSR a partir do qual as marcações do equipamento são coletadas',
  body: z.strictObject({
    id,
    nsr: z.coerce
      .string({ error: M.informeNsr })
      .trim()
      .regex(/^\d{1,12}$/, M.informeNsr)
      .transform(Number)
      .refine((n) => n > 0, M.informeNsr),
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

const soId = z.strictObject({ id, usuarioRequisicao });

export const ativarMonitoramento = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/ativar-monitoramento',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Inicia o monitoramento de um equipamento Push (volta a mandar comandos)',
  body: soId,
  response: mensagemResponse,
});

export const desativarMonitoramento = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/desativar-monitoramento',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Para o monitoramento de um equipamento Push (as marcações continuam chegando)',
  body: soId,
  response: mensagemResponse,
});

const cnpj = cnpjRef;
const relogioRef = z.object({ id }).loose();

export const sincronizarTodos = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/criar-tarefa-sincrionizar-todos',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Sincroniza funcionários e imagens em todos os equipamentos Push da empresa',
  body: z.strictObject({ cnpj, usuarioRequisicao }),
  response: mensagemResponse,
});

export const sincronizarSelecionados = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/criar-tarefa-sincrionizar-selecionados',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Sincroniza funcionários e imagens nos equipamentos Push escolhidos',
  body: z.strictObject({
    relogiosSelecionados: z
      .array(relogioRef, { error: M.selecioneEquipamento })
      .min(1, M.selecioneEquipamento)
      .max(500),
    cnpj,
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});

export const importarImagens = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/criar-tarefa-importar-imagens',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Importa as imagens de face guardadas em um equipamento para os funcionários',
  body: z.strictObject({
    relogioPonto: relogioRef.nullish().refine((r) => r != null, M.selecioneEquipamento),
    cnpj,
    usuarioRequisicao,
  }),
  response: mensagemResponse,
});
