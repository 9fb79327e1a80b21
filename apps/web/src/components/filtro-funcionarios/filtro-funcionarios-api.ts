import { funcionarioPesquisaApi as api } from '@jornada/contracts';
import { endpointApi } from '../../shared/endpoint';

export const buscarFuncionarios = endpointApi(api.buscarFuncionarios);
export const buscarFuncionariosCrachaNome = endpointApi(api.buscarFuncionariosCrachaNome);
export const buscarFuncionariosContrato = endpointApi(api.buscarFuncionariosContrato);
export const buscarFuncionariosContratoCrachaNome = endpointApi(api.buscarFuncionariosContratoCrachaNome);
