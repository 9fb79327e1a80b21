import { funcionarioImportacaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarImportacaoCliente = endpointApi(funcionarioImportacaoApi.salvarCliente);
