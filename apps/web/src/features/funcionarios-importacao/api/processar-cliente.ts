import { funcionarioImportacaoApi } from '@jornada/contracts';
import { uploadApi } from '../../../shared/endpoint';

export const processarImportacaoCliente = uploadApi(funcionarioImportacaoApi.processarCliente);
