import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { abrirMarcacoes, chooseOption, expect, test } from './helpers';

/** The API as the logged-in user, with the session the page holds. */
async function apiDaSessao(page: Page) {
  const sessao = await page.evaluate(() => JSON.parse(sessionStorage.getItem('jornada.sessao') ?? '{}'));
  const token = sessao.token?.valor as string;
  const post = async (path: string, data: object) => {
    const r = await page.request.post(path, { data, headers: { Authorization: `Bearer ${token}` } });
    expect(r.status(), `${path}: ${await r.text()}`).toBeLessThan(300);
    return r.json();
  };
  return { post, nomeUsuario: sessao.user?.nome as string };
}

/**
 * The employee's Web device of Marcação Online created and activated as the app would (spec/devices.md §4(c);
 * decision 0086): the admin creates it and generates its code, the app redeems the code for a device token.
 */
async function appDoFuncionario(page: Page, idFuncionario: number, idCnpj: number, nome: string) {
  const { post } = await apiDaSessao(page);
  await post('/api/v1/dispositivo/salvar', {
    dispositivoRequest: {
      idsFuncionarios: [idFuncionario],
      cnpj: idCnpj,
      tiposDispositivos: ['Web'],
      // No permissions named: all four, incluirMarcacao among them.
      ultimaPagina: true,
    },
  });
  const { dispositivos } = (await post('/api/v1/dispositivo/listar', {
    idCnpj,
    qtdLinhas: 50,
    numPagina: 0,
    crachaNome: nome,
  })) as { dispositivos: { id: number; tipo: string; nomeFuncionario: string }[] };
  const web = dispositivos.find((d) => d.tipo === 'Web' && d.nomeFuncionario === nome);
  expect(web, `o dispositivo Web de ${nome}`).toBeDefined();
  const { codigo } = (await post('/api/v1/dispositivo/gerar-codigo-ativacao', { idDispositivo: web!.id })) as {
    codigo: string;
  };
  const ativado = await page.request.post('/app/v1/ativar', {
    data: {
      codigoAtivacao: codigo,
      tipo: 'Web',
      instalacaoId: 'e2e',
      plataforma: 'web',
      modelo: 'e2e',
      versaoApp: '1',
    },
  });
  expect(ativado.status(), await ativado.text()).toBe(200);
  const headers = {
    Authorization: `Device ${((await ativado.json()) as { tokenDispositivo: string }).tokenDispositivo}`,
  };
  const lista = await page.request.get('/app/v1/justificativas', { headers });
  expect(lista.status(), await lista.text()).toBe(200);
  const inclusao = ((await lista.json()) as { id: number; descricao: string; tipo: number }[]).find(
    (j) => j.tipo === 4,
  );
  expect(inclusao, 'uma justificativa de tipo 4 (inclusão de marcação)').toBeDefined();
  return {
    /** The employee asks to include one punch on `dia` (yyyy-mm-dd). */
    incluir: async (dia: string, hora: string) => {
      const r = await page.request.post('/app/v1/solicitacoes', {
        headers,
        data: {
          clientId: randomUUID(),
          tipo: 'incluirMarcacao',
          dataPonto: dia,
          marcacoes: [{ data: dia, hora }],
          justificativa: inclusao!.id,
          observacao: `Esqueci de marcar às ${hora}`,
        },
      });
      expect(r.status(), await r.text()).toBe(201);
    },
  };
}

/**
 * Marcações' day 'dd/mm' (its row, found by its date cell) and a day action opened from its menu; without `data`,
 * the first worked day with nothing pending (the demo seeds pending requests on some days): a day whose pending mark
 * is this journey's alone.
 */
async function diaDoPonto(page: Page, data?: string) {
  const dias = page.getByLabel('Dias do mês');
  if (data === undefined) {
    const livre = dias.locator('tr:not(.marcacoes-pendente)').filter({ hasText: 'Horas Normais' }).first();
    await expect(livre).toBeVisible();
    data = ((await livre.getByRole('cell').first().textContent()) ?? '').trim().slice(0, 5);
  }
  const dia = dias.getByRole('row').filter({ has: page.getByRole('cell', { name: data, exact: true }) });
  await expect(dia).toBeVisible();
  return {
    data,
    dia,
    abrirAcao: async (acao: string) => {
      await dia.getByRole('button', { name: `Ações do dia ${data}` }).click();
      await page.locator('.p-menuitem-text', { hasText: acao }).click();
    },
  };
}

test('Solicitações: the employee asks from the app to include two punches; one approved on the Solicitações screen, the other in Marcações (Solicitações Pendentes), each on screen without a reload (decision 0086)', async ({
  page,
}) => {
  // An employee of Produção no other journey treats, and a worked day of their month.
  await abrirMarcacoes(page, 'Produção', 3);
  const marcacoes = new URL(page.url());
  const idFuncionario = Number(marcacoes.searchParams.get('funcionario'));
  const idCnpj = Number(marcacoes.searchParams.get('empresa'));
  const mes = marcacoes.searchParams.get('mes')!;
  // The days are on screen, so is the name (read with them).
  const { data: diaMes } = await diaDoPonto(page);
  const nome = ((await page.locator('.marcacoes-nome').textContent()) ?? '').trim();
  const [dd, mm] = diaMes.split('/');
  // The period's days may start in the month before (a December day in January's period).
  const ano = Number(mes.slice(0, 4)) - (mm === '12' && mes.endsWith('-01') ? 1 : 0);
  const dia = `${ano}-${mm}-${dd}`;

  // Two evening punches, other minutes on each run (a rerun against the same database finds the last run's).
  const minuto = 20 + (Date.now() % 20);
  const [primeira, segunda] = [`21:${minuto}`, `21:${minuto + 20}`];
  const app = await appDoFuncionario(page, idFuncionario, idCnpj, nome);
  await app.incluir(dia, primeira);
  await app.incluir(dia, segunda);
  const { nomeUsuario } = await apiDaSessao(page);

  // Solicitações: both pending, under the employee's group.
  await page.goto(`/movimento/solicitacoes?mes=${dia.slice(0, 7)}`);
  await expect(page.getByRole('heading', { name: 'Solicitações', level: 1 })).toBeVisible();
  await chooseOption(page, 'Empresa', /Jornada Demonstração Ltda$/);
  await expect(page.getByLabel('Pendente', { exact: true })).toBeChecked();
  await page.getByLabel('Pesquisar').fill(nome);
  await page.getByLabel('Pesquisar').press('Enter');
  const tabela = page.locator('.app-table');
  // This journey's requests: the day's inclusions (the demo may have seeded one of another day for the employee).
  const pedidos = tabela
    .getByRole('row')
    .filter({ hasText: 'Inclusão de marcação' })
    .filter({ has: page.getByRole('cell', { name: `${dd}/${mm}/${ano}`, exact: true }) });
  await expect(pedidos).toHaveCount(2);
  await expect(tabela.locator('.p-rowgroup-header').filter({ hasText: nome })).toHaveCount(1);
  await expect(pedidos.first()).toContainText('Pendente');

  // The first approved here.
  await pedidos.first().getByRole('button', { name: 'Analisar solicitação' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitação · Inclusão de marcação' });
  await expect(dialogo.getByRole('table', { name: 'Itens da solicitação' })).toContainText(primeira);
  await expect(dialogo.getByText(`Esqueci de marcar às ${primeira}`)).toBeVisible();
  await dialogo.getByLabel('Aprovado', { exact: true }).check();
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Solicitação aprovada com sucesso!' })).toBeVisible();
  await expect(dialogo).toBeHidden();
  await expect(pedidos).toHaveCount(1);

  // Under Aprovado, with who approved it.
  await page.getByLabel('Aprovado', { exact: true }).check();
  const aprovado = pedidos.filter({ hasText: nomeUsuario }).first();
  await expect(aprovado).toBeVisible();
  await expect(aprovado).toContainText('Aprovado');

  // Marcações: the day holds the approved punch and is bold with the other pending; approved there, on screen at once.
  await page.goto(marcacoes.pathname + marcacoes.search);
  await expect(page.getByRole('heading', { name: 'Marcações', level: 1 })).toBeVisible();
  const { dia: linha, abrirAcao } = await diaDoPonto(page, diaMes);
  await expect(linha).toContainText(primeira);
  await expect(linha).not.toContainText(segunda);
  await expect(linha).toHaveClass(/marcacoes-pendente/);
  await abrirAcao('Solicitações Pendentes');
  const pendentes = page.getByRole('dialog', { name: `Solicitações Pendentes · ${dd}/${mm}/${ano}` });
  await expect(pendentes.getByRole('row').filter({ hasText: 'Inclusão de marcação' })).toHaveCount(1);
  await pendentes.getByRole('button', { name: 'Analisar solicitação' }).click();
  const segundo = page.getByRole('dialog', { name: 'Solicitação · Inclusão de marcação' });
  await expect(segundo.getByRole('table', { name: 'Itens da solicitação' })).toContainText(segunda);
  await segundo.getByLabel('Aprovado', { exact: true }).check();
  await segundo.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Solicitação aprovada com sucesso!' }).last(),
  ).toBeVisible();
  // The last pending one answered: both dialogs close, the day shows the punch and is no longer pending.
  await expect(segundo).toBeHidden();
  await expect(pendentes).toBeHidden();
  await expect(linha).toContainText(segunda);
  await expect(linha).not.toHaveClass(/marcacoes-pendente/);
});
