import { useMutation } from '@tanstack/react-query';
import { loginApi, type BodyOf } from '@jornada/contracts';
import { callApi } from '../../../shared/http';

export const redefinirSenha = (body: BodyOf<typeof loginApi.redefinirSenha>) => callApi(loginApi.redefinirSenha, body);

export function useRedefinirSenha() {
  return useMutation({ mutationFn: redefinirSenha, meta: { toast: false } });
}
