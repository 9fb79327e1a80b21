import { ADMIN, expect, loginFromScratch, test } from './helpers';

/**
 * One clock (issue 24 §10): a browser in Tokyo — twelve hours ahead of the demo company's São Paulo — sees
 * every instant in the company's zone: the admin's last access, written by the login just made, reads as
 * São Paulo's clock, as Logs de Operações and the server's reports do.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const relogio = (zona: string, d: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: zona,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(d)
    .replace(',', '');

test('um navegador em Tóquio vê as horas no fuso da empresa (São Paulo)', async ({ page }) => {
  const antes = new Date();
  await loginFromScratch(page, ADMIN);
  await page.goto('/sistema/usuarios');
  const linha = page.getByRole('row').filter({ hasText: ADMIN });
  await expect(linha).toHaveCount(1);
  const depois = new Date();
  // The login happened between `antes` and `depois`: its minute in São Paulo, never Tokyo's.
  const aceitos = new Set([relogio('America/Sao_Paulo', antes), relogio('America/Sao_Paulo', depois)]);
  const mostrado = linha.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/).first();
  await expect(mostrado).toBeVisible();
  expect(aceitos).toContain((await mostrado.textContent())?.trim());
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
});
