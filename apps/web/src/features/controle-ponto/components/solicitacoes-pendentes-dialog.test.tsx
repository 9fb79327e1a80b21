import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PERM,
  SOLICITACAO_MSG as M,
  controlePontoApi,
  solicitacaoApi,
  type ItemSolicitacaoResponse,
  type Solicitacao,
  type SolicitacaoDoDia,
} from '@jornada/contracts';
import { TODOS, URL_12, abrir, dia, mes, server } from './marcacoes.fixtures';

afterEach(() => sessionStorage.clear());

const COM_166 = [...TODOS, PERM.SOLICITACOES_VER, PERM.SOLICITACOES_APROVAR];

/** 03/02 has two pending requests (an inclusion and a justification); 02/02 none. */
const MES = mes({ pontos: [dia(2), dia(3, { temPendencias: true, descricaoEventos: 'Atraso' })] });

const doDia = (id: number, origem: SolicitacaoDoDia['origem']): SolicitacaoDoDia => ({
  id,
  data: '2026-02-03',
  tipo: origem === 'CTRL_JUSTIFICAR' ? 'Justificativa de evento' : 'Inclusão de marcação',
  origem,
  status: 'PENDENTE',
  dataSolicitacao: '2026-02-04T10:05:00.000Z',
});

const pedido = (id: number, origem: Solicitacao['origem'], over: Partial<Solicitacao> = {}): Solicitacao => ({
  id,
  funcionario: { id: 12, nome: 'Funcionário 12', cracha: '112', centroCusto: { nome: 'Produção' } },
  data: '2026-02-04T10:05:00.000Z',
  dataPonto: '2026-02-03',
  origem,
  tipo: origem === 'CTRL_JUSTIFICAR' ? 'Justificativa de evento' : 'Inclusão de marcação',
  status: 'PENDENTE',
  observacao: null,
  observacaoAprovacao: null,
  usuarioAprovacao: null,
  dataAprovacao: null,
  ...over,
});

const INCLUSAO: ItemSolicitacaoResponse = {
  solicitacao: pedido(51, 'CTRL_EDITAR_MARCACAO'),
  itens: [
    {
      acao: 'NOVO',
      infoCampo1: '2026-02-03',
      infoCampo2: '18:00',
      infoCampo3: null,
      infoCampo4: null,
      justificativa: { descricao: 'Esquecimento' },
      observacao: null,
      codigoEventoPendente: null,
    },
  ],
};

/** The month's API plus the day's pending requests, which shrink as they are answered. */
function servidor(pendentes = [doDia(51, 'CTRL_EDITAR_MARCACAO'), doDia(52, 'CTRL_JUSTIFICAR')]) {
  const api = server(MES);
  let lista = pendentes;
  api.on(solicitacaoApi.listarPendentesFuncionario, () => lista);
  api.on(solicitacaoApi.buscarItensEdicaoMarcacoes, INCLUSAO);
  api.on(solicitacaoApi.buscarItemJustificar, { solicitacao: pedido(52, 'CTRL_JUSTIFICAR'), itens: [] });
  const responder = (id: number) => {
    lista = lista.filter((s) => s.id !== id);
  };
  return { api, responder };
}

const linhaDoDia = async (diaMes: string) =>
  within(await screen.findByLabelText('Dias do mês'))
    .getByText(diaMes)
    .closest('tr')!;

async function abrirAcao(user: Awaited<ReturnType<typeof abrir>>['user'], diaMes: string) {
  await user.click(within(await linhaDoDia(diaMes)).getByRole('button', { name: `Ações do dia ${diaMes}` }));
  return screen.findByText('Solicitações Pendentes', { selector: '.p-menuitem-text' });
}

describe('Marcações: \'Solicitações Pendentes\' of a day (seed 002 §2 "Per-day actions"; decision 0086)', () => {
  it('offered only on a day with pending requests (temPendencias), last in the menu', async () => {
    servidor();
    const { user } = await abrir(URL_12, COM_166);
    const item = await abrirAcao(user, '02/02');
    expect(item.closest('[data-pc-section="menuitem"]')).toHaveAttribute('aria-disabled', 'true');
    expect([...document.querySelectorAll('.p-menuitem-text')].map((e) => e.textContent).at(-1)).toBe(
      'Solicitações Pendentes',
    );
    await user.keyboard('{Escape}');
    const outro = await abrirAcao(user, '03/02');
    expect(outro.closest('[data-pc-section="menuitem"]')).not.toHaveAttribute('aria-disabled', 'true');
  });

  it("an approval's month replaces the one on screen (no reload); the last answer closes the list", async () => {
    const { api, responder } = servidor();
    api.on(solicitacaoApi.resolverEdicaoMarcacoes, () => {
      responder(51);
      return {
        mensagem: M.aprovada,
        solicitacao: pedido(51, 'CTRL_EDITAR_MARCACAO', { status: 'APROVADO', usuarioAprovacao: 'Ana Souza' }),
        marcacoes: mes({
          pontos: [
            dia(2),
            dia(3, { temPendencias: true, descricaoMarcacoes: '08:00 12:00 13:00 17:00 18:00', entrada3: '18:00' }),
          ],
        }),
      };
    });
    api.on(solicitacaoApi.resolverJustificar, () => {
      responder(52);
      return {
        mensagem: M.reprovada,
        solicitacao: pedido(52, 'CTRL_JUSTIFICAR', { status: 'NAO_APROVADO' }),
        marcacoes: null,
      };
    });
    const { user } = await abrir(URL_12, COM_166);
    await user.click(await abrirAcao(user, '03/02'));
    const lista = await screen.findByRole('dialog', { name: 'Solicitações Pendentes · 03/02/2026' });
    const linhas = within(await within(lista).findByRole('table')).getAllByRole('row');
    expect(linhas.slice(1).map((l) => l.textContent)).toEqual([
      'Inclusão de marcação04/02/2026 10:05Analisar',
      'Justificativa de evento04/02/2026 10:05Analisar',
    ]);
    expect(api.callsTo(solicitacaoApi.listarPendentesFuncionario)[0]!.body).toMatchObject({
      dataInicio: '2026-02-03',
      dataFinal: '2026-02-03',
      idFuncionario: 12,
    });
    const leiturasDoMes = api.callsTo(controlePontoApi.buscarCalcularPonto).length;

    // Approve the inclusion: the month the answer brings is on screen at once.
    await user.click(within(linhas[1]!).getByRole('button', { name: 'Analisar solicitação' }));
    const inclusao = await screen.findByRole('dialog', { name: 'Solicitação · Inclusão de marcação' });
    await user.click(await within(inclusao).findByLabelText('Aprovado'));
    await user.click(within(inclusao).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.aprovada)).toBeInTheDocument();
    expect(within(await linhaDoDia('03/02')).getByText('08:00 12:00 13:00 17:00 18:00')).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.buscarCalcularPonto)).toHaveLength(leiturasDoMes);
    expect(api.callsTo(solicitacaoApi.resolverEdicaoMarcacoes)[0]!.body).toMatchObject({
      idSolicitacao: 51,
      status: 'APROVADO',
      observacao: null,
    });
    // One request left: the list stays, with it alone.
    await waitFor(() => expect(within(lista).getAllByRole('row')).toHaveLength(2));
    expect(within(lista).getByText('Justificativa de evento')).toBeInTheDocument();

    // Reject the other: the month is read again (the day's pending mark), the empty list closes.
    await user.click(within(lista).getByRole('button', { name: 'Analisar solicitação' }));
    const justificativa = await screen.findByRole('dialog', { name: 'Solicitação · Justificativa de evento' });
    await user.click(await within(justificativa).findByLabelText('Não Aprovado'));
    await user.type(within(justificativa).getByLabelText('Observação'), 'Sem atestado');
    await user.click(within(justificativa).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.reprovada)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(api.callsTo(controlePontoApi.buscarCalcularPonto).length).toBeGreaterThan(leiturasDoMes),
    );
    expect(api.callsTo(solicitacaoApi.resolverJustificar)[0]!.body).toMatchObject({
      idSolicitacao: 52,
      status: 'NAO_APROVADO',
      observacao: 'Sem atestado',
    });
  });

  it("opens with the key 's' on the current day, which the help lists", async () => {
    const { api } = servidor();
    const { user } = await abrir(URL_12, COM_166);
    await screen.findByLabelText('Dias do mês');
    await user.keyboard('js');
    // 02/02 has nothing pending: 's' opens nothing there.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('js');
    expect(await screen.findByRole('dialog', { name: 'Solicitações Pendentes · 03/02/2026' })).toBeInTheDocument();
    expect(api.callsTo(solicitacaoApi.listarPendentesFuncionario)).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('?');
    const ajuda = await screen.findByRole('dialog', { name: 'Atalhos do teclado' });
    expect(within(ajuda).getByText('Solicitações Pendentes').closest('tr')).toHaveTextContent('s');
  });

  it('without code 165 (Marcações alone is 127) the day action is not offered: it could open nothing', async () => {
    servidor();
    const { user } = await abrir(URL_12, TODOS);
    const item = await abrirAcao(user, '03/02');
    expect(item.closest('[data-pc-section="menuitem"]')).toHaveAttribute('aria-disabled', 'true');
  });
});
