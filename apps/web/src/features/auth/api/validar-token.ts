import { loginApi, type BodyOf } from '@jornada/contracts';
import { callApi } from '../../../shared/http';

export const validarToken = (body: BodyOf<typeof loginApi.validarToken>) => callApi(loginApi.validarToken, body);
