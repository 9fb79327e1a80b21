import {
  ADMIN,
  descartarAlteracoes,
  expect,
  login,
  loginFromScratch,
  OPERADOR,
  SENHA_DEMO,
  test,
  uniqueName,
} from './helpers';

/**
 * Usuários, Editar Usuário and Meus Dados (seed 000 §2.6). The invitation
 * link itself is proven by the route tests (the e-mail goes to the server's
 * console here); this journey creates, edits and deletes a user of its own.
 */
test('admin creates a user from Sistema › Usuários, edits the companies and deletes it', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.getByRole('button', { name: 'Sistema' }).click();
  await page.getByRole('menuitem', { name: 'Usuários' }).click();
  await expect(page).toHaveURL(/\/sistema\/usuarios$/);
  await expect(page.getByRole('heading', { name: 'Usuários', level: 1 })).toBeVisible();

  const nome = uniqueName('Usuário E2E');
  const email = `e2e.${Date.now().toString(36)}@jornada.demo`;
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Novo Usuário')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe o nome')).toBeVisible();
  await expect(dialog.getByText('Informe o e-mail')).toBeVisible();
  // No profile is chosen for the operator (issue 24 §7): it must be picked.
  await expect(dialog.getByText('Selecione um perfil')).toBeVisible();
  await expect(
    dialog.locator('#usuario-perfil').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]'),
  ).toContainText('Selecione');
  await dialog.getByLabel('Nome', { exact: true }).fill(nome);
  await dialog.getByLabel('E-mail', { exact: true }).fill(`  ${email.toUpperCase()}  `);
  // Esc closes the innermost thing only (issue 24 §3): the open list, not the dialog; then, with typed changes,
  // the dialog asks before closing, and Não keeps what was typed.
  await dialog.locator('#usuario-perfil').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await expect(page.locator('.p-dropdown-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-dropdown-panel')).toBeHidden();
  await expect(dialog.getByText('Novo Usuário')).toBeVisible();
  await page.keyboard.press('Escape');
  const pergunta = page.getByRole('dialog').filter({ hasText: 'Alterações não salvas' });
  await pergunta.getByRole('button', { name: 'Não' }).click();
  await expect(pergunta).toBeHidden();
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  await dialog.locator('#usuario-perfil').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.locator('.p-dropdown-item', { hasText: 'Consulta' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.p-toast').getByText('Usuário cadastrado com sucesso!', { exact: false })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText('Consulta');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  // The same e-mail again: 409 in Portuguese, the dialog stays.
  await page.getByRole('button', { name: 'Novo' }).click();
  await dialog.getByLabel('Nome', { exact: true }).fill('Outro');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.locator('#usuario-perfil').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.locator('.p-dropdown-item', { hasText: 'Consulta' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText('E-mail já cadastrado.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await descartarAlteracoes(page);

  // Editar Usuário: restrict to the Campinas branch.
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page).toHaveURL(/\/sistema\/usuarios\/\d+\/editar$/);
  await expect(page.getByRole('heading', { name: 'Editar Usuário', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  await page.getByRole('tab', { name: 'Empresas' }).click();
  const [disponiveis, atribuidas] = [page.getByRole('listbox').nth(0), page.getByRole('listbox').nth(1)];
  // A new user gets every company the admin sees: the two demo ones, and any other journey created.
  const assigned = atribuidas.getByRole('option');
  await expect(assigned.filter({ hasText: /Jornada Demonstração Ltda - 11\.222\.333\/0001-81/ })).toHaveCount(1);
  await expect(assigned.filter({ hasText: /Filial Campinas/ })).toHaveCount(1);
  const total = await assigned.count();
  for (let moved = 1; moved < total; moved++) {
    await assigned
      .filter({ hasNotText: /Filial Campinas/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Mover para a esquerda', exact: true }).click();
    await expect(disponiveis.getByRole('option')).toHaveCount(moved);
  }
  await expect(atribuidas.getByRole('option')).toHaveText([/Filial Campinas/]);
  await page.getByRole('tab', { name: 'Centros de Custos' }).click();
  await expect(
    page.getByLabel('Empresa', { exact: true }).locator('xpath=ancestor::div[contains(@class,"p-dropdown")]'),
  ).toContainText('Filial Campinas');
  await page.getByRole('tab', { name: 'Dados' }).click();
  await page.getByLabel('Nome', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe nome e e-mail').first()).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill(`${nome} Campinas`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText('Usuário alterado com sucesso!')).toBeVisible();
  // The reloaded form shows what was saved.
  await page.getByRole('tab', { name: 'Empresas' }).click();
  await expect(page.getByRole('listbox').nth(1).getByRole('option')).toHaveText([/Filial Campinas/]);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/sistema\/usuarios$/);

  // Delete: 'Excluir usuário {nome}?', Não keeps it, Sim removes it.
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(email);
  const label = `${nome} Campinas`;
  await page.getByRole('button', { name: `Excluir ${label}` }).click();
  await expect(page.getByText(`Excluir usuário ${label}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(1);
  await page.getByRole('button', { name: `Excluir ${label}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast').getByText('Usuário excluído com sucesso!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(0);
});

test('nobody deletes their own user', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto(`/sistema/usuarios?filtro=${encodeURIComponent(ADMIN)}`);
  await page.getByRole('button', { name: 'Excluir Administrador Demonstração' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast').getByText('Você não pode excluir o seu próprio usuário.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ADMIN })).toHaveCount(1);
});

test('the operador has no Usuários in the Sistema menu and cannot open it', async ({ page }) => {
  await loginFromScratch(page, OPERADOR);
  await page.getByRole('button', { name: 'Sistema' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logs de Operações' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Usuários' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Perfis e Permissões' })).toHaveCount(0);
  await page.goto('/sistema/usuarios');
  await expect(page).toHaveURL(/\/nao-autorizado/);
});

test('Meus Dados shows the account read-only; Senha checks length and equality before the server', async ({ page }) => {
  await loginFromScratch(page, 'rh.campinas@jornada.demo');
  await page.getByRole('button', { name: 'Meus Dados' }).click();
  await expect(page).toHaveURL(/\/conta\/meus-dados$/);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('RH Campinas');
  await expect(page.getByLabel('Perfil', { exact: true })).toHaveValue('RH');
  await expect(page.getByRole('region', { name: 'Empresas' })).toContainText('Filial Campinas');
  await expect(page.getByRole('region', { name: 'Empresas' })).not.toContainText('0001-81');

  await page.getByRole('tab', { name: 'Senha' }).click();
  const senha = page.getByLabel('Nova senha', { exact: true });
  const repetir = page.getByLabel('Repetir a senha', { exact: true });
  await senha.fill('curta');
  await repetir.fill('curta');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/A senha deverá ser formada por 8 caracteres/).first()).toBeVisible();
  await senha.fill('Abcdefg1');
  await repetir.fill('Abcdefg2');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Não são iguais')).toBeVisible();
  // Long enough but without a number: the server's rule answers.
  await senha.fill('abcdefghij');
  await repetir.fill('abcdefghij');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText(/A senha deverá ser formada por 8 caracteres/)).toBeVisible();
  // The demo password still works (nothing was changed).
  await page.getByRole('button', { name: 'Sair' }).click();
  await login(page, 'rh.campinas@jornada.demo', SENHA_DEMO);
});
