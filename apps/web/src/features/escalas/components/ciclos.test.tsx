import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERM, escalaApi, type Ciclo, type DiaSequencia, type ListaCiclosResumo } from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const { ESCALA_MSG: M } = escalaApi;
const CODES = [
  PERM.ESCALAS_HORARIOS_VER,
  PERM.ESCALAS_HORARIOS_NOVO,
  PERM.ESCALAS_HORARIOS_EDITAR,
  PERM.ESCALAS_HORARIOS_REVEZAMENTO,
];

const ciclo12x36: Ciclo = {
  posicao: 1,
  diasTrabalhados: 1,
  diasFolgas: 1,
  fatorRepeticao: 1,
  entrada1: '19:00',
  saida1: '01:00',
  entrada2: '02:00',
  saida2: '07:00',
  entrada3: null,
  saida3: null,
};

function server() {
  let listas: ListaCiclosResumo[] = [{ id: 1, descricao: '12x36 Noturno', quantidade: 1 }];
  const ciclos: Record<number, Ciclo[]> = { 1: [ciclo12x36] };
  const api = stubApi();
  api.on(escalaApi.listarCiclos, () => listas);
  api.on(escalaApi.detalhesCiclos, (b) => ({
    id: b.idCiclo,
    descricao: listas.find((l) => l.id === b.idCiclo)?.descricao ?? '',
    ciclos: ciclos[b.idCiclo] ?? [],
  }));
  api.on(escalaApi.salvarCiclos, (b) => {
    const id = 2;
    listas = [...listas, { id, descricao: b.descricaoCiclos, quantidade: b.ciclos.length }];
    ciclos[id] = b.ciclos;
    return { mensagem: M.ciclosSalvos, idCiclo: id };
  });
  api.on(escalaApi.excluirCiclo, (b) => {
    listas = listas.filter((l) => l.id !== b.ciclo.id);
    return { mensagem: M.cicloExcluido };
  });
  api.on(escalaApi.sequenciaCiclosEscala, (b) => ({
    comprimento: 2,
    regime12x36: b.idCiclo === 1,
    dias: [
      { dia: 1, data: b.dataInicio ?? null, posicao: 1, trabalho: true, horarios: [['19:00', '01:00']] },
      { dia: 2, data: null, posicao: 1, trabalho: false, horarios: [] },
    ] satisfies DiaSequencia[],
  }));
  return api;
}

async function revezamento() {
  const api = server();
  const user = userEvent.setup();
  renderApp('/cadastros/escalas-horarios/novo', makeSession(CODES));
  await screen.findByRole('heading', { name: 'Nova Escala de Horários' });
  await user.click(screen.getByRole('button', { name: 'Revezamento' }));
  return { api, user };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const spinOf = (d: HTMLElement, name: string) => within(d).getByRole('spinbutton', { name });

async function numero(user: UserEvent, d: HTMLElement, name: string, value: string) {
  await user.clear(spinOf(d, name));
  await user.type(spinOf(d, name), value);
  await user.tab();
}

describe('Revezamento: cycle lists (seed 001 §2.4, §3, §5)', () => {
  it('a new list says the seed messages: description, no cycle, the first invalid cycle', async () => {
    const { api, user } = await revezamento();
    await user.click(screen.getByRole('button', { name: 'Nova lista de ciclos' }));
    const d = await screen.findByRole('dialog', { name: 'Nova lista de ciclos' });
    expect(within(d).getByRole('textbox', { name: 'Descrição' })).toHaveAttribute('maxLength', '80');
    await user.click(within(d).getByRole('button', { name: 'Remover o ciclo 1' }));
    await user.click(within(d).getByRole('button', { name: 'Salvar' }));
    expect(await within(d).findByText(M.nenhumCiclo)).toBeInTheDocument();
    expect(within(d).getAllByText(M.informeDescricaoCiclos).length).toBeGreaterThan(0);

    await user.type(within(d).getByRole('textbox', { name: 'Descrição' }), '5x2');
    await user.click(within(d).getByRole('button', { name: 'Adicionar ciclo' }));
    await waitFor(() => expect(within(d).getByText(M.cicloInvalido(1))).toBeInTheDocument());
    expect(within(d).queryByText(M.informeDescricaoCiclos)).not.toBeInTheDocument();
    await numero(user, d, 'Dias trabalhados do ciclo 1', '5');
    await numero(user, d, 'Dias de folga do ciclo 1', '2');
    await user.click(within(d).getByRole('button', { name: 'Adicionar ciclo' }));
    await waitFor(() => expect(within(d).getByText(M.cicloInvalido(2))).toBeInTheDocument());
    expect(within(d).getByRole('spinbutton', { name: 'Posição do ciclo 2' })).toHaveValue('2');
    expect(api.callsTo(escalaApi.salvarCiclos)).toHaveLength(0);
  });

  it('saves a list, which becomes the rotation’s, with its cycles and the next days from today', async () => {
    const { api, user } = await revezamento();
    await user.click(screen.getByRole('button', { name: 'Nova lista de ciclos' }));
    const d = await screen.findByRole('dialog', { name: 'Nova lista de ciclos' });
    await user.type(within(d).getByRole('textbox', { name: 'Descrição' }), '5x2 comercial');
    await numero(user, d, 'Dias trabalhados do ciclo 1', '5');
    await numero(user, d, 'Dias de folga do ciclo 1', '2');
    await user.type(within(d).getByRole('textbox', { name: 'Entrada 1 do ciclo 1' }), '0800');
    await user.type(within(d).getByRole('textbox', { name: 'Saída 1 do ciclo 1' }), '1700');
    await user.tab();
    await user.click(within(d).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova lista de ciclos' })).not.toBeInTheDocument());
    expect(api.callsTo(escalaApi.salvarCiclos)[0]!.body).toEqual(
      expect.objectContaining({
        descricaoCiclos: '5x2 comercial',
        ciclos: [
          expect.objectContaining({
            posicao: 1,
            diasTrabalhados: 5,
            diasFolgas: 2,
            fatorRepeticao: 1,
            entrada1: '08:00',
            saida1: '17:00',
            entrada2: null,
          }),
        ],
      }),
    );
    await waitFor(() => expect(shownIn('Lista de ciclos')).toBe('5x2 comercial (1 ciclo)'));
    const seq = await screen.findByRole('region', { name: 'Sequência dos próximos dias' });
    expect(within(seq).getByText('Folga')).toBeInTheDocument();
    expect(seq).toHaveTextContent('A sequência se repete a cada 2 dias.');
    const hoje = new Date();
    const ddmm = `${String(hoje.getDate()).padStart(2, '0')}/${String(hoje.getMonth() + 1).padStart(2, '0')}`;
    expect(seq).toHaveTextContent(ddmm);
    expect(api.callsTo(escalaApi.sequenciaCiclosEscala).at(-1)!.body).toMatchObject({ idCiclo: 2, dias: 28 });
  });

  it('lists the lists with quantity, shows details with the 12x36 sequence, and deletes after Sim', async () => {
    const { api, user } = await revezamento();
    await user.click(screen.getByRole('button', { name: 'Listas de ciclos' }));
    const d = await screen.findByRole('dialog', { name: 'Listas de ciclos' });
    const row = within(d).getByRole('row', { name: /12x36 Noturno/ });
    expect(row).toHaveTextContent('1');

    await user.click(within(d).getByRole('button', { name: 'Detalhes de 12x36 Noturno' }));
    const det = await screen.findByRole('dialog', { name: 'Lista de ciclos: 12x36 Noturno' });
    expect(await within(det).findByText('19:00–01:00 02:00–07:00')).toBeInTheDocument();
    expect(await within(det).findByText(/regime 12x36/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Lista de ciclos: 12x36 Noturno' })).not.toBeInTheDocument(),
    );

    await user.click(
      within(dialog('Listas de ciclos')).getByRole('button', { name: 'Usar 12x36 Noturno nesta escala' }),
    );
    await waitFor(() => expect(shownIn('Lista de ciclos')).toBe('12x36 Noturno (1 ciclo)'));

    await user.click(screen.getByRole('button', { name: 'Listas de ciclos' }));
    const d2 = await screen.findByRole('dialog', { name: 'Listas de ciclos' });
    await user.click(within(d2).getByRole('button', { name: 'Excluir 12x36 Noturno' }));
    expect(await screen.findByText('Excluir a lista de ciclos 12x36 Noturno ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await within(d2).findByText('Nenhuma lista de ciclos cadastrada.')).toBeInTheDocument();
    expect(api.callsTo(escalaApi.excluirCiclo)[0]!.body.ciclo).toEqual({ id: 1 });
    // The deleted list was the rotation's: the choice is gone with it.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.revezamentoLista)).toBeInTheDocument();
  });
});
