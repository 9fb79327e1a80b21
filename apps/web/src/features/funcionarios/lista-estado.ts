import { useMemo } from 'react';
import { PAGINATOR } from '@jornada/contracts';
import { idDaUrl, useFiltroNaUrl } from '../../shared/url-state';
import { listReturn } from '../../shared/list-return';
import { useListTable } from '../../components/ui/list-table';

export const LISTA = '/cadastros/funcionarios';

/**
 * Where the list's state waits while an employee is open (seed 001 §2.5: kept
 * in the session, restored when coming back). The login page clears it with
 * the other session caches.
 */
const volta = listReturn('jornada.cacheFuncionarios', LISTA);

/** Keeps the list's query (filters and page) for the way back. */
export const lembrarLista = volta.remember;

/** The list as it was left: what Cancelar, Salvar and the sub-routes' way back open. */
export const urlDaLista = volta.url;

export interface FiltroLista {
  idCnpj: number | null;
  ativo: boolean;
  idCentroCusto: number | null;
  /** The free text as typed (the call sends it normalised). */
  texto: string;
}

/**
 * The list's filters and page, kept in the URL (a reload or a shared link
 * shows the same view). Changing a filter starts again from the first page;
 * changing the company clears the cost centre, which belonged to the old one.
 */
export function useFiltroLista() {
  const { params, atualizar } = useFiltroNaUrl();
  const table = useListTable(PAGINATOR.funcionarios);

  const filtro = useMemo<FiltroLista>(
    () => ({
      idCnpj: idDaUrl(params.get('empresa')),
      ativo: params.get('ativo') !== '0',
      idCentroCusto: idDaUrl(params.get('cc')),
      texto: table.filter,
    }),
    [params, table.filter],
  );

  return {
    filtro,
    table,
    setEmpresa: (id: number | null) => atualizar({ empresa: id === null ? null : String(id), cc: null }),
    setAtivo: (ativo: boolean) => atualizar({ ativo: ativo ? null : '0' }),
    setCentroCusto: (id: number | null) => atualizar({ cc: id === null ? null : String(id) }),
    setTexto: (texto: string) => atualizar({ filtro: texto }),
  };
}
