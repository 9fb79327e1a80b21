import { ADMIN, chooseOption, expect, login, loginFromScratch, PROVEDOR, test } from './helpers';

test('support access: the customer authorises, the provider gets a link, support logs in, the customer ends it', async ({
  page,
  browser,
}) => {
  // The customer's administrator opens an authorisation (an open one left by an earlier run is deleted first).
  await loginFromScratch(page, ADMIN);
  // The customer's own administrator has no duplicate-punch analysis (a support session's, decision 0076).
  await page.goto('/movimento/controle-ponto');
  await expect(page.getByRole('heading', { name: 'Controle do Ponto', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pontos duplicados' })).toHaveCount(0);
  await page.goto('/sistema/autorizacao-suporte');
  await expect(page.getByRole('heading', { name: 'Autorização de Suporte', level: 1 })).toBeVisible();
  const deleteButtons = page.getByRole('button', { name: /^Excluir autorização até/ });
  await expect(page.locator('.p-datatable-tbody')).toBeVisible();
  while ((await deleteButtons.count()) > 0) {
    await deleteButtons.first().click();
    await page.getByRole('button', { name: 'Sim' }).click();
    await expect(page.locator('.p-toast').getByText('Autorização excluída com sucesso!').last()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Novo' }).click();
  await expect(page.getByText(/Criar Autorização de Suporte\?/)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast').getByText('Autorização de suporte criada com sucesso!')).toBeVisible();
  const open = page.getByRole('row').filter({ hasText: 'Administrador Demonstração' }).filter({ hasText: 'Não' });
  await expect(open).toHaveCount(1);

  // The provider issues the one-time link from Clientes.
  const provider = await (await browser.newContext()).newPage();
  await loginFromScratch(provider, PROVEDOR);
  await provider.goto('/cadastro/adm/clientes');
  await provider.getByRole('button', { name: 'Acesso de suporte a Jornada Demonstração' }).click();
  const link = await provider.getByLabel('Link de acesso').inputValue();
  expect(link).toMatch(/\/login\?redirect=%2F&_ref=1&_aut=\d+&_refacesso=/);

  // Support logs in through it with its own e-mail and password and works in the customer.
  const support = await (await browser.newContext()).newPage();
  await support.goto(new URL(link).pathname + new URL(link).search);
  await login(support, PROVEDOR);
  await expect(support.getByRole('contentinfo')).toContainText('Jornada Demonstração Ltda');
  await support.goto('/cadastros/cargos');
  await expect(support.getByRole('heading', { name: 'Cargos', level: 1 })).toBeVisible();
  await expect(support.getByRole('row').filter({ hasText: 'Analista' }).first()).toBeVisible();

  // Only support sees the duplicate-punch analysis of Controle do Ponto (decision 0076): the demo has none.
  await support.goto('/movimento/controle-ponto');
  await chooseOption(support, 'Empresa', /Jornada Demonstração Ltda$/);
  await support.getByRole('button', { name: 'Pontos duplicados' }).click();
  const duplicados = support.getByRole('dialog', { name: 'Análise de pontos duplicados' });
  await duplicados.getByRole('button', { name: 'Analisar' }).click();
  await expect(duplicados.getByText('Tudo OK! Sem pontos duplicados.')).toBeVisible();
  await duplicados.getByRole('button', { name: /close|fechar/i }).click();
  await expect(duplicados).toBeHidden();

  // The link worked once: the same link again is refused.
  const reuse = await (await browser.newContext()).newPage();
  await reuse.goto(new URL(link).pathname + new URL(link).search);
  await reuse.getByLabel('E-mail').fill(PROVEDOR);
  await reuse.getByLabel('Senha', { exact: true }).fill('Jornada@2026');
  await reuse.getByRole('button', { name: 'Login' }).click();
  await expect(reuse.getByText('Autorização de acesso de suporte inválida ou expirada.')).toBeVisible();

  // The customer deletes the authorisation: support's session ends at its next call.
  await page.reload();
  await open.getByRole('button', { name: /^Excluir autorização até/ }).click();
  await expect(page.getByText('Excluir Autorização?')).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast').getByText('Autorização excluída com sucesso!').last()).toBeVisible();
  await support.reload();
  await expect(support).toHaveURL(/\/login/);
});
