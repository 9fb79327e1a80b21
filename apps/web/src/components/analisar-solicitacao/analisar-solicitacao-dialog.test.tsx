import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  PERM,
  SOLICITACAO_MSG as M,
  solicitacaoApi,
  type ItemPendente,
  type ItemSolicitacaoResponse,
  type OrigemSolicitacao,
  type ResolverResponse,
  type Solicitacao,
} from '@jornada/contracts';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../shared/query-client';
import { setSession } from '../../shared/session';
import { reply, stubApi } from '../../test/api-stub';
import { makeSession } from '../../test/render-app';
import { AnalisarSolicitacaoDialog, type SolicitacaoAberta } from './analisar-solicitacao-dialog';

const { CHAMADAS_DA_ORIGEM } = solicitacaoApi;

const solicitacao = (origem: OrigemSolicitacao, over: Partial<Solicitacao> = {}): Solicitacao => ({
  id: 41,
  funcionario: { id: 12, nome: 'Beatriz Lima', cracha: '112', centroCusto: { nome: 'Produção' } },
  data: '2026-02-04T11:30:00.000Z',
  dataPonto: '2026-02-03',
  origem,
  tipo: origem === 'CTRL_JUSTIFICAR' ? 'Justificativa de evento' : 'Inclusão de marcação',
  status: 'PENDENTE',
  observacao: 'Esqueci de marcar a entrada',
  observacaoAprovacao: null,
  usuarioAprovacao: null,
  dataAprovacao: null,
  ...over,
});

const item = (over: Partial<ItemPendente>): ItemPendente => ({
  acao: 'NOVO',
  infoCampo1: null,
  infoCampo2: null,
  infoCampo3: null,
  infoCampo4: null,
  justificativa: null,
  observacao: null,
  codigoEventoPendente: null,
  ...over,
});

const INCLUSAO: ItemSolicitacaoResponse = {
  solicitacao: solicitacao('CTRL_EDITAR_MARCACAO'),
  itens: [
    item({ infoCampo1: '2026-02-03', infoCampo2: '08:00', justificativa: { descricao: 'Esquecimento' } }),
    item({ infoCampo1: '2026-02-03', infoCampo2: '12:00', justificativa: { descricao: 'Esquecimento' } }),
  ],
};
const JUSTIFICATIVA: ItemSolicitacaoResponse = {
  solicitacao: solicitacao('CTRL_JUSTIFICAR'),
  itens: [
    item({
      infoCampo1: 'Atraso',
      codigoEventoPendente: 'atraso',
      justificativa: { descricao: 'Consulta médica' },
      observacao: 'Atestado entregue',
    }),
  ],
};

const resposta = (origem: OrigemSolicitacao, over: Partial<ResolverResponse> = {}): ResolverResponse => ({
  mensagem: M.aprovada,
  solicitacao: solicitacao(origem, { status: 'APROVADO', usuarioAprovacao: 'Ana Souza' }),
  marcacoes: null,
  ...over,
});

/** What the request's summary says beside `rotulo`. */
const dado = (dialogo: HTMLElement, rotulo: string) =>
  within(dialogo).getByText(rotulo, { selector: 'dt' }).nextElementSibling?.textContent;

const toasts = () => document.querySelector<HTMLElement>('.p-toast')!;

/** The dialog alone, opened on `aberta` by a button (as a list would), with the session's codes. */
function montar(aberta: SolicitacaoAberta, codes: number[] = [PERM.SOLICITACOES_VER, PERM.SOLICITACOES_APROVAR]) {
  setSession(makeSession(codes));
  const onResolvida = vi.fn();
  function Tela() {
    const [s, setS] = useState<SolicitacaoAberta | null>(null);
    return (
      <>
        <button type="button" onClick={() => setS(aberta)}>
          Abrir
        </button>
        <AnalisarSolicitacaoDialog solicitacao={s} onHide={() => setS(null)} onResolvida={onResolvida} />
      </>
    );
  }
  render(
    <Providers queryClient={createQueryClient()}>
      <Tela />
    </Providers>,
  );
  return { user: userEvent.setup(), onResolvida };
}

const abrir = async (user: ReturnType<typeof userEvent.setup>, nome: string) => {
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  return screen.findByRole('dialog', { name: nome });
};

describe('Analisar solicitação (seed 002 §2 Solicitações, §4 "Request status"; decision 0086)', () => {
  it('an inclusion: the request and its punches; Não Aprovado asks for the observation, sent by its origin', async () => {
    const api = stubApi();
    api.on(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.buscar, INCLUSAO);
    api.on(
      CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.resolver,
      resposta('CTRL_EDITAR_MARCACAO', { mensagem: M.reprovada }),
    );
    const { user, onResolvida } = montar({ id: 41, origem: 'CTRL_EDITAR_MARCACAO', status: 'PENDENTE' });
    const dialogo = await abrir(user, 'Solicitação · Inclusão de marcação');
    expect(await within(dialogo).findByText('Beatriz Lima')).toBeInTheDocument();
    expect(dado(dialogo, 'Data do Ponto')).toBe('03/02/2026');
    expect(dado(dialogo, 'Tipo da Solicitação')).toBe('Inclusão de marcação');
    expect(dado(dialogo, 'Observação do funcionário')).toBe('Esqueci de marcar a entrada');
    const linhas = within(within(dialogo).getByRole('table', { name: 'Itens da solicitação' })).getAllByRole('row');
    expect(linhas.map((l) => [...l.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Ação', 'Data', 'Hora', 'Justificativa'],
      ['Incluir', '03/02/2026', '08:00', 'Esquecimento'],
      ['Incluir', '03/02/2026', '12:00', 'Esquecimento'],
    ]);
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.buscar)[0]!.body).toMatchObject({ idSolicitacao: 41 });

    // No answer chosen: the seed's message; the observation is not there until Não Aprovado.
    expect(within(dialogo).queryByLabelText('Observação')).not.toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.selecioneStatus)).toBeInTheDocument();
    await user.click(within(dialogo).getByLabelText('Não Aprovado'));
    const observacao = await within(dialogo).findByLabelText('Observação');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.informeObservacao)).toBeInTheDocument();
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.resolver)).toHaveLength(0);

    await user.type(observacao, 'Marcação não confere com a escala');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(toasts()).findByText(M.reprovada)).toBeInTheDocument();
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.resolver)[0]!.body).toMatchObject({
      idSolicitacao: 41,
      status: 'NAO_APROVADO',
      observacao: 'Marcação não confere com a escala',
    });
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.resolver)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onResolvida).toHaveBeenCalledWith(expect.objectContaining({ mensagem: M.reprovada }));
  });

  it("a justification: its events; Aprovado goes to the justification's resolution without an observation", async () => {
    const api = stubApi();
    api.on(CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.buscar, JUSTIFICATIVA);
    api.on(CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.resolver, resposta('CTRL_JUSTIFICAR'));
    const { user, onResolvida } = montar({ id: 41, origem: 'CTRL_JUSTIFICAR', status: 'PENDENTE' });
    const dialogo = await abrir(user, 'Solicitação · Justificativa de evento');
    const tabela = await within(dialogo).findByRole('table', { name: 'Itens da solicitação' });
    expect(
      within(tabela)
        .getAllByRole('row')
        .map((l) => [...l.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['Evento', 'Justificativa', 'Observação'],
      ['Atraso', 'Consulta médica', 'Atestado entregue'],
    ]);
    // An observation typed for Não Aprovado is not sent with Aprovado.
    await user.click(within(dialogo).getByLabelText('Não Aprovado'));
    await user.type(await within(dialogo).findByLabelText('Observação'), 'rascunho');
    await user.click(within(dialogo).getByLabelText('Aprovado'));
    expect(within(dialogo).queryByLabelText('Observação')).not.toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(toasts()).findByText(M.aprovada)).toBeInTheDocument();
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.resolver)[0]!.body).toMatchObject({
      idSolicitacao: 41,
      status: 'APROVADO',
      observacao: null,
    });
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.buscar)).toHaveLength(0);
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.resolver)).toHaveLength(0);
    await waitFor(() => expect(onResolvida).toHaveBeenCalledTimes(1));
  });

  it('without code 166 a pending request is read-only: its status, no answer, no Salvar', async () => {
    const api = stubApi();
    api.on(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.buscar, INCLUSAO);
    const { user } = montar({ id: 41, origem: 'CTRL_EDITAR_MARCACAO', status: 'PENDENTE' }, [PERM.SOLICITACOES_VER]);
    const dialogo = await abrir(user, 'Solicitação · Inclusão de marcação');
    expect(await within(dialogo).findByText('Pendente')).toBeInTheDocument();
    expect(within(dialogo).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialogo).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    await user.click(
      within(dialogo.querySelector<HTMLElement>('.p-dialog-footer')!).getByRole('button', { name: 'Fechar' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.resolver)).toHaveLength(0);
  });

  it('an answered request is read-only even with 166: status, observation and who answered', async () => {
    const api = stubApi();
    api.on(CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.buscar, {
      ...JUSTIFICATIVA,
      solicitacao: solicitacao('CTRL_JUSTIFICAR', {
        status: 'NAO_APROVADO',
        observacaoAprovacao: 'Sem atestado',
        usuarioAprovacao: 'Carlos Prado',
        dataAprovacao: '2026-02-05T13:00:00.000Z',
      }),
    });
    const { user } = montar({ id: 41, origem: 'CTRL_JUSTIFICAR', status: 'NAO_APROVADO' });
    const dialogo = await abrir(user, 'Solicitação · Justificativa de evento');
    expect(await within(dialogo).findByText('Não Aprovado')).toBeInTheDocument();
    expect(dado(dialogo, 'Observação')).toBe('Sem atestado');
    expect(dado(dialogo, 'Ação Realizada por')).toBe('Carlos Prado em 05/02/2026 13:00');
    expect(within(dialogo).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialogo).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it("a refusal shows the server's message and the request as it now is (answered meanwhile)", async () => {
    const api = stubApi();
    let respondida = false;
    api.on(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.buscar, () =>
      respondida
        ? {
            ...INCLUSAO,
            solicitacao: solicitacao('CTRL_EDITAR_MARCACAO', { status: 'APROVADO', usuarioAprovacao: 'Carlos Prado' }),
          }
        : INCLUSAO,
    );
    api.on(CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.resolver, () => {
      respondida = true;
      return reply(400, { mensagem: M.jaRespondida });
    });
    const { user, onResolvida } = montar({ id: 41, origem: 'CTRL_EDITAR_MARCACAO', status: 'PENDENTE' });
    const dialogo = await abrir(user, 'Solicitação · Inclusão de marcação');
    await user.click(await within(dialogo).findByLabelText('Aprovado'));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(toasts()).findByText(M.jaRespondida)).toBeInTheDocument();
    const agora = await screen.findByRole('dialog', { name: 'Solicitação · Inclusão de marcação' });
    expect(await within(agora).findByText('Carlos Prado')).toBeInTheDocument();
    expect(within(agora).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(onResolvida).not.toHaveBeenCalled();
  });
});
