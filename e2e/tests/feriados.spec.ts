import type { Locator, Page } from '@playwright/test';
import { ADMIN, OPERADOR, expect, loginFromScratch, test, uniqueName } from './helpers';

/** Opens a PrimeReact dropdown by its label and picks an option. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  const panel = page.locator('.p-dropdown-panel');
  if (await panel.locator('.p-dropdown-filter').count()) await panel.locator('.p-dropdown-filter').fill(option);
  await panel.getByRole('option', { name: option, exact: true }).click();
}

/** The 15th of the month the calendar opens on; returns it as dd/mm/yyyy. */
async function pickDay15(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByLabel('Data', { exact: true }).click();
  await page.locator('.p-datepicker td:not(.p-datepicker-other-month) span', { hasText: /^15$/ }).click();
  const now = new Date();
  return `15/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
}

test('admin creates, edits and deletes a holiday, with the scope rules and the seed messages', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Feriados' }).click();
  await expect(page).toHaveURL(/\/cadastros\/feriados$/);
  await expect(page.getByRole('heading', { name: 'Feriados', level: 1 })).toBeVisible();
  await expect(page.locator('.year-picker .p-dropdown-label')).toHaveText(String(new Date().getFullYear()));
  // The demo tenant's federal holidays of the year.
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill('Natal');
  await expect(page.getByRole('row').filter({ hasText: 'Natal' }).first()).toContainText('Federal');
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill('');

  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Novo Feriado' });
  await expect(dialog.getByRole('tab', { name: 'Exceção da Regra' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe a descrição')).toBeVisible();
  await expect(dialog.getByText('Selecione uma data')).toBeVisible();
  await expect(dialog.getByText('Selecione a abrangência')).toBeVisible();

  const descricao = uniqueName('Feriado E2E');
  await dialog.getByLabel('Descrição').fill(descricao);
  const dia = await pickDay15(page, dialog);
  await expect(dialog.getByLabel('Data', { exact: true })).toHaveValue(dia);
  await choose(page, dialog, 'Abrangência', 'Municipal');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Selecione um estado')).toBeVisible();
  await expect(dialog.getByText('Selecione uma cidade')).toBeVisible();
  await choose(page, dialog, 'Estado', 'SP - São Paulo');
  await choose(page, dialog, 'Cidade', 'Campinas');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.p-toast').getByText('Feriado cadastrado com sucesso!')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(descricao);
  const row = page.getByRole('row').filter({ hasText: descricao });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(dia);
  await expect(row).toContainText('Municipal');
  await expect(row).toContainText('SP');
  await expect(row).toContainText('Campinas');

  // Edit: scope Cargo needs a list picked through the selection dialog.
  await page.getByRole('button', { name: `Editar ${descricao}` }).click();
  const edit = page.getByRole('dialog').filter({ hasText: 'Editar Feriado' });
  await choose(page, edit, 'Abrangência', 'Cargo');
  await expect(edit.getByLabel('Estado', { exact: true })).toBeDisabled();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit.getByText('* Selecione Cargos')).toBeVisible();
  await edit.getByRole('button', { name: 'Adicionar Cargos' }).click();
  const picker = page.getByRole('dialog', { name: 'Selecionar Cargos' });
  await expect(picker.getByRole('button', { name: 'Incluir' })).toBeDisabled();
  await picker.getByRole('row').filter({ hasText: 'Motorista' }).locator('.p-checkbox').click();
  await picker.getByRole('button', { name: 'Incluir' }).click();
  await expect(picker).toBeHidden();
  await expect(edit.getByRole('group', { name: 'Cargos' })).toContainText('Motorista');
  // The day typed, digits only, through the dd/mm/aaaa mask (issue 24 §2): the 16th of the same month.
  const digitado = `16${dia.slice(3, 5)}${dia.slice(6)}`;
  const data = edit.getByLabel('Data', { exact: true });
  await data.click();
  await expect(page.locator('.p-datepicker')).toBeVisible();
  await data.selectText();
  await data.pressSequentially(digitado);
  await expect(data).toHaveValue(`16/${dia.slice(3)}`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: descricao })).toContainText('Cargo');
  await expect(page.getByRole('row').filter({ hasText: descricao })).toContainText(`16/${dia.slice(3)}`);

  // Delete after confirmation.
  await page.getByRole('button', { name: `Excluir ${descricao}` }).click();
  await expect(page.getByText(`Excluir ${descricao} ?`)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('row').filter({ hasText: descricao })).toHaveCount(0);
  await expect(page.locator('.p-toast').getByText('Feriado excluído com sucesso!')).toBeVisible();
});

test('national holidays for a year, then Copiar feriados to the next, skipping what exists', async ({ page }) => {
  // A far year of its own, so reruns on the same database and other journeys never meet it; the copy goes to the
  // next one, and both stay within the years the calls accept (1900–2100).
  const ano = 2040 + (Date.now() % 60);
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/feriados');
  await page.getByRole('button', { name: 'Incluir feriados nacionais' }).click();
  const nacionais = page.getByRole('dialog', { name: 'Incluir feriados nacionais' });
  await nacionais.getByLabel('Ano', { exact: true }).fill(String(ano));
  await expect(nacionais.getByRole('list', { name: 'Feriados federais' }).getByRole('listitem')).toHaveCount(9);
  await expect(nacionais.getByLabel(/^Corpus Christi/)).not.toBeChecked();
  await nacionais.getByLabel(/^Corpus Christi/).check();
  await choose(page, nacionais, 'Abrangência dos marcados', 'Global');
  await nacionais.getByRole('button', { name: 'Incluir' }).click();
  await expect(nacionais).toBeHidden();
  await expect(page.locator('.p-toast').getByText(`Feriados nacionais de ${ano}:`, { exact: false })).toBeVisible();
  await expect(page.locator('.year-picker .p-dropdown-label')).toHaveText(String(ano));
  await expect(page).toHaveURL(new RegExp(`ano=${ano}`));
  await expect(page.getByText('Mostrando 1 a 10 de 10')).toBeVisible();

  await page.getByRole('button', { name: 'Copiar feriados' }).click();
  const copiar = page.getByRole('dialog', { name: 'Copiar feriados' });
  await expect(copiar.getByLabel('De', { exact: true })).toHaveValue(String(ano));
  await expect(copiar.getByLabel('Para', { exact: true })).toHaveValue(String(ano + 1));
  await copiar.getByLabel('De', { exact: true }).fill('');
  await copiar.getByRole('button', { name: 'Copiar' }).click();
  await expect(copiar.getByText('Informe o ano De')).toBeVisible();
  await copiar.getByLabel('De', { exact: true }).fill(String(ano));
  await copiar.getByRole('button', { name: 'Copiar' }).click();
  await expect(copiar).toBeHidden();
  await expect(
    page.locator('.p-toast').getByText(`Feriados copiados de ${ano} para ${ano + 1}:`, { exact: false }),
  ).toBeVisible();
  await expect(page.locator('.year-picker .p-dropdown-label')).toHaveText(String(ano + 1));
  await expect(page.getByText('Mostrando 1 a 10 de 10')).toBeVisible();
  // Corpus Christi took the next year's Easter date.
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill('Corpus');
  await expect(page.getByRole('row').filter({ hasText: 'Corpus Christi' })).toContainText('Móvel');

  // The same copy again adds nothing.
  await page.getByRole('button', { name: 'Copiar feriados' }).click();
  await copiar.getByLabel('De', { exact: true }).fill(String(ano));
  await copiar.getByLabel('Para', { exact: true }).fill(String(ano + 1));
  await copiar.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.locator('.p-toast').getByText('0 incluídos, 10 já existiam', { exact: false })).toBeVisible();
});

test('the operator (without 152) edits holidays without the Exceção da Regra tab', async ({ page }) => {
  await loginFromScratch(page, OPERADOR);
  await page.goto('/cadastros/feriados');
  await expect(page.getByRole('button', { name: 'Novo' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Novo Feriado' });
  await expect(dialog.getByLabel('Descrição')).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveCount(0);
  await expect(dialog.getByText('Exceção da Regra')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
});
