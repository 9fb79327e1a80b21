import { ADMIN, chooseOption, expect, loginFromScratch, test, uniqueName } from './helpers';

const MATRIZ = '11.222.333/0001-81 - Jornada Demonstração Ltda';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Relógio de Ponto: o token da empresa gerado uma vez e copiado; um relógio cadastrado, alterado e excluído (issue 25 §2)', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/dispositivos-coletas/relogio-ponto');
  await expect(page.getByRole('heading', { name: 'Relógio de Ponto', level: 1 })).toBeVisible();
  const gerar = page.getByRole('button', { name: 'Gerar token' });
  const campoToken = page.getByLabel('Token da empresa');
  // A fresh demo has none; a database a retry reuses already has it (it is generated once).
  await expect(gerar.or(campoToken)).toBeVisible();
  if (await gerar.isVisible()) {
    await gerar.click();
    await expect(page.locator('.p-toast').getByText('Token copiado')).toBeVisible();
  }
  await expect(campoToken).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const token = await campoToken.inputValue();
  await page.getByRole('button', { name: 'Copiar token' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // A clock of the main company: IdFace fixes the portaria at 1510.
  await chooseOption(page, 'Empresa', MATRIZ);
  const serie = uniqueName('REP').replace(/\W/g, '').slice(0, 30);
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Novo Relógio' });
  await dialogo.getByLabel('Número de série', { exact: true }).fill(serie);
  await chooseOption(dialogo, 'Fabricante', 'ControlId IdFace');
  await expect(
    dialogo.locator('#relogio-portaria').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]'),
  ).toContainText('1510');
  await dialogo.getByLabel('Local de instalação').fill('Recepção');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialogo).toBeHidden();
  await expect(page.locator('.p-toast').getByText('Relógio cadastrado com sucesso!')).toBeVisible();
  const linha = page.getByRole('row').filter({ hasText: serie });
  await expect(linha).toContainText('ControlId IdFace');
  await expect(linha).toContainText('Recepção');
  await page.screenshot({ path: 'test-results/relogio-ponto.png', fullPage: true });

  // Editar: the install location stays; Push needs the cloud id.
  await linha.getByRole('button', { name: /Editar/ }).click();
  const edicao = page.getByRole('dialog', { name: 'Editar Relógio' });
  await expect(edicao.getByLabel('Local de instalação')).toBeDisabled();
  await chooseOption(edicao, 'Tipo de serviço', 'Push');
  await edicao.getByRole('button', { name: 'Salvar' }).click();
  await expect(edicao.getByText('Informe o Id Cloud: o serviço Push precisa dele')).toBeVisible();
  await edicao.getByLabel(/Id Cloud/).fill(String(Date.now()).slice(-9));
  await edicao.getByRole('button', { name: 'Salvar' }).click();
  await expect(edicao).toBeHidden();
  await expect(linha).toContainText('Push');

  // Excluir asks first.
  await linha.getByRole('button', { name: /Excluir/ }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast').getByText('Relógio excluído com sucesso!')).toBeVisible();
  await expect(linha).toHaveCount(0);
});
