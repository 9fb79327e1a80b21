import type { Locator, Page } from '@playwright/test';
import { ADMIN, aviso, dropdownOf, expect, loginFromScratch, test } from './helpers';

/** Picks the option of the Dropdown labelled `label` whose text matches `option` (schedules show 'id - descrição'). */
async function escolher(page: Page, label: string, option: RegExp): Promise<void> {
  await dropdownOf(page, label).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.getByRole('option', { name: option }).first().click();
  await expect(panel).toBeHidden();
}

const lista = (page: Page, nome: string): Locator => page.getByRole('listbox', { name: new RegExp(nome) });

/** dd/mm/yyyy of today + `dias` in the browser's zone (the journey's zone is São Paulo). */
function diaBr(dias: number): string {
  const d = new Date();
  d.setDate(d.getDate() + dias);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

test("admin moves two employees from 'Produção 6x1' to 'Comercial 44h' on the tab Funcionário/Escala", async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/escalas-horarios');
  await expect(page.getByRole('heading', { name: 'Escalas de Horários', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Funcionário/Escala' }).click();
  await expect(page.getByText('Funcionários Disponíveis')).toBeVisible();

  // The seed's messages, in its order.
  const salvar = page.getByRole('button', { name: 'Salvar' });
  await salvar.click();
  await aviso(page, 'Selecione uma empresa');
  await escolher(page, 'Empresa', /Jornada Demonstração Ltda$/);
  await page.getByRole('button', { name: 'Pesquisar funcionários' }).click();
  await aviso(page, 'Selecione uma empresa e a escala atual');
  await escolher(page, 'Escala atual', /^Produção 6x1 \(Revezamento\)$/);
  await salvar.click();
  await aviso(page, 'Selecione a nova escala');
  await escolher(page, 'Nova escala', /^Produção 6x1 \(Revezamento\)$/);
  await salvar.click();
  await aviso(page, 'A nova escala é igual a atual');
  await escolher(page, 'Nova escala', /^Comercial 44h Seg-Sáb \(Quadro de Horários\)$/);
  await salvar.click();
  await aviso(page, 'Selecione um funcionário');

  // The employees of Turno B (a section of Produção) whose current schedule is Produção 6x1.
  await escolher(page, 'Centro de Custo', /Turno B$/);
  await page.getByRole('button', { name: 'Pesquisar funcionários' }).click();
  const disponiveis = lista(page, 'Funcionários Disponíveis');
  await expect(disponiveis.getByRole('option').first()).toBeVisible();
  const antes = await disponiveis.getByRole('option').count();
  expect(antes).toBeGreaterThanOrEqual(2);
  const [primeiro, segundo] = [
    (await disponiveis.getByRole('option').nth(0).locator('.filtro-func-nome').textContent())!,
    (await disponiveis.getByRole('option').nth(1).locator('.filtro-func-nome').textContent())!,
  ];

  // Keyboard: tick the first two and move them with Enter.
  await disponiveis.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  const selecionados = lista(page, 'Funcionários Selecionados');
  await expect(selecionados.getByRole('option')).toHaveCount(2);
  await expect(selecionados).toContainText(primeiro);
  await expect(selecionados).toContainText(segundo);

  await salvar.click();
  await aviso(page, 'Informe a data de início');
  const data = diaBr(10);
  await page.getByLabel('Data de início').fill(data);
  await page.getByLabel('Data de início').press('Tab');
  await salvar.click();
  const confirmacao = page.getByRole('dialog', { name: 'Confirmação' });
  await expect(confirmacao).toContainText(`Trocar a escala de 2 funcionário(s) de`);
  await expect(confirmacao).toContainText(`a partir de ${data}?`);
  await confirmacao.getByRole('button', { name: 'Sim' }).click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Escala alterada para 2 funcionário(s).' }),
  ).toBeVisible();
  await expect(selecionados.getByRole('option')).toHaveCount(0);
  await expect(disponiveis.getByRole('option')).toHaveCount(antes - 2);
  await expect(disponiveis).not.toContainText(primeiro);

  // They are now found under their new current schedule.
  await escolher(page, 'Escala atual', /^Comercial 44h Seg-Sáb \(Quadro de Horários\)$/);
  await page.getByPlaceholder('Crachá/PIS/CPF/Nome').fill(primeiro);
  await page.getByPlaceholder('Crachá/PIS/CPF/Nome').press('Enter');
  await expect(disponiveis.getByRole('option').filter({ hasText: primeiro })).toBeVisible();
});
