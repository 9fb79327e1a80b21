import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, chooseOption, expect, loginFromScratch, test } from './helpers';

/** A REP-C AFD 671 of the demo's main company (the fiscal fixtures' employer is 11.222.333/0001-81). */
const AFD = readFileSync(
  join(import.meta.dirname, '../../packages/fiscal/test/fixtures/synthetic/afd671_rep-c_kermit_all-types.txt'),
);

async function typeDate(page: import('@playwright/test').Page, label: string, ddmmyyyy: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(ddmmyyyy);
  // The calendar opened on focus would cover the next field.
  await input.press('Escape');
  await expect(input).toHaveValue(ddmmyyyy);
}

test('Arquivo AFD → sem funcionário → Cálculo do Ponto → Histórico: o AFD enviado termina com o resumo na tela, o cálculo roda e a solicitação fica no histórico', async ({
  page,
}) => {
  // The import, a calculation and the history on a busy CI machine.
  test.setTimeout(180_000);
  await loginFromScratch(page, ADMIN);
  await page.goto('/documentos/arquivo-afd');
  await expect(page.getByRole('heading', { name: 'Arquivo AFD' })).toBeVisible();
  await expect(page.getByText(/Selecione a empresa, o período e a portaria/)).toBeVisible();
  await chooseOption(page, 'Empresa', '11.222.333/0001-81 - Jornada Demonstração Ltda');
  await typeDate(page, 'Data inicial', '01/03/2024');
  await typeDate(page, 'Data final', '31/03/2024');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'AFD00004000700000010REP_C.txt',
    mimeType: 'text/plain',
    buffer: AFD,
  });
  await expect(page.getByText('AFD00004000700000010REP_C.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();

  // The end state only: the processing window (Enviar hidden behind the bar) may be shorter than a check's poll.
  await expect(page.getByText('Sucesso! Arquivo e dados processados.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  // The summary on the screen itself (issue 24 §4): the file holds 5 punches (type 3), all in March 2024.
  const resumo = page.getByRole('region', { name: 'Resumo da importação' });
  await expect(resumo.getByText('Marcações lidas no arquivo').locator('xpath=following-sibling::dd')).toHaveText('5');
  await expect(resumo.getByText('Fora do período (não importadas)').locator('xpath=following-sibling::dd')).toHaveText(
    '0',
  );
  await page.screenshot({ path: 'test-results/arquivo-afd.png', fullPage: true });

  // Its CPFs are nobody's in the demo (issue 24 §5): listed, and Cadastrar funcionário opens the form filled in.
  await resumo.getByRole('button', { name: 'Ver marcações sem funcionário' }).click();
  const semFuncionario = page.getByRole('region', { name: 'Marcações sem funcionário' });
  const linhaJoao = semFuncionario.getByRole('row').filter({ hasText: 'CPF 529.982.247-25' });
  await expect(linhaJoao).toHaveCount(1);
  await expect(linhaJoao.getByText('04/03/2024 07:58')).toBeVisible();
  await page.screenshot({ path: 'test-results/arquivo-afd-sem-funcionario.png', fullPage: true });
  await linhaJoao.getByRole('button', { name: 'Cadastrar funcionário' }).click();
  await expect(page.getByRole('heading', { name: 'Novo funcionário', level: 1 })).toBeVisible();
  await expect(page.getByLabel('CPF', { exact: true })).toHaveValue('529.982.247-25');

  // Calcular: one employee of the company, the current period, on the server.
  await page.goto('/movimento/calculo-ponto');
  await expect(page.getByRole('heading', { name: 'Cálculo do Ponto', level: 1 })).toBeVisible();
  await chooseOption(page, 'Empresa', '11.222.333/0001-81 - Jornada Demonstração Ltda');
  await page.getByRole('button', { name: 'Pesquisar funcionários' }).click();
  const disponiveis = page.getByRole('listbox', { name: /Funcionários Disponíveis/ });
  await disponiveis.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Selecionar os marcados' }).click();
  await expect(page.getByText('Total de funcionários: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Cálculo concluído.')).toBeVisible({ timeout: 60_000 });

  // Histórico: the AFD's request of today, PROCESSADO, with the import's findings in its messages.
  await page.goto('/documentos/historico');
  await chooseOption(page, 'Empresa', '11.222.333/0001-81 - Jornada Demonstração Ltda');
  const linha = page.getByRole('row').filter({ hasText: 'AFD00004000700000010REP_C.txt' });
  await expect(linha).toHaveCount(1);
  await expect(linha.getByText('PROCESSADO')).toBeVisible();
  await linha.getByRole('button', { name: /Mensagens da solicitação/ }).click();
  const mensagens = page.getByRole('dialog', { name: 'Mensagens' });
  await expect(mensagens.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/historico-afd.png', fullPage: true });
});
