import { ADMIN, expect, loginFromScratch, SENHA_DEMO, test } from './helpers';

test('wrong password shows the server message inline', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADMIN);
  await page.getByLabel('Senha', { exact: true }).fill(`${SENHA_DEMO}x`);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('.p-inline-message-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('Sair revokes the token and clears the browser session', async ({ page, request }) => {
  await loginFromScratch(page, ADMIN);
  await expect(page.getByRole('contentinfo')).toContainText('Jornada');
  const token = await page.evaluate(() => {
    const raw = sessionStorage.getItem('jornada.sessao');
    return raw ? (JSON.parse(raw) as { token: { valor: string } }).token.valor : null;
  });
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

  // The old token no longer opens anything.
  const res = await request.post('/api/cargo/listar', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(res.status()).toBe(401);

  // And the guarded screens send back to login.
  await page.goto('/cadastros/cargos');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('a stored session opening /login goes straight in', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/login');
  // The admin holds 126 (Controle do Ponto): seed 000 §4 sends it there.
  await expect(page).toHaveURL(/\/movimento\/controle-ponto$/);
});
