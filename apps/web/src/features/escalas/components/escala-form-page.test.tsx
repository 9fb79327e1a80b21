import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PERM, escalaApi, type ConfiguracaoEscala, type ResponseOf } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';
import { AVISO_REFEICAO, AVISO_REFEICAO_MS } from './politicas-tabs';

const { ESCALA_MSG: M, ESCALA_PADRAO, PRESETS_QUADRO, VALIDA_DESDE_INICIAL } = escalaApi;
type Buscada = ResponseOf<typeof escalaApi.buscarEscala>;

const BASE = [PERM.ESCALAS_HORARIOS_VER, PERM.ESCALAS_HORARIOS_NOVO, PERM.ESCALAS_HORARIOS_EDITAR];
const ALL = [...BASE, PERM.ESCALAS_HORARIOS_BANCO_HORAS, PERM.ESCALAS_HORARIOS_REVEZAMENTO];

const comercial = (): ConfiguracaoEscala => ({
  ...structuredClone(ESCALA_PADRAO),
  descricao: 'Comercial 44h',
  quadroHorario: {
    validarFechamento: false,
    horasFechamento: null,
    diasDaSemana: structuredClone(PRESETS_QUADRO[5]!.dias),
  },
  politicaHoraExtra: {
    ...structuredClone(ESCALA_PADRAO.politicaHoraExtra),
    faixasHoraExtra: [
      { ...ESCALA_PADRAO.politicaHoraExtra.faixasHoraExtra[0]!, ate: 2 },
      { ...ESCALA_PADRAO.politicaHoraExtra.faixasHoraExtra[0]!, tipo: 2, segunda: 0.7, folga: 1.2 },
    ],
  },
});

const buscada = (over: Partial<Buscada> = {}): Buscada => ({
  idContrato: 5,
  configuracao: comercial(),
  temHistorico: false,
  validaDesde: VALIDA_DESDE_INICIAL,
  versoes: [{ id: 9, validaDesde: VALIDA_DESDE_INICIAL, tipoEscala: 'EQH' }],
  ...over,
});

function server(escala: Buscada = buscada()) {
  const api = stubApi();
  api.on(escalaApi.listarEscalas, []);
  api.on(escalaApi.buscarEscala, (b) =>
    b.idContrato === escala.idContrato ? escala : reply(404, { mensagem: M.escalaNaoEncontrada }),
  );
  api.on(escalaApi.salvarEscala, { mensagem: M.escalaSalva, idContrato: 77 });
  api.on(escalaApi.alterarEscala, (b) => ({
    mensagem: M.escalaAlterada,
    validaDesde: b.aPartirDe ?? VALIDA_DESDE_INICIAL,
  }));
  api.on(escalaApi.listarCiclos, [{ id: 4, descricao: '6x1 06:00-14:20', quantidade: 1 }]);
  api.on(escalaApi.detalhesCiclos, (b) => ({
    id: b.idCiclo,
    descricao: '6x1 06:00-14:20',
    ciclos: [
      {
        posicao: 1,
        diasTrabalhados: 6,
        diasFolgas: 1,
        fatorRepeticao: 1,
        entrada1: '06:00',
        saida1: '14:20',
        entrada2: null,
        saida2: null,
        entrada3: null,
        saida3: null,
      },
    ],
  }));
  api.on(escalaApi.sequenciaCiclosEscala, {
    comprimento: 7,
    regime12x36: false,
    dias: [{ dia: 1, data: '2026-11-23', posicao: 1, trabalho: true, horarios: [['06:00', '14:20']] }],
  });
  return api;
}

const text = (name: string) => screen.getByRole('textbox', { name });
const spin = (name: string) => screen.getByRole('spinbutton', { name });
const tab = (name: string | RegExp) => screen.getByRole('tab', { name });

async function abrir(path: string, codes: number[] = ALL, escala?: Buscada) {
  const api = server(escala);
  const user = userEvent.setup();
  const app = renderApp(path, makeSession(codes));
  await screen.findByRole('heading', {
    name: path.endsWith('/novo') ? 'Nova Escala de Horários' : 'Editar Escala de Horários',
  });
  if (!path.endsWith('/novo')) await waitFor(() => expect(text('Descrição')).not.toHaveValue(''));
  return { api, user, ...app };
}

async function hora(user: UserEvent, name: string, value: string) {
  await user.clear(text(name));
  if (value) await user.type(text(name), value);
  await user.tab();
}

describe('Nova Escala de Horários (seed 001 §2.2, §4, §9)', () => {
  it('opens with the seed defaults, every tab, and the type buttons by code', async () => {
    const { user } = await abrir('/cadastros/escalas-horarios/novo');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Quadro de Horários',
      'Contratual',
      'DSR',
      'Atrasos',
      'Horas Extras',
      'Banco de Horas',
    ]);
    expect(screen.getByRole('button', { name: 'Quadro de Horários' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Revezamento' })).toBeInTheDocument();
    expect(text('Descrição')).toHaveAttribute('maxLength', '80');
    expect(text('Entrada 1 de Segunda')).toHaveAttribute('maxLength', '5');
    await user.click(tab('Contratual'));
    expect(text('Horas DSR')).toHaveValue('07:33');
    expect(text('Adicional noturno de')).toHaveValue('22:00');
    expect(text('Adicional noturno até')).toHaveValue('05:00');
    expect(text('Tempo de interjornada')).toHaveValue('11:00');
    expect(spin('Duração da hora noturna (minutos)')).toHaveValue('52,5');
    expect(spin('Horas mensalistas')).toHaveValue('220');
    await user.click(tab('Atrasos'));
    expect(spin('Atraso máximo por dia (minutos)')).toHaveValue('5');
    await user.click(tab('Horas Extras'));
    expect(spin('Tolerância para início da hora extra (minutos)')).toHaveValue('10');
    expect(spin('Segunda da Faixa normal 1')).toHaveValue('50 %');
    expect(spin('Domingo da Faixa normal 1')).toHaveValue('100 %');
    expect(spin('Até (horas) da Faixa normal 1')).toHaveValue('99');
  });

  it('without 66 there is no Banco de Horas tab, without 86 no Revezamento button', async () => {
    await abrir('/cadastros/escalas-horarios/novo', BASE);
    expect(screen.queryByRole('tab', { name: 'Banco de Horas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revezamento' })).not.toBeInTheDocument();
  });

  it('fills the week from a preset, shows the third pair with two intervals and copies the first day to Mon–Fri', async () => {
    const { user } = await abrir('/cadastros/escalas-horarios/novo');
    await choose(user, 'Tabela pré-definida', '44h 08:00-17:00 Seg-Sab');
    expect(text('Entrada 1 de Segunda')).toHaveValue('08:00');
    expect(text('Saída 2 de Sexta')).toHaveValue('17:00');
    expect(text('Saída 1 de Sábado')).toHaveValue('12:00');
    expect(screen.queryByRole('textbox', { name: 'Entrada 3 de Segunda' })).not.toBeInTheDocument();

    await choose(user, 'Tabela pré-definida', 'Personalizado dois intervalos');
    expect(text('Entrada 1 de Segunda')).toHaveValue('');
    expect(text('Saída 3 de Segunda')).toBeInTheDocument();
    await hora(user, 'Entrada 1 de Segunda', '0700');
    await hora(user, 'Saída 1 de Segunda', '1100');
    await hora(user, 'Entrada 3 de Segunda', '1500');
    await user.click(screen.getByRole('checkbox', { name: 'Horário flexível de Segunda' }));
    await user.click(screen.getByRole('button', { name: 'Copiar primeiro dia para segunda a sexta' }));
    for (const dia of ['Terça', 'Quarta', 'Quinta', 'Sexta']) {
      expect(text(`Entrada 1 de ${dia}`)).toHaveValue('07:00');
      expect(text(`Entrada 3 de ${dia}`)).toHaveValue('15:00');
      expect(screen.getByRole('checkbox', { name: `Horário flexível de ${dia}` })).toBeChecked();
    }
    expect(text('Entrada 1 de Sábado')).toHaveValue('');
    expect(text('Entrada 1 de Domingo')).toHaveValue('');
  });

  it('an invalid time is cleared when leaving the field', async () => {
    const { user } = await abrir('/cadastros/escalas-horarios/novo');
    await hora(user, 'Entrada 1 de Quarta', '2590');
    expect(text('Entrada 1 de Quarta')).toHaveValue('');
  });

  it('Salvar with problems lists every tab message, marks the tabs and sends nothing', async () => {
    const { user, api } = await abrir('/cadastros/escalas-horarios/novo');
    await user.click(tab('Atrasos'));
    await user.clear(spin('Saída antecipada máxima por dia (minutos)'));
    await user.click(tab('Contratual'));
    await hora(user, 'Tempo de interjornada', '');
    await user.click(tab('Horas Extras'));
    await user.click(screen.getByRole('button', { name: 'Remover Faixa normal 1' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar faixa noturna' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const erros = await screen.findByRole('list', { name: 'Erros da escala' });
    for (const m of [M.informeDescricao, M.contratual, M.atrasos, M.horasExtrasFaixa, M.horasExtrasFaixaNoturna]) {
      expect(within(erros).getByText(m)).toBeInTheDocument();
    }
    for (const nome of ['Contratual', 'Atrasos', 'Horas Extras']) {
      expect(tab(new RegExp(`^${nome} com erro$`))).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'DSR' })).toBeInTheDocument();
    // The description's message sits under the field too.
    expect(text('Descrição')).toHaveAttribute('aria-invalid', 'true');
    // Fixing a tab takes its message away.
    await user.click(tab(/^Atrasos/));
    await user.type(spin('Saída antecipada máxima por dia (minutos)'), '3');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(M.atrasos)).not.toBeInTheDocument());
    expect(tab('Atrasos')).toBeInTheDocument();
    expect(api.callsTo(escalaApi.salvarEscala)).toHaveLength(0);
  });

  it('saves a time table with a night band: percentages as fractions, no bank, then the list says Sucesso', async () => {
    const { user, api, location } = await abrir('/cadastros/escalas-horarios/novo');
    await user.type(text('Descrição'), '  Loja Centro  ');
    await choose(user, 'Tabela pré-definida', '40h 08:00-17:00 Seg-Sex');
    await user.click(tab('Horas Extras'));
    await user.click(screen.getByRole('button', { name: 'Adicionar faixa noturna' }));
    await user.type(spin('Até (horas) da Faixa noturna 1'), '99');
    for (const c of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo', 'Feriado', 'Folga']) {
      await user.type(spin(`${c} da Faixa noturna 1`), c === 'Folga' ? '120' : '70');
    }
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(location().pathname).toBe('/cadastros/escalas-horarios'));
    expect(await screen.findByText('Sucesso')).toBeInTheDocument();
    const [call] = api.callsTo(escalaApi.salvarEscala);
    const c = call!.body.configuracao;
    expect(c.descricao).toBe('Loja Centro');
    expect(c.tipoEscala).toBe('EQH');
    expect(c.quadroHorario?.diasDaSemana?.find((d) => d.dia === 2)).toMatchObject({
      entrada1: '08:00',
      saida2: '17:00',
    });
    expect(c.politicaHoraExtra.faixasHoraExtra).toEqual([
      {
        tipo: 1,
        ate: 99,
        segunda: 0.5,
        terca: 0.5,
        quarta: 0.5,
        quinta: 0.5,
        sexta: 0.5,
        sabado: 0.5,
        domingo: 1,
        feriado: 1,
        folga: 1,
      },
      {
        tipo: 2,
        ate: 99,
        segunda: 0.7,
        terca: 0.7,
        quarta: 0.7,
        quinta: 0.7,
        sexta: 0.7,
        sabado: 0.7,
        domingo: 0.7,
        feriado: 0.7,
        folga: 1.2,
      },
    ]);
    expect(c.incluirBancoHoras).toBe(false);
    expect(c).not.toHaveProperty('politicaBancoHora');
    expect(c).not.toHaveProperty('bancoHoraArmazenamento');
    expect(c).not.toHaveProperty('revezamento');
  });

  it('the hour bank: period required, then the period, the agreement and the tables are sent', async () => {
    const { user, api } = await abrir('/cadastros/escalas-horarios/novo');
    await user.type(text('Descrição'), 'Com banco');
    await user.click(tab('Banco de Horas'));
    expect(screen.getByText('Esta escala não usa banco de horas.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Incluir banco de horas' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.bancoHoras)).toBeInTheDocument();
    expect(tab(/^Banco de Horas com erro$/)).toBeInTheDocument();

    const ano = new Date().getFullYear();
    await choose(user, 'Mês do período inicial', 'Março');
    await choose(user, 'Ano do período inicial', String(ano));
    await choose(user, 'Mês do período final', 'Agosto');
    // Another year than the first: a chosen option stays in the first list's hidden select with the same name.
    await choose(user, 'Ano do período final', String(ano + 1));
    await user.click(screen.getByRole('checkbox', { name: /Acordo individual/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Faltas' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hora extra de Sábados no banco' }));
    await hora(user, 'Limite HE de Sábados', '0200');
    await user.type(spin('Faixa de Domingos'), '25');
    await user.type(text('Fator de Domingos'), '1:30');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(M.bancoHoras)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(escalaApi.salvarEscala)).toHaveLength(1));
    const c = api.callsTo(escalaApi.salvarEscala)[0]!.body.configuracao;
    expect(c.incluirBancoHoras).toBe(true);
    expect(c.politicaBancoHora).toEqual({
      periodoInicial: `${ano}-03`,
      periodoFinal: `${ano + 1}-08`,
      acordoIndividual: true,
    });
    expect(c.bancoHoraArmazenamento).toMatchObject({
      faltas: true,
      atrasos: false,
      Sabados: { horaExtra: true, limiteHE: '02:00' },
    });
    expect(c.bancoHoraTransferencia).toMatchObject({ faixaDomingos: 0.25, fatorDomingos: '1:30', faixaSegunda: null });
  });

  it('offers the bank years from ten before to twenty after this one', async () => {
    const { user } = await abrir('/cadastros/escalas-horarios/novo');
    await user.click(tab('Banco de Horas'));
    await user.click(screen.getByRole('switch', { name: 'Incluir banco de horas' }));
    const { optionsOf } = await import('../../../test/dropdown');
    const anos = await optionsOf(user, 'Ano do período inicial');
    const ano = new Date().getFullYear();
    expect(anos[0]).toBe(String(ano - 10));
    expect(anos.at(-1)).toBe(String(ano + 20));
    expect(anos).toHaveLength(31);
  });

  it('the night-shift close validation enables its time; unticking clears it', async () => {
    const { user } = await abrir('/cadastros/escalas-horarios/novo');
    expect(text('Tempo para validar o fechamento')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Turno noturno: validar o fechamento' }));
    expect(text('Tempo para validar o fechamento')).toBeEnabled();
    await user.type(text('Descrição'), 'Noturno');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.quadroFechamento)).toBeInTheDocument();
    await hora(user, 'Tempo para validar o fechamento', '0600');
    await waitFor(() => expect(screen.queryByText(M.quadroFechamento)).not.toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Turno noturno: validar o fechamento' }));
    expect(text('Tempo para validar o fechamento')).toBeDisabled();
    expect(text('Tempo para validar o fechamento')).toHaveValue('');
  });

  it('warns about the pre-marked and nonexistent meal options for 60 s; the flexible option hides it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await abrir('/cadastros/escalas-horarios/novo');
    await user.click(tab('Contratual'));
    await choose(user, 'Parâmetro de refeição', 'Pré-assinalado');
    expect(screen.getByText(AVISO_REFEICAO[3])).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(AVISO_REFEICAO_MS - 1_000);
    expect(screen.getByText(AVISO_REFEICAO[3])).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(screen.queryByText(AVISO_REFEICAO[3])).not.toBeInTheDocument());
    await choose(user, 'Parâmetro de refeição', 'Inexistente');
    expect(screen.getByText(AVISO_REFEICAO[2])).toBeInTheDocument();
    await choose(user, 'Parâmetro de refeição', 'Flexível');
    expect(screen.queryByText(AVISO_REFEICAO[2])).not.toBeInTheDocument();
  });

  it('Cancelar returns to the list', async () => {
    const { user, location } = await abrir('/cadastros/escalas-horarios/novo');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/escalas-horarios'));
  });
});

describe('Editar Escala de Horários (seed 001 §2.2, §4; issue 10 §2)', () => {
  it('loads the latest version with percentages ×100 and its versions; unused, Salvar replaces it', async () => {
    const { user, api, location } = await abrir('/cadastros/escalas-horarios/5/editar');
    expect(text('Descrição')).toHaveValue('Comercial 44h');
    expect(screen.getByRole('region', { name: 'Versões da escala' })).toHaveTextContent(
      'desde o início (Quadro de Horários) — em edição',
    );
    expect(text('Entrada 1 de Sábado')).toHaveValue('08:00');
    await user.click(tab('Horas Extras'));
    expect(spin('Até (horas) da Faixa normal 1')).toHaveValue('2');
    expect(spin('Segunda da Faixa noturna 1')).toHaveValue('70 %');
    expect(spin('Folga da Faixa noturna 1')).toHaveValue('120 %');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location().search).toBe('?sc=t'));
    const [call] = api.callsTo(escalaApi.alterarEscala);
    expect(call!.body.idContrato).toBe(5);
    expect(call!.body).not.toHaveProperty('aPartirDe');
    expect(call!.body.configuracao.politicaHoraExtra.faixasHoraExtra?.[1]).toMatchObject({
      tipo: 2,
      segunda: 0.7,
      folga: 1.2,
    });
  });

  it('in use: Salvar asks A partir de and sends it; a refused date keeps the dialog open', async () => {
    const escala = buscada({
      temHistorico: true,
      validaDesde: '2026-03-01',
      versoes: [
        { id: 9, validaDesde: VALIDA_DESDE_INICIAL, tipoEscala: 'EQH' },
        { id: 10, validaDesde: '2026-03-01', tipoEscala: 'EQH' },
      ],
    });
    const { user, api, location } = await abrir('/cadastros/escalas-horarios/5/editar', ALL, escala);
    const versoes = screen.getByRole('region', { name: 'Versões da escala' });
    expect(versoes).toHaveTextContent('desde o início (Quadro de Horários)');
    expect(versoes).toHaveTextContent('a partir de 01/03/2026 (Quadro de Horários) — em edição');
    // In use and with no bank: the bank tab is hidden (seed 001 §4).
    expect(screen.queryByRole('tab', { name: 'Banco de Horas' })).not.toBeInTheDocument();

    api.on(escalaApi.alterarEscala, (b) =>
      b.aPartirDe === '2026-02-01'
        ? reply(400, { mensagem: M.aPartirDeAnterior('01/03/2026') })
        : { mensagem: M.escalaAlterada, validaDesde: b.aPartirDe ?? '' },
    );
    await hora(user, 'Entrada 1 de Segunda', '0730');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'A partir de' });
    expect(within(dialog).getByText(M.informeAPartirDe)).toBeInTheDocument();
    // The date has focus, and its calendar stays closed so it does not cover the text.
    await waitFor(() => expect(within(dialog).getByLabelText('A partir de')).toHaveFocus());
    expect(within(dialog).getByLabelText('A partir de')).toHaveAttribute('aria-expanded', 'false');
    const data = async (ddmmyyyy: string) => {
      const input = within(screen.getByRole('dialog', { name: 'A partir de' })).getByLabelText('A partir de');
      await user.clear(input);
      await user.type(input, ddmmyyyy);
      await user.tab();
    };
    await data('01/02/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.aPartirDeAnterior('01/03/2026'))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'A partir de' })).toBeInTheDocument();
    await data('15/04/2026');
    await user.click(
      within(screen.getByRole('dialog', { name: 'A partir de' })).getByRole('button', { name: 'Salvar' }),
    );
    await waitFor(() => expect(location().search).toBe('?sc=t'));
    const ultimo = api.callsTo(escalaApi.alterarEscala).at(-1)!.body;
    expect(ultimo.aPartirDe).toBe('2026-04-15');
    expect(ultimo.configuracao.quadroHorario?.diasDaSemana?.find((d) => d.dia === 2)?.entrada1).toBe('07:30');
  });

  it('switches EQH → ERC on edit: the rotation needs a cycle list, then sends it', async () => {
    const { user, api } = await abrir('/cadastros/escalas-horarios/5/editar');
    await user.click(screen.getByRole('button', { name: 'Revezamento' }));
    expect(tab('Revezamento')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Quadro de Horários' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.revezamentoLista)).toBeInTheDocument();
    await choose(user, 'Lista de ciclos', '6x1 06:00-14:20 (1 ciclo)');
    expect(await screen.findByRole('region', { name: 'Sequência dos próximos dias' })).toHaveTextContent('06:00–14:20');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(escalaApi.alterarEscala)).toHaveLength(1));
    const c = api.callsTo(escalaApi.alterarEscala)[0]!.body.configuracao;
    expect(c.tipoEscala).toBe('ERC');
    expect(c.revezamento).toEqual({ idCiclo: 4, validarFechamento: false, horasFechamento: null });
    expect(c).not.toHaveProperty('quadroHorario');
  });

  it('a schedule that is not there (or another tenant’s) says so', async () => {
    server();
    renderApp('/cadastros/escalas-horarios/99/editar', makeSession(ALL));
    expect(await screen.findByText(M.escalaNaoEncontrada)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar para Escalas de Horários' })).toBeInTheDocument();
  });
});
