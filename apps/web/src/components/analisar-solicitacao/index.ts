export {
  AnalisarSolicitacaoDialog,
  SEVERIDADE_STATUS,
  StatusSolicitacaoTag,
  type SolicitacaoAberta,
} from './analisar-solicitacao-dialog';
