import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  SUPER_ADMIN_CODE,
  autorizacaoSuporteApi,
  cnpjCheckDigits,
  provedorApi,
  type Cliente,
  type NoticiaAdm,
  type Plano,
  type UsoPlanoLinha,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

const provedor = () => makeSession([SUPER_ADMIN_CODE]);

/** A PrimeReact Dropdown opens on its visible box, not on the hidden input its label points to. */
const dropdown = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest('.p-dropdown') as HTMLElement;
const option = (name: string) => screen.findByText(name, { selector: '.p-dropdown-item, .p-dropdown-item *' });

const plano = (id: number, nome: string, clientes = 0): Plano => ({
  id,
  nome,
  maxCnpjs: 10,
  maxFuncionarios: 500,
  maxDispositivosMoveis: 50,
  maxDispositivosWeb: 5,
  maxUsuarios: 20,
  clientes,
});

const cliente = (id: number, over: Partial<Cliente> = {}): Cliente => ({
  id,
  nome: `Cliente ${id}`,
  cnpjPrincipal: '11222333000181',
  plano: { ...plano(1, 'Profissional'), clientes: undefined } as unknown as Cliente['plano'],
  ativo: true,
  criadoEm: '2026-03-01T12:00:00.000Z',
  uso: { cnpjs: 2, usuarios: 3, funcionariosAtivos: 0, dispositivosMoveis: 0, dispositivosWeb: 0 },
  autorizacaoSuporte: null,
  ...over,
});

// Cliente.plano has no `clientes`: build it without.
const planoDoCliente = (() => {
  const { clientes: _c, ...p } = plano(1, 'Profissional');
  return p;
})();

describe('Clientes (área do provedor)', () => {
  it('a customer without 99999 is sent to /nao-autorizado', async () => {
    stubApi();
    const { location } = renderApp('/cadastro/adm/clientes', makeSession([2, 3, 4]));
    await waitFor(() => expect(location().pathname).toBe('/nao-autorizado'));
  });

  it('lists customers with plan, usage against the limits, status; the support action only with an open authorisation', async () => {
    const api = stubApi();
    api.on(provedorApi.listarClientes, [
      cliente(1, { plano: planoDoCliente, autorizacaoSuporte: { id: 9, dataFinal: '2026-03-16', autorizaPor: 'Ana' } }),
      cliente(2, {
        plano: planoDoCliente,
        ativo: false,
        uso: { cnpjs: 12, usuarios: 1, funcionariosAtivos: 0, dispositivosMoveis: 0, dispositivosWeb: 0 },
      }),
    ]);
    renderApp('/cadastro/adm/clientes', provedor());
    expect(await screen.findByText('Cliente 1')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2 / 10')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ativo')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Até 16/03/2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Acesso de suporte a Cliente 1' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Suspenso')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('12 / 10')).toHaveClass('usage-over');
    expect(within(rows[1]!).queryByRole('button', { name: /Acesso de suporte/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Reativar Cliente 2' })).toBeInTheDocument();
  });

  it('Acesso de suporte shows the one-time link', async () => {
    const api = stubApi();
    api.on(provedorApi.listarClientes, [
      cliente(1, { plano: planoDoCliente, autorizacaoSuporte: { id: 9, dataFinal: '2026-03-16', autorizaPor: 'Ana' } }),
    ]);
    const link = 'http://localhost/login?redirect=%2F&_ref=1&_aut=9&_refacesso=abc';
    api.on(autorizacaoSuporteApi.atualizarRefAcesso, {
      mensagem: MSG.linkSuporteGerado,
      link,
      expiraEm: '2026-03-10T12:05:00.000Z',
      autorizacao: { id: 9, dataFinal: '2026-03-16' },
    });
    const user = userEvent.setup();
    renderApp('/cadastro/adm/clientes', provedor());
    await user.click(await screen.findByRole('button', { name: 'Acesso de suporte a Cliente 1' }));
    expect(await screen.findByLabelText('Link de acesso')).toHaveValue(link);
    expect(api.callsTo(autorizacaoSuporteApi.atualizarRefAcesso)[0]!.body).toMatchObject({ idCliente: 1 });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(open).toHaveBeenCalledWith(link, '_blank', 'noopener,noreferrer');
  });

  it('Novo cliente validates the CNPJ check digits and the plan, then sends the contract body', async () => {
    const api = stubApi();
    api.on(provedorApi.listarClientes, []);
    api.on(provedorApi.listarPlanos, [plano(1, 'Profissional', 2), plano(2, 'Essencial')]);
    api.on(provedorApi.salvarCliente, { mensagem: MSG.clienteCadastrado('ana@gama.test'), id: 4 });
    const user = userEvent.setup();
    renderApp('/cadastro/adm/clientes', provedor());
    expect(await screen.findByText('Nenhum cliente cadastrado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome do cliente'), 'Gama');
    await user.type(within(dialog).getByLabelText('CNPJ principal'), '77888999000100');
    await user.type(within(dialog).getByLabelText('Razão social'), 'Gama Ltda');
    await user.type(within(dialog).getByLabelText('Nome do administrador'), 'Ana');
    await user.type(within(dialog).getByLabelText('E-mail do administrador'), 'ana@gama.test');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(MSG.cnpjInvalido)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.selecionePlano)).toBeInTheDocument();
    expect(api.callsTo(provedorApi.salvarCliente)).toHaveLength(0);

    const cnpj = within(dialog).getByLabelText('CNPJ principal');
    await user.clear(cnpj);
    await user.type(cnpj, '778889990001' + cnpjCheckDigits('778889990001'));
    await user.click(dropdown(dialog, 'Plano'));
    await user.click(await option('Essencial'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.clienteCadastrado('ana@gama.test'))).toBeInTheDocument();
    expect(api.callsTo(provedorApi.salvarCliente)[0]!.body).toMatchObject({
      cliente: {
        nome: 'Gama',
        idPlano: 2,
        cnpj: '778889990001' + cnpjCheckDigits('778889990001'),
        razaoSocial: 'Gama Ltda',
        nomeAdministrador: 'Ana',
        emailAdministrador: 'ana@gama.test',
      },
    });
  });

  it('Suspender asks first and then calls the API', async () => {
    const api = stubApi();
    api.on(provedorApi.listarClientes, [cliente(1, { plano: planoDoCliente })]);
    api.on(provedorApi.suspenderCliente, { mensagem: MSG.clienteSuspenso });
    const user = userEvent.setup();
    renderApp('/cadastro/adm/clientes', provedor());
    await user.click(await screen.findByRole('button', { name: 'Suspender Cliente 1' }));
    expect(await screen.findByText(/Suspender Cliente 1\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.clienteSuspenso)).toBeInTheDocument();
    expect(api.callsTo(provedorApi.suspenderCliente)[0]!.body).toMatchObject({ idCliente: 1 });
  });
});

describe('Planos (área do provedor)', () => {
  it('lists the limits, creates with all five, and shows the in-use refusal', async () => {
    const api = stubApi();
    const lista = [plano(1, 'Profissional', 2)];
    api.on(provedorApi.listarPlanos, () => lista);
    api.on(provedorApi.salvarPlano, () => {
      lista.push(plano(3, 'Novo Plano'));
      return { mensagem: MSG.planoSalvo };
    });
    api.on(provedorApi.excluirPlano, reply(400, { mensagem: MSG.planoEmUso }));
    const user = userEvent.setup();
    renderApp('/cadastro/adm/planos', provedor());
    expect(await screen.findByText('Profissional')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome'), 'Novo Plano');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText(MSG.limiteInvalido)).toHaveLength(5);
    for (const [label, v] of [
      ['Limite de CNPJs', '10'],
      ['Limite de funcionários ativos', '500'],
      ['Limite de dispositivos móveis', '50'],
      ['Limite de dispositivos web', '5'],
      ['Limite de usuários', '20'],
    ] as const) {
      await user.type(within(dialog).getByLabelText(label), v);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.planoSalvo)).toBeInTheDocument();
    expect(api.callsTo(provedorApi.salvarPlano)[0]!.body).toMatchObject({
      plano: {
        nome: 'Novo Plano',
        maxCnpjs: 10,
        maxFuncionarios: 500,
        maxDispositivosMoveis: 50,
        maxDispositivosWeb: 5,
        maxUsuarios: 20,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Excluir Profissional' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.planoEmUso)).toBeInTheDocument();
  });
});

describe('Notícias (área do provedor)', () => {
  it('lists with the target and publishes to one customer', async () => {
    const api = stubApi();
    const news: NoticiaAdm[] = [
      { id: 1, titulo: 'Para todos', conteudo: '@pA@ep', dataPublicacao: '2026-03-10', cliente: null },
      {
        id: 2,
        titulo: 'Só para um',
        conteudo: '@pB@ep',
        dataPublicacao: '2026-03-09',
        cliente: { id: 2, nome: 'Beta' },
      },
    ];
    api.on(provedorApi.listarNoticiasAdm, news);
    api.on(provedorApi.listarClientes, [cliente(2, { nome: 'Beta', plano: planoDoCliente })]);
    api.on(provedorApi.salvarNoticia, { mensagem: MSG.noticiaPublicada });
    const user = userEvent.setup();
    renderApp('/cadastro/adm/noticias', provedor());
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Todos os clientes')).toBeInTheDocument();
    expect(within(table).getByText('Beta')).toBeInTheDocument();
    expect(within(table).getByText('09/03/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Título'), 'Manutenção');
    await user.type(within(dialog).getByLabelText('Conteúdo'), '@pSábado@ep');
    await user.click(dropdown(dialog, 'Para'));
    await user.click(await option('Beta'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.noticiaPublicada)).toBeInTheDocument();
    expect(api.callsTo(provedorApi.salvarNoticia)[0]!.body).toMatchObject({
      noticia: {
        titulo: 'Manutenção',
        conteudo: '@pSábado@ep',
        idCliente: 2,
        dataPublicacao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
  });
});

describe('Relatórios admin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows usage against the plan and downloads the CSV', async () => {
    const api = stubApi();
    const linha: UsoPlanoLinha = {
      id: 1,
      nome: 'Demo',
      plano: 'Profissional',
      ativo: true,
      cnpjs: 2,
      maxCnpjs: 50,
      usuarios: 3,
      maxUsuarios: 200,
      funcionariosAtivos: 0,
      maxFuncionarios: 50000,
      dispositivosMoveis: 0,
      maxDispositivosMoveis: 5000,
      dispositivosWeb: 0,
      maxDispositivosWeb: 100,
    };
    api.on(provedorApi.relatorioUsoPlanos, [linha]);
    api.on(provedorApi.relatorioUsoPlanosCsv, 'csv' as never);
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderApp('/relatorios-adm', provedor());
    expect(await screen.findByText('Demo')).toBeInTheDocument();
    expect(screen.getByText('2 / 50')).toBeInTheDocument();
    expect(screen.getByText('0 / 50.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.callsTo(provedorApi.relatorioUsoPlanosCsv)).toHaveLength(1);
  });
});
