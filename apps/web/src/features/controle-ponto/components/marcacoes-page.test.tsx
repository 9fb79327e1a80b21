import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ESPELHO_PONTO, MSG_RELATORIO, PERM, controlePontoApi, solicitacaoDocumentoApi } from '@jornada/contracts';
import { reply } from '../../../test/api-stub';
import { lembrarLista } from '../lista-estado';
import { CALCULADO } from './marcacoes-page';
import { abrir, celulas, dia, mes, server, toasts, TODOS, URL_12 } from './marcacoes.fixtures';

const MM = controlePontoApi.MARCACOES_MSG;

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('Marcações (seed 002 §2, §3)', () => {
  it('shows the header and the days: punches, jornada, missing hours, red irregular date; the month summary', async () => {
    const api = server();
    await abrir();
    const tabela = await screen.findByLabelText('Dias do mês');
    expect(screen.getByText('Funcionário 12')).toBeInTheDocument();
    expect(screen.getByText(/Crachá 00000000000112 · Produção/)).toBeInTheDocument();
    expect(screen.getByText(/Período 01\/02\/2026 a 28\/02\/2026/)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.buscarCalcularPonto)[0]!.body).toMatchObject({
      mes: 2,
      ano: 2026,
      cnpj: 1,
      funcionario: 12,
    });
    const rows = within(tabela).getAllByRole('row');
    // No day has a third pair: its columns are not there.
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Dia',
      'Sem.',
      'Marcações',
      'Ent. 1',
      'Saí. 1',
      'Ent. 2',
      'Saí. 2',
      'Jornada',
      'Faltantes',
      'Horário',
      'Ocorrências',
      'Eventos',
      'Por quê?',
      'Ações',
    ]);
    expect(celulas(rows[2]!).slice(0, 12)).toEqual([
      '03/02',
      'Ter',
      '08:20 12:00 13:00 17:00',
      '08:20',
      '12:00',
      '13:00',
      '17:00',
      '08:00',
      '00:20',
      '3',
      '',
      'Atraso',
    ]);
    expect(within(rows[2]!).getByText('03/02')).toHaveClass('marcacoes-irregular');
    expect(within(rows[1]!).getByText('02/02')).not.toHaveClass('marcacoes-irregular');
    const sumario = screen.getByLabelText('Sumário do mês');
    expect(within(sumario).getByText('Jornada').nextSibling).toHaveTextContent('15:40');
    expect(within(sumario).getByText('Saldo final BH').nextSibling!.firstChild).toHaveClass('marcacoes-negativo');
    expect(within(sumario).getByText('Saldo final BH').nextSibling).toHaveTextContent('-01:00');
  });

  it('a day not yet over is marked open, not irregular (decision 0073)', async () => {
    server(mes({ pontos: [dia(2), dia(3, { emAberto: true, descricaoMarcacoes: '08:00', saida1: null })] }));
    await abrir();
    const rows = within(await screen.findByLabelText('Dias do mês')).getAllByRole('row');
    expect(within(rows[2]!).getByLabelText('Dia em aberto')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('03/02')).toHaveClass('marcacoes-em-aberto');
    expect(within(rows[1]!).queryByLabelText('Dia em aberto')).not.toBeInTheDocument();
  });

  it('the third pair shows when some day has it', async () => {
    server(mes({ pontos: [dia(2), dia(4, { entrada3: '18:00', saida3: '19:00' })] }));
    await abrir();
    const tabela = await screen.findByLabelText('Dias do mês');
    expect(within(tabela).getByRole('columnheader', { name: 'Ent. 3' })).toBeInTheDocument();
    expect(within(tabela).getByRole('columnheader', { name: 'Saí. 3' })).toBeInTheDocument();
  });

  it('Ações → Calcular recalculates in the request and shows the new days; Atualizar reads again', async () => {
    const api = server();
    api.on(controlePontoApi.buscarCalcularMarcacoesFuncionario, () =>
      mes({ pontos: [dia(2), dia(3, { descricaoEventos: 'Recalculado' })] }),
    );
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('button', { name: 'Ações: Calcular' }));
    expect(await screen.findByText('Recalculado')).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.buscarCalcularMarcacoesFuncionario)[0]!.body).toMatchObject({
      funcionario: 12,
      applicarCalculos: true,
    });
    expect(await within(toasts()).findByText(CALCULADO)).toBeInTheDocument();
    const lidas = api.callsTo(controlePontoApi.buscarCalcularPonto).length;
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(api.callsTo(controlePontoApi.buscarCalcularPonto).length).toBe(lidas + 1));
  });

  it('a month never calculated offers Calcular; a closed period has no Ações and says so', async () => {
    const api = server(mes({ calculadoEm: null, pontos: [], sumario: null }));
    const { user, unmount } = await abrir();
    expect(await screen.findByText('O mês ainda não foi calculado para este funcionário.')).toBeInTheDocument();
    api.on(controlePontoApi.buscarCalcularMarcacoesFuncionario, () => mes());
    await user.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findByLabelText('Dias do mês')).toBeInTheDocument();
    unmount();

    server(
      mes({
        periodoFechamento: {
          id: 5,
          fechado: true,
          concluido: false,
          dataInicio: '2026-02-01',
          dataFinal: '2026-02-28',
        },
      }),
    );
    await abrir();
    expect(await screen.findByText('Período fechado: as marcações não podem ser tratadas.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ações: Calcular' })).not.toBeInTheDocument();
  });

  it('Ações → Fechar período asks first, sends fecharPeriodo and reads the month again', async () => {
    const api = server();
    api.on(controlePontoApi.concluirFecharPeriodo, { mensagem: MM.periodoFechadoSucesso });
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('button', { name: 'Mais ações' }));
    await user.click(await screen.findByText('Fechar período', { selector: '.p-menuitem-text' }));
    expect(await screen.findByText(MM.confirmarFechar)).toBeInTheDocument();
    const lidas = api.callsTo(controlePontoApi.buscarCalcularPonto).length;
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MM.periodoFechadoSucesso)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.concluirFecharPeriodo)[0]!.body).toMatchObject({
      mes: 2,
      ano: 2026,
      cnpj: 1,
      funcionario: 12,
      fecharPeriodo: true,
    });
    await waitFor(() => expect(api.callsTo(controlePontoApi.buscarCalcularPonto).length).toBe(lidas + 1));
  });

  it('Ações → Concluir asks first and sends fecharPeriodo false', async () => {
    const api = server();
    api.on(controlePontoApi.concluirFecharPeriodo, { mensagem: MM.periodoConcluidoSucesso });
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('button', { name: 'Mais ações' }));
    await user.click(await screen.findByText('Concluir', { selector: '.p-menuitem-text' }));
    expect(await screen.findByText(MM.confirmarConcluir)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MM.periodoConcluidoSucesso)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.concluirFecharPeriodo)[0]!.body).toMatchObject({ fecharPeriodo: false });
  });

  it('a closed period: the Administrador (175) opens it after a confirmation', async () => {
    const api = server(
      mes({
        periodoFechamento: { id: 5, fechado: true, concluido: true, dataInicio: '2026-02-01', dataFinal: '2026-02-28' },
      }),
    );
    api.on(controlePontoApi.abrirPeriodo, { mensagem: MM.periodoAbertoSucesso });
    const { user } = await abrir(URL_12, [...TODOS, PERM.CONTROLE_PONTO_ABRIR_PERIODO]);
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('button', { name: 'Ações: Abrir período' }));
    expect(await screen.findByText(MM.confirmarAbrir)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MM.periodoAbertoSucesso)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.abrirPeriodo)[0]!.body).toMatchObject({ idPeriodoFechamento: 5 });
  });

  it('Ações → Espelho de ponto, in an open period, only for holders of 129', async () => {
    server();
    const { user, unmount } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('button', { name: 'Mais ações' }));
    expect(await screen.findByText('Fechar período', { selector: '.p-menuitem-text' })).toBeInTheDocument();
    expect(screen.queryByText('Espelho de ponto', { selector: '.p-menuitem-text' })).toBeNull();
    unmount();

    server();
    const outra = await abrir(URL_12, [...TODOS, PERM.RELATORIO_ESPELHO_PONTO]);
    await screen.findByLabelText('Dias do mês');
    await outra.user.click(screen.getByRole('button', { name: 'Mais ações' }));
    await screen.findByText('Espelho de ponto', { selector: '.p-menuitem-text' });
    expect([...document.querySelectorAll('.p-menuitem-text')].map((e) => e.textContent)).toEqual([
      'Calcular',
      'Fechar período',
      'Concluir',
      'Espelho de ponto',
    ]);
  });

  it('a closed period: Espelho de ponto alone still makes Ações; it asks the month with origem controlePonto', async () => {
    const api = server(
      mes({
        periodoFechamento: { id: 5, fechado: true, concluido: true, dataInicio: '2026-02-01', dataFinal: '2026-02-28' },
      }),
    );
    api.on(solicitacaoDocumentoApi.criarSolicitacaoDocumento, { id: 88, status: 'FILA' });
    const { user } = await abrir(URL_12, [...TODOS, PERM.RELATORIO_ESPELHO_PONTO]);
    await screen.findByLabelText('Dias do mês');
    const acoes = screen.getByRole('button', { name: 'Ações: Espelho de ponto' });
    await user.click(acoes);
    expect(await screen.findByRole('link', { name: MSG_RELATORIO.processando })).toHaveAttribute(
      'href',
      '/relatorios/historico?id=88',
    );
    expect(api.callsTo(solicitacaoDocumentoApi.criarSolicitacaoDocumento).map((c) => c.body)).toEqual([
      {
        servico: ESPELHO_PONTO.servico,
        nomeDocumento: ESPELHO_PONTO.nome,
        tipoDocumento: 'pdf',
        cnpj: 1,
        idsFuncionarios: [12],
        todos: false,
        mesSelecionado: 2,
        anoSelecionado: 2026,
        origem: ESPELHO_PONTO.origemControlePonto,
        usuarioRequisicao: expect.any(Object),
      },
    ]);
    // While its request is monitored, the only action waits.
    expect(acoes).toBeDisabled();
  });

  it('a refused Calcular keeps the month and shows the server message', async () => {
    const api = server();
    api.on(controlePontoApi.buscarCalcularMarcacoesFuncionario, () =>
      reply(400, { mensagem: controlePontoApi.MARCACOES_MSG.periodoFechado }),
    );
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('button', { name: 'Ações: Calcular' }));
    expect(await within(toasts()).findByText(controlePontoApi.MARCACOES_MSG.periodoFechado)).toBeInTheDocument();
    expect(screen.getByText('Atraso')).toBeInTheDocument();
  });

  it('Por quê? opens the day: its context and the engine steps', async () => {
    const api = server();
    api.on(controlePontoApi.explicarDia, {
      dia: '2026-02-03',
      contexto: [
        { rotulo: 'Tipo do dia', valor: 'Dia útil' },
        { rotulo: 'Escala', valor: '3 - Comercial (versão em vigor desde 01/01/2026)' },
      ],
      passos: [
        { regra: '§4.2', quantidade: 'Horas previstas', minutos: 480, motivo: 'Horas previstas 08:00 (480 min)' },
        { regra: '§7.1', quantidade: 'Atraso', minutos: 20, motivo: 'Entrada 08:20 após 08:00 e a tolerância' },
      ],
    });
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('button', { name: 'Por quê? 03/02' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Por quê? 03/02/2026' });
    expect(await within(dialogo).findByText('3 - Comercial (versão em vigor desde 01/01/2026)')).toBeInTheDocument();
    expect(within(dialogo).getByText('Entrada 08:20 após 08:00 e a tolerância')).toBeInTheDocument();
    expect(within(dialogo).getByText('00:20')).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.explicarDia)[0]!.body).toMatchObject({
      cnpj: 1,
      funcionario: 12,
      data: '2026-02-03',
    });
  });

  it('Resumo shows the four panels, negatives in red', async () => {
    const api = server();
    api.on(controlePontoApi.buscarResumoFuncionario, {
      totaisJornadas: [{ descricao: 'Dias úteis', dias: 2, total: 940 }],
      horasExtrasEventos: [{ descricao: 'HE 50%', valor: 30 }],
      outrosEventos: [{ descricao: 'Atraso', dias: 1, valor: 20 }],
      totaisBancoHoras: [{ descricao: 'Saldo final', valor: -60 }],
    });
    const { user } = await abrir();
    await screen.findByLabelText('Dias do mês');
    await user.click(screen.getByRole('tab', { name: 'Resumo' }));
    const banco = await screen.findByLabelText('Banco de horas do mês');
    expect(within(banco).getByText('-01:00')).toHaveClass('marcacoes-negativo');
    expect(within(screen.getByLabelText('Totais de jornada')).getByText('15:40')).not.toHaveClass('marcacoes-negativo');
    expect(within(screen.getByLabelText('Horas extras do mês')).getByText('HE 50%')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Eventos do mês')).getByText('Atraso')).toBeInTheDocument();
  });

  it('previous/next walk the Controle list left, across its pages; Voltar returns to the page of the one open', async () => {
    server();
    lembrarLista('?empresa=1&cc=20&mes=2026-02');
    const { user, location } = await abrir('/movimento/controle-ponto/marcacoes?funcionario=10&empresa=1&mes=2026-02');
    await screen.findByText('Funcionário 10');
    const proximo = screen.getByRole('button', { name: 'Próximo funcionário' });
    await waitFor(() => expect(proximo).toBeEnabled());
    await user.click(proximo);
    // 10 was the last of page 1 (10 a page): the next is the first of page 2.
    await waitFor(() => expect(location().search).toBe('?funcionario=11&empresa=1&mes=2026-02'));
    await screen.findByText('Funcionário 11');
    await user.click(screen.getByRole('button', { name: 'Próximo funcionário' }));
    await waitFor(() => expect(location().search).toBe('?funcionario=12&empresa=1&mes=2026-02'));
    // 12 is the last of all.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Próximo funcionário' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Voltar ao Controle do Ponto' }));
    await waitFor(() => expect(location().pathname).toBe('/movimento/controle-ponto'));
    expect(location().search).toBe('?empresa=1&cc=20&mes=2026-02&pagina=2');
  });

  it('without employee or company in the address, it points back to the Controle list', async () => {
    server();
    await abrir('/movimento/controle-ponto/marcacoes?mes=2026-02');
    expect(screen.getByText('Escolha um funcionário no Controle do Ponto para ver as marcações.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o Controle do Ponto' })).toBeInTheDocument();
  });
});
