import { useMemo } from 'react';
import { PAGINATOR, STATUS_PEDIDO, type StatusPedido } from '@jornada/contracts';
import { idDaUrl, mesDaUrl, useFiltroNaUrl } from '../../shared/url-state';
import { useListTable } from '../../components/ui/list-table';
import { mesAtualNaEmpresa } from '../../shared/format';

export interface FiltroSolicitacoes {
  /** 'yyyy-mm': the month of the days the requests are about. */
  mes: string;
  /** The company chosen; null = the one the screen opens on (empresaInicial). */
  idCnpj: number | null;
  /** null = 'Todos'. */
  idCentroCusto: number | null;
  status: StatusPedido;
  /** Nome ou documento, as searched (Enter). */
  texto: string;
}

const statusDe = (v: string | null): StatusPedido =>
  (STATUS_PEDIDO as readonly string[]).includes(v ?? '') ? (v as StatusPedido) : 'PENDENTE';

/**
 * Solicitações' filters and page, kept in the URL (architecture §4: a reload
 * shows the same list). A changed filter starts again from the first page; a
 * changed company drops the cost centre, which was the old one's.
 */
export function useFiltroSolicitacoes() {
  const { params, atualizar } = useFiltroNaUrl();
  const table = useListTable(PAGINATOR.solicitacoes);

  const filtro = useMemo<FiltroSolicitacoes>(
    () => ({
      mes: mesDaUrl(params.get('mes')) ?? mesAtualNaEmpresa(),
      idCnpj: idDaUrl(params.get('empresa')),
      idCentroCusto: idDaUrl(params.get('cc')),
      status: statusDe(params.get('status')),
      texto: table.filter,
    }),
    [params, table.filter],
  );

  return {
    filtro,
    table,
    setMes: (mes: string) => atualizar({ mes }),
    setEmpresa: (id: number | null) => atualizar({ empresa: id === null ? null : String(id), cc: null }),
    setCentroCusto: (id: number | null) => atualizar({ cc: id === null ? null : String(id) }),
    setStatus: (status: StatusPedido) => atualizar({ status: status === 'PENDENTE' ? null : status }),
    setTexto: (texto: string) => atualizar({ filtro: texto.trim() }),
  };
}
