import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { formatCnpj } from '@jornada/contracts';
import { listarCnpjs } from '../shared/lookups-api';
import { empresaInicial } from '../shared/session';

/** A company as the screens' Empresa dropdowns show it: its 'CNPJ - razão social' name. */
export function opcoesDeEmpresa(
  cnpjs: readonly { id: number; cnpjNome?: string | null; numero: string; razaoSocial: string }[] | undefined,
): { value: number; label: string }[] {
  return (cnpjs ?? []).map((c) => ({
    value: c.id,
    label: c.cnpjNome || `${formatCnpj(c.numero)} - ${c.razaoSocial}`,
  }));
}

/**
 * The company a screen of one company at a time works on (the device screens): the user's companies, the one
 * chosen, else the one the screen opens on (`empresaInicial`: the user's own company, or the only one).
 */
export function useEmpresaEscolhida() {
  const cnpjs = listarCnpjs.useQuery({});
  const [escolhida, setEscolhida] = useState<number | null>(null);
  return {
    idCnpj: escolhida ?? empresaInicial(cnpjs.data),
    opcoes: opcoesDeEmpresa(cnpjs.data),
    escolher: setEscolhida,
  };
}

/** The 'Empresa' field of those screens; `onChange` also gets the new company (a list goes back to its first page). */
export function EmpresaDropdown({
  inputId,
  empresa,
  onChange,
}: {
  inputId: string;
  empresa: ReturnType<typeof useEmpresaEscolhida>;
  onChange?: (idCnpj: number) => void;
}) {
  return (
    <div className="form-field">
      <label htmlFor={inputId}>Empresa</label>
      <Dropdown
        inputId={inputId}
        value={empresa.idCnpj}
        options={empresa.opcoes}
        onChange={(e) => {
          empresa.escolher(e.value as number);
          onChange?.(e.value as number);
        }}
        placeholder="Selecione uma empresa"
        filter={empresa.opcoes.length > 8}
      />
    </div>
  );
}
