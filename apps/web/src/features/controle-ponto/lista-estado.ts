import { useMemo } from 'react';
import { PAGINATOR, funcionarioApi } from '@jornada/contracts';
import { idDaUrl, mesDaUrl, useFiltroNaUrl } from '../../shared/url-state';
import { listReturn } from '../../shared/list-return';
import { useListTable } from '../../components/ui/list-table';
import { mesAtualNaEmpresa } from '../../shared/format';

export const LISTA = '/movimento/controle-ponto';
export const MARCACOES = '/movimento/controle-ponto/marcacoes';

/**
 * Where the Controle tab's state waits while Marcações is open (seed 002 §2:
 * filters, page and results kept and restored only when the user comes back
 * from Marcações). The menu opens the bare route, so any other way in starts
 * over; the results come back from the query cache. The login page clears it
 * with the other session caches.
 */
const volta = listReturn('jornada.cacheControlePonto', LISTA);

/** Keeps the list's query (filters and page) for the way back from Marcações. */
export const lembrarLista = volta.remember;

/** The Controle tab as it was left: what Marcações' way back opens. */
export const urlDaLista = volta.url;

/** The Controle tab's query as it was left, or null. */
export const buscaDaLista = volta.search;

/** Marcações of one employee of a company in a month ('yyyy-mm'): the screen of route 127. */
export const urlMarcacoes = (idFuncionario: number, mes: string, idCnpj: number): string =>
  `${MARCACOES}?${new URLSearchParams({ funcionario: String(idFuncionario), empresa: String(idCnpj), mes }).toString()}`;

/** What Marcações' URL names: the employee, the company and the month; null when a part is missing or bad. */
export function marcacoesDaUrl(params: URLSearchParams): { idFuncionario: number; idCnpj: number; mes: string } | null {
  const idFuncionario = idDaUrl(params.get('funcionario'));
  const idCnpj = idDaUrl(params.get('empresa'));
  const mes = mesDaUrl(params.get('mes'));
  return idFuncionario === null || idCnpj === null || mes === null ? null : { idFuncionario, idCnpj, mes };
}

/** The Controle list's call as a remembered query ('?mes=…&empresa=…') names it: its page and body. */
export interface PaginaDaLista {
  /** 1-based. */
  pagina: number;
  linhas: number;
  corpo: {
    mes: number;
    ano: number;
    cnpj: number;
    ativo: boolean;
    idsCentrosCustos: number[];
    crachaNome: string;
    qtdLinhas: number;
    numPagina: number;
  };
}

/**
 * The list left for Marcações, read back from its remembered query (the
 * same URL state useFiltroControle keeps): what 'anterior' and 'próximo'
 * walk. Null without a company, or when the list had no search (it listed nobody).
 */
export function paginaDaLista(search: string): PaginaDaLista | null {
  const params = new URLSearchParams(search);
  const cnpj = idDaUrl(params.get('empresa'));
  const mes = mesDaUrl(params.get('mes')) ?? mesAtualNaEmpresa();
  const cc = idDaUrl(params.get('cc'));
  const crachaNome = funcionarioApi.normalizarCrachaNome(params.get('filtro') ?? '');
  if (cnpj === null || (cc === null && crachaNome === '')) return null;
  const linhasPedidas = Number(params.get('linhas'));
  const linhas = (PAGINATOR.controlePonto.options as readonly number[]).includes(linhasPedidas)
    ? linhasPedidas
    : PAGINATOR.controlePonto.rows;
  const pagina = Math.max(1, Math.floor(Number(params.get('pagina')) || 1));
  const [ano, m] = mes.split('-').map(Number) as [number, number];
  return {
    pagina,
    linhas,
    corpo: {
      mes: m,
      ano,
      cnpj,
      ativo: params.get('ativo') !== '0',
      idsCentrosCustos: cc === null ? [] : [cc],
      crachaNome,
      qtdLinhas: linhas,
      numPagina: pagina - 1,
    },
  };
}

/** The remembered list moved to another page (so its way back shows the employee now open). */
export function naPagina(search: string, pagina: number): string {
  const params = new URLSearchParams(search);
  if (pagina > 1) params.set('pagina', String(pagina));
  else params.delete('pagina');
  return `?${params.toString()}`;
}

export interface FiltroControle {
  /** 'yyyy-mm'. */
  mes: string;
  idCnpj: number | null;
  ativo: boolean;
  idCentroCusto: number | null;
  /** The free text as typed (the server reads its words). */
  texto: string;
}

/**
 * The Controle tab's filters and page, kept in the URL (a reload shows the
 * same view). Changing a filter starts again from the first page; changing the
 * company clears the cost centre, which belonged to the old one.
 */
export function useFiltroControle() {
  const { params, atualizar } = useFiltroNaUrl();
  const table = useListTable(PAGINATOR.controlePonto);

  const filtro = useMemo<FiltroControle>(
    () => ({
      mes: mesDaUrl(params.get('mes')) ?? mesAtualNaEmpresa(),
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
    setMes: (mes: string) => atualizar({ mes }),
    setEmpresa: (id: number | null) => atualizar({ empresa: id === null ? null : String(id), cc: null }),
    setAtivo: (ativo: boolean) => atualizar({ ativo: ativo ? null : '0' }),
    setCentroCusto: (id: number | null) => atualizar({ cc: id === null ? null : String(id) }),
    setTexto: (texto: string) => atualizar({ filtro: texto }),
  };
}
