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

test('Arquivo AFD → Cálculo do Ponto → Histórico: o AFD enviado termina, o cálculo roda e a solicitação fica no histórico', async ({
  page,
}) => {
  // The monitoring checks every 15 s (seed 002 §4): the first answer comes after one interval.
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

  await expect(page.getByText('Processando o arquivo AFD.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeHidden();
  await expect(page.getByText('Sucesso! Arquivo e dados processados.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  await page.screenshot({ path: 'test-results/arquivo-afd.png', fullPage: true });

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
