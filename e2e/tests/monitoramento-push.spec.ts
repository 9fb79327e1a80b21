import { ADMIN, chooseOption, englishLabels, expect, loginFromScratch, test } from './helpers';

const MATRIZ = '11.222.333/0001-81 - Jornada Demonstração Ltda';

test('Monitoramento Serviço Push: o relógio Push da demonstração, a mensagem do Erro, Iniciar com Confirmar, Atualizar NSR, a sincronização e um equipamento não cadastrado vinculado (issue 25 §4, decision 0084)', async ({
  page,
  baseURL,
}) => {
  await loginFromScratch(page, ADMIN);
  // A device that calls with the company token and a Device Id no clock has (decision 0084). The token is the
  // tenant's, generated once: read it, or generate it on a fresh demo, with the session's bearer.
  const tokenEmpresa = await page.evaluate(async () => {
    const sessao = JSON.parse(sessionStorage.getItem('jornada.sessao') ?? 'null') as { token: { valor: string } };
    const chamar = (caminho: string) =>
      fetch(caminho, {
        method: 'POST',
        headers: { authorization: `Bearer ${sessao.token.valor}`, 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.json() as Promise<{ tokenGerado: boolean; valor: string | null }>);
    const t = await chamar('/api/relogio-ponto/buscar-token');
    return t.tokenGerado ? t.valor! : (await chamar('/api/relogio-ponto/gerar-token')).valor!;
  });
  const dispositivo = String(7_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const chamarPush = async (uuid: string) => {
    const r = await fetch(new URL(`/cid/${tokenEmpresa}/push?deviceId=${dispositivo}&uuid=${uuid}`, baseURL));
    expect(r.status).toBe(200);
  };
  await chamarPush('e2e-desconhecido-1');
  await page.goto('/cadastros/dispositivos-coletas/monitoramento-push');
  await expect(page.getByRole('heading', { name: 'Monitoramento Serviço Push', level: 1 })).toBeVisible();
  await chooseOption(page, 'Empresa', MATRIZ);

  // The demo's push clock of the main company (issue 25 §6): it has never called the service.
  const linha = page.getByRole('row').filter({ hasText: 'Portaria de serviço' });
  await expect(linha).toHaveCount(1);
  // The clocks' paginator (the unknown devices' section below has its own).
  await expect(page.locator('.push-tabela').getByText(/^Listando 1 a \d+ de \d+$/)).toBeVisible();
  const status = linha.locator('.p-tag');
  await expect(status).toHaveText(/^(Autenticado|Parado|Erro)$/);
  await page.screenshot({ path: 'test-results/monitoramento-push.png', fullPage: true });
  expect(await englishLabels(page)).toEqual([]);

  // Never connected: Erro in red, and its message a click away (by keyboard, its status is a button).
  await expect(status).toHaveText('Erro');
  await expect(status).toHaveClass(/p-tag-danger/);
  await linha.getByRole('cell').first().click();
  const mensagem = page.getByRole('dialog', { name: 'Mensagem' });
  await expect(mensagem).toContainText(/não se conectou|Sem contato/);
  await page.screenshot({ path: 'test-results/monitoramento-push-mensagem.png' });
  await page.keyboard.press('Escape');
  await expect(mensagem).toBeHidden();

  const acao = async (item: string) => {
    await linha.getByRole('button', { name: /^Ações de / }).click();
    await page.locator('.p-menuitem-text', { hasText: item }).click();
  };

  // Erro offers Iniciar (not Parar), asked first.
  await linha.getByRole('button', { name: /^Ações de / }).click();
  await expect(page.locator('.p-menuitem-text', { hasText: 'Parar monitoramento' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await acao('Iniciar monitoramento');
  const confirmar = page.getByRole('dialog', { name: 'Confirmar' });
  await expect(confirmar).toContainText('Deseja iniciar o monitoramento deste equipamento?');
  await confirmar.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Monitoramento iniciado.' })).toBeVisible();

  // Atualizar NSR: read from the server; empty is refused here, a number is saved.
  await acao('Atualizar NSR');
  const nsr = page.getByRole('dialog', { name: 'Atualizar NSR' });
  await expect(nsr.getByLabel('Local')).toHaveValue('Portaria de serviço');
  await expect(
    nsr.getByText('O valor do NSR (Número Sequencial) é a referência para coletar as marcações no equipamento.'),
  ).toBeVisible();
  const campo = nsr.getByLabel('NSR', { exact: true });
  await expect(campo).toHaveValue(/^\d*$/);
  await campo.fill('');
  await nsr.getByRole('button', { name: 'Salvar' }).click();
  await expect(nsr.getByText('Informe o NSR')).toBeVisible();
  await page.screenshot({ path: 'test-results/monitoramento-push-nsr.png' });
  await campo.pressSequentially('4x2');
  await expect(campo).toHaveValue('42');
  await nsr.getByRole('button', { name: 'Salvar' }).click();
  await expect(nsr).toBeHidden();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'NSR atualizado com sucesso!' })).toBeVisible();
  await acao('Atualizar NSR');
  await expect(nsr.getByLabel('NSR', { exact: true })).toHaveValue('42');
  await nsr.getByRole('button', { name: 'Cancelar' }).click();
  await expect(nsr).toBeHidden();

  // Sincronizar: the option and the device are asked for; the demo clock is an IdFace, whose face images it imports.
  const sincronizar = page.getByRole('dialog', { name: 'Sincronizar Funcionários e Imagens' });
  const equipamento = sincronizar.getByRole('group', { name: 'Equipamentos' }).getByLabel(/Portaria de serviço/);
  await page.getByRole('button', { name: 'Sincronizar...' }).click();
  await sincronizar.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(sincronizar.getByText('Selecione a opção')).toBeVisible();
  await chooseOption(sincronizar, 'Opção', 'Importar imagens de face de um equipamento');
  await sincronizar.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(sincronizar.getByText('Selecione o equipamento')).toBeVisible();
  await equipamento.check();
  await page.screenshot({ path: 'test-results/monitoramento-push-sincronizar.png' });
  await sincronizar.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(sincronizar).toBeHidden();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Importação de imagens agendada' })).toBeVisible();

  // Every device of the company chosen is the sync of all (seed 001 §5): the call for all goes.
  await page.getByRole('button', { name: 'Sincronizar...' }).click();
  await chooseOption(sincronizar, 'Opção', 'Sincronizar os equipamentos selecionados');
  await equipamento.check();
  const todos = page.waitForRequest(/\/api\/relogio-ponto\/criar-tarefa-sincrionizar-todos$/);
  await sincronizar.getByRole('button', { name: 'Sincronizar' }).click();
  await todos;
  await expect(sincronizar).toBeHidden();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: /Sincronização agendada para 1 equipamento:/ }),
  ).toBeVisible();
  // The list reloaded: the clock now has employees waiting for its next connection.
  await expect(linha.getByRole('cell').nth(3)).not.toHaveText('0');
  await page.screenshot({ path: 'test-results/monitoramento-push-sincronizado.png', fullPage: true });

  // Equipamentos não cadastrados, below the clocks: the device that called is bound to the push clock, by keyboard.
  const desconhecidos = page.getByRole('region', { name: 'Equipamentos não cadastrados' });
  const desconhecido = desconhecidos.getByRole('row').filter({ hasText: dispositivo });
  await expect(desconhecido.getByRole('cell').nth(3)).toHaveText('1');
  await expect(desconhecido.getByRole('cell').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await desconhecido.getByRole('button', { name: `Vincular o equipamento ${dispositivo}` }).focus();
  await page.keyboard.press('Enter');
  const vincular = page.getByRole('dialog', { name: 'Vincular equipamento' });
  await expect(vincular.getByLabel('Device Id')).toHaveValue(dispositivo);
  const relogio = vincular.getByLabel('Relógio', { exact: true });
  await expect(relogio).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const painel = page.locator('.p-dropdown-panel');
  await expect(painel.getByRole('option', { name: /Portaria de serviço$/ })).toBeVisible();
  // Down the list to the demo's push clock (another journey may have added a push clock to this company).
  const focada = painel.locator('.p-dropdown-item.p-focus');
  for (let i = 0; i === 0 || !/Portaria de serviço$/.test((await focada.textContent()) ?? ''); i++) {
    expect(i).toBeLessThan(20);
    await page.keyboard.press('ArrowDown');
    await expect(focada).toHaveCount(1);
  }
  await page.keyboard.press('Enter');
  await expect(painel).toBeHidden();
  await expect(vincular.locator('.p-dropdown-label')).toHaveText(/Portaria de serviço$/);
  await page.screenshot({ path: 'test-results/monitoramento-push-vincular.png' });
  await page.keyboard.press('Tab');
  await expect(vincular.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(vincular.getByRole('button', { name: 'Salvar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(vincular).toBeHidden();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Equipamento vinculado ao relógio' })).toBeVisible();
  await expect(desconhecido).toHaveCount(0);

  // Its next call reaches the clock: Atualizar shows it connected.
  await chamarPush('e2e-desconhecido-2');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(status).toHaveText('Autenticado');
  await expect(status).toHaveClass(/p-tag-success/);
});
