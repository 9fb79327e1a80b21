import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrimeReactProvider } from 'primereact/api';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropdown } from '../test/dropdown';
import { instalarEscInterno } from './escape-innermost';

function DialogoComLista({ onHide }: { onHide: () => void }) {
  const [valor, setValor] = useState<string | null>(null);
  return (
    <PrimeReactProvider>
      <Dialog header="Diálogo" visible onHide={onHide} closeOnEscape>
        <label htmlFor="lista">Lista</label>
        <Dropdown
          inputId="lista"
          value={valor}
          options={['Um', 'Dois']}
          onChange={(e) => setValor(e.value as string)}
          placeholder="Escolha"
        />
      </Dialog>
    </PrimeReactProvider>
  );
}

const abrirLista = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(dropdown('Lista'));
  expect(await screen.findByRole('listbox', { hidden: true })).toBeInTheDocument();
};

describe('Esc fecha só o mais interno (issue 24 §3)', () => {
  let remover: (() => void) | undefined;
  afterEach(() => remover?.());

  it('com a lista aberta num diálogo, Esc fecha a lista e o diálogo fica; o Esc seguinte fecha o diálogo', async () => {
    remover = instalarEscInterno();
    const onHide = vi.fn();
    const user = userEvent.setup();
    render(<DialogoComLista onHide={onHide} />);
    await abrirLista(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).not.toBeInTheDocument());
    expect(onHide).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('sem o ouvinte, o mesmo Esc fechava os dois (o defeito que ele corrige)', async () => {
    const onHide = vi.fn();
    const user = userEvent.setup();
    render(<DialogoComLista onHide={onHide} />);
    await abrirLista(user);
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
