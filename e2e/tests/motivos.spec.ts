import { ADMIN, descartarAlteracoes, expect, loginFromScratch, OPERADOR, test, uniqueName } from './helpers';

test('admin creates, edits and deletes an absence reason; definitivo is fixed after creation', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Motivos de Afastamento' }).click();
  await expect(page).toHaveURL(/\/cadastros\/motivos-afastamento$/);
  await expect(page.getByRole('heading', { name: 'Motivos de Afastamento', level: 1 })).toBeVisible();

  // Validation with the seed's message.
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Novo Motivo de Afastamento')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe a Descrição')).toBeVisible();

  const descricao = uniqueName('Motivo E2E');
  await dialog.getByLabel('Descrição').fill(descricao);
  await dialog.getByRole('switch', { name: 'Definitivo' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.p-toast').getByText('Motivo de afastamento cadastrado com sucesso!')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(descricao);
  const row = page.getByRole('row').filter({ hasText: descricao });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Definitivo');

  // Edit: the switch shows the created value and cannot change.
  const nova = `${descricao} editado`;
  await page.getByRole('button', { name: `Editar ${descricao}` }).click();
  await expect(dialog.getByText('Editar Motivo de Afastamento')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Definitivo' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Definitivo' })).toBeDisabled();
  await dialog.getByLabel('Descrição').fill(nova);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(nova);
  await expect(page.getByRole('row').filter({ hasText: nova })).toContainText('Definitivo');

  // Delete after confirmation.
  await page.getByRole('button', { name: `Excluir ${nova}` }).click();
  await expect(page.getByText(`Excluir ${nova} ?`)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('row').filter({ hasText: nova })).toHaveCount(0);
  await expect(page.locator('.p-toast').getByText('Motivo de afastamento excluído com sucesso!')).toBeVisible();
});

test('Transferência is a reason of the system: no edit, no delete, and its name cannot be reused', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/motivos-afastamento?filtro=Transfer%C3%AAncia');
  const row = page.getByRole('row').filter({ hasText: 'Transferência' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Do sistema');
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Descrição').fill('transferência');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.locator('.p-toast').getByText('Já existe um motivo de afastamento com esta descrição.'),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await descartarAlteracoes(page);
  await expect(dialog).toBeHidden();
});

test('the operator (without 20/21/22) sees the reasons but no Novo, edit or delete', async ({ page }) => {
  await loginFromScratch(page, OPERADOR);
  await page.goto('/cadastros/motivos-afastamento');
  await expect(page.getByRole('heading', { name: 'Motivos de Afastamento', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Doença' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Editar|Excluir) / })).toHaveCount(0);
});
