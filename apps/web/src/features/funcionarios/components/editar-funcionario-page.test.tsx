import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PERM, cargoApi, funcionarioApi, funcionarioPesquisaApi } from '@jornada/contracts';
import { choose, shownIn } from '../../../test/dropdown';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';
import { CARGOS, ESCALAS, MOTIVOS, dadosFuncionario, linha } from '../fixtures';

const M = funcionarioApi.FUNCIONARIO_MSG;
const ok = (mensagem: string) => ({ mensagem });
const dialog = () => screen.getByRole('dialog');
const campo = (label: string) => screen.getByLabelText(label, { selector: 'input' });

function server(dados = dadosFuncionario()) {
  const api = stubApi();
  api.on(funcionarioApi.buscarFuncionario, dados);
  api.on(funcionarioApi.listarMotivosAfastamentoFuncionario, MOTIVOS);
  api.on(funcionarioApi.alterarFuncionario, ok(M.alterado));
  api.on(funcionarioApi.listarFuncionarios, { qdtFuncionarios: 1, funcionarios: [linha(5)] });
  api.on(funcionarioApi.listarHistoricoAfastamentos, [
    { id: 61, dataInicio: '2025-01-10', dataFinal: '2025-01-30', motivo: MOTIVOS[0]! },
  ]);
  api.on(funcionarioApi.trocarContrato, ok(M.escalaTrocada));
  api.on(funcionarioApi.trocarExcluirContrato, ok(M.escalaExcluida));
  api.on(funcionarioApi.alterarDataInicioContrato, ok(M.dataInicioAlterada));
  api.on(funcionarioApi.salvarFuncionarioCargo, ok(M.cargoAlterado));
  api.on(funcionarioApi.excluirFotoPerfil, ok(M.fotoExcluida));
  api.on(funcionarioPesquisaApi.listarContratos, ESCALAS);
  api.on(cargoApi.listarCargos, CARGOS);
  return api;
}

async function abrir(path = '/cadastros/funcionarios/5/editar?at=true') {
  const user = userEvent.setup();
  const app = renderApp(path, makeSession([PERM.FUNCIONARIOS_VER, PERM.FUNCIONARIOS_EDITAR]));
  expect(await screen.findByRole('heading', { name: 'Editar funcionário', level: 1 })).toBeInTheDocument();
  return { user, ...app };
}

describe('Editar funcionário (seed 001 §2.7)', () => {
  it('shows the employee: masks, read-only company, position and schedule, status and situação', async () => {
    const api = server();
    await abrir();
    expect(await screen.findByDisplayValue('Maria da Silva')).toBeInTheDocument();
    expect(api.callsTo(funcionarioApi.buscarFuncionario)[0]!.body).toMatchObject({ idFuncionario: 5, ativo: true });
    expect(campo('PIS')).toHaveValue('123.45678.91-9');
    expect(campo('CPF')).toHaveValue('529.982.247-25');
    expect(campo('Empresa')).toBeDisabled();
    expect(campo('Cargo')).toHaveValue('Supervisor');
    expect(campo('Cargo')).toBeDisabled();
    expect(campo('Escala de horários')).toHaveValue('12x36 noturno (Revezamento)');
    expect(campo('Escala de horários')).toBeDisabled();
    expect(shownIn('Centro de custo')).toBe('21 - Montagem (Setor)');
    expect(screen.getByRole('button', { name: 'Ativo' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(shownIn('Situação')).toBe('Trabalhando'));
    // No photo: the placeholder, and no photo call.
    expect(screen.getByRole('img', { name: 'Sem foto' })).toBeInTheDocument();
  });

  it('saves status, situação, demission and cost centre, then goes back to the list', async () => {
    const api = server();
    const { user, location } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    await user.click(screen.getByRole('button', { name: 'Inativo' }));
    await choose(user, 'Situação', 'Demissão - Definitivo');
    fireEvent.input(campo('Data de demissão'), { target: { value: '10/03/2026' } });
    await choose(user, 'Centro de custo', '211 - Linha A (Seção)');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.alterarFuncionario)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.alterarFuncionario)[0]!.body).toMatchObject({
      funcionario: { id: 5, ativo: false, dataDemissao: '2026-03-10', pis: '12345678919', cpf: '52998224725' },
      motivoAfastamento: { id: 8 },
      centroCusto: { id: 211 },
    });
    await waitFor(() => expect(location().pathname).toBe('/cadastros/funcionarios'));
  });

  it('the stored keypad PIN is never shown; saving with the field blank sends none (the server keeps it)', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    expect(campo('Senha do teclado')).toHaveValue('');
    expect(screen.getByText('Senha cadastrada: deixe em branco para mantê-la.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.alterarFuncionario)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.alterarFuncionario)[0]!.body).toMatchObject({
      funcionario: { senhaTecladoSemBio: null, removerSenhaTeclado: false },
    });
  });

  it('a new keypad PIN typed on the edit is sent (it replaces the stored one)', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    await user.type(campo('Senha do teclado'), '4321');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.alterarFuncionario)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.alterarFuncionario)[0]!.body).toMatchObject({
      funcionario: { senhaTecladoSemBio: '4321', removerSenhaTeclado: false },
    });
  });

  it('Remover clears the stored PIN and drops one being typed', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    await user.type(campo('Senha do teclado'), '4321');
    await user.click(screen.getByRole('checkbox', { name: 'Remover a senha do teclado' }));
    // Removing empties and locks the field: the typed PIN does not travel.
    expect(campo('Senha do teclado')).toHaveValue('');
    expect(campo('Senha do teclado')).toBeDisabled();
    expect(screen.getByText('Será removida ao salvar.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.alterarFuncionario)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.alterarFuncionario)[0]!.body).toMatchObject({
      funcionario: { senhaTecladoSemBio: null, removerSenhaTeclado: true },
    });
  });

  it('without a stored PIN there is nothing to keep nor remove', async () => {
    server(dadosFuncionario({ possuiSenhaTeclado: false }));
    await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    expect(screen.queryByText('Senha cadastrada: deixe em branco para mantê-la.')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Remover a senha do teclado' })).toBeNull();
  });

  it('edit requires nome, pis, cpf, crachá and registro with the seed words', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    for (const label of ['Nome', 'PIS', 'CPF', 'Crachá', 'Registro']) await user.clear(campo(label));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText(M.informeNome);
    const alertas = screen.getAllByRole('alert').map((a) => a.textContent);
    for (const m of [M.informeNome, M.informePis, M.informeCpf, M.informeCracha, M.informeRegistro]) {
      expect(alertas).toContain(m);
    }
    expect(api.callsTo(funcionarioApi.alterarFuncionario)).toHaveLength(0);
  });

  it('the stored photo is fetched; removing it asks first', async () => {
    const api = server(dadosFuncionario({ fotoPerfil: true }));
    const criar = vi.fn(() => 'blob:foto');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: criar, revokeObjectURL: vi.fn() }));
    api.on(funcionarioApi.buscarFotoPerfil, '/9j/4AAQ');
    const { user } = await abrir();
    expect(await screen.findByRole('img', { name: 'Foto de Maria da Silva' })).toHaveAttribute('src', 'blob:foto');
    expect(api.callsTo(funcionarioApi.buscarFotoPerfil)[0]!.path).toBe('/api/funcionario/buscar-foto-perfil/5');
    await user.click(screen.getByRole('button', { name: 'Remover foto' }));
    expect(await screen.findByText('Remover a foto de Maria da Silva?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    expect(api.callsTo(funcionarioApi.excluirFotoPerfil)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remover foto' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.excluirFotoPerfil)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.excluirFotoPerfil)[0]!.body).toMatchObject({ funcionario: { id: 5 } });
    expect(await screen.findByRole('img', { name: 'Sem foto' })).toBeInTheDocument();
  });

  it('the histories are drawn on first opening; the absences are fetched only then', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    expect(api.callsTo(funcionarioApi.listarHistoricoAfastamentos)).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Histórico de Afastamentos' }));
    expect(await screen.findByText('Férias - Não Definitivo')).toBeInTheDocument();
    expect(api.callsTo(funcionarioApi.listarHistoricoAfastamentos)[0]!.query.get('idf')).toBe('5');
    expect(screen.getByText('30/01/2025')).toBeInTheDocument();
    // What was typed in Funcionário survives the trip through the tabs.
    await user.click(screen.getByRole('tab', { name: 'Funcionário' }));
    await user.clear(campo('Nome reduzido'));
    await user.type(campo('Nome reduzido'), 'Mari');
    await user.click(screen.getByRole('tab', { name: 'Histórico de Cargos' }));
    await user.click(screen.getByRole('tab', { name: 'Funcionário' }));
    expect(campo('Nome reduzido')).toHaveValue('Mari');
  });

  it('schedule history: actions only on the current entry; new schedule from a date, and the same schedule refused', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    await user.click(screen.getByRole('tab', { name: 'Histórico de Escalas de Horários' }));
    const painel = await screen.findByRole('tabpanel', { name: 'Histórico de Escalas de Horários' });
    const linhas = within(painel).getAllByRole('row').slice(1);
    expect(linhas).toHaveLength(2);
    expect(within(linhas[0]!).getByText('Atual')).toBeInTheDocument();
    expect(within(linhas[0]!).getAllByRole('button')).toHaveLength(4);
    expect(within(linhas[1]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(linhas[1]!).getByText('31/05/2025')).toBeInTheDocument();

    await user.click(within(linhas[0]!).getByRole('button', { name: 'Nova escala a partir de uma data' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(M.selecioneEscala)).toBeInTheDocument();
    expect(within(dialog()).getByText(M.informeDataInicio)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Pesquisar nova escala de horários' }));
    const picker = screen.getAllByRole('dialog').at(-1)!;
    await user.dblClick(await within(picker).findByText('12x36 noturno'));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(await screen.findByText(M.escalaIgual)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Pesquisar nova escala de horários' }));
    await user.dblClick(await within(screen.getAllByRole('dialog').at(-1)!).findByText('44h Seg-Sáb'));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    fireEvent.input(within(dialog()).getByLabelText('A partir de', { selector: 'input' }), {
      target: { value: '01/04/2026' },
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.trocarContrato)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.trocarContrato)[0]!.body).toMatchObject({
      funcionario: { id: 5 },
      contrato: { id: 1 },
      dataInicio: '2026-04-01',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The employee is read again (current schedule, histories).
    await waitFor(() => expect(api.callsTo(funcionarioApi.buscarFuncionario).length).toBeGreaterThan(1));
  });

  it('schedule history: delete the current entry after Sim; change its start date', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    await user.click(screen.getByRole('tab', { name: 'Histórico de Escalas de Horários' }));
    const painel = await screen.findByRole('tabpanel', { name: 'Histórico de Escalas de Horários' });
    await user.click(within(painel).getByRole('button', { name: 'Excluir escala atual' }));
    expect(
      await screen.findByText(
        'Excluir a escala atual 12x36 noturno (Revezamento) (desde 01/06/2025)? A escala anterior volta a ser a atual.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.trocarExcluirContrato)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.trocarExcluirContrato)[0]!.body).toMatchObject({
      funcionario: { id: 5 },
      funcionarioContratoAtual: { id: 41 },
      funcionarioContratoNovo: null,
    });
    // The confirmation closes (its exit transition runs on real timers) before the next dialog opens.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(painel).getByRole('button', { name: 'Alterar data de início' }));
    const data = within(dialog()).getByLabelText('Data início', { selector: 'input' });
    expect(data).toHaveValue('01/06/2025');
    fireEvent.input(data, { target: { value: '15/06/2025' } });
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.alterarDataInicioContrato)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.alterarDataInicioContrato)[0]!.body).toMatchObject({
      funcionarioContrato: { id: 41 },
      dataInicio: '2025-06-15',
    });
  });

  it('position history: a new position needs a start date; changing the current one sends none', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByDisplayValue('Maria da Silva');
    await user.click(screen.getByRole('tab', { name: 'Histórico de Cargos' }));
    const painel = await screen.findByRole('tabpanel', { name: 'Histórico de Cargos' });
    expect(within(painel).getAllByRole('button', { name: /cargo/ })).toHaveLength(2);

    await user.click(within(painel).getByRole('button', { name: 'Novo cargo a partir de uma data' }));
    await choose(user, 'Novo cargo', 'Operador', dialog());
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(M.informeDataInicio)).toBeInTheDocument();
    fireEvent.input(within(dialog()).getByLabelText('A partir de', { selector: 'input' }), {
      target: { value: '01/04/2026' },
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.salvarFuncionarioCargo)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.salvarFuncionarioCargo)[0]!.body).toMatchObject({
      idCargoNovo: 3,
      idCargoFuncionarioAntigo: 31,
      dataInicio: '2026-04-01',
      ehHistorico: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(painel).getByRole('button', { name: 'Alterar cargo atual' }));
    expect(within(dialog()).queryByLabelText('A partir de')).not.toBeInTheDocument();
    await choose(user, 'Cargo', 'Supervisor', dialog());
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(M.cargoIgual)).toBeInTheDocument();
    await choose(user, 'Cargo', 'Operador', dialog());
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.salvarFuncionarioCargo)).toHaveLength(2));
    expect(api.callsTo(funcionarioApi.salvarFuncionarioCargo)[1]!.body).toMatchObject({
      idCargoNovo: 3,
      idCargoFuncionarioAntigo: 31,
      dataInicio: null,
      ehHistorico: false,
    });
  });

  it('an employee out of reach (404) says so with the way back', async () => {
    const api = server();
    api.on(funcionarioApi.buscarFuncionario, reply(404, { mensagem: M.naoEncontrado }));
    await abrir('/cadastros/funcionarios/999/editar?at=true');
    expect(await screen.findByText(M.naoEncontrado, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar para Funcionários' })).toBeInTheDocument();
  });
});
