import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cargoApi, type CargoForm } from '@jornada/contracts';
import { callApi, usuarioRequisicao } from '../../../shared/http';
import { cargosKeys } from './listar-cargos';

export const salvarCargo = (cargo: CargoForm) =>
  callApi(cargoApi.salvarCargo, { cargo, usuarioRequisicao: usuarioRequisicao() });

/** Create (no id) or edit; the list reloads after a save (seed 000 §4 Records). */
export function useSalvarCargo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: salvarCargo,
    onSuccess: () => qc.invalidateQueries({ queryKey: cargosKeys.all }),
  });
}
