import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MSG,
  MSG_IMPORTACAO,
  SUPER_ADMIN_CODE,
  centroCustoApi,
  empresaApi,
  funcionarioApi,
  funcionarioImportacaoApi as api,
  provedorApi,
  type CnpjOpcao,
  type ResumoImportacao,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { dropdown, shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';
import { entregarImportacao } from '../importacao-state';

const BASE = '/cadastros/funcionarios/importar';
const CHAVE = 'jornada.importacaoFuncionarios';

const cnpjs: CnpjOpcao[] = [
  {
    id: 1,
    numero: '11222333000181',
    razaoSocial: 'Jornada Demonstração Ltda',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0001-81 - Jornada Demonstração Ltda',
  },
  {
    id: 2,
    numero: '11444777000161',
    razaoSocial: 'Filial Campinas',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.444.777/0001-61 - Filial Campinas',
  },
];

const resumo: ResumoImportacao = {
  id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  cnpj: { id: 1, numero: '11222333000181', razaoSocial: 'Jornada Demonstração Ltda' },
  escalas: [
    { id: 5, descricao: '44h Seg-Sáb', tipo: 1, nomeRef: '44h Seg-Sáb (Quadro de Horários)' },
    { id: 6, descricao: '12x36 Noturno', tipo: 2, nomeRef: '12x36 Noturno (Revezamento)' },
  ],
  qtdLinhas: 3,
  qtdFuncionarios: 2,
  qtdLinhasErros: 1,
  linhasErros: [{ linha: 2, motivo: 'PIS inválido: confira os dígitos.' }],
};

/** Opens the Dropdown labelled `label` and picks `option` in its own (last opened) list. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(dropdown(label));
  const lists = await screen.findAllByRole('listbox', { hidden: true });
  await user.click(within(lists.at(-1)!).getByRole('option', { name: option, hidden: true }));
}

const csv = (name = '11222333000181.csv') => new File(['Ana;;52998224725;1;R1;01/02/2020;1;1\r\n'], name);
const escolherArquivo = (file: File) =>
  fireEvent.change(screen.getByTestId('importacao-arquivo-input'), { target: { files: [file] } });

beforeEach(() => sessionStorage.clear());

describe('Importar funcionários', () => {
  it('com o código 26 abre cada etapa; sem importação em andamento, a etapa recomeça', async () => {
    stubApi();
    const { router } = renderApp(BASE, makeSession([24, 26]));
    expect(await screen.findByRole('heading', { name: 'Antes de iniciar a configuração' })).toBeInTheDocument();
    expect(screen.getByText(/separados por ponto e vírgula/)).toBeInTheDocument();
    for (const [etapa, rotulo] of [
      ['validar', 'Validar'],
      ['confirmar', 'Confirmar'],
      ['finalizar', 'Finalizar'],
    ]) {
      await router.navigate(`${BASE}/${etapa}`);
      // The step's own page, not the one before it still on screen while the lazy route loads: the same empty
      // state is drawn by each, and the previous one leaves the document once the new one is in.
      await waitFor(() => expect(document.querySelector('.p-steps-current')).toHaveTextContent(rotulo!));
      expect(screen.getByText('Nenhuma importação em andamento')).toBeInTheDocument();
    }
  });

  it('sem 26 nem o código da etapa: /nao-autorizado', async () => {
    stubApi();
    const { location } = renderApp(`${BASE}/confirmar`, makeSession([24, 70]));
    await waitFor(() => expect(location().pathname).toBe('/nao-autorizado'));
  });

  it('Cancelar e fechar voltam para Funcionários', async () => {
    // The employee list is drawn on arrival (at once when an earlier file of the worker loaded its module): what
    // it asks for is answered, or its error toast's own 'Fechar' would be the one clicked below.
    const api$ = stubApi();
    api$.on(empresaApi.listarCnpjs, cnpjs);
    api$.on(centroCustoApi.listarCentrosCustosUsuario, []);
    api$.on(funcionarioApi.listarFuncionarios, { qdtFuncionarios: 0, funcionarios: [] });
    const user = userEvent.setup();
    const { location, router } = renderApp(BASE, makeSession([24, 26]));
    // A lazy route: the router moves once its module is loaded.
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/funcionarios'));
    await router.navigate(BASE);
    await screen.findByRole('heading', { name: 'Importar funcionários', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/funcionarios'));
  });

  it("colunas: 'Selecione' numa obrigatória volta a 1 com 'Campo obrigatório'; colunas iguais são apontadas", async () => {
    const api$ = stubApi();
    api$.on(empresaApi.listarCnpjs, cnpjs);
    const user = userEvent.setup();
    renderApp(`${BASE}/configurar`, makeSession([26]));
    await screen.findByText('Posição das colunas no arquivo');
    expect(shownIn('CPF *')).toBe('3');
    await choose(user, 'CPF *', 'Selecione');
    expect(shownIn('CPF *')).toBe('1');
    expect(
      await screen.findByText(`${MSG_IMPORTACAO.campoObrigatorio} · Coluna CPF igual a coluna Nome`),
    ).toBeInTheDocument();
    await choose(user, 'CPF *', '3');
    expect(screen.queryByText(/Campo obrigatório/)).not.toBeInTheDocument();
    // An optional column may have none.
    await choose(user, 'E-mail', 'Selecione');
    expect(shownIn('E-mail')).toBe('Selecione');
    expect(screen.queryByText(/Campo obrigatório/)).not.toBeInTheDocument();
    await choose(user, 'E-mail', '1');
    expect(screen.getByText('Coluna E-mail igual a coluna Nome')).toBeInTheDocument();
    expect(shownIn('Codificação do arquivo')).toBe('ISO-8859-1');
    expect(shownIn('Formato das datas')).toBe('dd/MM/yyyy');
  });

  it('Avançar sem arquivo nem empresa não envia nada; um arquivo que não é .csv é recusado', async () => {
    const api$ = stubApi();
    api$.on(empresaApi.listarCnpjs, cnpjs);
    const user = userEvent.setup();
    renderApp(`${BASE}/configurar`, makeSession([26]));
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    expect(screen.getByText(MSG.selecioneArquivo(['.csv']))).toBeInTheDocument();
    expect(screen.getByText(MSG.selecioneEmpresa)).toBeInTheDocument();
    escolherArquivo(new File(['x'], 'funcionarios.xlsx'));
    expect(screen.getByText('Nenhum arquivo selecionado')).toBeInTheDocument();
    expect(api$.callsTo(api.processar)).toHaveLength(0);
  });

  it('do arquivo ao resultado: só o id passa pela sessionStorage, e é removido ao ser lido', async () => {
    const api$ = stubApi();
    api$.on(empresaApi.listarCnpjs, cnpjs);
    api$.on(api.processar, resumo);
    api$.on(api.salvar, { mensagem: MSG_IMPORTACAO.importacaoConcluida(2), qtdFuncionarios: 2, qtdJaCadastrados: 0 });
    const user = userEvent.setup();
    const { location } = renderApp(`${BASE}/configurar`, makeSession([24, 26]));
    await screen.findByText('Posição das colunas no arquivo');
    // Named after the company's number: the file picks its company.
    escolherArquivo(csv());
    expect(screen.getByText(/11222333000181\.csv/)).toBeInTheDocument();
    await waitFor(() => expect(shownIn('Empresa')).toBe('11.222.333/0001-81 - Jornada Demonstração Ltda'));
    await choose(user, 'Codificação do arquivo', 'UTF-8');
    await user.click(screen.getByRole('button', { name: 'Avançar' }));

    await screen.findByText('Linhas com erros: 1');
    expect(location().pathname).toBe(`${BASE}/validar`);
    const [sent] = api$.callsTo(api.processar);
    expect(sent!.body).toMatchObject({
      jsonRequisicao: { cnpj: { id: 1 } },
      jsonColunas: { nome: 1, pis: 2, cpf: 3, email: 11, charset: 'UTF-8', formatoData: 'dd/MM/yyyy' },
    });
    expect(sent!.file?.name).toBe('11222333000181.csv');
    expect(sessionStorage.getItem(CHAVE)).toBeNull();
    const linhas = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(linhas[1]!).getByText('2')).toBeInTheDocument();
    expect(within(linhas[1]!).getByText('PIS inválido: confira os dígitos.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    await screen.findByText(/2 funcionários serão importados/);
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Selecione a escala de horários')).toBeInTheDocument();
    expect(api$.callsTo(api.salvar)).toHaveLength(0);
    await choose(user, 'Escala de horários', '12x36 Noturno (Revezamento)');
    await user.click(screen.getByRole('button', { name: 'Importar' }));

    await screen.findByText('Funcionários importados');
    expect(location().pathname).toBe(`${BASE}/finalizar`);
    const [salvo] = api$.callsTo(api.salvar);
    expect(salvo!.body).toMatchObject({ id: resumo.id, escala: { id: 6 } });
    expect(salvo!.body.dataIinicioEscala).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getAllByText(MSG_IMPORTACAO.importacaoConcluida(2)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Ir para Funcionários' }));
    expect(location().pathname).toBe('/cadastros/funcionarios');
  });

  it('Voltar volta uma etapa com a mesma importação; sem funcionários válidos não se avança', async () => {
    const api$ = stubApi();
    api$.on(empresaApi.listarCnpjs, cnpjs);
    api$.on(api.processar, { ...resumo, qtdFuncionarios: 0, qtdLinhasErros: 3 });
    const user = userEvent.setup();
    const { location } = renderApp(`${BASE}/configurar`, makeSession([26]));
    await screen.findByText('Posição das colunas no arquivo');
    escolherArquivo(csv());
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    await screen.findByText('Linhas com erros: 3');
    expect(screen.getByText(MSG_IMPORTACAO.nenhumFuncionarioValido)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avançar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(location().pathname).toBe(`${BASE}/configurar`);
    // Configurar is as it was left: the file and its company (issue 24 §13); Avançar sends them again.
    expect(await screen.findByText(/11222333000181\.csv/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    await waitFor(() => expect(api$.callsTo(api.processar)).toHaveLength(2));
  });

  it('o servidor recusa o arquivo: a mensagem dele, e a etapa continua', async () => {
    const api$ = stubApi();
    api$.on(empresaApi.listarCnpjs, cnpjs);
    api$.on(api.processar, reply(400, { mensagem: MSG_IMPORTACAO.arquivoBinario }));
    const user = userEvent.setup();
    const { location } = renderApp(`${BASE}/configurar`, makeSession([26]));
    await screen.findByText('Posição das colunas no arquivo');
    escolherArquivo(csv('lixo.csv'));
    await choose(user, 'Empresa', '11.444.777/0001-61 - Filial Campinas');
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    expect(await screen.findByText(MSG_IMPORTACAO.arquivoBinario)).toBeInTheDocument();
    expect(location().pathname).toBe(`${BASE}/configurar`);
    expect(api$.callsTo(api.processar)[0]!.body).toMatchObject({ jsonRequisicao: { cnpj: { id: 2 } } });
  });

  it('sem o 26 (Consulta: só vê escalas, 70/72) as etapas se abrem, mas nenhum botão leva ao envio nem à importação (issue 24 §11)', async () => {
    const api$ = stubApi();
    api$.on(empresaApi.listarCnpjs, cnpjs);
    const { router } = renderApp(BASE, makeSession([24, 70, 72]));
    expect(await screen.findByRole('heading', { name: 'Antes de iniciar a configuração' })).toBeInTheDocument();
    const semPermissao =
      "Importar funcionários exige a permissão 'Editar / importar funcionários', que o seu perfil não tem.";
    expect(screen.getByText(semPermissao)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar configuração' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();

    await router.navigate(`${BASE}/configurar`);
    await screen.findByText('Posição das colunas no arquivo');
    expect(screen.getByText(semPermissao)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avançar' })).not.toBeInTheDocument();

    // An import handed to Confirmar (72 opens it): its Importar would be refused by the server, so it is not there.
    entregarImportacao({ resumo });
    await router.navigate(`${BASE}/confirmar`);
    await screen.findByText(/2 funcionários serão importados/);
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    await router.navigate(`${BASE}/finalizar`);
    await waitFor(() => expect(document.querySelector('.p-steps-current')).toHaveTextContent('Finalizar'));
    expect(screen.getByText('Nenhuma importação em andamento')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar importação' })).not.toBeInTheDocument();
    expect(api$.callsTo(api.processar)).toHaveLength(0);
  });

  it('com o 26, Validar avança para Confirmar e Finalizar recomeça a importação', async () => {
    stubApi();
    const { router } = renderApp(BASE, makeSession([26]));
    expect(await screen.findByRole('button', { name: 'Iniciar configuração' })).toBeInTheDocument();
    expect(screen.queryByText(/que o seu perfil não tem/)).not.toBeInTheDocument();
    entregarImportacao({ resumo });
    await router.navigate(`${BASE}/validar`);
    await screen.findByText('Linhas com erros: 1');
    expect(screen.getByRole('button', { name: 'Avançar' })).toBeInTheDocument();
    await router.navigate(`${BASE}/finalizar`);
    await waitFor(() => expect(document.querySelector('.p-steps-current')).toHaveTextContent('Finalizar'));
    expect(screen.getByRole('button', { name: 'Iniciar importação' })).toBeInTheDocument();
  });
});

describe('Update-Funcionarios (provedor)', () => {
  it('um cliente não abre a tela', async () => {
    stubApi();
    const { location } = renderApp('/cadastro/adm/upload', makeSession([24, 26]));
    await waitFor(() => expect(location().pathname).toBe('/nao-autorizado'));
  });

  it('escolhe o cliente e a empresa dele e faz a mesma importação nele', async () => {
    const api$ = stubApi();
    api$.on(provedorApi.listarClientes, [
      {
        id: 1,
        nome: 'Jornada Demonstração',
        cnpjPrincipal: '11222333000181',
        plano: null,
        ativo: true,
        criadoEm: '2026-03-01T12:00:00.000Z',
        uso: { cnpjs: 2, usuarios: 3, funcionariosAtivos: 0, dispositivosMoveis: 0, dispositivosWeb: 0 },
        autorizacaoSuporte: null,
      },
    ]);
    api$.on(api.listarCnpjsCliente, [{ id: 1, numero: '11222333000181', razaoSocial: 'Jornada Demonstração Ltda' }]);
    api$.on(api.processarCliente, resumo);
    api$.on(api.salvarCliente, {
      mensagem: MSG_IMPORTACAO.importacaoConcluida(2),
      qtdFuncionarios: 2,
      qtdJaCadastrados: 1,
    });
    const user = userEvent.setup();
    renderApp('/cadastro/adm/upload', makeSession([SUPER_ADMIN_CODE]));
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    expect(screen.getByText('Selecione um cliente')).toBeInTheDocument();
    await choose(user, 'Cliente', '1 - Jornada Demonstração');
    await choose(user, 'Empresa', '11.222.333/0001-81 - Jornada Demonstração Ltda');
    escolherArquivo(csv());
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    await screen.findByText('Linhas com erros: 1');
    expect(api$.callsTo(api.listarCnpjsCliente)[0]!.body).toMatchObject({ idCliente: 1 });
    expect(api$.callsTo(api.processarCliente)[0]!.body).toMatchObject({
      jsonRequisicao: { idCliente: 1, cnpj: { id: 1 } },
    });
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    await choose(user, 'Escala de horários', '44h Seg-Sáb (Quadro de Horários)');
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    await screen.findByText('Já cadastrados (não alterados)');
    expect(api$.callsTo(api.salvarCliente)[0]!.body).toMatchObject({ idCliente: 1, id: resumo.id, escala: { id: 5 } });
    await user.click(screen.getByRole('button', { name: 'Nova importação' }));
    expect(await screen.findByText('Posição das colunas no arquivo')).toBeInTheDocument();
  });
});
