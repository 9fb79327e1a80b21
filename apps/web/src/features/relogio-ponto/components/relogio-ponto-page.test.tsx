import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PERM,
  RELOGIO_PONTO_MSG as M,
  empresaApi,
  relogioPontoApi,
  type CnpjOpcao,
  type RelogioPonto,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose, shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const PATH = '/cadastros/dispositivos-coletas/relogio-ponto';
const TUDO = [PERM.RELOGIO_PONTO_VER, PERM.RELOGIO_PONTO_NOVO, PERM.RELOGIO_PONTO_EDITAR, PERM.RELOGIO_PONTO_EXCLUIR];
const TOKEN = 'a'.repeat(43);

const cnpjs: CnpjOpcao[] = [
  {
    id: 1,
    numero: '11222333000181',
    razaoSocial: 'Matriz',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0001-81 - Matriz',
  },
  {
    id: 2,
    numero: '11444777000161',
    razaoSocial: 'Filial',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.444.777/0001-61 - Filial',
  },
];

const relogio = (over: Partial<RelogioPonto> = {}): RelogioPonto => ({
  id: 5,
  numeroSerie: '00004000700000010',
  fabricante: 'ControlId',
  autorizacao: null,
  dataCadastro: '2026-03-10T12:00:00.000Z',
  dataAutorizacao: null,
  localInstalacao: 'Portaria',
  modelo: 'ControlId',
  portaria: '671',
  integracaoLeitorFacial: false,
  numeroSerieLeitorFacial: null,
  tipoServico: 'N/D',
  proximoNSR: null,
  idCloud: null,
  ...over,
});

function servidor(o: { token: boolean }) {
  const api = stubApi();
  api.on(empresaApi.listarCnpjs, cnpjs);
  api.on(
    relogioPontoApi.buscarToken,
    o.token
      ? { tokenGerado: true, valor: TOKEN, data: '2026-03-01T12:00:00Z' }
      : { tokenGerado: false, valor: null, data: null },
  );
  api.on(relogioPontoApi.listarRelogioPonto, (b) => (b.cnpj === 1 ? [relogio()] : []));
  api.on(relogioPontoApi.salvarRelogioPonto, { mensagem: M.salvo });
  api.on(relogioPontoApi.excluirRelogioPonto, { mensagem: M.excluido });
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe('Relógio de Ponto (seed 001 §2.10)', () => {
  it('sem token: só Gerar token; gerar copia o token e mostra "Token copiado", depois a empresa e a lista', async () => {
    const api = servidor({ token: false });
    api.on(relogioPontoApi.gerarToken, () => {
      api.on(relogioPontoApi.buscarToken, { tokenGerado: true, valor: TOKEN, data: '2026-03-01T12:00:00Z' });
      return { tokenGerado: true, valor: TOKEN, data: '2026-03-01T12:00:00Z' };
    });
    const user = userEvent.setup();
    // user-event puts its own clipboard in the page; the test watches it.
    const escrever = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp(PATH, makeSession(TUDO));
    await user.click(await screen.findByRole('button', { name: 'Gerar token' }));
    expect(await screen.findByText(M.tokenCopiado)).toBeInTheDocument();
    expect(escrever).toHaveBeenCalledWith(TOKEN);
    expect(await screen.findByLabelText('Token da empresa')).toHaveValue(TOKEN);
    expect(screen.queryByRole('button', { name: 'Gerar token' })).not.toBeInTheDocument();
    await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
    expect(await screen.findByText('00004000700000010')).toBeInTheDocument();
  });

  it('a cópia que falha diz "Erro copiar token"; sem o código 154 não há Gerar token', async () => {
    servidor({ token: true });
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('negado'));
    renderApp(PATH, makeSession(TUDO));
    await user.click(await screen.findByRole('button', { name: 'Copiar token' }));
    expect(await screen.findByText(M.erroCopiarToken)).toBeInTheDocument();
  });

  it('com o token e só o código 153, vê que existe mas não o valor nem Copiar', async () => {
    const api = servidor({ token: true });
    api.on(relogioPontoApi.buscarToken, { tokenGerado: true, valor: null, data: '2026-03-01T12:00:00Z' });
    renderApp(PATH, makeSession([PERM.RELOGIO_PONTO_VER]));
    expect(await screen.findByDisplayValue(/Gerado \(visível para quem cadastra relógios\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar token' })).not.toBeInTheDocument();
  });

  it('sem o token e sem o código 154, não oferece gerar', async () => {
    servidor({ token: false });
    renderApp(PATH, makeSession([PERM.RELOGIO_PONTO_VER]));
    expect(await screen.findByText(/Peça a quem pode cadastrar relógios/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gerar token' })).not.toBeInTheDocument();
  });

  it('lista os relógios da empresa escolhida; Novo cadastra com os padrões do seed e o IdFace fixa a portaria 1510', async () => {
    const api = servidor({ token: true });
    const user = userEvent.setup();
    renderApp(PATH, makeSession(TUDO));
    const tabela = await screen.findByRole('table');
    // Two companies and none in the session: the list waits for the choice.
    expect(await within(tabela).findByText('Selecione uma empresa')).toBeInTheDocument();
    await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
    expect(await within(tabela).findByText('00004000700000010')).toBeInTheDocument();
    await choose(user, 'Empresa', cnpjs[1]!.cnpjNome);
    expect(await screen.findByText('Nenhum relógio cadastrado nesta empresa.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Novo Relógio' });
    expect(shownIn('Fabricante', dialogo)).toBe('ControlId');
    expect(shownIn('Tipo de serviço', dialogo)).toBe('Nenhum');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.informeNumeroSerie)).toBeInTheDocument();
    await user.type(within(dialogo).getByLabelText('Número de série'), 'NOVO-1');
    await choose(user, 'Fabricante', 'ControlId IdFace', dialogo);
    await waitFor(() => expect(shownIn('Portaria', dialogo)).toMatch(/^1510/));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(relogioPontoApi.salvarRelogioPonto)).toHaveLength(1));
    expect(api.callsTo(relogioPontoApi.salvarRelogioPonto)[0]!.body).toMatchObject({
      relogioPonto: { fabricante: 'ControlId IdFace', numeroSerie: 'NOVO-1', portaria: '1510', tipoServico: 'N/D' },
      cnpj: { id: 2 },
    });
  });

  it('Push sem Id Cloud não salva; o local de instalação fica travado na edição; a recusa do servidor aparece', async () => {
    const api = servidor({ token: true });
    api.on(relogioPontoApi.salvarRelogioPonto, reply(409, { mensagem: M.numeroSerieEmUso }));
    const user = userEvent.setup();
    renderApp(PATH, makeSession(TUDO));
    const tabela = await screen.findByRole('table');
    await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
    await user.click(await within(tabela).findByRole('button', { name: /Editar/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar Relógio' });
    expect(within(dialogo).getByLabelText('Local de instalação')).toBeDisabled();
    await choose(user, 'Tipo de serviço', 'Push', dialogo);
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.informeIdCloud)).toBeInTheDocument();
    expect(api.callsTo(relogioPontoApi.salvarRelogioPonto)).toHaveLength(0);
    await user.type(within(dialogo).getByLabelText(/Id Cloud/), '12ab');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.idCloudSoNumeros)).toBeInTheDocument();
    await user.clear(within(dialogo).getByLabelText(/Id Cloud/));
    await user.type(within(dialogo).getByLabelText(/Id Cloud/), '123');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.numeroSerieEmUso)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar Relógio' })).toBeInTheDocument();
  });
});
