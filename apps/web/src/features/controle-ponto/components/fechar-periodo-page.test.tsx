import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTROLE_PONTO_MSG,
  PERM,
  centroCustoApi,
  controlePontoApi,
  empresaApi,
  funcionarioPesquisaApi,
  type FuncionarioResumo,
} from '@jornada/contracts';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../shared/query-client';
import { setSession } from '../../../shared/session';
import { reply, stub, stubApi } from '../../../test/api-stub';
import { choose } from '../../../test/dropdown';
import { makeSession } from '../../../test/render-app';
import { FecharPeriodoPage, lotesDeFechamento, resultadoFechamento } from './fechar-periodo-page';

const FP = controlePontoApi.FECHAR_PERIODO_MSG;
const empresa = {
  id: 10,
  numero: '11222333000181',
  razaoSocial: 'Matriz',
  tipoNumeroDocumento: 'cnpj' as const,
  cnpjNome: 'Matriz',
};
const PESSOAS: FuncionarioResumo[] = [1, 2, 3].map((i) => ({ id: i, cracha: String(i), nome: `Pessoa ${i}`, pis: '' }));

function montar(resposta: unknown, codigos: number[] = [PERM.FECHAR_PERIODO]) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-02-10T12:00:00'));
  setSession(makeSession(codigos));
  const http = stubApi(
    stub(empresaApi.listarCnpjs, [empresa]),
    stub(centroCustoApi.listarCentrosCustosUsuario, []),
    stub(funcionarioPesquisaApi.buscarFuncionariosCrachaNome, PESSOAS),
    stub(controlePontoApi.concluirPeriodoEmLote, resposta as never),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <FecharPeriodoPage />
    </Providers>,
  );
  return { http, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

afterEach(() => vi.useRealTimers());

/** The screen's Fechar (a toast's close button is also called 'Fechar'). */
const botaoFechar = () =>
  screen.getAllByRole('button', { name: 'Fechar' }).find((b) => b.closest('.p-toast') === null)!;

/** A search, and every employee found selected (the company already chosen). */
async function selecionarTodos(user: UserEvent) {
  await user.type(screen.getByPlaceholderText('Crachá/PIS/CPF/Nome'), 'a{Enter}');
  await waitFor(() =>
    expect(
      within(screen.getByRole('listbox', { name: /Funcionários Disponíveis/ })).getAllByRole('option'),
    ).toHaveLength(3),
  );
  await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
}

describe('Fechar Período (route 150, seed 002 §2, §4, §5)', () => {
  it('the warning; without a company, its message (seed 002 §5)', async () => {
    const { http, user } = montar({ mensagem: FP.fechados, fechados: 0, jaFechados: 0 });
    expect(screen.getByText(FP.aviso)).toBeInTheDocument();
    await user.click(botaoFechar());
    expect(await screen.findByText(CONTROLE_PONTO_MSG.selecioneEmpresa)).toBeInTheDocument();
    expect(http.callsTo(controlePontoApi.concluirPeriodoEmLote)).toHaveLength(0);
  });

  it('Fechar shows only with the code its call asks (150; issue 24 §11)', async () => {
    montar({ mensagem: FP.fechados, fechados: 0, jaFechados: 0 }, [PERM.CONTROLE_PONTO]);
    expect(screen.getByText(FP.aviso)).toBeInTheDocument();
    await screen.findByPlaceholderText('Crachá/PIS/CPF/Nome');
    expect(screen.queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
  });

  it('a company without employees chosen: its message (seed 002 §5)', async () => {
    const { http, user } = montar({ mensagem: FP.fechados, fechados: 0, jaFechados: 0 });
    await choose(user, 'Empresa', 'Matriz');
    await user.click(botaoFechar());
    expect(await screen.findByText(FP.selecioneFuncionarios)).toBeInTheDocument();
    expect(http.callsTo(controlePontoApi.concluirPeriodoEmLote)).toHaveLength(0);
  });

  it('after the confirmation, the close and its summary', async () => {
    const { http, user } = montar({ mensagem: FP.fechados, fechados: 2, jaFechados: 1 });
    await choose(user, 'Empresa', 'Matriz');
    await selecionarTodos(user);
    await user.click(botaoFechar());
    expect(await screen.findByText(FP.confirmar)).toBeInTheDocument();
    expect(http.callsTo(controlePontoApi.concluirPeriodoEmLote)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(resultadoFechamento(2, 1))).toBeInTheDocument();
    expect(http.callsTo(controlePontoApi.concluirPeriodoEmLote)[0]!.body).toMatchObject({
      mes: 2,
      ano: 2026,
      cnpj: 10,
      funcionarios: [1, 2, 3],
    });
  });

  it('a refused batch says why', async () => {
    const { user } = montar(reply(400, { mensagem: 'O período está fechado: o dia não pode ser alterado.' }));
    await choose(user, 'Empresa', 'Matriz');
    await selecionarTodos(user);
    await user.click(botaoFechar());
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('O período está fechado: o dia não pode ser alterado.')).toBeInTheDocument();
  });

  it.each([
    [[], 100, []],
    [[1, 2, 3], 100, [[1, 2, 3]]],
    [[1, 2, 3, 4, 5], 2, [[1, 2], [3, 4], [5]]],
  ])('lotesDeFechamento(%j, %i)', (ids, tamanho, lotes) => {
    expect(lotesDeFechamento(ids, tamanho)).toEqual(lotes);
  });
});
