import type { Page } from '@playwright/test';
import {
  ADMIN,
  chooseOption,
  dropdownOf,
  expect,
  listarDepartamento,
  loginFromScratch,
  selecionarPrimeiroFuncionario,
  test,
} from './helpers';

/** The name on a row's Marcações button ('Marcações de <nome>'). */
const nomeDoBotao = async (page: Page, i: number) =>
  (
    (await page
      .getByRole('button', { name: /^Marcações de / })
      .nth(i)
      .getAttribute('aria-label')) ?? ''
  ).replace(/^Marcações de /, '');

test('Controle do Ponto → Marcações: the month of an employee, Por quê?, the next one, Resumo, Calcular and back', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/movimento/controle-ponto');
  await expect(page.getByRole('heading', { name: 'Controle do Ponto', level: 1 })).toBeVisible();

  // The demo's main company and its Produção department (with the centres under it): the current month, calculated.
  await listarDepartamento(page, 'Produção');
  await expect(page.getByRole('button', { name: /^Marcações de / }).nth(1)).toBeVisible();
  const primeiro = await nomeDoBotao(page, 0);
  const segundo = await nomeDoBotao(page, 1);

  await page.getByRole('button', { name: `Marcações de ${primeiro}` }).click();
  await expect(page.getByRole('heading', { name: 'Marcações', level: 1 })).toBeVisible();
  await expect(page.locator('.marcacoes-nome')).toHaveText(primeiro);
  const dias = page.getByLabel('Dias do mês');
  await expect(dias.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByLabel('Sumário do mês')).toContainText('Dias trabalhados');

  // Por quê? of a day someone punched: the context and the engine's steps.
  const comBatidas = dias
    .getByRole('row')
    .filter({ hasText: /\d\d:\d\d \d\d:\d\d/ })
    .first();
  await comBatidas.getByRole('button', { name: /^Por quê\?/ }).click();
  const porque = page.getByRole('dialog', { name: /^Por quê\? \d\d\/\d\d\/\d{4}$/ });
  await expect(porque.getByText('Tipo do dia')).toBeVisible();
  await expect(porque.getByText('Horas previstas').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(porque).toBeHidden();

  // The next employee of the list, without going back.
  await page.getByRole('button', { name: 'Próximo funcionário' }).click();
  await expect(page.locator('.marcacoes-nome')).toHaveText(segundo);
  await expect(page.getByRole('button', { name: 'Funcionário anterior' })).toBeEnabled();

  // Resumo: the four panels.
  await page.getByRole('tab', { name: 'Resumo' }).click();
  await expect(page.getByLabel('Totais de jornada')).toBeVisible();
  await expect(page.getByLabel('Banco de horas do mês')).toBeVisible();
  await page.getByRole('tab', { name: 'Detalhes' }).click();

  // Ações → Calcular: the month recalculated in the request.
  await page.getByRole('button', { name: 'Ações: Calcular' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Cálculo do mês concluído.' })).toBeVisible();
  await expect(dias.getByRole('row').nth(1)).toBeVisible();

  // Back to the list as it was left.
  await page.getByRole('button', { name: 'Voltar ao Controle do Ponto' }).click();
  await expect(page.getByRole('heading', { name: 'Controle do Ponto', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: `Marcações de ${segundo}` })).toBeVisible();
});

test('Marcações: Fechar período locks the month (Calcular gone, the lock shown), the Administrador opens it again', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/movimento/controle-ponto');
  await listarDepartamento(page, 'Administrativo');
  const botao = page.getByRole('button', { name: /^Marcações de / }).first();
  await expect(botao).toBeVisible();
  const nome = ((await botao.getAttribute('aria-label')) ?? '').replace(/^Marcações de /, '');
  await botao.click();
  await expect(page.locator('.marcacoes-nome')).toHaveText(nome);

  // Fechar período, after its confirmation.
  await page.getByRole('button', { name: 'Mais ações' }).click();
  await page.locator('.p-menuitem-text', { hasText: 'Fechar período' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Período fechado com sucesso!' })).toBeVisible();
  await expect(page.getByText('Período fechado: as marcações não podem ser tratadas.')).toBeVisible();
  await expect(page.locator('.marcacoes-periodo')).toContainText('Fechado');
  await expect(page.getByRole('button', { name: 'Ações: Calcular' })).toHaveCount(0);

  // The list shows the lock too.
  await page.getByRole('button', { name: 'Voltar ao Controle do Ponto' }).click();
  const linha = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Marcações de ${nome}` }) });
  await expect(linha).toContainText('Fechado');

  // The Administrador (175) opens it again.
  await linha.getByRole('button', { name: `Marcações de ${nome}` }).click();
  await page.getByRole('button', { name: 'Ações: Abrir período' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Período aberto com sucesso!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ações: Calcular' })).toBeVisible();
  await expect(page.getByText('Período fechado: as marcações não podem ser tratadas.')).toHaveCount(0);
});

test('Fechar Período (150): the warning, the seed refusals, one employee closed after the confirmation; the list shows the lock and the Administrador opens it again', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/movimento/concluir-fechar-periodo');
  await expect(page.getByRole('heading', { name: 'Fechar Período', level: 1 })).toBeVisible();
  // The screen's button (a toast's close button is also named Fechar).
  const fechar = page
    .getByRole('region', { name: 'Fechar Período' })
    .getByRole('button', { name: 'Fechar', exact: true });
  await expect(page.getByText(/somente o Administrador pode abrir o período/)).toBeVisible();
  await fechar.click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Selecione uma empresa' })).toBeVisible();

  // The first employee of Financeiro (a sector no other journey treats), chosen by keyboard.
  await dropdownOf(page, 'Empresa').click();
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: /Jornada Demonstração Ltda$/ })
    .click();
  await fechar.click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Selecione um ou mais funcionários' })).toBeVisible();
  const nome = await selecionarPrimeiroFuncionario(page, /^2 - Financeiro\b/);

  await fechar.click();
  await expect(
    page.getByText('Deseja fechar o período dos funcionários selecionados?', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Período fechado com sucesso! 1 funcionário(s) fechado(s).' }),
  ).toBeVisible();

  // Controle do Ponto shows the lock; the Administrador (175) opens it again from Marcações.
  await page.goto('/movimento/controle-ponto');
  await chooseOption(page, 'Empresa', /Jornada Demonstração Ltda$/);
  await chooseOption(page, 'Centro de custo', /^2 - Financeiro\b/);
  const linha = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Marcações de ${nome}` }) });
  await expect(linha).toContainText('Fechado');
  await linha.getByRole('button', { name: `Marcações de ${nome}` }).click();
  await page.getByRole('button', { name: 'Ações: Abrir período' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Período aberto com sucesso!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ações: Calcular' })).toBeVisible();
});
