import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PERM, cargoApi, centroCustoApi, empresaApi, funcionarioApi, funcionarioPesquisaApi } from '@jornada/contracts';
import { choose, shownIn } from '../../../test/dropdown';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';
import { CARGOS, CENTROS, CNPJS, ESCALAS, linha } from '../fixtures';
import { browserFotoIo } from '../foto';

const M = funcionarioApi.FUNCIONARIO_MSG;
const dialog = () => screen.getByRole('dialog');

function server() {
  const api = stubApi();
  api.on(empresaApi.listarCnpjs, CNPJS);
  api.on(centroCustoApi.listarCentrosCustosUsuario, CENTROS);
  api.on(cargoApi.listarCargos, CARGOS);
  api.on(funcionarioPesquisaApi.listarContratos, ESCALAS);
  api.on(funcionarioApi.salvarFuncionario, { mensagem: M.salvo, id: 99 });
  api.on(funcionarioApi.listarFuncionarios, { qdtFuncionarios: 1, funcionarios: [linha(99)] });
  return api;
}

async function abrir(path = '/cadastros/funcionarios/novo') {
  // jsdom draws nothing: the photo is "read" as a 640×480 picture and "drawn" as a tiny data URL. A spy, not a
  // module mock: a worker's files share their modules (vitest.config.ts), and setup.ts restores every spy.
  vi.spyOn(browserFotoIo, 'carregar').mockResolvedValue({
    fonte: {} as CanvasImageSource,
    largura: 640,
    altura: 480,
    liberar: () => undefined,
  });
  vi.spyOn(browserFotoIo, 'desenhar').mockImplementation(
    (_f, w, h, q) => `data:image/jpeg;base64,RkFLRQ==${w}x${h}q${q}`,
  );
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, 9, 0));
  const user = userEvent.setup();
  const app = renderApp(path, makeSession([PERM.FUNCIONARIOS_VER, PERM.FUNCIONARIOS_NOVO]));
  expect(await screen.findByRole('heading', { name: 'Novo funcionário', level: 1 })).toBeInTheDocument();
  return { user, ...app };
}

const campo = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('Novo funcionário (seed 001 §2.6, §5)', () => {
  it('aberto de Marcações sem funcionário, vem com a empresa, o CPF e o PIS; o que não for número é ignorado', async () => {
    server();
    await abrir('/cadastros/funcionarios/novo?empresa=1&cpf=52998224725&pis=12047522575');
    expect(campo('CPF')).toHaveValue('529.982.247-25');
    expect(campo('PIS')).toHaveValue('120.47522.57-5');
    await waitFor(() => expect(shownIn('Empresa')).toBe(CNPJS[0]!.cnpjNome));
  });

  it('um link adulterado não preenche nada', async () => {
    server();
    await abrir('/cadastros/funcionarios/novo?empresa=1x&cpf=529.982.247-25&pis=abc');
    expect(campo('CPF')).toHaveValue('');
    expect(campo('PIS')).toHaveValue('');
  });

  it('an empty save shows every required message of the seed and sends nothing', async () => {
    const api = server();
    const { user } = await abrir();
    expect(screen.getByText('Dados do Funcionário')).toBeInTheDocument();
    expect(screen.getByText('Relação com a Empresa')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText(M.informeNome);
    const alertas = screen.getAllByRole('alert').map((a) => a.textContent);
    for (const m of [
      M.informeNome,
      M.informePis,
      M.informeCpf,
      M.informeCracha,
      M.informeRegistro,
      M.selecioneEmpresa,
      M.selecioneCargo,
      M.selecioneCentroCusto,
      M.selecioneEscala,
    ]) {
      expect(alertas).toContain(m);
    }
    expect(api.callsTo(funcionarioApi.salvarFuncionario)).toHaveLength(0);
  });

  it('masks PIS and CPF, limits the fields, and saves with digits-only documents, the picks and the photo', async () => {
    const api = server();
    const { user, location } = await abrir();
    await user.type(campo('Nome'), 'Maria da Silva');
    expect(campo('Nome')).toHaveAttribute('maxLength', '50');
    await user.type(campo('Nome reduzido'), 'Maria da Silva Souza');
    expect(campo('Nome reduzido')).toHaveValue('Maria da Sil');
    await user.type(campo('PIS'), '12345678919');
    expect(campo('PIS')).toHaveValue('123.45678.91-9');
    await user.type(campo('CPF'), '52998224725');
    expect(campo('CPF')).toHaveValue('529.982.247-25');
    await user.type(campo('E-mail'), 'maria@exemplo.com.br');
    await choose(user, 'Empresa', CNPJS[0]!.cnpjNome);
    await user.type(campo('Crachá'), '123');
    await user.type(campo('Registro'), 'R-123');
    fireEvent.input(campo('Data de admissão'), { target: { value: '01/03/2026' } });
    await choose(user, 'Cargo', 'Operador');
    await choose(user, 'Centro de custo', '21 - Montagem (Setor)');
    await user.type(campo('Senha do teclado'), '12a345');
    expect(campo('Senha do teclado')).toHaveValue('1234');

    // The schedule comes from its search dialog.
    await user.click(screen.getByRole('button', { name: 'Pesquisar escala de horários' }));
    expect(within(dialog()).getByText('Selecionar escala de horários')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Selecionar' })).toBeDisabled();
    await user.type(within(dialog()).getByRole('searchbox', { name: 'Buscar escala' }), '12x36');
    await user.click(await within(dialog()).findByText('12x36 noturno'));
    expect(within(dialog()).getByText('Revezamento')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Selecionar' }));
    expect(campo('Escala de horários')).toHaveValue('12x36 noturno (Revezamento)');

    // A JPEG photo, redrawn 130 px wide.
    const foto = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'maria.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Arquivo da foto'), foto);
    expect(await screen.findByRole('img', { name: 'Foto de Maria da Silva' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(funcionarioApi.salvarFuncionario)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.salvarFuncionario)[0]!.body).toMatchObject({
      funcionario: {
        nome: 'Maria da Silva',
        nomeCurto: 'Maria da Sil',
        pis: '12345678919',
        cpf: '52998224725',
        email: 'maria@exemplo.com.br',
        cracha: '123',
        registro: 'R-123',
        dataAdmissao: '2026-03-01',
        senhaTecladoSemBio: '1234',
        agendarAtivacao: false,
        duplaVerificacao: false,
      },
      cnpj: { id: 1 },
      cargo: { id: 3 },
      centroCusto: { id: 21 },
      contrato: { id: 2 },
      imagemPerfilBase64: 'RkFLRQ==130x98q0.9',
    });
    await waitFor(() => expect(location().pathname).toBe('/cadastros/funcionarios'));
    expect(await screen.findByText(M.salvo)).toBeInTheDocument();
  });

  it('refuses a photo that is not a JPEG with the seed message', async () => {
    server();
    await abrir();
    const png = new File([new Uint8Array([0x89, 0x50])], 'foto.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Arquivo da foto'), { target: { files: [png] } });
    expect(await screen.findByText(M.fotoTipo)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sem foto' })).toBeInTheDocument();
  });

  it('without a PIS (first job) the PIS is emptied, disabled and not asked for', async () => {
    server();
    const { user } = await abrir();
    await user.type(campo('PIS'), '123');
    await user.click(screen.getByLabelText('Sem PIS (primeiro emprego)'));
    expect(campo('PIS')).toHaveValue('');
    expect(campo('PIS')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.informeNome)).toBeInTheDocument();
    expect(screen.queryByText(M.informePis)).not.toBeInTheDocument();
  });

  it('Agendar ativação: the day must be tomorrow to 6 days ahead, else the limits turn danger', async () => {
    server();
    const { user } = await abrir();
    expect(screen.queryByLabelText('Data para ativação')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Agendar ativação' }));
    const limites = screen.getByText('De 11/03/2026 até 16/03/2026');
    fireEvent.input(campo('Data para ativação'), { target: { value: '20/03/2026' } });
    await waitFor(() => expect(limites).toHaveClass('p-error'));
    fireEvent.input(campo('Data para ativação'), { target: { value: '11/03/2026' } });
    await waitFor(() => expect(limites).not.toHaveClass('p-error'));
  });

  it('a refusal of the server (plan limit, CPF in use) is shown and the form stays', async () => {
    const api = server();
    api.on(funcionarioApi.salvarFuncionario, reply(409, { mensagem: M.cpfJaCadastrado }));
    const { user, location } = await abrir();
    await user.type(campo('Nome'), 'Maria');
    await user.type(campo('PIS'), '12345678919');
    await user.type(campo('CPF'), '52998224725');
    await choose(user, 'Empresa', CNPJS[0]!.cnpjNome);
    await user.type(campo('Crachá'), '1');
    await user.type(campo('Registro'), '1');
    fireEvent.input(campo('Data de admissão'), { target: { value: '01/03/2026' } });
    await choose(user, 'Cargo', 'Operador');
    await choose(user, 'Centro de custo', '10 - Administrativo (Departamento)');
    await user.click(screen.getByRole('button', { name: 'Pesquisar escala de horários' }));
    await user.dblClick(await within(dialog()).findByText('44h Seg-Sáb'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.cpfJaCadastrado)).toBeInTheDocument();
    expect(location().pathname).toBe('/cadastros/funcionarios/novo');
  });
});
