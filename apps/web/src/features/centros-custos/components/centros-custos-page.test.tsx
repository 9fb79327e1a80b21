import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, PERM, centroCustoApi, type CentroCusto, type CnpjOpcao, type NivelCentroCusto } from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { choose, optionsOf, shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const ALL = [
  PERM.CENTROS_CUSTOS_VER,
  PERM.CENTROS_CUSTOS_NOVO,
  PERM.CENTROS_CUSTOS_EDITAR,
  PERM.CENTROS_CUSTOS_EXCLUIR,
];

const CNPJS: CnpjOpcao[] = [
  {
    id: 1,
    numero: '11222333000181',
    razaoSocial: 'Matriz',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0001-81 - Matriz',
  },
  {
    id: 2,
    numero: '11222333000262',
    razaoSocial: 'Filial',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0002-62 - Filial',
  },
];

const cc = (id: number, codigo: string, nome: string, tipo: CentroCusto['tipo'], pai: number | null, idCnpj = 1) => ({
  id,
  codigo,
  nome,
  tipo,
  centroCustoPaiId: pai,
  idCnpj,
});

/** A fake server holding a small tree: company 1 (Administrativo → Financeiro → Contas a Pagar), company 2 (Logística). */
function fakeServer(cnpjs = CNPJS) {
  let next = 100;
  const rows: CentroCusto[] = [
    cc(10, '1', 'Administrativo', 'Departamento', null),
    cc(11, '2', 'Financeiro', 'Setor', 10),
    cc(12, '3', 'Contas a Pagar', 'Seção', 11),
    cc(13, '4', 'Produção', 'Departamento', null),
    cc(20, '9', 'Logística', 'Departamento', null, 2),
  ];
  const api = stubApi();
  api.on(centroCustoApi.listarCnpjsCentroCusto, () => cnpjs);
  api.on(centroCustoApi.listarDepartamentos, (b) =>
    rows.filter((r) => r.idCnpj === b.idCnpj && r.tipo === 'Departamento'),
  );
  api.on(centroCustoApi.listarSetores, (b) => rows.filter((r) => r.centroCustoPaiId === b.idDepartamento));
  api.on(centroCustoApi.listarSecoes, (b) => rows.filter((r) => r.centroCustoPaiId === b.idSetor));
  api.on(centroCustoApi.salvarDepartamento, (b) => {
    const id = next++;
    rows.push(cc(id, b.centroCusto.codigo ?? String(id), b.centroCusto.nome, 'Departamento', null, b.idCnpj));
    return { mensagem: 'Departamento cadastrado com sucesso!' };
  });
  api.on(centroCustoApi.salvarSetorSecao, (b) => {
    const pai = rows.find((r) => r.id === b.idCentroCustoPai)!;
    const tipo = pai.tipo === 'Departamento' ? 'Setor' : 'Seção';
    const id = next++;
    rows.push(cc(id, b.centroCusto.codigo ?? String(id), b.centroCusto.nome, tipo, pai.id, b.idCnpj));
    return { mensagem: `${tipo} cadastrado com sucesso!` };
  });
  api.on(centroCustoApi.alterarCentroCusto, (b) => {
    const r = rows.find((x) => x.id === b.centroCusto.id)!;
    Object.assign(r, { codigo: b.centroCusto.codigo, nome: b.centroCusto.nome });
    return { mensagem: `${r.tipo} alterado com sucesso!` };
  });
  api.on(centroCustoApi.excluirCentroCusto, (b) => {
    rows.splice(
      rows.findIndex((x) => x.id === b.centroCusto.id),
      1,
    );
    return { mensagem: 'Excluído com sucesso!' };
  });
  return { api, rows };
}

const grupo = (nivel: string) => screen.getByRole('group', { name: `Ações de ${nivel}` });
const botao = (nivel: string, acao: 'Novo' | 'Editar' | 'Excluir') =>
  within(grupo(nivel)).getByRole('button', {
    name: acao === 'Novo' ? centroCustoApi.novoNivel(nivel as NivelCentroCusto) : `${acao} ${nivel}`,
  });
const dialog = () => screen.getByRole('dialog');
const toasts = () => document.querySelector<HTMLElement>('.p-toast')!;

async function abrir(codes: number[] = ALL, cnpjs = CNPJS) {
  const server = fakeServer(cnpjs);
  const user = userEvent.setup();
  renderApp('/cadastros/centros-custos', makeSession(codes));
  expect(await screen.findByRole('heading', { name: 'Centros de Custos' })).toBeInTheDocument();
  return { ...server, user };
}

describe('Centros de Custos (seed 000 §2.5, §5)', () => {
  it('the chain: company → departments → sectors → sections, each level clearing the ones below', async () => {
    const { user, api } = await abrir();
    expect(shownIn('Departamento')).toBe('Selecione uma empresa');
    await choose(user, 'Empresa', '11.222.333/0001-81 - Matriz');
    expect(await optionsOf(user, 'Departamento')).toEqual(['1 - Administrativo', '4 - Produção']);
    await choose(user, 'Departamento', '1 - Administrativo');
    await choose(user, 'Setor', '2 - Financeiro');
    await choose(user, 'Seção', '3 - Contas a Pagar');
    expect(shownIn('Seção')).toBe('3 - Contas a Pagar');

    // Another department: sectors reload, sections are cleared.
    await choose(user, 'Departamento', '4 - Produção');
    await waitFor(() => expect(shownIn('Setor')).toBe('Nenhum setor cadastrado'));
    expect(shownIn('Seção')).toBe('Selecione um setor');

    // Another company: departments reload, sectors and sections are cleared.
    await choose(user, 'Departamento', '1 - Administrativo');
    await choose(user, 'Setor', '2 - Financeiro');
    await choose(user, 'Empresa', '11.222.333/0002-62 - Filial');
    expect(await optionsOf(user, 'Departamento')).toEqual(['9 - Logística']);
    expect(shownIn('Setor')).toBe('Selecione um departamento');
    expect(shownIn('Seção')).toBe('Selecione um setor');
    expect(api.callsTo(centroCustoApi.listarDepartamentos).map((c) => c.body.idCnpj)).toEqual([1, 2]);
  });

  it.each([
    ['Departamento', 'Novo', MSG.selecioneEmpresa],
    ['Setor', 'Novo', MSG.selecioneDepartamento],
    ['Seção', 'Novo', MSG.selecioneSetor],
    // The seed's 'Selecione uma departamento', in correct Portuguese (issue 24 §8).
    ['Departamento', 'Editar', 'Selecione um departamento'],
    ['Departamento', 'Excluir', 'Selecione um departamento'],
    ['Setor', 'Editar', MSG.selecioneSetor],
    ['Setor', 'Excluir', MSG.selecioneSetor],
    ['Seção', 'Editar', MSG.selecioneSecao],
    ['Seção', 'Excluir', MSG.selecioneSecao],
  ] as const)('%s › %s without the selection it needs says "%s"', async (nivel, acao, mensagem) => {
    const { user } = await abrir();
    await user.click(botao(nivel, acao));
    expect(await within(toasts()).findByText(mensagem)).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloMensagem)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Novo Departamento: automatic code by default, the department list reloads', async () => {
    const { user, api } = await abrir();
    await choose(user, 'Empresa', '11.222.333/0001-81 - Matriz');
    await user.click(botao('Departamento', 'Novo'));
    expect(within(dialog()).getByText('Novo Departamento')).toBeInTheDocument();
    expect(within(dialog()).getByRole('switch', { name: 'Gerar código em sequência' })).toBeChecked();
    expect(within(dialog()).getByLabelText('Código')).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(MSG.informeNome)).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Nome'), 'Comercial{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(centroCustoApi.salvarDepartamento)[0]!.body).toMatchObject({
      idCnpj: 1,
      centroCusto: { id: null, codigo: null, nome: 'Comercial', gerarCodogioEmSequencia: true },
    });
    expect(await screen.findByText('Departamento cadastrado com sucesso!')).toBeInTheDocument();
    await waitFor(async () => expect(await optionsOf(user, 'Departamento')).toContain('100 - Comercial'));
  });

  it('Novo Setor and Nova Seção go under the selected parent; the code is required with the switch off', async () => {
    const { user, api } = await abrir();
    await choose(user, 'Empresa', '11.222.333/0001-81 - Matriz');
    await choose(user, 'Departamento', '1 - Administrativo');
    await user.click(botao('Setor', 'Novo'));
    expect(within(dialog()).getByText('Novo Setor')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('switch', { name: 'Gerar código em sequência' }));
    await user.type(within(dialog()).getByLabelText('Nome'), 'Contabilidade');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(MSG.informeCodigo)).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Código'), 'CTB');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(centroCustoApi.salvarSetorSecao)[0]!.body).toMatchObject({
      idCnpj: 1,
      idCentroCustoPai: 10,
      centroCusto: { codigo: 'CTB', nome: 'Contabilidade', gerarCodogioEmSequencia: false },
    });
    await waitFor(async () => expect(await optionsOf(user, 'Setor')).toContain('CTB - Contabilidade'));

    await choose(user, 'Setor', '2 - Financeiro');
    await user.click(botao('Seção', 'Novo'));
    expect(within(dialog()).getByText('Nova Seção')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Nome'), 'Tesouraria{Enter}');
    await waitFor(() => expect(api.callsTo(centroCustoApi.salvarSetorSecao)).toHaveLength(2));
    expect(api.callsTo(centroCustoApi.salvarSetorSecao)[1]!.body.idCentroCustoPai).toBe(11);
  });

  it('Editar Setor: the chosen one in the dialog, the code required, alterar sent and the list reloaded', async () => {
    const { user, api } = await abrir();
    await choose(user, 'Empresa', '11.222.333/0001-81 - Matriz');
    await choose(user, 'Departamento', '1 - Administrativo');
    await choose(user, 'Setor', '2 - Financeiro');
    await user.click(botao('Setor', 'Editar'));
    expect(within(dialog()).getByText('Editar Setor')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('switch')).not.toBeInTheDocument();
    const codigo = within(dialog()).getByLabelText('Código');
    expect(codigo).toHaveValue('2');
    await user.clear(codigo);
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(MSG.informeCodigo)).toBeInTheDocument();
    await user.type(codigo, 'FIN');
    const nome = within(dialog()).getByLabelText('Nome');
    await user.clear(nome);
    await user.type(nome, 'Finanças{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(centroCustoApi.alterarCentroCusto)[0]!.body.centroCusto).toMatchObject({
      id: 11,
      codigo: 'FIN',
      nome: 'Finanças',
    });
    await waitFor(() => expect(shownIn('Setor')).toBe('FIN - Finanças'));
  });

  it('closing the dialog resets it', async () => {
    const { user, api } = await abrir();
    await choose(user, 'Empresa', '11.222.333/0001-81 - Matriz');
    await user.click(botao('Departamento', 'Novo'));
    await user.type(within(dialog()).getByLabelText('Nome'), 'Rascunho');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    // Something was typed: closing asks first (issue 24 §3).
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(botao('Departamento', 'Novo'));
    expect(within(dialog()).getByLabelText('Nome')).toHaveValue('');
    expect(within(dialog()).getByRole('switch', { name: 'Gerar código em sequência' })).toBeChecked();
    expect(api.callsTo(centroCustoApi.salvarDepartamento)).toHaveLength(0);
  });

  it('Excluir asks first; Sim deletes, clears the selection and reloads the level', async () => {
    const { user, api } = await abrir();
    await choose(user, 'Empresa', '11.222.333/0001-81 - Matriz');
    await choose(user, 'Departamento', '1 - Administrativo');
    await choose(user, 'Setor', '2 - Financeiro');
    await choose(user, 'Seção', '3 - Contas a Pagar');
    await user.click(botao('Seção', 'Excluir'));
    expect(await screen.findByText('Excluir seção 3 - Contas a Pagar?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    expect(api.callsTo(centroCustoApi.excluirCentroCusto)).toHaveLength(0);
    await user.click(botao('Seção', 'Excluir'));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.callsTo(centroCustoApi.excluirCentroCusto)).toHaveLength(1));
    expect(api.callsTo(centroCustoApi.excluirCentroCusto)[0]!.body.centroCusto).toEqual({ id: 12 });
    await waitFor(() => expect(shownIn('Seção')).toBe('Nenhuma seção cadastrada'));
    expect(shownIn('Setor')).toBe('2 - Financeiro');
  });

  it('buttons follow the codes: 14 alone shows none, 15 only Novo', async () => {
    await abrir([PERM.CENTROS_CUSTOS_VER]);
    expect(screen.queryByRole('button', { name: /^(Novo|Editar|Excluir) / })).not.toBeInTheDocument();
  });

  it('with 15 only Novo is offered', async () => {
    await abrir([PERM.CENTROS_CUSTOS_VER, PERM.CENTROS_CUSTOS_NOVO]);
    expect(screen.getAllByRole('button', { name: /^Nov[oa] / })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^(Editar|Excluir) / })).not.toBeInTheDocument();
  });

  it('a user with a single company has it chosen already', async () => {
    const { user } = await abrir(ALL, [CNPJS[0]!]);
    await waitFor(() => expect(shownIn('Empresa')).toBe('11.222.333/0001-81 - Matriz'));
    expect(await optionsOf(user, 'Departamento')).toEqual(['1 - Administrativo', '4 - Produção']);
  });
});
