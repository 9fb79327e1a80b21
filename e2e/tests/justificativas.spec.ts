import { ADMIN, descartarAlteracoes, expect, loginFromScratch, test, uniqueName } from './helpers';

test('admin opens Justificativas from the menu, creates, edits and deletes one', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Justificativas' }).click();
  await expect(page).toHaveURL(/\/cadastros\/justificativas$/);
  await expect(page.getByRole('heading', { name: 'Justificativas', level: 1 })).toBeVisible();
  // The demo tenant's justifications, with the kind by name.
  await expect(page.getByRole('row').filter({ hasText: 'Atestado médico' })).toContainText('Abonar horas');

  // Validation: both messages, nothing saved.
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nova Justificativa')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe a descrição')).toBeVisible();
  await expect(dialog.getByText('Selecione o tipo')).toBeVisible();

  const descricao = uniqueName('Justificativa E2E');
  await dialog.getByLabel('Descrição').fill(descricao);
  await dialog.locator('#justificativa-tipo').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.getByRole('option', { name: 'Compensação' }).click();
  await dialog.getByRole('switch', { name: 'Inibir acessos' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.p-toast').getByText('Justificativa cadastrada com sucesso!')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(descricao);
  const row = page.getByRole('row').filter({ hasText: descricao });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Compensação');
  await expect(row).toContainText('Sim');

  // A repeated description (other case) is refused by the server, dialog stays open.
  await page.getByRole('button', { name: 'Novo' }).click();
  await dialog.getByLabel('Descrição').fill(descricao.toUpperCase());
  await dialog.locator('#justificativa-tipo').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.getByRole('option', { name: 'Explicação' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText('Já existe uma justificativa com esta descrição.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await descartarAlteracoes(page);
  await expect(dialog).toBeHidden();

  // Edit the kind.
  const nova = `${descricao} editada`;
  await page.getByRole('button', { name: `Editar ${descricao}` }).click();
  await expect(dialog.getByText('Editar Justificativa')).toBeVisible();
  await expect(dialog.getByLabel('Descrição')).toHaveValue(descricao);
  await dialog.getByLabel('Descrição').fill(nova);
  await dialog.locator('#justificativa-tipo').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.getByRole('option', { name: 'Inclusão de marcação' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(nova);
  await expect(page.getByRole('row').filter({ hasText: nova })).toContainText('Inclusão de marcação');

  // Delete: Não keeps it, Sim removes it.
  await page.getByRole('button', { name: `Excluir ${nova}` }).click();
  await expect(page.getByText(`Excluir ${nova} ?`)).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(page.getByRole('row').filter({ hasText: nova })).toHaveCount(1);
  await page.getByRole('button', { name: `Excluir ${nova}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('row').filter({ hasText: nova })).toHaveCount(0);
  await expect(page.locator('.p-toast').getByText('Justificativa excluída com sucesso!')).toBeVisible();
});
