import { readFile } from 'node:fs/promises';
import { expect, login, loginFromScratch, PROVEDOR, test, uniqueCnpj, uniqueName } from './helpers';

test('the provider creates a client, publishes news, sees the usage report and downloads the CSV', async ({ page }) => {
  await loginFromScratch(page, PROVEDOR);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastro' }).click();
  await menu.getByRole('link', { name: 'Clientes' }).click();
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Jornada Demonstração' })).toHaveCount(1);

  // Novo cliente: the CNPJ's check digits are verified before anything is sent.
  const nome = uniqueName('Cliente E2E');
  const cnpj = uniqueCnpj();
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome do cliente').fill(nome);
  await dialog.locator('.p-dropdown').click();
  await page.locator('.p-dropdown-item', { hasText: 'Essencial' }).click();
  // A wrong last check digit: '00' in its place was a valid CNPJ whenever the random one's digits were 00.
  await dialog.getByLabel('CNPJ principal').fill(`${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`);
  await dialog.getByLabel('Razão social').fill(`${nome} Ltda`);
  await dialog.getByLabel('Nome do administrador').fill('Administradora E2E');
  await dialog.getByLabel('E-mail do administrador').fill(`${cnpj}@cliente-e2e.test`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('CNPJ inválido')).toBeVisible();
  await dialog.getByLabel('CNPJ principal').fill(cnpj);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.p-toast').getByText(/Cliente cadastrado com sucesso!/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(nome);
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Essencial');
  await expect(row).toContainText('1 / 2'); // one CNPJ of the plan's two
  await expect(row).toContainText('Ativo');

  // Notícias: publish to every customer.
  const titulo = uniqueName('Notícia E2E');
  await page.goto('/cadastro/adm/noticias');
  // exact: the rows' Editar/Excluir buttons name their news, and a seeded one says 'novo relatório'.
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  await dialog.getByLabel('Título').fill(titulo);
  await dialog.getByLabel('Conteúdo').fill('@pNova versão @bdisponível@eb.@ep');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: titulo })).toContainText('Todos os clientes');

  // Relatórios admin: the new client with its usage, and the CSV for Excel.
  await menu.getByRole('link', { name: 'Relatórios admin' }).click();
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(nome);
  await expect(page.getByRole('row').filter({ hasText: nome })).toContainText('1 / 5'); // its administrator
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('uso-dos-planos.csv');
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toMatch(/^Código;Cliente;Plano;Situação;/);
  expect(text).toContain(`;${nome};Essencial;Ativo;1;2;1;5;`);
});

test("a suspended client's users cannot log in; reactivated, they can", async ({ page, browser }) => {
  await loginFromScratch(page, PROVEDOR);
  await page.goto('/cadastro/adm/clientes');
  await page.getByRole('button', { name: 'Suspender Beta Indústria' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Beta Indústria' });
  try {
    await expect(row).toContainText('Suspenso');
    const other = await browser.newPage();
    await other.goto('/login');
    await other.getByLabel('E-mail').fill('admin@beta.jornada.demo');
    await other.getByLabel('Senha', { exact: true }).fill('Jornada@2026');
    await other.getByRole('button', { name: 'Login' }).click();
    await expect(other.getByText('Acesso suspenso. Entre em contato com o suporte.')).toBeVisible();
    await expect(other).toHaveURL(/\/login/);
    await other.close();
  } finally {
    await page.getByRole('button', { name: 'Reativar Beta Indústria' }).click();
    await page.getByRole('button', { name: 'Sim' }).click();
    await expect(row).toContainText('Ativo');
  }
  const again = await browser.newPage();
  await again.goto('/login');
  await login(again, 'admin@beta.jornada.demo');
  await again.close();
});
