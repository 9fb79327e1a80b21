import { useMemo } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { MSG } from '@jornada/contracts';
import { listarCentrosCustosUsuario } from '../shared/lookups-api';
import { opcoesCentrosCustos, type CentroCustoOpcao } from '../shared/centros-custos';

/** A cost centre indented under its parent (opcoesCentrosCustos gives the level). */
const itemCentroCusto = (o: CentroCustoOpcao) => <span style={{ paddingLeft: `${o.nivel * 1.1}rem` }}>{o.label}</span>;

/**
 * A list filter's Centro de custo (seed 002 "Shared employee filter": the company's cost centres the user may see,
 * as a tree, filterable and clearable): empty and disabled until a company is chosen. Shared by Funcionários,
 * Controle do Ponto and Solicitações.
 */
export function CentroCustoDropdown(props: {
  inputId: string;
  value: number | null;
  options: CentroCustoOpcao[];
  onChange: (id: number | null) => void;
  /** What the empty field means ('Todos', or 'Selecione' where a centre must be picked). */
  placeholder: string;
  /** No company chosen yet. */
  semEmpresa: boolean;
  className?: string;
}) {
  return (
    <Dropdown
      inputId={props.inputId}
      value={props.value}
      options={props.options}
      itemTemplate={itemCentroCusto}
      onChange={(e) => props.onChange(typeof e.value === 'number' ? e.value : null)}
      placeholder={props.placeholder}
      filter
      filterPlaceholder="Buscar"
      filterLocale="pt-BR"
      emptyFilterMessage="Nenhum resultado encontrado"
      emptyMessage={props.semEmpresa ? MSG.selecioneEmpresa : 'Nenhum centro de custo'}
      showClear
      disabled={props.semEmpresa}
      className={props.className}
    />
  );
}

/**
 * The field's data for a list filter: the company's cost centres the user may see, as options, and the chosen
 * one while it is of that company (an old link's centre of another company is no filter; while the list loads,
 * the chosen one stands).
 */
export function useCentrosDoFiltro(idCnpj: number | null, escolhido: number | null) {
  const centros = listarCentrosCustosUsuario.useQuery({ idCnpj: idCnpj ?? 0 }, { enabled: idCnpj !== null });
  const opcoes = useMemo(() => opcoesCentrosCustos(centros.data ?? []), [centros.data]);
  const idCentroCusto = centros.data === undefined || opcoes.some((o) => o.value === escolhido) ? escolhido : null;
  return { centros, opcoes, idCentroCusto };
}
