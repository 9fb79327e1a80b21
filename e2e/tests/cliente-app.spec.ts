import { ADMIN, chooseOption, expect, loginFromScratch, test } from './helpers';

const MATRIZ = '11.222.333/0001-81 - Jornada Demonstração Ltda';

test('Cliente App: um usuário desktop para o relógio cadastrado e um mobile pelo crachá, cada um com o segredo mostrado uma vez; Alterar Senha e Excluir (issue 25 §1)', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  // The demo registers the main company's clock of its AFDs (issue 25 §6): its serial is what the desktop collects.
  await page.goto('/cadastros/dispositivos-coletas/relogio-ponto');
  const gerar = page.getByRole('button', { name: 'Gerar token' });
  const campoToken = page.getByLabel('Token da empresa');
  await expect(gerar.or(campoToken)).toBeVisible();
  if (await gerar.isVisible()) await gerar.click();
  await chooseOption(page, 'Empresa', MATRIZ);
  const serie = (await page
    .getByRole('row')
    .filter({ hasText: 'Recepção' })
    .first()
    .getByRole('cell')
    .nth(2)
    .textContent())!.trim();
  expect(serie).toMatch(/^\d{17}$/);

  await page.goto('/cadastros/dispositivos-coletas/cliente-app');
  await expect(page.getByRole('heading', { name: 'Cliente App', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Escolher o tipo de usuário' }).click();
  await page.locator('.p-menuitem-text', { hasText: 'Usuário Desktop' }).click();
  const desktop = page.getByRole('dialog', { name: 'Novo Usuário Desktop' });
  await chooseOption(desktop, 'Empresa', MATRIZ);
  await desktop.getByLabel(/Números de série/).fill(`${serie}, XYZ-1`);
  await desktop.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.locator('.p-toast').getByText(/Relógio não cadastrado em Relógio de Ponto para esta empresa: XYZ-1/),
  ).toBeVisible();
  await desktop.getByLabel(/Números de série/).fill(serie);
  await desktop.getByRole('button', { name: 'Salvar' }).click();
  const sucesso = page.getByRole('dialog', { name: 'Usuário do app' });
  await expect(sucesso.getByText(/^coletor-[a-z2-9]{8}$/)).toBeVisible();
  await expect(sucesso.getByText(/^[A-HJ-NP-Z2-9]{12}$/)).toBeVisible();
  const loginDesktop = (await sucesso.getByText(/^coletor-/).textContent())!;
  await page.screenshot({ path: 'test-results/cliente-app-senha.png', fullPage: true });
  await sucesso.getByRole('button', { name: 'OK' }).click();
  await expect(sucesso).toBeHidden();
  const linha = page.getByRole('row').filter({ hasText: loginDesktop });
  await expect(linha).toContainText('Usuário Desktop');
  await expect(linha).toContainText('Nunca');

  // Alterar Senha: a new password, shown once.
  await linha.getByRole('button', { name: `Editar ${loginDesktop}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(sucesso.getByText('Nova senha gerada. Anote agora: ela não será mostrada de novo.')).toBeVisible();
  await sucesso.getByRole('button', { name: 'OK' }).click();

  // Mobile: by an active employee's badge, with a code to set the password in the app.
  await page.goto('/cadastros/funcionarios');
  await chooseOption(page, 'Empresa', MATRIZ);
  const cracha = (await page.locator('tbody tr').first().getByRole('cell').first().textContent())!.trim();
  await page.goto('/cadastros/dispositivos-coletas/cliente-app');
  await page.getByRole('button', { name: 'Escolher o tipo de usuário' }).click();
  await page.locator('.p-menuitem-text', { hasText: 'Usuário Mobile' }).click();
  const mobile = page.getByRole('dialog', { name: 'Novo Usuário Mobile' });
  await chooseOption(mobile, 'Empresa', MATRIZ);
  await mobile.getByLabel('Crachá do funcionário').fill(cracha);
  await mobile.getByLabel('Detalhes').fill('Celular do funcionário');
  await mobile.getByRole('button', { name: 'Salvar' }).click();
  // A retry on the same database finds the employee's user already there: the refusal is the answer then.
  const jaTem = page.locator('.p-toast').getByText('Este funcionário já tem um usuário do app.');
  await expect(sucesso.or(jaTem)).toBeVisible();
  if (await sucesso.isVisible()) {
    await expect(sucesso.getByText('Código para cadastrar a senha')).toBeVisible();
    await expect(sucesso.getByText(/^[A-HJ-NP-Z2-9]{8}$/)).toBeVisible();
    await sucesso.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Celular do funcionário' })).toHaveCount(1);
  }

  // Excluir the desktop user: asks, then it is gone.
  await chooseOption(page, 'Dispositivo', 'Desktop');
  await page
    .getByRole('row')
    .filter({ hasText: loginDesktop })
    .getByRole('button', { name: `Excluir ${loginDesktop}` })
    .click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast').getByText('Usuário do app excluído com sucesso!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: loginDesktop })).toHaveCount(0);
});
