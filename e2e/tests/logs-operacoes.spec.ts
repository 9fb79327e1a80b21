import { ADMIN, expect, loginFromScratch, test, uniqueName } from './helpers';

test('a change made in Cargos shows in Logs de Operações, found by operation, user and the filter', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);

  // Make an operation of our own (a unique name: the journeys share one database).
  const nome = uniqueName('Cargo Log');
  await page.goto('/cadastros/cargos');
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome', { exact: true }).fill(nome);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  // Sistema › Logs de Operações: today's operations of everyone, at once.
  await page.getByRole('button', { name: 'Sistema' }).click();
  await page.getByRole('menuitem', { name: 'Logs de Operações' }).click();
  await expect(page).toHaveURL(/\/sistema\/logs-operacoes/);
  await expect(page.getByRole('heading', { name: 'Logs de Operações', level: 1 })).toBeVisible();
  const hoje = await page.evaluate(() => new Date().toLocaleDateString('pt-BR'));
  await expect(page.getByLabel('Data inicial')).toHaveValue(hoje);
  await expect(page.getByLabel('Data final')).toHaveValue(hoje);

  const row = page.getByRole('row').filter({ hasText: nome });
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(nome);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Cadastrar');
  await expect(row).toContainText(ADMIN);
  await expect(row).toContainText('Administrador Demonstração');
  await expect(row).toContainText(new RegExp(`${hoje.replace(/\//g, '\\/')} \\d{2}:\\d{2}`));

  // Operação Excluir leaves it out; Cadastrar by this user finds it again.
  await page
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel('Operação') })
    .click();
  await page.getByRole('option', { name: 'Excluir' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/operacao=Excluir/);
  await expect(row).toHaveCount(0);

  await page
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel('Operação') })
    .click();
  await page.getByRole('option', { name: 'Cadastrar' }).click();
  await page
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel('Usuário') })
    .click();
  await page.getByRole('option', { name: `Administrador Demonstração (${ADMIN})` }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/usuario=admin%40jornada\.demo/);
  await expect(row).toHaveCount(1);

  // A reload keeps the search and the filter.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Filtrar' })).toHaveValue(nome);
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(1);
});

test('a period that ends before it starts is refused on the form', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/sistema/logs-operacoes?de=2026-03-10&ate=2026-03-10');
  const final = page.getByLabel('Data final');
  await final.fill('01/03/2026');
  await final.press('Tab');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('A data inicial deve ser anterior ou igual à data final.')).toBeVisible();
});
