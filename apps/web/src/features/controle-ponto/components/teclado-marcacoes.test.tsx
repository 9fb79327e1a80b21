import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { controlePontoApi } from '@jornada/contracts';
import { abrir, dia, mes, server } from './marcacoes.fixtures';

afterEach(() => sessionStorage.clear());

const atual = () => document.querySelector('.marcacoes-dia-atual');

describe('Marcações pelo teclado (issue 23 §7)', () => {
  it('moves between days, opens a day action and Por quê?, and lists the keys on ?', async () => {
    const api = server(mes({ pontos: [dia(2), dia(3), dia(4)] }));
    api.on(controlePontoApi.buscarFolgaPontoDia, { temFolga: false });
    api.on(controlePontoApi.explicarDia, { dia: '2026-02-03', contexto: [], passos: [] });
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    expect(atual()).toBeNull();
    await user.keyboard('j');
    expect(atual()).toHaveTextContent('02/02');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(atual()).toHaveTextContent('04/02');
    await user.keyboard('k');
    expect(atual()).toHaveTextContent('03/02');

    await user.keyboard('f');
    const folga = await screen.findByRole('dialog', { name: 'Lançar Folga' });
    expect(api.callsTo(controlePontoApi.buscarFolgaPontoDia)[0]!.body).toMatchObject({ data: '2026-02-03' });
    // Keys typed while a dialog is open are the dialog's.
    await user.keyboard('j');
    expect(atual()).toHaveTextContent('03/02');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(folga).not.toBeInTheDocument());

    await user.keyboard('p');
    expect(await screen.findByRole('dialog', { name: 'Por quê? 03/02/2026' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('?');
    const ajuda = await screen.findByRole('dialog', { name: 'Atalhos do teclado' });
    const linha = within(ajuda).getByText('Editar marcações').closest('tr')!;
    expect(linha).toHaveTextContent('e');
  });

  it('a closed period moves between days but opens no day action', async () => {
    const api = server(
      mes({
        pontos: [dia(2), dia(3)],
        periodoFechamento: {
          id: 4,
          fechado: true,
          concluido: false,
          dataInicio: '2026-02-01',
          dataFinal: '2026-02-28',
        },
      }),
    );
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.keyboard('jf');
    expect(atual()).toHaveTextContent('02/02');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.buscarFolgaPontoDia)).toHaveLength(0);
  });
});
