import { funcionarioPesquisaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The mass move of the tab 'Funcionário/Escala' (code 26). */
export const trocarContratoFuncionarios = endpointApi(funcionarioPesquisaApi.trocarContratoFuncionarios);
