import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { PrimeReactProvider } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { LOCALE } from '../../shared/primereact-locale';
import { DateControl, MonthControl } from './date-controls';
import { SwitchControl, TextControl } from './form-controls';
import { MaskedControl, TimeControl } from './masked-control';
import { SelectControl } from './select-control';

interface Values {
  nome: string;
  ativo: boolean;
  tipo: number | null;
  data: string | null;
  competencia: string | null;
  hora: string;
  cpf: string;
  cnpj: string;
  telefone: string;
  cep: string;
}

const initial: Values = {
  nome: '',
  ativo: false,
  tipo: null,
  data: '2026-03-09',
  competencia: '2026-02',
  hora: '',
  cpf: '',
  cnpj: '',
  telefone: '',
  cep: '',
};

/** Every control on one form; `values()` reads what react-hook-form holds (what a submit would send). */
function renderForm({ loadingTipo = false } = {}) {
  let read: () => Values = () => initial;
  function Harness() {
    const { control, getValues } = useForm<Values>({ defaultValues: initial });
    read = getValues;
    return (
      <PrimeReactProvider value={{ locale: LOCALE }}>
        <form>
          <TextControl control={control} name="nome" id="nome" label="Nome" maxLength={10} />
          <SwitchControl control={control} name="ativo" id="ativo" label="Ativo" />
          <SelectControl
            control={control}
            name="tipo"
            id="tipo"
            label="Tipo"
            options={[
              { label: 'Abono', value: 1 },
              { label: 'Falta', value: 2 },
            ]}
            loading={loadingTipo}
          />
          <DateControl control={control} name="data" id="data" label="Data" />
          <MonthControl control={control} name="competencia" id="competencia" label="Competência" />
          <TimeControl control={control} name="hora" id="hora" label="Hora" />
          <MaskedControl control={control} name="cpf" id="cpf" label="CPF" mask="cpf" />
          <MaskedControl control={control} name="cnpj" id="cnpj" label="CNPJ" mask="cnpj" />
          <MaskedControl control={control} name="telefone" id="telefone" label="Telefone" mask="telefone" />
          <MaskedControl control={control} name="cep" id="cep" label="CEP" mask="cep" />
        </form>
      </PrimeReactProvider>
    );
  }
  render(<Harness />);
  return { values: () => read() };
}

describe('form controls', () => {
  it('text: counts characters against the limit and stops at it', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    expect(screen.getByText('0/10')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'Recepcionista');
    expect(screen.getByText('10/10')).toBeInTheDocument();
    expect(form.values().nome).toBe('Recepcioni');
  });

  it('switch: a boolean', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    expect(form.values().ativo).toBe(true);
  });

  it('select: the option value, not its label', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    // The focusable input is PrimeReact's hidden one; the user clicks the visible box.
    await user.click(screen.getByLabelText('Tipo').closest('.p-dropdown')!);
    await user.click(await screen.findByText('Falta'));
    expect(form.values().tipo).toBe(2);
  });

  it('select: while its options load, the list says so and does not open', async () => {
    const user = userEvent.setup();
    const form = renderForm({ loadingTipo: true });
    const box = screen.getByLabelText('Tipo').closest('.p-dropdown')!;
    expect(box).toHaveClass('p-disabled');
    expect(box).toHaveTextContent('Carregando…');
    await user.click(box);
    expect(screen.queryByText('Falta')).not.toBeInTheDocument();
    expect(form.values().tipo).toBeNull();
  });

  it('date: dd/mm/yyyy on screen, yyyy-mm-dd in the form', () => {
    renderForm();
    expect(screen.getByLabelText('Data')).toHaveValue('09/03/2026');
  });

  // Typed over the field's day, then Tab: what the field shows while typing and what the form keeps (issue 24 §2).
  it.each([
    ['Data', '05/01/2027', '05/01/2027', 'data', '2027-01-05'],
    ['Data', 'digits through the mask', '25122026', 'data', '2026-12-25'],
    ['Data', 'an impossible day', '31022026', 'data', null],
    ['Competência', 'mm/aaaa as digits', '072026', 'competencia', '2026-07'],
  ] as const)('%s typed: %s', async (label, _caso, teclas, campo, guardado) => {
    const user = userEvent.setup();
    const form = renderForm();
    const input = screen.getByLabelText(label);
    await user.tripleClick(input);
    await user.keyboard(teclas);
    await user.tab();
    expect(form.values()[campo]).toBe(guardado);
    if (guardado !== null) expect(input).toHaveValue(guardado.split('-').reverse().join('/'));
  });

  it('date: a half-typed day is not taken, and the field is left empty', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    const input = screen.getByLabelText('Data');
    await user.tripleClick(input);
    await user.keyboard('1203');
    expect(input).toHaveValue('12/03');
    await user.tab();
    expect(form.values().data).toBeNull();
    expect(input).toHaveValue('');
  });

  it('month: mm/yyyy on screen, yyyy-mm in the form', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    const input = screen.getByLabelText('Competência');
    expect(input).toHaveValue('02/2026');
    await user.click(input);
    await user.click(await screen.findByText('nov'));
    expect(form.values().competencia).toBe('2026-11');
  });

  it('time: HH:MM as typed digits', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(screen.getByLabelText('Hora'), '0830');
    expect(screen.getByLabelText('Hora')).toHaveValue('08:30');
    expect(form.values().hora).toBe('08:30');
  });

  it.each([
    ['CPF', '12345678909', '123.456.789-09'],
    ['CNPJ', '11222333000181', '11.222.333/0001-81'],
    ['Telefone', '11987654321', '(11) 98765-4321'],
    ['CEP', '01310100', '01310-100'],
  ] as const)('%s: masked on screen, digits in the form', async (label, digits, shown) => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(screen.getByLabelText(label), digits);
    expect(screen.getByLabelText(label)).toHaveValue(shown);
    const key = label.toLowerCase() as 'cpf' | 'cnpj' | 'telefone' | 'cep';
    expect(form.values()[key]).toBe(digits);
  });
});
