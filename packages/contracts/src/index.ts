export * from './endpoint.js';
export * from './common.js';
export * from './messages.js';
export * from './limits.js';
export * from './permissions.js';
export * from './routes.js';
export * from './menu.js';
export * from './endpoints.js';
export * as loginApi from './api/login.js';
export * as cargoApi from './api/cargo.js';
export * as noticiaApi from './api/noticia.js';
export * as provedorApi from './api/provedor.js';
export * as autorizacaoSuporteApi from './api/autorizacao-suporte.js';
export type { Cliente, ClienteForm, NoticiaAdm, NoticiaForm, Plano, PlanoForm, UsoPlanoLinha } from './api/provedor.js';
export type { AutorizacaoSuporte } from './api/autorizacao-suporte.js';
export type { Noticia } from './api/noticia.js';
export * from './documents.js';
export * as justificativaApi from './api/justificativa.js';
export type { Justificativa, JustificativaForm } from './api/justificativa.js';
export * as motivoAfastamentoApi from './api/motivo-afastamento.js';
export type { MotivoAfastamento, MotivoAfastamentoForm } from './api/motivo-afastamento.js';
export * as feriadoApi from './api/feriado.js';
export type { Feriado, FeriadoForm } from './api/feriado.js';
export * as calendario from './calendario.js';
export * as logOperacaoApi from './api/log-operacao.js';
export * as usuarioApi from './api/usuario.js';
export * as perfilPermissaoApi from './api/perfil-permissao.js';
export * as empresaApi from './api/empresa.js';
export * as centroCustoApi from './api/centro-custo.js';
export * from './periodo-fechamento.js';
export type { Sessao } from './api/login.js';
export type { Cargo, CargoForm } from './api/cargo.js';
export type { LogOperacao, LogOperacoesFiltro, OperacaoLog, UsuarioLog } from './api/log-operacao.js';
export { isStrongPassword } from './api/login.js';
export type {
  Usuario,
  PerfilResumo,
  CentroCustoResumo,
  CnpjResumo,
  NovoUsuarioForm,
  DadosUsuarioForm,
  AlterarSenhaForm,
} from './api/usuario.js';
export { centroCustoLabel } from './api/usuario.js';
export type { MenuPerfil, PermissaoMenu, PerfilComPermissoes, NovoPerfilForm } from './api/perfil-permissao.js';
export type {
  Cidade,
  CnpjForm,
  CnpjLinha,
  CnpjOpcao,
  EmpresaForm,
  EmpresaPrincipal,
  EnderecoForm,
  Estado,
  PeriodoFechamentoForm,
  TipoLocal,
  TipoNumeroDocumento,
} from './api/empresa.js';
export type { CentroCusto, CentroCustoForm, NivelCentroCusto } from './api/centro-custo.js';
export * as escalaApi from './api/escala.js';
export type {
  Ciclo,
  CicloForm,
  ConfiguracaoEscala,
  ConfiguracaoEscalaForm,
  DiaSemana,
  DiaSequencia,
  EscalaResumo,
  ErroEscala,
  AbaEscala,
  FaixaHoraExtra,
  ListaCiclos,
  ListaCiclosResumo,
  PresetQuadro,
  TipoEscala,
  VersaoEscala,
} from './api/escala.js';
export * as funcionarioApi from './api/funcionario.js';
export type {
  AlterarFuncionarioForm,
  ColunaCsvFuncionario,
  Funcionario,
  FuncionarioAfastamento,
  FuncionarioCargo,
  FuncionarioContrato,
  FuncionarioDados,
  FuncionarioEdicao,
  FuncionarioLinha,
  FuncionarioNovo,
  ListarFuncionariosFiltro,
  OpcaoExportar,
  SalvarFuncionarioForm,
} from './api/funcionario.js';
export * as funcionarioPesquisaApi from './api/funcionario-pesquisa.js';
// ContratoResumo: one shape, defined in api/funcionario.ts and re-exported by the search area.
export type { ContratoResumo, FuncionarioResumo, TrocaEscalaForm } from './api/funcionario-pesquisa.js';
export {
  normalizarPesquisa,
  PESQUISA_FUNCIONARIOS_LIMITS,
  PESQUISA_FUNCIONARIOS_MSG,
} from './api/funcionario-pesquisa.js';
export * as funcionarioImportacaoApi from './api/funcionario-importacao.js';
export {
  CHARSETS_IMPORTACAO,
  COLUNAS_IMPORTACAO,
  FORMATOS_DATA_IMPORTACAO,
  IMPORTACAO,
  MSG_IMPORTACAO,
  POSICOES_PADRAO,
  problemasColunas,
} from './api/funcionario-importacao.js';
export type {
  CampoImportacao,
  CharsetImportacao,
  ConfirmarForm,
  FormatoDataImportacao,
  JsonColunas,
  JsonColunasForm,
  LinhaErro,
  ResultadoImportacao,
  ResumoImportacao,
} from './api/funcionario-importacao.js';
export * as solicitacaoDocumentoApi from './api/solicitacao-documento.js';
export {
  CHAVE_ARQUIVO,
  ESPELHO_PONTO,
  MSG_RELATORIO,
  MSG_SOLICITACAO,
  NOME_SOLICITACAO_AFD,
  SEPARADOR_MENSAGEM,
  STATUS_SOLICITACAO,
  TIPOS_ARQUIVO_DOCUMENTO,
  TOKEN_ERROS,
  emAndamento,
  mensagensDaSolicitacao,
  versaoSolicitacao,
} from './api/solicitacao-documento.js';
export type { SolicitacaoDocumento, StatusSolicitacao } from './api/solicitacao-documento.js';
export * as afdApi from './api/afd.js';
export {
  AFD,
  LIMITE_SEM_FUNCIONARIO,
  MSG_AFD,
  OCORRENCIAS_NO_RESUMO,
  PORTARIAS_AFD,
  formularioAfd,
} from './api/afd.js';
export type {
  FormularioAfd,
  JsonRequisicaoAfd,
  MarcacaoSemFuncionario,
  OcorrenciaAfd,
  PortariaAfd,
  RespostaUploadAfd,
  ResultadoImportacaoAfd,
} from './api/afd.js';
export * as calculoPontoApi from './api/calculo-ponto.js';
export { CALCULO_PONTO_LIMITS, CALCULO_PONTO_MSG } from './api/calculo-ponto.js';
export type {
  CalcularBody,
  CalcularFlexivelBody,
  ExecucaoIniciada,
  PaginaCalculada,
  ProgressoExecucao,
  StatusExecucao,
} from './api/calculo-ponto.js';
export * as controlePontoApi from './api/controle-ponto.js';
export { CONTROLE_PONTO_LIMITS, CONTROLE_PONTO_MSG } from './api/controle-ponto.js';
export type { ListarControlePontoFiltro, PeriodoControle } from './api/controle-ponto.js';
export * as relogioPontoApi from './api/relogio-ponto.js';
export {
  FABRICANTES_RELOGIO,
  MODELOS_RELOGIO,
  PORTARIAS_RELOGIO,
  RELOGIO_PONTO_MSG,
  TIPOS_SERVICO_RELOGIO,
} from './api/relogio-ponto.js';
export type { RelogioPonto, RelogioPontoForm, TokenRelogio } from './api/relogio-ponto.js';
export * as clienteAppApi from './api/cliente-app.js';
export { CLIENTE_APP_MSG, TIPOS_DISPOSITIVO_APP } from './api/cliente-app.js';
export type { CredencialApp, TipoDispositivoApp, UsuarioApp } from './api/cliente-app.js';
export * as monitoramentoPushApi from './api/monitoramento-push.js';
export { MONITORAMENTO_PUSH_MSG, OPCOES_SINCRONIZACAO, STATUS_PUSH } from './api/monitoramento-push.js';
export type {
  EquipamentoDesconhecido,
  MonitoramentoPush,
  OpcaoSincronizacao,
  StatusPush,
} from './api/monitoramento-push.js';
export * as dispositivoApi from './api/dispositivo.js';
export { DISPOSITIVO_LIMITS, DISPOSITIVO_MSG, PERMISSOES_DISPOSITIVO, TIPOS_DISPOSITIVO } from './api/dispositivo.js';
export type {
  Dispositivo,
  NomePermissaoDispositivo,
  PermissaoDispositivo,
  TipoDispositivo,
} from './api/dispositivo.js';
export * as solicitacaoApi from './api/solicitacao.js';
export {
  ORIGENS_SOLICITACAO,
  SOLICITACAO_LIMITS,
  SOLICITACAO_MSG,
  STATUS_PEDIDO,
  STATUS_PEDIDO_ROTULO,
  TIPO_SOLICITACAO_ROTULO,
} from './api/solicitacao.js';
export type {
  ItemPendente,
  ItemSolicitacaoResponse,
  NovaSolicitacaoApp,
  OrigemSolicitacao,
  PesquisarSolicitacoesBody,
  ResolverResponse,
  Solicitacao,
  SolicitacaoDoDia,
  StatusPedido,
} from './api/solicitacao.js';
