import { useMutation } from '@tanstack/react-query';
import { loginApi, type BodyOf } from '@jornada/contracts';
import { callApi } from '../../../shared/http';

export const solicitarRedefinirSenha = (body: BodyOf<typeof loginApi.solicitarRedefinirSenha>) =>
  callApi(loginApi.solicitarRedefinirSenha, body);

export function useSolicitarRedefinirSenha() {
  return useMutation({ mutationFn: solicitarRedefinirSenha, meta: { toast: false } });
}
