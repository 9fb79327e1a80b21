import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrimeReactProvider } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCALE } from '../../shared/primereact-locale';
import { DayActionDialog, replaceDays, type DayActionSave } from './day-action-dialog';
import { TextControl } from './form-controls';
import type { ListQuery } from './list-table';

/** A day as the time sheet shows it: the kit only needs its date. */
interface Dia {
  data: string;
  trabalhadas: number;
}
interface Carregado {
  motivo: string;
}
interface Entrada {
  data: string;
  motivo: string;
}

const schema = z.object({ motivo: z.string().trim().min(1, 'Informe o motivo.') });

const query = (over: Partial<ListQuery<Carregado>>): ListQuery<Carregado> => ({
  data: undefined,
  isPending: true,
  isError: false,
  isFetching: true,
  refetch: () => undefined,
  ...over,
});

/**
 * A screen with one day on it and one day action: the fake save answers the day recalculated (or refuses),
 * as a time-sheet call does, and the screen shows what the answer brings.
 */
function Tela({
  load,
  answer,
  sent,
}: {
  load?: ListQuery<Carregado>;
  answer: (e: Entrada) => Dia[] | 'recusa';
  sent: Entrada[];
}) {
  const [dias, setDias] = useState<Dia[]>([
    { data: '2026-03-09', trabalhadas: 0 },
    { data: '2026-03-10', trabalhadas: 480 },
  ]);
  const [aberto, setAberto] = useState(true);
  const [pending, setPending] = useState(false);
  const save: DayActionSave<Entrada, Dia[]> = {
    isPending: pending,
    mutate: (input, { onSuccess }) => {
      sent.push(input);
      setPending(true);
      queueMicrotask(() => {
        setPending(false);
        const r = answer(input);
        if (r !== 'recusa') onSuccess(r);
      });
    },
  };
  return (
    <PrimeReactProvider value={{ locale: LOCALE }}>
      <ul aria-label="Dias">
        {dias.map((d) => (
          <li key={d.data}>{`${d.data}: ${d.trabalhadas}`}</li>
        ))}
      </ul>
      <DayActionDialog
        header="Justificar"
        visible={aberto}
        onHide={() => setAberto(false)}
        schema={schema}
        {...(load ? { load } : {})}
        values={(l) => ({ motivo: l?.motivo ?? '' })}
        save={save}
        toInput={(v) => ({ data: '2026-03-09', motivo: v.motivo })}
        onSaved={(novos) => setDias((atuais) => replaceDays(atuais, novos))}
      >
        {(form) => <TextControl control={form.control} name="motivo" id="motivo" label="Motivo" autoFocus />}
      </DayActionDialog>
    </PrimeReactProvider>
  );
}

describe('DayActionDialog (the shape of the time sheet day actions)', () => {
  it('saves what the form holds, shows the recalculated day the answer brings, and closes', async () => {
    const sent: Entrada[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Tela answer={() => [{ data: '2026-03-09', trabalhadas: 420 }]} sent={sent} />);
    await user.type(screen.getByLabelText('Motivo'), 'Atestado');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('2026-03-09: 420')).toBeInTheDocument();
    // The day the answer did not bring stays as it was.
    expect(screen.getByText('2026-03-10: 480')).toBeInTheDocument();
    expect(sent).toEqual([{ data: '2026-03-09', motivo: 'Atestado' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the contract's message stops an invalid form before any call", async () => {
    const sent: Entrada[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Tela answer={() => []} sent={sent} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o motivo.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('a refused save keeps the dialog open with what was typed, and the day unchanged', async () => {
    const sent: Entrada[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Tela answer={() => 'recusa'} sent={sent} />);
    await user.type(screen.getByLabelText('Motivo'), 'Atestado');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(sent).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeEnabled();
    expect(screen.getByLabelText('Motivo')).toHaveValue('Atestado');
    expect(screen.getByText('2026-03-09: 0')).toBeInTheDocument();
  });

  it('opens on what was loaded; says it is loading before, and offers a retry when the load failed', async () => {
    const sent: Entrada[] = [];
    const { rerender } = render(<Tela load={query({})} answer={() => []} sent={sent} />);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    expect(screen.queryByLabelText('Motivo')).not.toBeInTheDocument();

    rerender(
      <Tela load={query({ isPending: false, isFetching: false, isError: true })} answer={() => []} sent={sent} />,
    );
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();

    rerender(
      <Tela
        load={query({ data: { motivo: 'Folga compensada' }, isPending: false, isFetching: false })}
        answer={() => []}
        sent={sent}
      />,
    );
    expect(await screen.findByLabelText('Motivo')).toHaveValue('Folga compensada');
  });
});

describe('replaceDays', () => {
  const d = (data: string, trabalhadas: number): Dia => ({ data, trabalhadas });
  it.each([
    ['no answer changes nothing', [d('2026-03-01', 1), d('2026-03-02', 2)], [], [1, 2]],
    ['one day replaced in place', [d('2026-03-01', 1), d('2026-03-02', 2)], [d('2026-03-02', 9)], [1, 9]],
    [
      'the week and the next day replaced, order kept',
      [d('2026-03-01', 1), d('2026-03-02', 2), d('2026-03-03', 3)],
      [d('2026-03-03', 30), d('2026-03-01', 10)],
      [10, 2, 30],
    ],
    ['a day outside the screen is not added', [d('2026-03-01', 1)], [d('2026-04-01', 5)], [1]],
  ])('%s', (_title, current, fresh, expected) => {
    expect(replaceDays(current, fresh).map((x) => x.trabalhadas)).toEqual(expected);
  });
});
