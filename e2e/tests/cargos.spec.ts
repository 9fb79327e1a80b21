import { ADMIN, expect, loginFromScratch, test, uniqueName } from './helpers';

/*
 * The register family's journey (docs/testing.md). What the cheaper levels prove is not walked again here: a
 * duplicated code's Mensagem toast with the dialog kept (cargos-page.test.tsx), another tenant's rows never seen
 * (cargos.routes.test.ts and the generated tenant walls), a failed list with Tentar novamente (the web register
 * conformance suite).
 */
test('admin opens Cargos from the side menu, creates, edits and deletes a cargo', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Cargos' }).click();
  await expect(page).toHaveURL(/\/cadastros\/cargos$/);
  await expect(page.getByRole('heading', { name: 'Cargos', level: 1 })).toBeVisible();

  // Create with the automatic code.
  const nome = uniqueName('Cargo E2E');
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Novo Cargo')).toBeVisible();
  await expect(dialog.getByLabel('Código', { exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe o nome')).toBeVisible();
  await dialog.getByLabel('Nome', { exact: true }).fill(nome);
  await dialog.getByLabel('Nome', { exact: true }).press('Enter');
  await expect(dialog).toBeHidden();
  const toast = page.locator('.p-toast');
  await expect(toast.getByText('OK', { exact: true })).toBeVisible();

  // Find it through the filter (the list may span pages); the filter goes into the URL.
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(nome);
  await expect(page).toHaveURL(/filtro=/);
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toHaveCount(1);

  // A reload keeps the filter.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Filtrar' })).toHaveValue(nome);
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(1);

  // Edit: the code is required, the switch is gone.
  const novoNome = `${nome} editado`;
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(dialog.getByText('Editar Cargo')).toBeVisible();
  await expect(dialog.getByRole('switch')).toHaveCount(0);
  await dialog.getByLabel('Nome', { exact: true }).fill(novoNome);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toHaveCount(1);

  // Delete: Não keeps it, Sim removes it.
  await page.getByRole('button', { name: `Excluir ${novoNome}` }).click();
  await expect(page.getByText(`Excluir ${novoNome} ?`)).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toHaveCount(1);
  await page.getByRole('button', { name: `Excluir ${novoNome}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toHaveCount(0);
  await expect(toast.getByText('OK', { exact: true }).last()).toBeVisible();
});

test('on a phone the menu is a drawer opened by the hamburger', async ({ browser }) => {
  const page = await (
    await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true })
  ).newPage();
  await loginFromScratch(page, ADMIN);
  const drawer = page.locator('.app-sidebar');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(drawer).toHaveCount(1);
  await expect(drawer).not.toBeInViewport();
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await expect(menu).toBeInViewport();
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Cargos' }).click();
  await expect(page.getByRole('heading', { name: 'Cargos', level: 1 })).toBeVisible();
  // The drawer closes after navigating.
  await expect(drawer).not.toBeInViewport();
});

test('a toast covers neither Novo nor the row buttons', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/cargos');
  await page.getByRole('button', { name: 'Novo' }).click();
  await page.getByRole('dialog').getByLabel('Nome', { exact: true }).fill(uniqueName('Cargo Toast'));
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  const message = page.locator('.p-toast-message').first();
  await expect(message).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  const box = await message.boundingBox();
  const buttons = [
    page.getByRole('button', { name: 'Novo' }),
    page.getByRole('button', { name: /^(Editar|Excluir) / }),
  ];
  for (const group of buttons) {
    for (const button of await group.all()) {
      const b = await button.boundingBox();
      if (!box || !b) continue;
      const overlaps =
        b.x < box.x + box.width && box.x < b.x + b.width && b.y < box.y + box.height && box.y < b.y + b.height;
      expect(overlaps, (await button.getAttribute('aria-label')) ?? 'Novo').toBe(false);
    }
  }
});
