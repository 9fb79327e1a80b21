import { controlePontoApi, solicitacaoApi, solicitacaoDocumentoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarControlePonto = endpointApi(controlePontoApi.listar);
/** Marcações, tab Detalhes: the month as stored. */
export const buscarMarcacoes = endpointApi(controlePontoApi.buscarCalcularPonto);
/** Marcações' 'Calcular': the same month, recalculated in the request. */
export const calcularMarcacoes = endpointApi(controlePontoApi.buscarCalcularMarcacoesFuncionario);
export const buscarResumoFuncionario = endpointApi(controlePontoApi.buscarResumoFuncionario);
/** "Por quê?" of one day. */
export const explicarDia = endpointApi(controlePontoApi.explicarDia);
/** Fechar período (fecharPeriodo) and Concluir. */
export const concluirFecharPeriodo = endpointApi(controlePontoApi.concluirFecharPeriodo);
/** Abrir período (175). */
export const abrirPeriodo = endpointApi(controlePontoApi.abrirPeriodo);
/** Marcações' 'Espelho de ponto' (129): the employee's month through the document queue (seed 002 §2, §7). */
export const solicitarEspelhoPonto = endpointApi(solicitacaoDocumentoApi.criarSolicitacaoDocumento);

// Day actions (decision 0074): each answers the month recalculated.
export const buscarFolgaPontoDia = endpointApi(controlePontoApi.buscarFolgaPontoDia);
export const lancarFolgaPontoDia = endpointApi(controlePontoApi.lancarFolgaPontoDia);
export const excluirFolgaPontoDia = endpointApi(controlePontoApi.excluirFolgaPontoDia);
export const buscarFeriadoDia = endpointApi(controlePontoApi.buscarFeriadoDia);
export const salvarFeriadoExcluido = endpointApi(controlePontoApi.salvarFeriadoExcluido);
export const marcarExcluirOcorrencia = endpointApi(controlePontoApi.marcarExcluirOcorrencia);
export const listarEdicaoMarcacoes = endpointApi(controlePontoApi.listarEdicaoMarcacoes);
export const salvarEdicaoMarcacoes = endpointApi(controlePontoApi.salvarEdicaoMarcacoes);
export const buscarMudancaHorarioDia = endpointApi(controlePontoApi.buscarMudancaHorarioDia);
export const salvarMudancaHorarioDia = endpointApi(controlePontoApi.salvarMudancaHorarioDia);
export const excluirMudancaHorarioDia = endpointApi(controlePontoApi.excluirMudancaHorarioDia);
export const buscarMarcacoesMover = endpointApi(controlePontoApi.buscarMarcacoesMover);
export const salvarMoverMarcacoes = endpointApi(controlePontoApi.salvarMoverMarcacoes);
export const buscarAjusteParcial = endpointApi(controlePontoApi.buscarAjusteParcial);
export const salvarAjusteParcial = endpointApi(controlePontoApi.salvarAjusteParcial);
export const alterarAjusteParcial = endpointApi(controlePontoApi.alterarAjusteParcial);
export const excluirAjusteParcial = endpointApi(controlePontoApi.excluirAjusteParcial);
/** Solicitações Pendentes of a day (decision 0086): the employee's pending requests; each is answered in its dialog. */
export const listarSolicitacoesPendentes = endpointApi(solicitacaoApi.listarPendentesFuncionario);
export const listarEventosJustificativa = endpointApi(controlePontoApi.listarEventosJustificativa);
export const salvarEventosJustificativa = endpointApi(controlePontoApi.salvarEventosJustificativa);
/** Fechar Período (150): a batch of employees recalculated and closed. */
export const concluirPeriodoEmLote = endpointApi(controlePontoApi.concluirPeriodoEmLote);
// Duplicate punches, in a support session (decision 0076).
export const buscarQuantidadeFuncionariosDuplicados = endpointApi(
  controlePontoApi.buscarQuantidadeFuncionariosDuplicados,
);
export const analisarPontoDuplicado = endpointApi(controlePontoApi.analisarPontoDuplicado);
export const buscarMarcacoesDuplicadas = endpointApi(controlePontoApi.buscarMarcacoesDuplicadas);
export const resolverPontoDuplicado = endpointApi(controlePontoApi.resolverPontoDuplicado);
