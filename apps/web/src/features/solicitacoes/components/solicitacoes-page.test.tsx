import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PERM,
  SOLICITACAO_MSG as M,
  centroCustoApi,
  empresaApi,
  solicitacaoApi,
  type CentroCusto,
  type CnpjOpcao,
  type Solicitacao,
} from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { choose } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const CNPJS: CnpjOpcao[] = [1, 2].map((id) => ({
  id,
  numero: `1122233300018${id}`,
  razaoSocial: `Empresa ${id}`,
  tipoNumeroDocumento: 'cnpj',
  cnpjNome: `Empresa ${id}`,
}));
const cc = (id: number, nome: string, pai: number | null, tipo: CentroCusto['tipo']): CentroCusto => ({
  id,
  codigo: String(id),
  nome,
  tipo,
  centroCustoPaiId: pai,
  idCnpj: 1,
});
const CENTROS = [cc(20, 'Produção', null, 'Departamento'), cc(21, 'Montagem', 20, 'Setor')];

/** The k-th request (0-based): three per employee, employees in name order as the server sorts them. */
const pedido = (k: number, over: Partial<Solicitacao> = {}): Solicitacao => {
  const f = Math.floor(k / 3) + 1;
  return {
    id: 100 + k,
    funcionario: {
      id: f,
      nome: `Funcionário ${String(f).padStart(2, '0')}`,
      cracha: String(f),
      centroCusto: { nome: f % 2 ? 'Produção' : 'Montagem' },
    },
    data: `2026-02-0${(k % 3) + 2}T12:15:00.000Z`,
    dataPonto: `2026-02-0${(k % 3) + 1}`,
    origem: k % 2 ? 'CTRL_JUSTIFICAR' : 'CTRL_EDITAR_MARCACAO',
    tipo: k % 2 ? 'Justificativa de evento' : 'Inclusão de marcação',
    status: 'PENDENTE',
    observacao: null,
    observacaoAprovacao: null,
    usuarioAprovacao: null,
    dataAprovacao: null,
    ...over,
  };
};

/** 25 pending requests and 1 approved one, paged as the API pages them. */
function server() {
  const api = stubApi();
  api.on(empresaApi.listarCnpjs, CNPJS);
  api.on(centroCustoApi.listarCentrosCustosUsuario, CENTROS);
  api.on(solicitacaoApi.pesquisar, (b) => {
    const r = b.solicitacaoRequisicao;
    const todos =
      r.strStatus === 'APROVADO'
        ? [pedido(0, { status: 'APROVADO', usuarioAprovacao: 'Ana Souza', dataAprovacao: '2026-02-05T13:00:00Z' })]
        : r.strStatus === 'PENDENTE' && !r.nomeOuDocumento
          ? Array.from({ length: 25 }, (_, k) => pedido(k))
          : [];
    const de = r.pagina * r.linhasPorPagina;
    return { solicitacoes: todos.slice(de, de + r.linhasPorPagina), total: todos.length };
  });
  return api;
}

const pesquisas = (api: ReturnType<typeof server>) =>
  api.callsTo(solicitacaoApi.pesquisar).map((c) => c.body.solicitacaoRequisicao);

async function abrir(codes = [PERM.SOLICITACOES_VER, PERM.SOLICITACOES_APROVAR]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 1, 10, 9, 0));
  const user = userEvent.setup();
  const sessao = makeSession(codes);
  const app = renderApp(
    '/movimento/solicitacoes',
    makeSession(codes, {
      dadosRequisicao: {
        ...sessao.dadosRequisicao,
        cnpj: { id: 1, numero: CNPJS[0]!.numero, razaoSocial: 'Empresa 1' },
      },
    }),
  );
  expect(await screen.findByRole('heading', { name: 'Solicitações', level: 1 })).toBeInTheDocument();
  return { user, ...app };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Solicitações (seed 002 §2, §4; decision 0086)', () => {
  it("opens on the company's month, Pendente, all cost centres: the body, the groups, the columns", async () => {
    const api = server();
    await abrir();
    await screen.findByText('Funcionário 01', { selector: 'strong' });
    expect(api.callsTo(solicitacaoApi.pesquisar)[0]!.body).toMatchObject({
      mes: 2,
      ano: 2026,
      solicitacaoRequisicao: {
        idCnpj: 1,
        idsCentrosCustos: [],
        nomeOuDocumento: null,
        linhasPorPagina: 20,
        pagina: 0,
        strStatus: 'PENDENTE',
      },
    });
    expect(screen.getByLabelText('Mês/Ano')).toHaveValue('02/2026');
    expect(screen.getByLabelText('Pendente')).toBeChecked();
    expect(screen.getByLabelText('Centro de custo', { selector: 'input' }).closest('.p-dropdown')).toHaveTextContent(
      'Todos',
    );
    expect(
      screen.getAllByRole('radio').map((r) => document.querySelector(`label[for="${r.id}"]`)?.textContent),
    ).toEqual(['Pendente', 'Não Aprovado', 'Aprovado']);

    const tabela = screen.getByRole('table');
    // PrimeReact closes each group with an empty footer row (hidden by the house styles).
    const linhas = within(tabela)
      .getAllByRole('row')
      .filter((l) => !l.classList.contains('p-rowgroup-footer'));
    expect(
      within(linhas[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Funcionário',
      'Data da Solicitação',
      'Data do Ponto',
      'Tipo da Solicitação',
      'Status',
      'Ação Realizada por',
      'Ações',
    ]);
    // A header row per employee (name and cost centre), then that employee's requests.
    const textos = linhas.slice(1, 6).map((l) => l.textContent);
    expect(textos[0]).toBe('Funcionário 01Produção');
    expect(
      within(linhas[2]!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['Funcionário 01', '02/02/2026 12:15', '01/02/2026', 'Inclusão de marcação', 'Pendente', '—']);
    expect(textos[4]).toBe('Funcionário 02Montagem');
    expect(tabela.querySelectorAll('.p-rowgroup-header')).toHaveLength(7);
    expect(within(tabela).getAllByRole('button', { name: 'Analisar solicitação' })).toHaveLength(20);
    expect(screen.getByText('Mostrando 1 a 20 de 25')).toBeInTheDocument();
  });

  it('filters go to the body and back to the first page; paging sends page and size', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByText('Funcionário 01', { selector: 'strong' });

    await user.click(document.querySelector('.p-paginator-next') as HTMLElement);
    await screen.findByText('Funcionário 07', { selector: 'strong' });
    expect(pesquisas(api).at(-1)).toMatchObject({ pagina: 1, linhasPorPagina: 20 });

    await choose(user, 'Centro de custo', '20 - Produção (Departamento)');
    await waitFor(() => expect(pesquisas(api).at(-1)).toMatchObject({ idsCentrosCustos: [20], pagina: 0 }));

    await user.type(screen.getByLabelText('Pesquisar'), 'Beatriz{Enter}');
    await waitFor(() =>
      expect(pesquisas(api).at(-1)).toMatchObject({ nomeOuDocumento: 'Beatriz', idsCentrosCustos: [20], pagina: 0 }),
    );
    expect(await screen.findByText('Nenhuma solicitação encontrada com esta pesquisa.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Pesquisar'));
    await user.click(screen.getByRole('button', { name: 'Buscar por nome ou documento' }));
    // The same search as before the text: its page comes back (from the cache, as the list was read moments ago).
    expect(await screen.findByText('Funcionário 01', { selector: 'strong' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Não Aprovado'));
    await waitFor(() => expect(pesquisas(api).at(-1)).toMatchObject({ strStatus: 'NAO_APROVADO' }));
    expect(await screen.findByText('Nenhuma solicitação não aprovada neste mês.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Aprovado'));
    const quem = await within(screen.getByRole('table')).findByText('Ana Souza', { exact: false });
    expect(quem.closest('td')).toHaveTextContent('Ana Souza em 05/02/2026 13:00');
    expect(screen.getByText('Aprovado', { selector: '.p-tag-value' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Pendente'));
    await choose(user, 'Linhas por página', '25');
    await waitFor(() => expect(pesquisas(api).at(-1)).toMatchObject({ linhasPorPagina: 25, strStatus: 'PENDENTE' }));
  });

  it('a month and another company are sent; the cost centre belonged to the old company', async () => {
    const api = server();
    const { user } = await abrir();
    await screen.findByText('Funcionário 01', { selector: 'strong' });
    await choose(user, 'Centro de custo', '20 - Produção (Departamento)');
    await choose(user, 'Empresa', 'Empresa 2');
    await waitFor(() =>
      expect(pesquisas(api).at(-1)).toMatchObject({ idCnpj: 2, idsCentrosCustos: [], strStatus: 'PENDENTE' }),
    );
    await user.click(screen.getByLabelText('Mês/Ano'));
    const painel = await screen.findByRole('dialog', { hidden: true });
    await user.click(within(painel).getByText('jan'));
    await waitFor(() =>
      expect(api.callsTo(solicitacaoApi.pesquisar).at(-1)!.body).toMatchObject({ mes: 1, ano: 2026 }),
    );
  });

  it('Analisar solicitação opens the request by its origin; an approval leaves the Pendente list', async () => {
    const api = server();
    let aprovada = false;
    api.on(solicitacaoApi.pesquisar, (b) => {
      const lista = aprovada || b.solicitacaoRequisicao.strStatus !== 'PENDENTE' ? [] : [pedido(1)];
      return { solicitacoes: lista, total: lista.length };
    });
    api.on(solicitacaoApi.buscarItemJustificar, {
      solicitacao: pedido(1),
      itens: [
        {
          acao: 'NOVO',
          infoCampo1: 'Falta',
          infoCampo2: null,
          infoCampo3: null,
          infoCampo4: null,
          justificativa: { descricao: 'Atestado' },
          observacao: null,
          codigoEventoPendente: 'falta',
        },
      ],
    });
    api.on(solicitacaoApi.resolverJustificar, () => {
      aprovada = true;
      return { mensagem: M.aprovada, solicitacao: pedido(1, { status: 'APROVADO' }), marcacoes: null };
    });
    const { user } = await abrir();
    await user.click(await screen.findByRole('button', { name: 'Analisar solicitação' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Solicitação · Justificativa de evento' });
    await user.click(await within(dialogo).findByLabelText('Aprovado'));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.aprovada)).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma solicitação pendente neste mês.')).toBeInTheDocument();
    expect(api.callsTo(solicitacaoApi.resolverJustificar)[0]!.body).toMatchObject({
      idSolicitacao: 101,
      status: 'APROVADO',
    });
  });

  it('without 166 the request opens read-only', async () => {
    const api = server();
    api.on(solicitacaoApi.buscarItensEdicaoMarcacoes, { solicitacao: pedido(0), itens: [] });
    const { user } = await abrir([PERM.SOLICITACOES_VER]);
    const linha = (await screen.findAllByText('Inclusão de marcação'))[0]!.closest('tr')!;
    await user.click(within(linha).getByRole('button', { name: 'Analisar solicitação' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Solicitação · Inclusão de marcação' });
    expect(await within(dialogo).findByText('Nenhum item nesta solicitação.')).toBeInTheDocument();
    expect(within(dialogo).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });
});
