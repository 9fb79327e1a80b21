import { expect, test } from './helpers';

test('a CSP do servidor barra script injetado na página (e a jornada percebe a violação)', async ({
  page,
  pageProblems,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injetado = true;';
    document.body.appendChild(s);
  });
  await expect.poll(() => pageProblems.some((p) => p.startsWith('CSP:'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __injetado?: boolean }).__injetado)).toBeUndefined();
  // The violation was provoked on purpose: it must not fail this journey.
  pageProblems.length = 0;
});

test('a página não pode ser emoldurada por outro site', async ({ page }) => {
  const res = await page.goto('/login');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
});
