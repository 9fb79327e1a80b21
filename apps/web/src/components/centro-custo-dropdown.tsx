import { Dropdown } from 'primereact/dropdown';
import { MSG } from '@jornada/contracts';
import type { CentroCustoOpcao } from '../shared/centros-custos';

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
