import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { escalaApi, type DiaSemana, type FaixaHoraExtra } from '@jornada/contracts';
import type { Pares } from '../model/dias';
import { FaixasTable } from './faixas-table';
import { HoraInput } from './hora-input';
import { PercentInput } from './percent-input';
import { QuadroHorarioTable } from './quadro-horario-table';

function Hora({ onValue }: { onValue: (v: string) => void }) {
  const [v, setV] = useState('');
  return (
    <>
      <HoraInput
        value={v}
        onChange={(x) => {
          setV(x);
          onValue(x);
        }}
        ariaLabel="Hora"
      />
      <button type="button">fora</button>
    </>
  );
}

describe('HoraInput', () => {
  it('masks while typing, takes at most 5 characters and keeps a valid time on blur', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    render(<Hora onValue={(v) => values.push(v)} />);
    const input = screen.getByRole('textbox', { name: 'Hora' });
    expect(input).toHaveAttribute('maxLength', '5');
    await user.type(input, '083099');
    expect(input).toHaveValue('08:30');
    // The form hears nothing until the field is left.
    expect(values).toEqual([]);
    await user.tab();
    expect(values).toEqual(['08:30']);
  });

  it('clears an invalid time when the user leaves the field', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    render(<Hora onValue={(v) => values.push(v)} />);
    const input = screen.getByRole('textbox', { name: 'Hora' });
    await user.type(input, '2561');
    expect(input).toHaveValue('25:61');
    await user.tab();
    expect(input).toHaveValue('');
    await user.type(input, '093');
    await user.tab();
    expect(input).toHaveValue('');
    expect(values).toEqual([]);
  });
});

describe('PercentInput', () => {
  it('takes the percent as typed', async () => {
    const user = userEvent.setup();
    let value: number | null = null;
    function P() {
      const [v, setV] = useState<number | null>(null);
      return (
        <PercentInput
          value={v}
          onChange={(x) => {
            setV(x);
            value = x;
          }}
          ariaLabel="Percentual"
        />
      );
    }
    render(<P />);
    await user.type(screen.getByRole('spinbutton', { name: 'Percentual' }), '75');
    await user.tab();
    expect(value).toBe(75);
    expect(screen.getByRole('spinbutton', { name: 'Percentual' })).toHaveValue('75 %');
  });
});

describe('QuadroHorarioTable', () => {
  function Quadro({ pares, onRows }: { pares: Pares; onRows?: (r: DiaSemana[]) => void }) {
    const [linhas, setLinhas] = useState(escalaApi.diasVazios());
    return (
      <QuadroHorarioTable
        linhas={linhas}
        pares={pares}
        onChange={(r) => {
          setLinhas(r);
          onRows?.(r);
        }}
      />
    );
  }

  it('has a row per day from Sunday and two pairs, or three with two intervals', () => {
    const { unmount } = render(<Quadro pares={2} />);
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual([
      'Domingo',
      'Segunda',
      'Terça',
      'Quarta',
      'Quinta',
      'Sexta',
      'Sábado',
    ]);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Dia',
      'Entrada 1',
      'Saída 1',
      'Entrada 2',
      'Saída 2',
      'Flexível',
    ]);
    unmount();
    render(<Quadro pares={3} />);
    expect(screen.getByRole('textbox', { name: 'Entrada 3 de Sábado' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Saída 3 de Domingo' })).toBeInTheDocument();
  });

  it('edits a time and the flexible flag of one day', async () => {
    const user = userEvent.setup();
    let last: DiaSemana[] = [];
    render(<Quadro pares={2} onRows={(r) => (last = r)} />);
    await user.type(screen.getByRole('textbox', { name: 'Entrada 1 de Quarta' }), '0745');
    await user.click(screen.getByRole('checkbox', { name: 'Horário flexível de Quarta' }));
    const quarta = last.find((l) => l.dia === 4)!;
    expect(quarta.entrada1).toBe('07:45');
    expect(quarta.horarioFlexivel).toBe(true);
    expect(last.filter((l) => l.dia !== 4).every((l) => l.entrada1 === null && !l.horarioFlexivel)).toBe(true);
  });
});

describe('FaixasTable', () => {
  function Faixas({ onRows }: { onRows: (r: FaixaHoraExtra[]) => void }) {
    const [linhas, setLinhas] = useState<FaixaHoraExtra[]>([{ ...escalaApi.FAIXA_PADRAO, tipo: 2, folga: 100 }]);
    return (
      <FaixasTable
        tipo={2}
        linhas={linhas}
        onChange={(r) => {
          setLinhas(r);
          onRows(r);
        }}
      />
    );
  }

  it('adds an empty night band, edits it and removes the first one', async () => {
    const user = userEvent.setup();
    let last: FaixaHoraExtra[] = [];
    render(<Faixas onRows={(r) => (last = r)} />);
    expect(screen.getByRole('group', { name: 'Faixa noturna' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar faixa noturna' }));
    expect(last).toHaveLength(2);
    expect(last[1]).toMatchObject({ tipo: 2, ate: null, segunda: null, folga: null });
    await user.type(screen.getByRole('spinbutton', { name: 'Folga da Faixa noturna 2' }), '120');
    await user.tab();
    expect(last[1]!.folga).toBe(120);
    await user.click(screen.getByRole('button', { name: 'Remover Faixa noturna 1' }));
    expect(last).toHaveLength(1);
    expect(last[0]!.folga).toBe(120);
  });
});
