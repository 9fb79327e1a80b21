import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, PERM, empresaApi, type ResponseOf } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose, dropdown, optionsOf, shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const ESTADOS = [
  { id: 13, uf: 'AM', nome: 'Amazonas' },
  { id: 35, uf: 'SP', nome: 'São Paulo' },
];
const CIDADES: Record<number, { id: number; nome: string }[]> = {
  13: [{ id: 1302603, nome: 'Manaus' }],
  35: [
    { id: 3509502, nome: 'Campinas' },
    { id: 3550308, nome: 'São Paulo' },
  ],
};

const EMPRESA: ResponseOf<typeof empresaApi.buscarCnpj> = {
  cnpj: {
    id: 1,
    codigoEmpresa: 'EMP0001',
    numero: '11222333000181',
    tipoNumeroDocumento: 'cnpj',
    razaoSocial: 'Jornada Demonstração Ltda',
    telefone1: '1133334444',
    telefone2: null,
    celular: '11987654321',
    codigoContabil: '1.01.001',
    codigoFilial: '001',
    principal: true,
    dataCadastro: '2026-01-01T00:00:00.000Z',
    fusoHorario: 'America/Sao_Paulo',
  },
  endereco: {
    tipoLocal: 'Avenida',
    rua: 'Paulista',
    numero: '1578',
    complemento: null,
    cep: '01310200',
    bairro: 'Bela Vista',
    cidade: { id: 3550308, nome: 'São Paulo' },
  },
  idEstado: 35,
  estados: ESTADOS,
  cidades: CIDADES[35]!,
};

function server() {
  const api = stubApi();
  api.on(empresaApi.listarEstados, ESTADOS);
  api.on(empresaApi.listarCidades, (b) => CIDADES[b.idEstado] ?? []);
  api.on(empresaApi.buscarCnpj, (b) => (b.idCnpj === 1 ? EMPRESA : reply(404, { mensagem: MSG.naoEncontrado })));
  api.on(empresaApi.salvarCnpj, (b) => ({ mensagem: b.cnpj.id ? MSG.empresaAlterada : MSG.empresaSalva }));
  api.on(empresaApi.listarEmpresas, { cnpjs: [], diaInicioFechamento: 1, diaFinalFechamento: 31 });
  return api;
}

const ALL = [PERM.EMPRESAS_VER, PERM.EMPRESAS_NOVO, PERM.EMPRESAS_EDITAR];
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function novo() {
  const api = server();
  const user = userEvent.setup();
  const app = renderApp('/cadastros/empresas/nova', makeSession(ALL));
  expect(await screen.findByRole('heading', { name: 'Nova empresa' })).toBeInTheDocument();
  return { api, user, ...app };
}

async function preencher(user: UserEvent) {
  await user.type(field('CNPJ'), '11222333000181');
  await user.type(field('Razão social'), 'Padaria Pão Quente Ltda');
  await user.type(field('Telefone 1'), '1134567890');
  await choose(user, 'Tipo de local', 'Rua');
  await user.type(field('Descrição'), 'Augusta');
  await user.type(field('Número'), '200');
  await user.type(field('CEP'), '01304000');
  await user.type(field('Bairro'), 'Consolação');
  await choose(user, 'Estado', 'SP');
  await choose(user, 'Cidade', 'São Paulo');
}

describe('company form (seed 000 §2.5, §3, §5)', () => {
  it('has the panels Informações gerais and Endereço', async () => {
    await novo();
    expect(screen.getByText('Informações gerais')).toBeInTheDocument();
    expect(screen.getByText('Endereço')).toBeInTheDocument();
  });

  it('masks as the user types: CNPJ (18), phones, mobile and CEP 99999-999', async () => {
    const { user } = await novo();
    await user.type(field('CNPJ'), '112223330001819999');
    expect(field('CNPJ')).toHaveValue('11.222.333/0001-81');
    expect(field('CNPJ')).toHaveAttribute('maxLength', '18');
    await user.type(field('Telefone 1'), '1134567890');
    expect(field('Telefone 1')).toHaveValue('(11) 3456-7890');
    // An 11th digit makes it a mobile number (issue 24 §9); a 12th is not taken.
    await user.type(field('Telefone 1'), '12');
    expect(field('Telefone 1')).toHaveValue('(11) 34567-8901');
    await user.type(field('Celular'), '119876543210');
    expect(field('Celular')).toHaveValue('(11) 98765-4321');
    await user.type(field('CEP'), '013102009');
    expect(field('CEP')).toHaveValue('01310-200');
  });

  it('switching to CPF clears the number and masks it as CPF (14)', async () => {
    const { user } = await novo();
    await user.type(field('CNPJ'), '11222333');
    await user.click(screen.getByRole('button', { name: 'CPF' }));
    expect(field('CPF')).toHaveValue('');
    await user.type(field('CPF'), '529982247251');
    expect(field('CPF')).toHaveValue('529.982.247-25');
    expect(field('CPF')).toHaveAttribute('maxLength', '14');
  });

  it('an empty save shows every message of seed 000 §5 and calls nothing', async () => {
    const { user, api } = await novo();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    for (const m of [
      MSG.informeCnpj,
      MSG.informeRazaoSocial,
      MSG.informeTelefone,
      MSG.selecioneTipoLocal,
      MSG.informeDescricao,
      MSG.informeNumero,
      MSG.informeCep,
      MSG.informeBairro,
      MSG.selecioneCidade,
    ]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    expect(api.callsTo(empresaApi.salvarCnpj)).toHaveLength(0);
  });

  it('refuses wrong check digits in the browser too', async () => {
    const { user, api } = await novo();
    await preencher(user);
    await user.clear(field('CNPJ'));
    await user.type(field('CNPJ'), '11222333000182');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.cnpjInvalido)).toBeInTheDocument();
    expect(api.callsTo(empresaApi.salvarCnpj)).toHaveLength(0);
  });

  it('the state filters the cities: none before a state, another state clears the city', async () => {
    const { user, api } = await novo();
    expect(dropdown('Cidade')).toHaveClass('p-disabled');
    await choose(user, 'Estado', 'SP');
    expect(await optionsOf(user, 'Cidade')).toEqual(['Campinas', 'São Paulo']);
    await choose(user, 'Cidade', 'Campinas');
    expect(shownIn('Cidade')).toBe('Campinas');
    await choose(user, 'Estado', 'AM');
    await waitFor(() => expect(shownIn('Cidade')).toBe('Selecione'));
    expect(await optionsOf(user, 'Cidade')).toEqual(['Manaus']);
    expect(api.callsTo(empresaApi.listarCidades).map((c) => c.path)).toEqual([
      '/api/empresa/listar-cidades/35',
      '/api/empresa/listar-cidades/13',
    ]);
  });

  it('saves digits only, without the state, then returns to the list with the OK toast', async () => {
    const { user, api, location } = await novo();
    await preencher(user);
    await user.type(field('Celular'), '11987654321');
    // A Telefone field takes a mobile number too, all 11 digits (issue 24 §9).
    await user.type(field('Telefone 2'), '11987654321');
    expect(field('Telefone 2')).toHaveValue('(11) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/empresas'));
    expect(await screen.findByText(MSG.empresaSalva)).toBeInTheDocument();
    const { usuarioRequisicao: _r, ...body } = api.callsTo(empresaApi.salvarCnpj)[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      cnpj: {
        id: null,
        tipoNumeroDocumento: 'cnpj',
        numero: '11222333000181',
        razaoSocial: 'Padaria Pão Quente Ltda',
        telefone1: '1134567890',
        telefone2: '11987654321',
        celular: '11987654321',
        codigoContabil: null,
        codigoFilial: null,
      },
      endereco: {
        tipoLocal: 'Rua',
        rua: 'Augusta',
        numero: '200',
        complemento: null,
        cep: '01304000',
        bairro: 'Consolação',
        cidade: { id: 3550308 },
      },
    });
  });

  it('edit: loads the company masked, with its code, state and city', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/cadastros/empresas/1/editar', makeSession(ALL));
    expect(await screen.findByRole('heading', { name: 'Editar empresa' })).toBeInTheDocument();
    await waitFor(() => expect(field('CNPJ')).toHaveValue('11.222.333/0001-81'));
    expect(field('Código')).toHaveValue('EMP0001');
    expect(field('Telefone 1')).toHaveValue('(11) 3333-4444');
    expect(field('CEP')).toHaveValue('01310-200');
    expect(shownIn('Tipo de local')).toBe('Avenida');
    expect(shownIn('Estado')).toBe('SP');
    expect(shownIn('Cidade')).toBe('São Paulo');
    expect(await optionsOf(user, 'Cidade')).toEqual(['Campinas', 'São Paulo']);
  });

  it('edit: a refused save shows the server message and stays on the form', async () => {
    const api = server();
    api.on(empresaApi.salvarCnpj, reply(409, { mensagem: MSG.empresaDocumentoEmUso }));
    const user = userEvent.setup();
    const { location } = renderApp('/cadastros/empresas/1/editar', makeSession(ALL));
    await waitFor(() => expect(field('CNPJ')).toHaveValue('11.222.333/0001-81'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.empresaDocumentoEmUso)).toBeInTheDocument();
    expect(api.callsTo(empresaApi.salvarCnpj)[0]!.body.cnpj.id).toBe(1);
    expect(location().pathname).toBe('/cadastros/empresas/1/editar');
  });

  it('edit of a company the user does not see (404) says so and leads back', async () => {
    server();
    const user = userEvent.setup();
    const { location } = renderApp('/cadastros/empresas/99/editar', makeSession(ALL));
    expect(await screen.findByText('Empresa não encontrada.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar para Empresas' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/empresas'));
  });

  it('Cancelar returns to the list without saving', async () => {
    const { user, api, location } = await novo();
    await user.type(field('Razão social'), 'Rascunho');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/empresas'));
    expect(api.callsTo(empresaApi.salvarCnpj)).toHaveLength(0);
    expect(within(document.body).queryByText('Rascunho')).not.toBeInTheDocument();
  });
});
