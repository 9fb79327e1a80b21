import { ADMIN, chooseOption, expect, loginFromScratch, test } from './helpers';

test('Documentos → Histórico de Relatórios/Documentos: a lista do mês, com as colunas do seed', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/documentos');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await chooseOption(page, 'Documento', 'Histórico de Relatórios/Documentos');
  await expect(page).toHaveURL(/\/documentos\/historico$/);
  await expect(page.getByRole('heading', { name: 'Histórico de Relatórios/Documentos', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  for (const header of [
    'Item',
    'Data Solicitação',
    'Data Início Processamento',
    'Data Final do Processamento',
    'Status',
  ]) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await expect(page.getByRole('textbox', { name: 'Empresa' })).toBeVisible();
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await page.screenshot({ path: 'test-results/historico.png', fullPage: true });
});
