import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cargoApi } from '@jornada/contracts';
import { callApi, usuarioRequisicao } from '../../../shared/http';
import { cargosKeys } from './listar-cargos';

export const excluirCargo = (id: number) =>
  callApi(cargoApi.excluirCargo, { cargo: { id }, usuarioRequisicao: usuarioRequisicao() });

export function useExcluirCargo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: excluirCargo,
    onSuccess: () => qc.invalidateQueries({ queryKey: cargosKeys.all }),
  });
}
