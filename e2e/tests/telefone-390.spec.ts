import { ADMIN, expect, loginFromScratch, test } from './helpers';

/**
 * Issue 24 §12: on a 390 px phone, Funcionários and Nova Escala fit the screen's width — nothing scrolls sideways
 * but a table inside its own card.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** How far the page itself scrolls sideways, and which elements stick out of the viewport. */
async function sobraLateral(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const largura = document.documentElement.clientWidth;
    const fora = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.right <= largura + 1) return false;
        // Inside a box that scrolls on its own (a table's wrapper) it is fine.
        for (let p = e.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if ((o === 'auto' || o === 'scroll' || o === 'hidden') && p.getBoundingClientRect().right <= largura + 1)
            return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} → ${Math.round(e.getBoundingClientRect().right)}px`,
      );
    return { rolagem: document.documentElement.scrollWidth - largura, fora };
  });
}

test('Funcionários and Nova Escala fit 390 px without scrolling sideways', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/funcionarios');
  await expect(page.getByRole('heading', { name: 'Funcionários', level: 1 })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await sobraLateral(page)).toEqual({ rolagem: 0, fora: [] });

  await page.goto('/cadastros/escalas-horarios/novo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page
      .getByLabel('Descrição', { exact: true })
      .or(page.getByLabel('Nome', { exact: true }))
      .first(),
  ).toBeVisible();
  expect(await sobraLateral(page)).toEqual({ rolagem: 0, fora: [] });
});
