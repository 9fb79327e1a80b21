import { funcionarioPesquisaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The schedules as the pickers list them ('id - descrição'), for 'Nova escala'. */
export const pesquisaListarContratos = endpointApi(funcionarioPesquisaApi.listarContratos);
