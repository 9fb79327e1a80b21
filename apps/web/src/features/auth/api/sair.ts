import { loginApi } from '@jornada/contracts';
import { callApi, usuarioRequisicao } from '../../../shared/http';

/** Revokes the token on the server; the caller clears the browser whatever the answer. */
export const sair = () => callApi(loginApi.logout, { usuarioRequisicao: usuarioRequisicao() });
