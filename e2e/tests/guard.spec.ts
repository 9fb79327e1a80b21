import { expect, login, loginFromScratch, OPERADOR, test } from './helpers';

test('an unauthenticated deep link goes to login and comes back after it', async ({ page }) => {
  await page.goto('/cadastros/cargos?pagina=1&filtro=a');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/cadastros/cargos?pagina=1&filtro=a');
  await login(page, 'admin@jornada.demo');
  await expect(page).toHaveURL(/\/cadastros\/cargos\?pagina=1&filtro=a$/);
  await expect(page.getByRole('heading', { name: 'Cargos', level: 1 })).toBeVisible();
});

test('the operador sees Cargos without Novo, edit or delete', async ({ page }) => {
  await loginFromScratch(page, OPERADOR);
  await page.goto('/cadastros/cargos');
  await expect(page.getByRole('heading', { name: 'Cargos', level: 1 })).toBeVisible();
  await expect(page.locator('.p-paginator-current')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Excluir / })).toHaveCount(0);
});

test('unknown routes show the not-found page', async ({ page }) => {
  await page.goto('/isto/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.goto('/redefinir-senha-email?em=a%40b.com&tm=abc&tk=x');
  await expect(page).toHaveURL(/\/erro404$/);
});

test('a logged-in user meets the 404 inside the app frame', async ({ page }) => {
  await loginFromScratch(page, OPERADOR);
  await page.goto('/isto/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.getByRole('button', { name: 'Voltar para Home' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
});
