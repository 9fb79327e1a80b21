import { funcionarioImportacaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarCnpjsCliente = endpointApi(funcionarioImportacaoApi.listarCnpjsCliente);
