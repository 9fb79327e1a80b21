import type { Page } from '@playwright/test';
import { ADMIN, OPERADOR, chooseOption, expect, loginFromScratch, test, uniqueCnpj, uniqueName } from './helpers';

const mascarado = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/*
 * Not walked again here (docs/testing.md): a CNPJ's check digits (contracts documents.test.ts, the form's test) and
 * the buttons without codes 30 and 32 (empresas-page.test.tsx).
 */
test('admin creates a company, edits it and sees the address and masks in the list', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Empresas' }).click();
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Período de fechamento: \d+ a \d+$/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '11.222.333/0001-81' })).toContainText('(11) 98765-4321');

  await page.getByRole('button', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/cadastros\/empresas\/nova$/);
  await expect(page.getByText('Informações gerais')).toBeVisible();
  await expect(page.getByText('Endereço', { exact: true })).toBeVisible();

  // Every message of seed 000 §5 on an empty save.
  await page.getByRole('button', { name: 'Salvar' }).click();
  for (const m of [
    'Informe o cnpj',
    'Informe a Razão social',
    'Informe o Telefone',
    'Selecione um tipo de local',
    'Informe a descrição',
    'Informe o número',
    'Informe o cep',
    'Informe o bairro',
    'Selecione uma cidade',
  ]) {
    await expect(page.getByText(m, { exact: true })).toBeVisible();
  }

  // CPF ↔ CNPJ: the mask follows, the number starts over.
  await field(page, 'CNPJ').pressSequentially('52998224725');
  await page.getByRole('button', { name: 'CPF', exact: true }).click();
  await expect(field(page, 'CPF')).toHaveValue('');
  await field(page, 'CPF').pressSequentially('52998224725');
  await expect(field(page, 'CPF')).toHaveValue('529.982.247-25');
  await page.getByRole('button', { name: 'CNPJ', exact: true }).click();

  const cnpj = uniqueCnpj();
  const razao = uniqueName('Padaria E2E');
  await field(page, 'CNPJ').pressSequentially(cnpj);
  await expect(field(page, 'CNPJ')).toHaveValue(mascarado(cnpj));
  await field(page, 'Razão social').fill(razao);
  await field(page, 'Telefone 1').pressSequentially('1934567890');
  await expect(field(page, 'Telefone 1')).toHaveValue('(19) 3456-7890');
  await field(page, 'Celular').pressSequentially('19987654321');
  await expect(field(page, 'Celular')).toHaveValue('(19) 98765-4321');
  await chooseOption(page, 'Tipo de local', 'Rua');
  await field(page, 'Descrição').fill('Barão de Jaguara');
  await field(page, 'Número').fill('900');
  await field(page, 'CEP').pressSequentially('13015001');
  await expect(field(page, 'CEP')).toHaveValue('13015-001');
  await field(page, 'Bairro').fill('Centro');
  await chooseOption(page, 'Estado', 'SP');
  await chooseOption(page, 'Cidade', 'Campinas');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page).toHaveURL(/\/cadastros\/empresas$/);
  await expect(page.locator('.p-toast').getByText('Empresa cadastrada com sucesso!')).toBeVisible();
  // The list may span pages: the 20-row page holds every demo company and this one.
  await page.locator('.p-paginator .p-dropdown').click();
  await page.getByRole('option', { name: '20' }).click();
  const row = page.getByRole('row').filter({ hasText: razao });
  await expect(row).toContainText(mascarado(cnpj));
  await expect(row).toContainText('(19) 3456-7890');
  await expect(row).toContainText('Campinas');

  // Edit: another state's city.
  await row.getByRole('button', { name: /^Editar / }).click();
  await expect(page.getByRole('heading', { name: 'Editar empresa' })).toBeVisible();
  await expect(field(page, 'CNPJ')).toHaveValue(mascarado(cnpj));
  await expect(field(page, 'Código')).toHaveValue(/^EMP\d{4}$/);
  await chooseOption(page, 'Estado', 'AM');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Selecione uma cidade', { exact: true })).toBeVisible();
  await chooseOption(page, 'Cidade', 'Manaus');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/empresas/);
  await expect(page.locator('.p-toast').getByText('Empresa alterada com sucesso!')).toBeVisible();
  await page.locator('.p-paginator .p-dropdown').click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(page.getByRole('row').filter({ hasText: razao })).toContainText('Manaus');
});

test('the closing period changes, reaches the session and is put back', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/empresas');
  const dialog = page.getByRole('dialog');
  const alterar = async (inicio: string) => {
    await page.getByRole('button', { name: 'Alterar período' }).click();
    await expect(dialog.getByText('Período de fechamento')).toBeVisible();
    await dialog.getByLabel('Dia inicial').fill(inicio);
    await dialog.getByLabel('Dia inicial').press('Tab');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
  };
  await alterar('21');
  await expect(page.getByText('Período de fechamento: 21 a 20')).toBeVisible();
  const empresa = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('jornada.sessao') ?? '{}').dadosRequisicao.empresa,
  );
  expect(empresa).toMatchObject({ diaInicioFechamento: 21, diaFinalFechamento: 20 });
  await alterar('1');
  await expect(page.getByText('Período de fechamento: 1 a 31')).toBeVisible();
});

test('the operador sees only the main company; the branch is not found for him', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await loginFromScratch(admin, ADMIN);
  await admin.goto('/cadastros/empresas');
  await admin
    .getByRole('row')
    .filter({ hasText: 'Filial Campinas' })
    .getByRole('button', { name: /^Editar / })
    .click();
  await expect(admin).toHaveURL(/\/cadastros\/empresas\/\d+\/editar$/);
  const filial = new URL(admin.url()).pathname;

  const page = await (await browser.newContext()).newPage();
  await loginFromScratch(page, OPERADOR);
  await page.goto('/cadastros/empresas');
  await expect(page.getByRole('row').filter({ hasText: 'Jornada Demonstração Ltda' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Filial Campinas' })).toHaveCount(0);
  await page.goto(filial);
  await expect(page.getByText('Empresa não encontrada.')).toBeVisible();
});
