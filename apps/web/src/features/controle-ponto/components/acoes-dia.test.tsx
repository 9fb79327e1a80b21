import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { controlePontoApi } from '@jornada/contracts';
import { abrir, dia, mes, server } from './marcacoes.fixtures';

const A = controlePontoApi.ACOES_DIA_MSG;

/** The row of a day ('dd/mm') in the Detalhes table. */
const linha = async (diaMes: string) =>
  within(await screen.findByLabelText('Dias do mês'))
    .getByText(diaMes)
    .closest('tr')!;

const menu = async (user: Awaited<ReturnType<typeof abrir>>['user'], diaMes: string, item: string) => {
  await user.click(within(await linha(diaMes)).getByRole('button', { name: `Ações do dia ${diaMes}` }));
  await user.click(await screen.findByText(item, { selector: '.p-menuitem-text' }));
};

afterEach(() => sessionStorage.clear());

describe('Marcações: ações do dia (seed 002 §2 "Day dialogs"; decision 0074)', () => {
  it('Lançar Folga: the dialog follows the day; the answer replaces the month on screen', async () => {
    const api = server();
    api.on(controlePontoApi.buscarFolgaPontoDia, { temFolga: false });
    api.on(controlePontoApi.lancarFolgaPontoDia, {
      mensagem: A.folgaLancada,
      marcacoes: mes({ pontos: [dia(2), dia(3, { tipoDia: 'dayoff', descricaoEventos: 'Folga lançada' })] }),
    });
    const { user } = await abrir();
    await menu(user, '03/02', 'Lançar/Excluir Folga');
    const dialogo = await screen.findByRole('dialog', { name: 'Lançar Folga' });
    expect(within(dialogo).getByText(A.confirmarLancarFolga, { exact: false })).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Lançar folga' }));
    expect(await screen.findByText(A.folgaLancada)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.lancarFolgaPontoDia)[0]!.body).toMatchObject({
      cnpj: 1,
      funcionario: 12,
      data: '2026-02-03',
    });
    // No reload: the row shows what the answer brought.
    expect(within(await linha('03/02')).getByText('Folga lançada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a day with a day off opens Excluir Folga', async () => {
    const api = server();
    api.on(controlePontoApi.buscarFolgaPontoDia, { temFolga: true });
    api.on(controlePontoApi.excluirFolgaPontoDia, { mensagem: A.folgaExcluida, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '02/02', 'Lançar/Excluir Folga');
    const dialogo = await screen.findByRole('dialog', { name: 'Excluir Folga' });
    await user.click(within(dialogo).getByRole('button', { name: 'Excluir folga' }));
    expect(await screen.findByText(A.folgaExcluida)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.excluirFolgaPontoDia)).toHaveLength(1);
    expect(api.callsTo(controlePontoApi.lancarFolgaPontoDia)).toHaveLength(0);
  });

  it('a dialog opened again reads the day again (never the copy of the last opening)', async () => {
    const api = server();
    let temFolga = false;
    api.on(controlePontoApi.buscarFolgaPontoDia, () => ({ temFolga }));
    const { user } = await abrir();
    await menu(user, '03/02', 'Lançar/Excluir Folga');
    const primeira = await screen.findByRole('dialog', { name: 'Lançar Folga' });
    await user.click(within(primeira).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    temFolga = true; // another operator launched it meanwhile
    await menu(user, '03/02', 'Lançar/Excluir Folga');
    expect(await screen.findByRole('dialog', { name: 'Excluir Folga' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lançar folga' })).not.toBeInTheDocument();
  });

  it('Feriado: without a holiday the seed warning; Não é Feriado is sent as excluido', async () => {
    const api = server();
    api.on(controlePontoApi.buscarFeriadoDia, { feriados: [], feriadoExcluido: false });
    api.on(controlePontoApi.salvarFeriadoExcluido, { mensagem: A.feriadoSalvo, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Feriado');
    const dialogo = await screen.findByRole('dialog', { name: 'Feriado · 03/02/2026' });
    expect(await within(dialogo).findByText(A.semFeriado)).toBeInTheDocument();
    expect(within(dialogo).getByLabelText('É Feriado')).toBeChecked();
    await user.click(within(dialogo).getByLabelText('Não é Feriado'));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(A.feriadoSalvo)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.salvarFeriadoExcluido)[0]!.body).toMatchObject({
      data: '2026-02-03',
      excluido: true,
    });
  });

  it('Excluir ocorrências: only on a day with occurrences, after a confirmation', async () => {
    const api = server(mes({ pontos: [dia(2), dia(3, { ocorrenciaMarcacoes: 'Atestado médico' })] }));
    api.on(controlePontoApi.marcarExcluirOcorrencia, { mensagem: A.ocorrenciasExcluidas, marcacoes: mes() });
    const { user } = await abrir();
    await user.click(within(await linha('02/02')).getByRole('button', { name: 'Ações do dia 02/02' }));
    const item = await screen.findByText('Excluir ocorrências', { selector: '.p-menuitem-text' });
    expect(item.closest('[data-pc-section="menuitem"]')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await menu(user, '03/02', 'Excluir ocorrências');
    expect(await screen.findByText(A.confirmarExcluirOcorrencias)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(A.ocorrenciasExcluidas)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.marcarExcluirOcorrencia)[0]!.body).toMatchObject({
      cnpj: 1,
      idFuncionario: 12,
      diaPonto: '2026-02-03',
    });
  });

  it('Editar marcações: a discard needs its reason; a new punch is sent with its date, time and reason', async () => {
    const api = server();
    api.on(controlePontoApi.listarEdicaoMarcacoes, {
      marcacoesREPP: [
        { id: 71, data: '2026-02-03', hora: '08:20', fonte: 'R', descartado: false, justificativa: null },
        { id: 72, data: '2026-02-03', hora: '12:00', fonte: 'R', descartado: false, justificativa: null },
      ],
      marcacoesInseridas: [],
      justificativas: [
        { id: 4, descricao: 'Esquecimento', tipo: 4 },
        { id: 5, descricao: 'Marcação em duplicidade', tipo: 5 },
      ],
    });
    api.on(controlePontoApi.salvarEdicaoMarcacoes, { mensagem: A.marcacoesSalvas, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Editar marcações');
    const dialogo = await screen.findByRole('dialog', { name: 'Editar marcações · 03/02/2026' });
    await user.click(await within(dialogo).findByLabelText('Descartar 12:00'));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(A.justificativaDescartar)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.salvarEdicaoMarcacoes)).toHaveLength(0);

    const escolher = async (id: string, opcao: string) => {
      await user.click(
        within(dialogo)
          .getByLabelText('Justificativa', { selector: `#${id}` })
          .closest('.p-dropdown')!,
      );
      await user.click(await screen.findByText(opcao, { selector: 'li, li *' }));
    };
    await escolher('rep-72-justificativa', 'Marcação em duplicidade');
    await user.click(within(dialogo).getByRole('tab', { name: 'Marcações inseridas' }));
    await user.click(within(dialogo).getByRole('button', { name: 'Incluir marcação' }));
    await user.type(within(dialogo).getByLabelText('Hora'), '1230');
    await escolher('nova-0-justificativa', 'Esquecimento');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(A.marcacoesSalvas)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.salvarEdicaoMarcacoes)[0]!.body).toMatchObject({
      data: '2026-02-03',
      marcacoesREPP: [
        { id: 71, descartado: false, justificativa: null },
        { id: 72, descartado: true, justificativa: 5 },
      ],
      marcacoesInseridas: [
        { id: null, nova: true, excluir: false, data: '2026-02-03', hora: '12:30', justificativa: 4 },
      ],
    });
  });

  it("Mudança de Horário: the seed messages on an empty save; the day's times and justification are sent", async () => {
    const api = server();
    api.on(controlePontoApi.buscarMudancaHorarioDia, {
      horarioFlexivel: null,
      justificativa: null,
      justificativas: [{ id: 9, descricao: 'Troca de turno' }],
    });
    api.on(controlePontoApi.salvarMudancaHorarioDia, { mensagem: A.mudancaSalva, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Mudança de Horário');
    const dialogo = await screen.findByRole('dialog', { name: 'Mudança de Horário · 03/02/2026' });
    await user.click(await within(dialogo).findByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(A.configureHorario)).toBeInTheDocument();
    expect(within(dialogo).getByText(A.selecioneJustificativa)).toBeInTheDocument();
    await user.type(within(dialogo).getByLabelText('Entrada 1'), '0800');
    await user.type(within(dialogo).getByLabelText('Saída 1'), '2530');
    await user.click(within(dialogo).getByLabelText('Justificativa').closest('.p-dropdown')!);
    await user.click(await screen.findByText('Troca de turno', { selector: 'li, li *' }));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(A.mudancaSalva)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.salvarMudancaHorarioDia)[0]!.body).toMatchObject({
      data: '2026-02-03',
      horarioFlexivel: { entrada1: '08:00', saida1: '25:30', entrada2: null, saida2: null },
      justificativa: 9,
    });
  });

  it('Mudança de Horário already on the day: its times locked, Excluir', async () => {
    const api = server();
    api.on(controlePontoApi.buscarMudancaHorarioDia, {
      horarioFlexivel: {
        id: 3,
        dia: '2026-02-03',
        entrada1: '10:00',
        saida1: '14:00',
        entrada2: null,
        saida2: null,
        entrada3: null,
        saida3: null,
      },
      justificativa: { id: 9, descricao: 'Troca de turno' },
      justificativas: [{ id: 9, descricao: 'Troca de turno' }],
    });
    api.on(controlePontoApi.excluirMudancaHorarioDia, { mensagem: A.mudancaExcluida, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Mudança de Horário');
    const dialogo = await screen.findByRole('dialog', { name: 'Mudança de Horário · 03/02/2026' });
    expect(await within(dialogo).findByLabelText('Entrada 1')).toHaveValue('10:00');
    expect(within(dialogo).getByLabelText('Entrada 1')).toBeDisabled();
    await user.click(within(dialogo).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(A.mudancaExcluida)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.excluirMudancaHorarioDia)).toHaveLength(1);
    expect(api.callsTo(controlePontoApi.salvarMudancaHorarioDia)).toHaveLength(0);
  });

  const AJUSTES = {
    eventosInjustificados: [
      { id: 2, codigo: 'atraso' as const, descricaoEventoReal: 'Atraso (01:00)', minutos: 60 },
      { id: 3, codigo: 'saida' as const, descricaoEventoReal: 'Saída Antecipada (00:30)', minutos: 30 },
    ],
    eventosAjusteParcial: [],
    justificativas: [{ id: 4, descricao: 'Consulta médica' }],
  };
  const escolher = async (
    user: Awaited<ReturnType<typeof abrir>>['user'],
    dialogo: HTMLElement,
    rotulo: string,
    opcao: string,
  ) => {
    await user.click(within(dialogo).getByLabelText(rotulo).closest('.p-dropdown')!);
    await user.click(await screen.findByText(opcao, { selector: 'li, li *' }));
  };

  it('Ajuste parcial: the seed messages on an empty save; the event, interval and justification are sent', async () => {
    const api = server();
    api.on(controlePontoApi.buscarAjusteParcial, AJUSTES);
    api.on(controlePontoApi.salvarAjusteParcial, { mensagem: A.ajusteSalvo, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Ajuste parcial');
    const dialogo = await screen.findByRole('dialog', { name: 'Ajuste parcial · 03/02/2026' });
    // No adjustment on the day: no 'Evento abonado'.
    await within(dialogo).findByLabelText('Evento');
    expect(within(dialogo).queryByLabelText('Evento abonado')).not.toBeInTheDocument();
    expect(within(dialogo).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    for (const m of [A.selecioneJustificativa, A.selecioneEvento, A.informeHoraInicio, A.informeHoraFinal])
      expect(await within(dialogo).findByText(m)).toBeInTheDocument();
    await escolher(user, dialogo, 'Justificativa', 'Consulta médica');
    await escolher(user, dialogo, 'Evento', 'Atraso (01:00)');
    await user.type(within(dialogo).getByLabelText('Hora início'), '0900');
    await user.type(within(dialogo).getByLabelText('Hora final'), '0830');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(A.ajusteFimAntesInicio)).toBeInTheDocument();
    await user.clear(within(dialogo).getByLabelText('Hora início'));
    await user.type(within(dialogo).getByLabelText('Hora início'), '0800');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(A.ajusteSalvo)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.salvarAjusteParcial)[0]!.body).toMatchObject({
      data: '2026-02-03',
      ajusteParcial: {
        codigoEvento: 'atraso',
        justificativa: 4,
        diaInicio: '2026-02-03',
        horaInicio: '08:00',
        diaFinal: '2026-02-03',
        horaFinal: '08:30',
      },
    });
  });

  it('Ajuste parcial of an existing adjustment: chosen in Evento abonado, its event locked, Excluir after a confirmation', async () => {
    const api = server();
    api.on(controlePontoApi.buscarAjusteParcial, {
      ...AJUSTES,
      eventosAjusteParcial: [
        {
          id: 7,
          descricaoEventoReal: 'Atraso: 03/02/2026 08:00 a 03/02/2026 08:30',
          ajusteParcial: {
            id: 7,
            dia: '2026-02-03',
            codigoEvento: 'atraso' as const,
            diaInicio: '2026-02-03',
            horaInicio: '08:00',
            diaFinal: '2026-02-03',
            horaFinal: '08:30',
          },
          justificativa: { id: 4, descricao: 'Consulta médica' },
        },
      ],
    });
    api.on(controlePontoApi.excluirAjusteParcial, { mensagem: A.ajusteExcluido, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Ajuste parcial');
    const dialogo = await screen.findByRole('dialog', { name: 'Ajuste parcial · 03/02/2026' });
    await escolher(user, dialogo, 'Evento abonado', 'Atraso: 03/02/2026 08:00 a 03/02/2026 08:30');
    expect(within(dialogo).getByLabelText('Hora início')).toHaveValue('08:00');
    expect(within(dialogo).getByLabelText('Hora final')).toHaveValue('08:30');
    expect(within(dialogo).getByLabelText('Evento').closest('.p-dropdown')).toHaveClass('p-disabled');
    await user.click(within(dialogo).getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(A.ajusteExcluido)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.excluirAjusteParcial)[0]!.body).toMatchObject({ ajusteParcial: { id: 7 } });
    expect(api.callsTo(controlePontoApi.salvarAjusteParcial)).toHaveLength(0);
  });

  it('Justificar: an event moved with its reason can be undone before saving; what was saved is listed', async () => {
    const api = server();
    api.on(controlePontoApi.listarEventosJustificativa, {
      naoJustificados: AJUSTES.eventosInjustificados,
      justificados: [
        {
          id: 5,
          codigo: 'falta' as const,
          descricaoEventoReal: 'Falta',
          justificativa: { id: 4, descricao: 'Consulta médica' },
          observacao: 'manhã',
          usuarioJustificativa: 'Ana',
        },
      ],
      justificativas: AJUSTES.justificativas,
    });
    api.on(controlePontoApi.salvarEventosJustificativa, { mensagem: A.eventosJustificados, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Justificar');
    const dialogo = await screen.findByRole('dialog', { name: 'Justificar · 03/02/2026' });
    const justificados = await within(dialogo).findByRole('region', { name: 'Eventos justificados' });
    expect(within(justificados).getByText('(por Ana)', { exact: false })).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(A.nenhumEvento)).toBeInTheDocument();
    await user.click(within(dialogo).getByLabelText('Atraso (01:00)'));
    await user.click(within(dialogo).getByRole('button', { name: 'Justificar' }));
    expect(await within(dialogo).findByText(A.selecioneEventoJustificativa)).toBeInTheDocument();
    await escolher(user, dialogo, 'Justificativa', 'Consulta médica');
    await user.type(within(dialogo).getByLabelText('Observação'), 'exame');
    await user.click(within(dialogo).getByRole('button', { name: 'Justificar' }));
    // Moved: gone from the first list, new in the second; undone, it is back.
    expect(within(dialogo).queryByLabelText('Atraso (01:00)')).not.toBeInTheDocument();
    await user.click(within(justificados).getByRole('button', { name: 'Desfazer Atraso' }));
    await user.click(within(dialogo).getByLabelText('Atraso (01:00)'));
    await user.click(within(dialogo).getByRole('button', { name: 'Justificar' }));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(A.eventosJustificados)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.salvarEventosJustificativa)).toHaveLength(1);
    expect(api.callsTo(controlePontoApi.salvarEventosJustificativa)[0]!.body).toMatchObject({
      data: '2026-02-03',
      eventos: [{ codigo: 'atraso', justificativa: 4, observacao: '' }],
    });
  });

  it('Mover Marcações: a punch and a target are required; the next day is sent', async () => {
    const api = server();
    api.on(controlePontoApi.buscarMarcacoesMover, [
      { id: 81, dataHora: '2026-02-03 08:20', selecionado: false },
      { id: 82, dataHora: '2026-02-03 23:50', selecionado: false },
    ]);
    api.on(controlePontoApi.salvarMoverMarcacoes, { mensagem: A.marcacoesMovidas, marcacoes: mes() });
    const { user } = await abrir();
    await menu(user, '03/02', 'Mover Marcações');
    const dialogo = await screen.findByRole('dialog', { name: 'Mover Marcações · 03/02/2026' });
    await user.click(await within(dialogo).findByRole('button', { name: 'Mover' }));
    expect(await within(dialogo).findByText(A.selecioneMarcacaoMover)).toBeInTheDocument();
    expect(within(dialogo).getByText(A.selecioneDataMover)).toBeInTheDocument();
    await user.click(within(dialogo).getByLabelText('03/02/2026 23:50'));
    await user.click(within(dialogo).getByLabelText('Dia seguinte (04/02/2026)'));
    await user.click(within(dialogo).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText(A.marcacoesMovidas)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.salvarMoverMarcacoes)[0]!.body).toMatchObject({
      data: '2026-02-03',
      dataDestino: '2026-02-04',
      marcacoes: [{ id: 82, selecionado: true }],
    });
  });

  it('no day actions on a closed period', async () => {
    server(
      mes({
        periodoFechamento: {
          id: 4,
          fechado: true,
          concluido: false,
          dataInicio: '2026-02-01',
          dataFinal: '2026-02-28',
        },
      }),
    );
    await abrir();
    await screen.findByLabelText('Dias do mês');
    expect(screen.queryByRole('button', { name: /^Ações do dia/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
  });
});
