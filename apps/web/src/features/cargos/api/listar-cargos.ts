import { queryOptions, useQuery } from '@tanstack/react-query';
import { cargoApi } from '@jornada/contracts';
import { callApi, usuarioRequisicao } from '../../../shared/http';

export const cargosKeys = { all: ['cargos'] as const, list: () => [...cargosKeys.all, 'listar'] as const };

export const listarCargos = (signal?: AbortSignal) =>
  callApi(cargoApi.listarCargos, { usuarioRequisicao: usuarioRequisicao() }, { signal });

/** The whole list: the API answers every cargo and the screen filters and pages it in the browser. */
export const listarCargosOptions = () =>
  queryOptions({ queryKey: cargosKeys.list(), queryFn: ({ signal }) => listarCargos(signal) });

export function useListarCargos() {
  return useQuery(listarCargosOptions());
}
