import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, PERM, empresaApi, type CnpjLinha } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';
import { getSession } from '../../../shared/session';
import { exemploPeriodo } from './alterar-periodo-fechamento-dialog';

const linha = (i: number, over: Partial<CnpjLinha> = {}): CnpjLinha => ({
  id: i,
  codigoEmpresa: `EMP${String(i).padStart(4, '0')}`,
  numero: '11222333000181',
  tipoNumeroDocumento: 'cnpj',
  razaoSocial: `Empresa ${String(i).padStart(2, '0')}`,
  celular: '11987654321',
  telefone1: '1133334444',
  telefone2: null,
  codigoContabil: '1.01.001',
  codigoFilial: '001',
  principal: i === 1,
  estado: 'SP',
  cidade: 'São Paulo',
  ...over,
});

function server(cnpjs: CnpjLinha[], dias = { diaInicioFechamento: 1, diaFinalFechamento: 31 }) {
  const api = stubApi();
  api.on(empresaApi.listarEmpresas, () => ({ cnpjs, ...dias }));
  api.on(empresaApi.alterarPeriodoFechamento, (b) => {
    dias = { diaInicioFechamento: b.empresa.diaInicioFechamento, diaFinalFechamento: b.empresa.diaFinalFechamento };
    return { mensagem: MSG.periodoFechamentoAlterado };
  });
  return api;
}

const ALL = [PERM.EMPRESAS_VER, PERM.EMPRESAS_NOVO, PERM.EMPRESAS_EDITAR];
const table = () => screen.getByRole('table');
const dialog = () => screen.getByRole('dialog');

describe('Empresas (seed 000 §2.5, §9)', () => {
  it('lists the companies with masked CNPJ/CPF and phones, under the closing-period header', async () => {
    server([linha(1), linha(2, { tipoNumeroDocumento: 'cpf', numero: '52998224725', telefone2: '1144445555' })]);
    renderApp('/cadastros/empresas', makeSession([PERM.EMPRESAS_VER]));
    expect(await screen.findByText('Período de fechamento: 1 a 31')).toBeInTheDocument();
    const rows = within(table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'CNPJ / CPF',
      'Razão Social',
      'Celular',
      'Telefone 1',
      'Telefone 2',
      'Código Contábil',
      'Estado',
      'Cidade',
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '11.222.333/0001-81',
      'Empresa 01',
      '(11) 98765-4321',
      '(11) 3333-4444',
      '',
      '1.01.001',
      'SP',
      'São Paulo',
    ]);
    expect(within(rows[2]!).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(rows[2]!).getAllByRole('cell')[4]).toHaveTextContent('(11) 4444-5555');
    // Without 30 and 32: no Novo, no edit, no period button.
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Alterar período' })).not.toBeInTheDocument();
  });

  it('pages by 10 with the options 10, 15 and 20', async () => {
    server(Array.from({ length: 17 }, (_, i) => linha(i + 1)));
    const user = userEvent.setup();
    renderApp('/cadastros/empresas', makeSession([PERM.EMPRESAS_VER]));
    expect(await screen.findByText('Mostrando 1 a 10 de 17')).toBeInTheDocument();
    await user.click(document.querySelector('.p-paginator-next') as HTMLElement);
    expect(await screen.findByText('Mostrando 11 a 17 de 17')).toBeInTheDocument();
    const sizes = document.querySelector('.p-paginator .p-dropdown') as HTMLElement;
    await user.click(sizes);
    await waitFor(() =>
      expect([...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')].map((o) => o.textContent)).toEqual([
        '10',
        '15',
        '20',
      ]),
    );
  });

  it('says when there is no company and Novo (30) opens the form, edit (32) the company', async () => {
    server([]);
    const user = userEvent.setup();
    const { location } = renderApp('/cadastros/empresas', makeSession(ALL));
    expect(await screen.findByText('Nenhuma empresa cadastrada.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/empresas/nova'));
  });

  it('the edit button goes to the company form', async () => {
    server([linha(7)]);
    const user = userEvent.setup();
    const { location } = renderApp('/cadastros/empresas', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Editar Empresa 07 (11.222.333/0001-81)' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/empresas/7/editar'));
  });

  it('changes the closing period (32): the start proposes the end, the session follows, the header reloads', async () => {
    const api = server([linha(1)]);
    const user = userEvent.setup();
    renderApp('/cadastros/empresas', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Alterar período' }));
    expect(within(dialog()).getByText('Período de fechamento')).toBeInTheDocument();
    const inicio = within(dialog()).getByLabelText('Dia inicial');
    expect(inicio).toHaveValue('1');
    await user.clear(inicio);
    await user.type(inicio, '21');
    await waitFor(() => expect(within(dialog()).getByLabelText('Dia final')).toHaveValue('20'));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(empresaApi.alterarPeriodoFechamento)[0]!.body.empresa).toEqual({
      diaInicioFechamento: 21,
      diaFinalFechamento: 20,
    });
    expect(getSession()!.dadosRequisicao.empresa).toMatchObject({ diaInicioFechamento: 21, diaFinalFechamento: 20 });
    expect(await screen.findByText('Período de fechamento: 21 a 20')).toBeInTheDocument();
    expect(screen.getByText(MSG.periodoFechamentoAlterado)).toBeInTheDocument();
  });

  it('refuses a period that does not tile the calendar, before calling the server', async () => {
    const api = server([linha(1)]);
    const user = userEvent.setup();
    renderApp('/cadastros/empresas', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Alterar período' }));
    const inicio = within(dialog()).getByLabelText('Dia inicial');
    await user.clear(inicio);
    await user.type(inicio, '21');
    const fim = within(dialog()).getByLabelText('Dia final');
    await user.clear(fim);
    await user.type(fim, '25');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog()).findByText('Um período que começa no dia 21 termina no dia 20 do mês seguinte.'),
    ).toBeInTheDocument();
    await user.clear(inicio);
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(MSG.informeDiaInicio)).toBeInTheDocument();
    expect(api.callsTo(empresaApi.alterarPeriodoFechamento)).toHaveLength(0);
  });

  it('shows the server message and keeps the dialog open when the change is refused', async () => {
    const api = server([linha(1)]);
    api.on(empresaApi.alterarPeriodoFechamento, reply(403, { mensagem: MSG.semPermissao }));
    const user = userEvent.setup();
    renderApp('/cadastros/empresas', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Alterar período' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.semPermissao)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(getSession()!.dadosRequisicao.empresa.diaInicioFechamento).toBe(1);
  });

  it.each([
    [1, 31, new Date(2026, 2, 10), 'O período de março/2026 vai de 01/03/2026 a 31/03/2026.'],
    [21, 20, new Date(2026, 2, 10), 'O período de março/2026 vai de 21/02/2026 a 20/03/2026.'],
    [21, 20, new Date(2026, 2, 25), 'O período de abril/2026 vai de 21/03/2026 a 20/04/2026.'],
    [21, 25, new Date(2026, 2, 10), null],
  ])('the dialog explains %i a %i with today’s period', (ini, fim, hoje, texto) => {
    expect(exemploPeriodo({ diaInicioFechamento: ini, diaFinalFechamento: fim }, hoje)).toBe(texto);
  });
});
