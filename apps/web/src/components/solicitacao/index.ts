export { VisualizadorPdfDialog, baixarArquivo, ehPdf, useArquivoSolicitacao } from './arquivo-solicitacao';
export { CADENCIA_RELATORIO } from './monitor';
export {
  urlHistoricoSolicitacao,
  useSolicitacaoRelatorio,
  type PedirRelatorio,
  type SolicitacaoRelatorio,
} from './use-solicitacao-relatorio';
