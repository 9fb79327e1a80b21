import type { Page } from '@playwright/test';
import { abrirMarcacoes, ADMIN, aviso, dropdownOf, expect, loginFromScratch, test } from './helpers';

/**
 * The report is monitored until the server produced it (seed 002 §4: the first check 5 s after asking): the
 * viewer opens on its own, and its link serves a real PDF.
 */
async function pdfAberto(page: Page, nomeArquivo: RegExp): Promise<void> {
  const viewer = page.getByRole('dialog').filter({ has: page.locator('iframe.pdf-viewer') });
  await expect(viewer).toBeVisible({ timeout: 60_000 });
  const iframe = viewer.locator('iframe.pdf-viewer');
  await expect(iframe).toHaveAttribute('title', nomeArquivo);
  const arquivo = await page.request.get((await iframe.getAttribute('src'))!);
  expect(arquivo.status()).toBe(200);
  expect(arquivo.headers()['content-type']).toContain('application/pdf');
  expect((await arquivo.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('Espelho de Ponto (129): the seed’s warnings, the month of the chosen employees as a PDF, monitored until it opens', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/relatorios/espelho-ponto');
  await expect(page.getByRole('heading', { name: 'Espelho de Ponto', level: 1 })).toBeVisible();

  const gerar = page.getByRole('button', { name: 'Gerar PDF' });
  await gerar.click();
  await aviso(page, 'Selecione uma empresa');
  await dropdownOf(page, 'Empresa').click();
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: /Jornada Demonstração Ltda$/ })
    .click();
  await gerar.click();
  await aviso(page, 'Selecione um ou mais funcionários');

  // Two employees of the company.
  await page.getByRole('button', { name: 'Pesquisar funcionários' }).click();
  const disponiveis = page.getByRole('listbox', { name: /Funcionários Disponíveis/ });
  await disponiveis.getByRole('option').nth(0).click();
  await disponiveis
    .getByRole('option')
    .nth(1)
    .click({ modifiers: ['Control'] });
  await page.getByRole('button', { name: 'Selecionar os marcados' }).click();
  await expect(page.getByRole('listbox', { name: /Funcionários Selecionados/ }).getByRole('option')).toHaveCount(2);

  await gerar.click();
  // While it is monitored the button waits and the history is offered.
  await expect(gerar).toBeDisabled();
  await expect(page.getByRole('link', { name: /Processando o arquivo/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/espelho-ponto-processando.png', fullPage: true });
  await pdfAberto(page, /^espelho-ponto-\d\d-\d{4}\.pdf$/);
  await page.keyboard.press('Escape');
  await expect(gerar).toBeEnabled();
});

test('Marcações → Ações → Espelho de ponto: the employee’s month as a PDF', async ({ page }) => {
  await abrirMarcacoes(page, 'Produção');
  await expect(page.getByLabel('Dias do mês').getByRole('row').nth(1)).toBeVisible();

  // The split button's menu: the action is the last one.
  await page.locator('.p-splitbutton-menubutton').click();
  await page.getByRole('menuitem', { name: 'Espelho de ponto' }).click();
  await pdfAberto(page, /^espelho-ponto-\d\d-\d{4}\.pdf$/);
});
