import type { Page } from '@playwright/test';
import { ADMIN, expect, loginFromScratch, OPERADOR, test, uniqueName } from './helpers';

/** Perfis e Permissões (seed 000 §2.6, §4), on a profile of its own. */
const dropdown = (page: Page) => page.locator('#perfil').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]');
const item = (page: Page, nome: string) =>
  page.getByRole('treeitem', { name: nome, exact: true }).locator('.p-treenode-content').first();
const box = (page: Page, nome: string) => page.getByRole('checkbox', { name: nome, exact: true });

test('admin creates a profile, ticks by the rules, saves, sees the details and deletes it', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.getByRole('button', { name: 'Sistema' }).click();
  await page.getByRole('menuitem', { name: 'Perfis e Permissões' }).click();
  await expect(page).toHaveURL(/\/sistema\/perfis-permissoes$/);
  await expect(page.getByRole('tree')).toBeVisible();
  // The Administrador keeps everything and cannot be deleted.
  await expect(dropdown(page)).toContainText('Administrador');
  await expect(page.getByText('O perfil Administrador mantém todas as permissões')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Excluir' })).toBeDisabled();

  const nome = uniqueName('Perfil E2E');
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Novo Perfil')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe o nome')).toBeVisible();
  await dialog.getByLabel('Nome', { exact: true }).fill(`  ${nome}  `);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(dropdown(page)).toContainText(`${nome} (não salvo)`);
  await expect(box(page, 'Todas as permissões')).not.toBeChecked();

  // Ticking rules on Cargos: another → main too; main off → all off; last other off → main off.
  await item(page, 'Cargos').click();
  await expect(page.getByText('Permissões de Cargos')).toBeVisible();
  await expect(page.locator('label.permissao-principal')).toHaveText('Cargos');
  await box(page, 'Editar cargo / motivo de afastamento').check();
  await expect(box(page, 'Cargos')).toBeChecked();
  await box(page, 'Cargos').uncheck();
  await expect(box(page, 'Editar cargo / motivo de afastamento')).not.toBeChecked();
  await box(page, 'Novo cargo / motivo de afastamento').check();
  await box(page, 'Excluir cargo / motivo de afastamento').check();
  await box(page, 'Excluir cargo / motivo de afastamento').uncheck();
  await expect(box(page, 'Cargos')).toBeChecked();
  await box(page, 'Novo cargo / motivo de afastamento').uncheck();
  await expect(box(page, 'Cargos')).not.toBeChecked();
  // Final choice: view and create cargos, and view Feriados (found through the tree's search).
  await box(page, 'Novo cargo / motivo de afastamento').check();
  await page.getByPlaceholder('Pesquisar no menu').fill('Feria');
  await item(page, 'Feriados').click();
  await box(page, 'Feriados').check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText('Perfil cadastrado com sucesso!')).toBeVisible();
  // Reloaded: the profile is saved and still chosen.
  await expect(dropdown(page)).toContainText(nome);
  await expect(dropdown(page)).not.toContainText('não salvo');

  await page.getByRole('button', { name: 'Detalhes' }).click();
  const detalhes = page.getByRole('dialog');
  await expect(detalhes.getByText('Detalhes do Perfil')).toBeVisible();
  const lista = detalhes.getByRole('list', { name: 'Permissões do perfil' });
  await expect(lista.getByRole('listitem')).toHaveCount(3);
  await detalhes.getByRole('searchbox', { name: 'Pesquisar permissão' }).fill('novo');
  await expect(lista.getByRole('listitem')).toHaveCount(1);
  await detalhes.getByRole('button', { name: /close|fechar/i }).click();
  await expect(detalhes).toBeHidden();

  // The all-permissions box reflects the profile; ticking it grants everything, unticking it takes it back.
  await box(page, 'Todas as permissões').check();
  await expect(box(page, 'Todas as permissões')).toBeChecked();
  await box(page, 'Todas as permissões').uncheck();
  await page.reload();
  await page.getByPlaceholder('Pesquisar no menu').waitFor();
  await dropdown(page).click();
  await page.locator('.p-dropdown-item', { hasText: nome }).click();
  await item(page, 'Cargos').click();
  await expect(box(page, 'Novo cargo / motivo de afastamento')).toBeChecked();
  await expect(box(page, 'Excluir cargo / motivo de afastamento')).not.toBeChecked();

  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(`Excluir perfil ${nome}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(dropdown(page)).toContainText(nome);
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast').getByText('Perfil excluído com sucesso!')).toBeVisible();
  await dropdown(page).click();
  await expect(page.locator('.p-dropdown-item', { hasText: nome })).toHaveCount(0);
});

test('a profile in use is not deleted: the server says why', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/sistema/perfis-permissoes');
  await dropdown(page).click();
  await page.locator('.p-dropdown-item', { hasText: 'Consulta' }).click();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(
    page.locator('.p-toast').getByText(/O perfil está atribuído a \d+ usuários? e não pode ser excluído\./),
  ).toBeVisible();
});

test('the operador sees no Perfis e Permissões: no menu item, no Novo or Excluir, the route refused', async ({
  page,
}) => {
  await loginFromScratch(page, OPERADOR);
  await page.getByRole('button', { name: 'Sistema' }).click();
  await expect(page.getByRole('menuitem', { name: 'Perfis e Permissões' })).toHaveCount(0);
  await page.goto('/sistema/perfis-permissoes');
  await expect(page).toHaveURL(/\/nao-autorizado/);
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
});
