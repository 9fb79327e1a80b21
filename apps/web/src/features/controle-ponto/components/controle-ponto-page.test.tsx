import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTROLE_PONTO_MSG as M,
  PERM,
  centroCustoApi,
  controlePontoApi,
  empresaApi,
  type CentroCusto,
  type CnpjOpcao,
  type PeriodoControle,
} from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { choose } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';
import { buscaDaLista, paginaDaLista, urlDaLista } from '../lista-estado';

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

const linha = (i: number, over: Partial<PeriodoControle> = {}): PeriodoControle => ({
  funcionario: { id: i, cracha: String(100 + i), nome: `Funcionário ${String(i).padStart(2, '0')}` },
  temPendencias: false,
  qtdFaltas: 0,
  qtdAtrasos: 0,
  qtdExcessoRefeicao: 0,
  qtdSaidasAntecipadas: 0,
  qtdFaltaMarcacao: 0,
  qtdInterjornada: 0,
  fechado: false,
  calculado: true,
  ...over,
});

/** A server of 25 employees paged as the API pages them; the first has divergences, the second more. */
function server() {
  const api = stubApi();
  api.on(empresaApi.listarCnpjs, CNPJS);
  api.on(centroCustoApi.listarCentrosCustosUsuario, CENTROS);
  api.on(controlePontoApi.listar, (b) => {
    const todos = Array.from({ length: 25 }, (_, k) =>
      linha(
        k + 1,
        k === 0
          ? { qtdFaltas: 2, qtdAtrasos: 3, qtdExcessoRefeicao: 1, qtdSaidasAntecipadas: 4, qtdFaltaMarcacao: 5 }
          : k === 1
            ? { temPendencias: true, fechado: true, qtdInterjornada: 6 }
            : k === 2
              ? { calculado: false }
              : {},
      ),
    );
    const de = b.numPagina * b.qtdLinhas;
    return { qdtFuncionarios: todos.length, periodosControle: todos.slice(de, de + b.qtdLinhas) };
  });
  return api;
}

const TODOS = [PERM.CONTROLE_PONTO, PERM.CONTROLE_PONTO_MARCACOES];
const toasts = () => document.querySelector<HTMLElement>('.p-toast')!;

async function abrir(codes = TODOS, path = '/movimento/controle-ponto') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 1, 10, 9, 0));
  const user = userEvent.setup();
  const app = renderApp(path, makeSession(codes));
  expect(await screen.findByRole('heading', { name: 'Controle do Ponto', level: 1 })).toBeInTheDocument();
  return { user, ...app };
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('Controle do Ponto (seed 002 §2, §5)', () => {
  it("lists only after a search: the cost centre's button and the text say what is missing", async () => {
    const api = server();
    const { user } = await abrir();
    await choose(user, 'Empresa', 'Empresa 1');
    expect(await screen.findByText('Escolha um centro de custo ou pesquise por crachá ou nome.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buscar pelo centro de custo' }));
    expect(await within(toasts()).findByText(M.selecioneCentroCusto)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pesquisar'), '  -- {Enter}');
    expect(await within(toasts()).findByText(M.informeCrachaNome)).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.listar)).toHaveLength(0);
  });

  it('a cost centre lists the month: the contract body, padded badge, counters, pending icon, lock, page report', async () => {
    const api = server();
    const { user } = await abrir();
    await choose(user, 'Empresa', 'Empresa 1');
    await choose(user, 'Centro de custo', '20 - Produção (Departamento)');
    await screen.findByText('Funcionário 01');
    expect(api.callsTo(controlePontoApi.listar)[0]!.body).toMatchObject({
      mes: 2,
      ano: 2026,
      cnpj: 1,
      ativo: true,
      idsCentrosCustos: [20],
      crachaNome: '',
      qtdLinhas: 10,
      numPagina: 0,
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Crachá',
      'Nome',
      'Faltas',
      'Atrasos',
      'Excesso de refeição',
      'Saídas antecipadas',
      'Falta de marcação',
      'Interjornada',
      'Período',
      'Marcações',
    ]);
    const cells = (r: number) =>
      within(rows[r]!)
        .getAllByRole('cell')
        .slice(0, 9)
        .map((c) => c.textContent?.trim());
    expect(cells(1)).toEqual(['00000000000101', 'Funcionário 01', '2', '3', '1', '4', '5', '0', 'Aberto']);
    expect(cells(2)).toEqual(['00000000000102', 'Funcionário 02', '0', '0', '0', '0', '0', '6', 'Fechado']);
    expect(within(rows[2]!).getByRole('img', { name: 'Solicitações pendentes' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('img', { name: 'Solicitações pendentes' })).not.toBeInTheDocument();
    expect(cells(3).slice(2, 8)).toEqual(['—', '—', '—', '—', '—', '—']);
    expect(screen.getByText('Página 1 de 3 de 25 registros')).toBeInTheDocument();

    // The text search keeps the cost centre; a month sends its mes/ano.
    await user.type(screen.getByLabelText('Pesquisar'), 'funcionário 1{Enter}');
    await waitFor(() =>
      expect(api.callsTo(controlePontoApi.listar).at(-1)!.body).toMatchObject({
        crachaNome: 'funcionário 1',
        idsCentrosCustos: [20],
      }),
    );
  });

  it('Marcações keeps filters, page and results for the way back; the menu opens the screen afresh', async () => {
    const api = server();
    const { user, location, router } = await abrir();
    await choose(user, 'Empresa', 'Empresa 1');
    await choose(user, 'Centro de custo', '20 - Produção (Departamento)');
    await screen.findByText('Funcionário 01');
    await user.click(screen.getByLabelText('Ativo'));
    await user.click(document.querySelector('.p-paginator-next') as HTMLElement);
    await screen.findByText('Funcionário 11');
    await user.click(screen.getByRole('button', { name: 'Marcações de Funcionário 12' }));
    await waitFor(() => expect(location().pathname).toBe('/movimento/controle-ponto/marcacoes'));
    expect(location().search).toBe('?funcionario=12&empresa=1&mes=2026-02');
    const chamadas = api.callsTo(controlePontoApi.listar).length;

    // Marcações' way back.
    await router.navigate(urlDaLista());
    expect(await screen.findByText('Funcionário 11')).toBeInTheDocument();
    expect(screen.getByLabelText('Ativo')).not.toBeChecked();
    expect(screen.getByText('Página 2 de 3 de 25 registros')).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.listar).at(-1)!.body).toMatchObject({ ativo: false, numPagina: 1 });
    expect(api.callsTo(controlePontoApi.listar).length).toBeGreaterThanOrEqual(chamadas);

    // Any other way in (the menu's link) starts over.
    await router.navigate('/movimento/controle-ponto');
    expect(await screen.findByText('Selecione uma empresa.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ativo')).toBeChecked();
  });

  it("opens on the user's main company; Marcações then knows the list it came from (previous/next)", async () => {
    server();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 1, 10, 9, 0));
    const user = userEvent.setup();
    const sessao = makeSession(TODOS);
    const { location } = renderApp(
      '/movimento/controle-ponto',
      makeSession(TODOS, {
        dadosRequisicao: {
          ...sessao.dadosRequisicao,
          cnpj: { id: 2, numero: CNPJS[1]!.numero, razaoSocial: 'Empresa 2' },
        },
      }),
    );
    // The main company is chosen already (issue 24 §6): only the cost centre is left to choose.
    await choose(user, 'Centro de custo', '20 - Produção (Departamento)');
    await user.click(await screen.findByRole('button', { name: 'Marcações de Funcionário 01' }));
    await waitFor(() => expect(location().pathname).toBe('/movimento/controle-ponto/marcacoes'));
    expect(location().search).toBe('?funcionario=1&empresa=2&mes=2026-02');
    expect(paginaDaLista(buscaDaLista() ?? '')?.corpo).toMatchObject({ cnpj: 2 });
  });

  it('without code 127 there is no Marcações button', async () => {
    server();
    const { user } = await abrir([PERM.CONTROLE_PONTO]);
    await choose(user, 'Empresa', 'Empresa 1');
    await choose(user, 'Centro de custo', '20 - Produção (Departamento)');
    await screen.findByText('Funcionário 01');
    expect(screen.queryByRole('button', { name: /Marcações de/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Marcações' })).not.toBeInTheDocument();
  });

  it('Pontos duplicados, only in a support session: pages of 50 analysed, punches on demand, resolved after a confirmation', async () => {
    const api = server();
    const PD = controlePontoApi.PONTO_DUPLICADO_MSG;
    api.on(controlePontoApi.buscarQuantidadeFuncionariosDuplicados, { totalFuncionarios: 60 });
    let resolvido = false;
    api.on(controlePontoApi.analisarPontoDuplicado, (b) => ({
      funcionarios:
        b.numPagina === 1 && !resolvido ? [{ id: 55, cracha: '155', nome: 'Funcionário 55', duplicadas: 2 }] : [],
    }));
    api.on(controlePontoApi.buscarMarcacoesDuplicadas, [
      { id: 1, dataHora: '2026-02-10 08:00', fonte: 'R', duplicada: false },
      { id: 2, dataHora: '2026-02-10 08:01', fonte: 'R', duplicada: true },
    ]);
    api.on(controlePontoApi.resolverPontoDuplicado, () => {
      resolvido = true;
      return { mensagem: PD.resolvidos, descartadas: 2, fechados: 0 };
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 1, 10, 9, 0));
    const user = userEvent.setup();
    renderApp('/movimento/controle-ponto', makeSession(TODOS, { suporte: true }));
    await screen.findByRole('heading', { name: 'Controle do Ponto', level: 1 });
    await choose(user, 'Empresa', 'Empresa 1');
    await user.click(await screen.findByRole('button', { name: 'Pontos duplicados' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Análise de pontos duplicados' });
    await user.click(within(dialogo).getByRole('button', { name: 'Analisar' }));
    await within(dialogo).findByRole('table', { name: 'Funcionários com pontos duplicados' });
    expect(api.callsTo(controlePontoApi.analisarPontoDuplicado).map((c) => c.body.numPagina)).toEqual([0, 1]);
    expect(api.callsTo(controlePontoApi.analisarPontoDuplicado)[0]!.body).toMatchObject({ mes: 2, ano: 2026, cnpj: 1 });
    // Closed and opened again: the analysis is kept in the session, not run again.
    await user.click(within(dialogo).getByRole('button', { name: /close|fechar/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Pontos duplicados' }));
    await screen.findByRole('dialog', { name: 'Análise de pontos duplicados' });
    expect(await screen.findByRole('table', { name: 'Funcionários com pontos duplicados' })).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.analisarPontoDuplicado)).toHaveLength(2);
    await user.click(
      within(screen.getByRole('table', { name: 'Funcionários com pontos duplicados' })).getByRole('button', {
        name: 'Marcações de Funcionário 55',
      }),
    );
    expect(await screen.findByText('10/02/2026 08:01 — duplicada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resolver todos' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(
      await within(toasts()).findByText(/Pontos duplicados resolvidos com sucesso! 2 marcação/),
    ).toBeInTheDocument();
    expect(api.callsTo(controlePontoApi.resolverPontoDuplicado)[0]!.body).toMatchObject({ idsFuncionarios: [55] });
    expect(await screen.findByText(PD.tudoOk)).toBeInTheDocument();
  });

  it('outside a support session there is no Pontos duplicados button', async () => {
    server();
    await abrir();
    expect(screen.queryByRole('button', { name: 'Pontos duplicados' })).not.toBeInTheDocument();
  });
});
