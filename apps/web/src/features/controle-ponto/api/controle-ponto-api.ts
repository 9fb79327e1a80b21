import { controlePontoApi } from '@jornada/contracts';
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
