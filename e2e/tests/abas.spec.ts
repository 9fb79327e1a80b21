import { ADMIN, expect, loginFromScratch, test } from './helpers';

const token = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem('jornada.sessao');
    return raw ? (JSON.parse(raw) as { token: { valor: string } }).token.valor : null;
  });

test('a second tab needs no login; Sair in one tab sends every tab to /login', async ({ page, context }) => {
  await loginFromScratch(page, ADMIN);
  await expect(page.getByRole('banner')).toContainText('Administrador Demonstração');

  // A second tab of the same browser opens a guarded screen directly.
  const second = await context.newPage();
  await second.goto('/cadastros/cargos');
  await expect(second.getByRole('heading', { name: 'Cargos', level: 1 })).toBeVisible();
  await expect(second).toHaveURL(/\/cadastros\/cargos$/);
  await expect(second.getByRole('button', { name: 'Login' })).toHaveCount(0);

  // The second tab validated (and so rotated) the token: the first one took the new one and keeps working.
  await expect.poll(async () => token(page)).toBe(await token(second));
  await page.goto('/sistema/sobre');
  await expect(page.getByText('Versão da interface')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  // Nothing of the session went to localStorage (it would outlive the tabs).
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(String(await token(page)));

  // Sair in the second tab: the first goes to /login too, with its storage cleared.
  await second.getByRole('button', { name: 'Sair' }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login$/);
  expect(await token(page)).toBeNull();

  // And a tab opened now asks for a login.
  const third = await context.newPage();
  await third.goto('/cadastros/cargos');
  await expect(third).toHaveURL(/\/login\?redirect=/);
  await expect(third.getByRole('button', { name: 'Login' })).toBeVisible();
});
