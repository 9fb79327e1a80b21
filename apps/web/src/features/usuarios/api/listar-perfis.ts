import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The 'Novo Usuário' profile dropdown (the first is the default). */
export const listarPerfisUsuario = endpointApi(usuarioApi.listarPerfisUsuario);
