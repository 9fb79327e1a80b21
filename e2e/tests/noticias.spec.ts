import { ADMIN, expect, loginFromScratch, test } from './helpers';

test("the news badge leads to Notícias: today's item in bold, its content in a dialog", async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  // The demo seed publishes one item today (2 s after the bar appears, the badge shows it).
  const badge = page.getByRole('button', { name: /^Notícias \(\d+ hoje\)$/ });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/sistema\/noticias$/);
  await expect(page.getByRole('heading', { name: 'Notícias', level: 1 })).toBeVisible();

  const mes = await page.evaluate(() => {
    const d = new Date();
    return `${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  });
  await expect(page.getByLabel('Mês/Ano')).toHaveValue(mes);

  const row = page.getByRole('row').filter({ hasText: 'Bem-vindo ao Jornada' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('strong').first()).toHaveText('Bem-vindo ao Jornada');
  await expect(row.getByText('Hoje', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Ver notícia Bem-vindo ao Jornada' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Bem-vindo ao Jornada')).toBeVisible();
  // '@bTroque as senhas@eb' is bold text, not tokens.
  await expect(dialog.locator('strong')).toHaveText('Troque as senhas');
  await expect(dialog).not.toContainText('@b');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('older news are found by month, and the filter narrows the month', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  // The seed dates an item on the 1st of last month.
  const passado = await page.evaluate(() => {
    const d = new Date();
    d.setDate(1);
    d.setMonth(d.getMonth() - 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
  await page.goto(`/sistema/noticias?mes=${passado}`);
  const row = page.getByRole('row').filter({ hasText: 'Manutenção programada' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`01/${passado.slice(5)}/${passado.slice(0, 4)}`);
  await expect(row.locator('strong')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Filtrar' }).fill('nada com este título');
  await expect(page.getByText('Nenhuma notícia encontrada para o filtro informado.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill('manutenção');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Ver notícia Manutenção programada' }).click();
  await expect(page.getByRole('dialog').locator('p')).toHaveCount(3);
});
