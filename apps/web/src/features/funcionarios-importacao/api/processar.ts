import { funcionarioImportacaoApi } from '@jornada/contracts';
import { uploadApi } from '../../../shared/endpoint';

export const processarImportacao = uploadApi(funcionarioImportacaoApi.processar);
