import { ADMIN, aviso, dropdownOf, expect, loginFromScratch, test } from './helpers';

test('Cálculo do Ponto: calcula o período dos funcionários escolhidos e a barra chega ao fim', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/movimento/calculo-ponto');
  await expect(page.getByRole('heading', { name: 'Cálculo do Ponto', level: 1 })).toBeVisible();
  await expect(page.getByText('Total de funcionários: 0')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Período' })).toBeChecked();

  // Nothing chosen: the seed's warnings.
  await page.getByRole('button', { name: 'Calcular' }).click();
  await aviso(page, 'Selecione uma empresa');

  // The main company, every employee of it.
  await dropdownOf(page, 'Empresa').click();
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: /Jornada Demonstração Ltda$/ })
    .click();
  await page.getByRole('button', { name: 'Pesquisar funcionários' }).click();
  const disponiveis = page.getByRole('listbox', { name: /Funcionários Disponíveis/ });
  await expect(disponiveis.getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Selecionar todos' }).click();
  await expect(page.getByText(/Total de funcionários: [1-9]/)).toBeVisible();

  // Calcular: one job on the server; the bar follows it to the end, then resets. The bar holds 100 % for 1 s
  // only (seed 002: reset 1 s after success): the page itself watches every frame, from before the click, so a
  // late poll of the toast below (Playwright waits up to 1 s between tries, more under load) cannot miss it.
  const cem = page.waitForFunction(
    () =>
      document
        .querySelector('[role="progressbar"][aria-label="Progresso do cálculo"]')
        ?.getAttribute('aria-valuenow') === '100',
    null,
    { polling: 'raf', timeout: 90_000 },
  );
  cem.catch(() => undefined); // awaited below; a step failing before that must not leave it unhandled
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Cálculo iniciado.')).toBeVisible();
  const barra = page.getByRole('progressbar', { name: 'Progresso do cálculo' });
  await cem;
  await expect(page.getByText('Cálculo concluído.')).toBeVisible();
  await page.screenshot({ path: 'test-results/calculo-ponto.png', fullPage: true });
  await expect(barra).toHaveAttribute('aria-valuenow', '0');
});
