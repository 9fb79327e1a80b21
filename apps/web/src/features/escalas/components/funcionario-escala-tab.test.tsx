import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PERM,
  PESQUISA_FUNCIONARIOS_MSG as M,
  centroCustoApi,
  empresaApi,
  funcionarioPesquisaApi as api,
  type FuncionarioResumo,
} from '@jornada/contracts';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../shared/query-client';
import { setSession } from '../../../shared/session';
import { reply, stub, stubApi } from '../../../test/api-stub';
import { dropdown } from '../../../test/dropdown';
import { makeSession } from '../../../test/render-app';
import { FuncionarioEscalaTab } from './funcionario-escala-tab';

const empresa = (id: number, nome: string) => ({
  id,
  numero: `1122233300018${id}`,
  razaoSocial: nome,
  tipoNumeroDocumento: 'cnpj' as const,
  cnpjNome: nome,
});
const CONTRATOS = [
  { id: 5, descricao: 'Comercial 44h', tipo: 1, nomeRef: 'Comercial 44h (Quadro de Horários)' },
  { id: 6, descricao: 'Noturna 12x36', tipo: 1, nomeRef: 'Noturna 12x36 (Quadro de Horários)' },
];
const ANA: FuncionarioResumo = { id: 1, cracha: '0101', nome: 'Ana Souza', pis: '' };
const BRUNO: FuncionarioResumo = { id: 2, cracha: '0102', nome: 'Bruno Lima', pis: '' };

function montar(
  codes: number[],
  extra: { trocar?: Parameters<typeof stub<typeof api.trocarContratoFuncionarios>>[1] } = {},
) {
  setSession(makeSession(codes));
  let naEscala = [ANA, BRUNO];
  const http = stubApi(
    stub(empresaApi.listarCnpjs, [empresa(10, 'Matriz'), empresa(20, 'Filial')]),
    stub(centroCustoApi.listarCentrosCustosUsuario, []),
    stub(api.listarContratos, CONTRATOS),
    stub(api.buscarFuncionariosContrato, () => naEscala),
    stub(api.buscarFuncionariosContratoCrachaNome, (b) =>
      naEscala.filter((f) => f.nome.toLowerCase().includes(b.crachaNome.toLowerCase())),
    ),
    stub(
      api.trocarContratoFuncionarios,
      extra.trocar ??
        ((b) => {
          naEscala = naEscala.filter((f) => !b.idsFuncionarios.includes(f.id));
          return { mensagem: M.escalaTrocada(b.idsFuncionarios.length, 0) };
        }),
    ),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <FuncionarioEscalaTab />
    </Providers>,
  );
  return { http, user: userEvent.setup({ delay: null }) };
}

const disponiveis = () => screen.getByRole('listbox', { name: /Funcionários Disponíveis/ });
const selecionados = () => screen.getByRole('listbox', { name: /Funcionários Selecionados/ });
const salvar = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Salvar' }));
/** The warning toast shows `text` (and the previous one is gone). */
const avisa = async (text: string) => expect(await screen.findByText(text)).toBeInTheDocument();

/**
 * Picks from a Dropdown's open panel: the two schedule dropdowns share their
 * options, and a chosen one stays in the other's hidden accessible select.
 */
async function escolher(user: UserEvent, label: string, option: string) {
  await user.click(dropdown(label));
  const painel = await waitFor(() => document.querySelector<HTMLElement>('.p-dropdown-panel')!);
  await user.click(within(painel).getByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}

async function digitarData(user: UserEvent, ddmmyyyy: string) {
  await user.tripleClick(screen.getByLabelText('Data de início'));
  await user.keyboard(ddmmyyyy);
  await user.tab();
}

describe("tab 'Funcionário/Escala' (seed 001 §2.3, §5)", () => {
  it("checks in the seed's order with its words", async () => {
    const { user } = montar([PERM.ESCALAS_HORARIOS_VER, PERM.FUNCIONARIOS_EDITAR]);
    await salvar(user);
    await avisa(M.selecioneEmpresa);
    await escolher(user, 'Empresa', 'Matriz');
    await salvar(user);
    await avisa(M.selecioneEmpresaEscalaAtual);
    await escolher(user, 'Escala atual', 'Comercial 44h (Quadro de Horários)');
    await salvar(user);
    await avisa(M.selecioneNovaEscala);
    await escolher(user, 'Nova escala', 'Comercial 44h (Quadro de Horários)');
    await salvar(user);
    await avisa(M.novaEscalaIgualAtual);
    await escolher(user, 'Nova escala', 'Noturna 12x36 (Quadro de Horários)');
    await salvar(user);
    await avisa(M.selecioneFuncionario);
  });

  it('searches by badge or name, confirms, moves, and the moved leave the lists', async () => {
    const { http, user } = montar([PERM.ESCALAS_HORARIOS_VER, PERM.FUNCIONARIOS_EDITAR]);
    await escolher(user, 'Empresa', 'Matriz');
    await escolher(user, 'Escala atual', 'Comercial 44h (Quadro de Horários)');
    await escolher(user, 'Nova escala', 'Noturna 12x36 (Quadro de Horários)');
    // Badge/name search (Enter), then the picker.
    await user.type(screen.getByPlaceholderText('Crachá/PIS/CPF/Nome'), 'ana{Enter}');
    await waitFor(() => expect(within(disponiveis()).getAllByRole('option')).toHaveLength(1));
    expect(http.callsTo(api.buscarFuncionariosContratoCrachaNome)[0]!.body).toMatchObject({
      idCnpj: 10,
      idContrato: 5,
      crachaNome: 'ana',
    });
    await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    expect(within(selecionados()).getByRole('option')).toHaveTextContent('Ana Souza');
    await digitarData(user, '01/04/2026');
    await salvar(user);
    expect(
      await screen.findByText(
        'Trocar a escala de 1 funcionário(s) de Comercial 44h (Quadro de Horários) para Noturna 12x36 (Quadro de Horários) a partir de 01/04/2026?',
        { exact: false },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    await avisa(M.escalaTrocada(1, 0));
    expect(http.callsTo(api.trocarContratoFuncionarios)[0]!.body).toMatchObject({
      idsFuncionarios: [1],
      idAntigoContrato: 5,
      idNovoContrato: 6,
      dataInicio: '2026-04-01',
    });
    // The selection is cleared and the search runs again: Ana is on the new schedule now.
    await waitFor(() => expect(http.callsTo(api.buscarFuncionariosContratoCrachaNome)).toHaveLength(2));
    expect(within(selecionados()).queryAllByRole('option')).toHaveLength(0);
    expect(disponiveis()).toHaveTextContent('Nenhum funcionário encontrado.');
  });

  it("shows the server's refusal and keeps the selection", async () => {
    const recusa = M.dataAntesDoInicio('Bruno Lima', '10/01/2026');
    const { user } = montar([PERM.FUNCIONARIOS_EDITAR], { trocar: reply(400, { mensagem: recusa }) });
    await escolher(user, 'Empresa', 'Filial');
    await escolher(user, 'Escala atual', 'Comercial 44h (Quadro de Horários)');
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    await waitFor(() => expect(within(disponiveis()).getAllByRole('option')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    await escolher(user, 'Nova escala', 'Noturna 12x36 (Quadro de Horários)');
    await salvar(user);
    await avisa(M.informeDataInicio);
    await digitarData(user, '05/01/2026');
    await salvar(user);
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await avisa(recusa);
    expect(within(selecionados()).getAllByRole('option')).toHaveLength(2);
  });

  it('without code 26 there is no Salvar', async () => {
    montar([PERM.ESCALAS_HORARIOS_VER]);
    await screen.findByText('Funcionários Disponíveis');
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });
});
