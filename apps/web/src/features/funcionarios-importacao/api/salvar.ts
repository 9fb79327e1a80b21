import { funcionarioImportacaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarImportacao = endpointApi(funcionarioImportacaoApi.salvar);
