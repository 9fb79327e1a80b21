import { ADMIN, expect, loginFromScratch, test, uniqueName } from './helpers';

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

test('a duplicated code shows the server message as a Mensagem toast and keeps the dialog open', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/cargos');
  const codigo = `D${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
  const dialog = page.getByRole('dialog');
  for (const nome of [uniqueName('Dup A'), uniqueName('Dup B')]) {
    await page.getByRole('button', { name: 'Novo' }).click();
    await dialog.getByRole('switch', { name: 'Gerar código em sequência' }).click();
    await dialog.getByLabel('Código', { exact: true }).fill(codigo);
    await dialog.getByLabel('Nome', { exact: true }).fill(nome);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
  }
  await expect(page.locator('.p-toast').getByText('Mensagem', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Clean up the first one.
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(codigo);
  const row = page.getByRole('row').filter({ hasText: codigo });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Excluir / }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('row').filter({ hasText: codigo })).toHaveCount(0);
});

test('another tenant never sees our cargos', async ({ browser }) => {
  const nome = uniqueName('Cargo Isolado');
  const admin = await (await browser.newContext()).newPage();
  await loginFromScratch(admin, ADMIN);
  await admin.goto('/cadastros/cargos');
  await admin.getByRole('button', { name: 'Novo' }).click();
  await admin.getByRole('dialog').getByLabel('Nome', { exact: true }).fill(nome);
  await admin.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByRole('dialog')).toBeHidden();

  const beta = await (await browser.newContext()).newPage();
  await loginFromScratch(beta, 'admin@beta.jornada.demo');
  await beta.goto(`/cadastros/cargos?filtro=${encodeURIComponent(nome)}`);
  await expect(beta.locator('.p-datatable-emptymessage')).toBeVisible();

  // Clean up.
  await admin.getByRole('searchbox', { name: 'Filtrar' }).fill(nome);
  await admin.getByRole('button', { name: `Excluir ${nome}` }).click();
  await admin.getByRole('button', { name: 'Sim' }).click();
  await expect(admin.getByRole('row').filter({ hasText: nome })).toHaveCount(0);
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

test('a list that fails says so and recovers with Tentar novamente', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.route('**/api/cargo/listar', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"mensagem":"Oops! Algo deu errado!"}' }),
  );
  await page.goto('/cadastros/cargos');
  await expect(page.getByText('Não foi possível carregar a lista.')).toBeVisible();
  await expect(page.getByText('Nenhum cargo cadastrado.')).toHaveCount(0);
  await page.unroute('**/api/cargo/listar');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText('Não foi possível carregar a lista.')).toHaveCount(0);
});
