import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

/**
 * A list filter's search box (seed 002 "Shared employee filter": Enter triggers the search) with its search
 * button: what is typed is only searched on Enter or the button. Shared by Funcionários, Controle do Ponto and
 * Solicitações; the FormField around it gives the label.
 */
export function CampoPesquisa(props: {
  id: string;
  value: string;
  onChange: (texto: string) => void;
  onPesquisar: () => void;
  placeholder: string;
  maxLength: number;
  /** The button's accessible name. */
  rotuloBotao: string;
}) {
  return (
    <div className="p-inputgroup">
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" />
        <InputText
          id={props.id}
          type="search"
          value={props.value}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              props.onPesquisar();
            }
          }}
        />
      </IconField>
      <Button type="button" icon="pi pi-search" aria-label={props.rotuloBotao} onClick={props.onPesquisar} />
    </div>
  );
}
