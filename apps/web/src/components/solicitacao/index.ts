export { VisualizadorPdfDialog, baixarArquivo, ehPdf, useArquivoSolicitacao } from './arquivo-solicitacao';
