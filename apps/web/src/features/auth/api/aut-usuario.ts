import { useMutation } from '@tanstack/react-query';
import { loginApi, type BodyOf } from '@jornada/contracts';
import { callApi } from '../../../shared/http';

export type LoginBody = BodyOf<typeof loginApi.autUsuario>;

export const autUsuario = (body: LoginBody) => callApi(loginApi.autUsuario, body);

/** Login: the server's message is shown inline, not as a toast (seed 000 §8). */
export function useAutUsuario() {
  return useMutation({ mutationFn: autUsuario, meta: { toast: false } });
}
