import { afdApi } from '@jornada/contracts';
import { uploadApi } from '../../../shared/endpoint';
export const enviarAfd = uploadApi(afdApi.enviarAfd);
