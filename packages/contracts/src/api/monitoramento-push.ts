import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { cnpjRef, id, idWith, mensagemResponse, usuarioRequisicao } from '../common.js';
import { MSG } from '../messages.js';
import { PERM } from '../permissions.js';
import { RELOGIO_PONTO_LIMITS } from './relogio-ponto.js';

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
  // Equipamentos não cadastrados (decision 0084): devices that call with the token and an unknown deviceId.
  desconhecidosTitulo: 'Equipamentos não cadastrados',
  desconhecidosAviso:
    'Equipamentos que chamam o serviço com o token da empresa, mas cujo Device Id nenhum relógio tem como Id Cloud.',
  avisoVincular: 'O Device Id passa a ser o Id Cloud do relógio escolhido: o Id Cloud anterior dele deixa de valer.',
  informeDeviceId: 'Informe o Device Id do equipamento',
  deviceIdInvalido: `O Device Id tem somente dígitos (no máximo ${RELOGIO_PONTO_LIMITS.idCloud}).`,
  desconhecidoNaoEncontrado: 'Este equipamento não está entre os equipamentos não cadastrados.',
  idCloudEmUso:
    'Outro relógio já tem este Id Cloud. Altere-o em Relógio de Ponto ou descarte este equipamento não cadastrado.',
  vinculado: (serie: string) =>
    `Equipamento vinculado ao relógio ${serie}: ele é atendido a partir da próxima conexão.`,
  descartado: 'Equipamento descartado. Se continuar chamando o serviço, ele aparece de novo.',
  confirmarDescartar: (deviceId: string) =>
    `Deseja descartar o equipamento ${deviceId}? Se continuar chamando o serviço, ele aparece de novo.`,
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

/**
 * Equipamentos não cadastrados (spec/devices.md §4(a) 'Binding'; decision 0084): a device that polls with the
 * company token and a `deviceId` no clock of the tenant has as its Id Cloud. They belong to the tenant, not to a
 * company: the list is the tenant's; binding one sets it as the Id Cloud of a Push clock the caller sees.
 */
export const equipamentoDesconhecido = z.object({
  deviceId: z.string(),
  /** ISO instants, shown on the company's clock. */
  primeiraChamada: z.string(),
  ultimaChamada: z.string(),
  chamadas: z.number(),
});
export type EquipamentoDesconhecido = z.infer<typeof equipamentoDesconhecido>;

/** The list shows the newest this many (a token that leaked could make up any number of device ids). */
export const DESCONHECIDOS_MAXIMO = 200;

/** A deviceId as the device sends it (digits), at most as long as the Id Cloud it becomes. */
const deviceId = z
  .string({ error: M.informeDeviceId })
  .trim()
  .min(1, M.informeDeviceId)
  .regex(new RegExp(`^\\d{1,${RELOGIO_PONTO_LIMITS.idCloud}}$`), M.deviceIdInvalido);

export const listarDesconhecidos = defineEndpoint({
  method: 'GET',
  path: '/api/relogio-ponto/monitoramento/desconhecidos',
  permission: PERM.SERVICO_PUSH_VER,
  suporte: 'permitido',
  summary: 'Os equipamentos que chamam o serviço Push com um deviceId que nenhum relógio tem, os mais recentes antes',
  body: z.strictObject({}),
  response: z.array(equipamentoDesconhecido),
});

export const vincularDesconhecido = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/monitoramento/desconhecidos/vincular',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Vincula um equipamento não cadastrado a um relógio Push: o deviceId passa a ser o Id Cloud do relógio',
  body: z.strictObject({ deviceId, idRelogio: idWith(M.selecioneEquipamento), usuarioRequisicao }),
  response: mensagemResponse,
});

export const descartarDesconhecido = defineEndpoint({
  method: 'POST',
  path: '/api/relogio-ponto/monitoramento/desconhecidos/descartar',
  permission: PERM.SERVICO_PUSH_EDITAR,
  suporte: 'permitido',
  summary: 'Descarta um equipamento não cadastrado (se continuar chamando, ele aparece de novo)',
  body: z.strictObject({ deviceId, usuarioRequisicao }),
  response: mensagemResponse,
});
