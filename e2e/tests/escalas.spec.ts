import type { Locator, Page } from '@playwright/test';
import { ADMIN, chooseOption, expect, loginFromScratch, test, uniqueName } from './helpers';

/**
 * Escalas de Horários (seed 001 §2.1, §2.2, §2.4, §4, §5, §9; issue 10 §1–§2)
 * as the demo admin: a time table through every tab, a rotation on a new
 * cycle list with its preview, a versioned change of a demo schedule that
 * employees use, and deletes refused and allowed.
 */

const EM_USO = 'Administrativo 40h Seg-Sex';

const box = (page: Page | Locator, name: string) => page.getByRole('textbox', { name, exact: true });
const spin = (page: Page | Locator, name: string) => page.getByRole('spinbutton', { name, exact: true });
const toast = (page: Page) => page.locator('.p-toast');

/** HH:MM fields keep what is typed only when the field is left with a valid time. */
async function hora(page: Page | Locator, name: string, digits: string) {
  const field = box(page, name);
  await field.fill('');
  await field.pressSequentially(digits);
  await field.press('Tab');
}

async function numero(page: Page | Locator, name: string, value: string) {
  await spin(page, name).fill(value);
  await spin(page, name).press('Tab');
}

async function aba(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A PrimeReact Dropdown named by its input's aria-label (the bank's month and year lists). */
async function escolher(page: Page, ariaLabel: string, option: string) {
  await page
    .getByLabel(ariaLabel, { exact: true })
    .locator('xpath=ancestor::div[contains(@class,"p-dropdown")][1]')
    .click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await expect(page.locator('.p-dropdown-panel')).toBeHidden();
}

async function abrirLista(page: Page) {
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Escalas de Horários' }).click();
  await expect(page.getByRole('heading', { name: 'Escalas de Horários', level: 1 })).toBeVisible();
}

const linha = (page: Page, descricao: string) => page.getByRole('row').filter({ hasText: descricao });

test('a time table through every tab: preset, copy of the first day, night band and hour bank', async ({ page }) => {
  await abrirLista(page);
  await page.getByRole('button', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/cadastros\/escalas-horarios\/novo$/);
  await expect(page.getByRole('heading', { name: 'Nova Escala de Horários' })).toBeVisible();

  // An empty description is refused with the seed's words.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('list', { name: 'Erros da escala' })).toContainText(
    'Informe a descrição da configuração',
  );
  const descricao = uniqueName('Escala E2E');
  await box(page, 'Descrição').fill(descricao);

  // Quadro de Horários: a preset, a change on Monday copied to Monday–Friday, the night-shift close.
  await chooseOption(page, 'Tabela pré-definida', '44h 08:00-17:00 Seg-Sab');
  await expect(box(page, 'Saída 1 de Sábado')).toHaveValue('12:00');
  await hora(page, 'Entrada 1 de Segunda', '0730');
  await hora(page, 'Entrada 2 de Segunda', '2599');
  await expect(box(page, 'Entrada 2 de Segunda')).toHaveValue('');
  await hora(page, 'Entrada 2 de Segunda', '1300');
  await page.getByRole('button', { name: 'Copiar primeiro dia para segunda a sexta' }).click();
  await expect(box(page, 'Entrada 1 de Sexta')).toHaveValue('07:30');
  await expect(box(page, 'Entrada 1 de Sábado')).toHaveValue('08:00');
  await expect(box(page, 'Tempo para validar o fechamento')).toBeDisabled();
  await page.getByText('Turno noturno: validar o fechamento').click();
  await hora(page, 'Tempo para validar o fechamento', '0500');
  await shot(page, 'aba-quadro');

  // Contratual: the meal warnings come and go; DSR hours changed.
  await aba(page, 'Contratual');
  await expect(box(page, 'Horas DSR')).toHaveValue('07:33');
  await chooseOption(page, 'Parâmetro de refeição', 'Pré-assinalado');
  await expect(page.getByText(/^Refeição pré-assinalada:/)).toBeVisible();
  await shot(page, 'aba-contratual');
  await chooseOption(page, 'Parâmetro de refeição', 'Flexível');
  await expect(page.getByText(/^Refeição pré-assinalada:/)).toBeHidden();
  await hora(page, 'Horas DSR', '0720');

  await aba(page, 'DSR');
  await chooseOption(page, 'Perde o DSR com', 'Nunca');
  await shot(page, 'aba-dsr');

  await aba(page, 'Atrasos');
  await numero(page, 'Atraso máximo por dia (minutos)', '3');
  await shot(page, 'aba-atrasos');

  // Horas Extras: a night band, every column in percent.
  await aba(page, 'Horas Extras');
  await expect(spin(page, 'Segunda da Faixa normal 1')).toHaveValue('50 %');
  await page.getByRole('button', { name: 'Adicionar faixa noturna' }).click();
  await numero(page, 'Até (horas) da Faixa noturna 1', '99');
  for (const dia of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo', 'Feriado', 'Folga']) {
    await numero(page, `${dia} da Faixa noturna 1`, dia === 'Folga' ? '120' : '70');
  }
  await shot(page, 'aba-horas-extras');

  // Banco de Horas: on, the period, the individual agreement, storage and transfer.
  await aba(page, 'Banco de Horas');
  await page.getByText('Incluir banco de horas').click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('list', { name: 'Erros da escala' })).toContainText(
    'Banco de horas: Selecione um período para início do banco de horas e todos os campos obrigatórios',
  );
  await expect(page.getByRole('tab', { name: 'Banco de Horas com erro' })).toBeVisible();
  const ano = new Date().getFullYear();
  await escolher(page, 'Mês do período inicial', 'Janeiro');
  await escolher(page, 'Ano do período inicial', String(ano));
  await escolher(page, 'Mês do período final', 'Junho');
  await escolher(page, 'Ano do período final', String(ano));
  await page.getByText(/^Acordo individual escrito/).click();
  await page.getByText('Faltas', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Hora extra de Sábados no banco' }).click();
  await hora(page, 'Limite HE de Sábados', '0200');
  await numero(page, 'Faixa de Sábados', '50');
  await expect(page.getByRole('list', { name: 'Erros da escala' })).toBeHidden();
  await shot(page, 'aba-banco-horas');

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/escalas-horarios$/);
  await expect(toast(page).getByText('Sucesso', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(descricao);
  await expect(linha(page, descricao)).toContainText('Quadro de Horários');

  // What was saved reads back: times, percentages ×100, the bank.
  await linha(page, descricao)
    .getByRole('button', { name: `Editar ${descricao}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Editar Escala de Horários' })).toBeVisible();
  await expect(box(page, 'Descrição')).toHaveValue(descricao);
  await expect(box(page, 'Entrada 1 de Quinta')).toHaveValue('07:30');
  await expect(box(page, 'Tempo para validar o fechamento')).toHaveValue('05:00');
  await aba(page, 'Horas Extras');
  await expect(spin(page, 'Folga da Faixa noturna 1')).toHaveValue('120 %');
  await aba(page, 'Banco de Horas');
  await expect(box(page, 'Limite HE de Sábados')).toHaveValue('02:00');
  await expect(spin(page, 'Faixa de Sábados')).toHaveValue('50 %');
  await expect(page.getByRole('checkbox', { name: /^Acordo individual escrito/ })).toBeChecked();

  // Not in use: deleting it is allowed.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/escalas-horarios$/);
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(descricao);
  await linha(page, descricao)
    .getByRole('button', { name: `Excluir ${descricao}` })
    .click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(toast(page).getByText('Escala de horários excluída com sucesso!')).toBeVisible();
  await expect(linha(page, descricao)).toHaveCount(0);
});

test('a rotation on a new cycle list with the preview of the next days', async ({ page }) => {
  await abrirLista(page);
  await page.getByRole('button', { name: 'Novo' }).click();
  const descricao = uniqueName('Revezamento E2E');
  await box(page, 'Descrição').fill(descricao);
  await page.getByRole('button', { name: 'Revezamento' }).click();
  await expect(page.getByRole('tab', { name: 'Revezamento' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Nova lista de ciclos' }).click();
  const nova = page.getByRole('dialog', { name: 'Nova lista de ciclos' });
  await nova.getByRole('button', { name: 'Salvar' }).click();
  await expect(nova.getByRole('alert').last()).toContainText('Informe a descrição da lista de ciclos');
  await expect(nova.getByText('Dados inválidos no ciclo 1')).toBeVisible();
  const lista = uniqueName('Ciclos E2E');
  await box(nova, 'Descrição').fill(lista);
  await numero(nova, 'Dias trabalhados do ciclo 1', '2');
  await numero(nova, 'Dias de folga do ciclo 1', '1');
  await numero(nova, 'Fator de repetição do ciclo 1', '2');
  await hora(nova, 'Entrada 1 do ciclo 1', '0600');
  await hora(nova, 'Saída 1 do ciclo 1', '1400');
  await nova.getByRole('button', { name: 'Adicionar ciclo' }).click();
  await numero(nova, 'Dias trabalhados do ciclo 2', '1');
  await numero(nova, 'Dias de folga do ciclo 2', '2');
  await hora(nova, 'Entrada 1 do ciclo 2', '2200');
  await hora(nova, 'Saída 1 do ciclo 2', '0600');
  await shot(page, 'nova-lista-ciclos');
  await nova.getByRole('button', { name: 'Salvar' }).click();
  await expect(nova).toBeHidden();

  // The new list is the rotation's: (2 work + 1 off) × 2, then 1 work + 2 off = 9 days a turn.
  await expect(page.locator('.revezamento-lista')).toContainText(`${lista} (2 ciclos)`);
  const seq = page.getByRole('region', { name: 'Sequência dos próximos dias' });
  await expect(seq).toContainText('A sequência se repete a cada 9 dias.');
  await expect(seq.locator('li')).toHaveCount(28);
  await expect(seq.locator('li').nth(0)).toContainText('06:00–14:00');
  await expect(seq.locator('li').nth(2)).toContainText('Folga');
  await expect(seq.locator('li').nth(6)).toContainText('22:00–06:00');
  await shot(page, 'aba-revezamento');

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/escalas-horarios$/);
  await expect(toast(page).getByText('Sucesso', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(descricao);
  await expect(linha(page, descricao)).toContainText('Revezamento');

  // The lists: details, then delete — the saved schedule keeps its copy of the cycles.
  await linha(page, descricao)
    .getByRole('button', { name: `Editar ${descricao}` })
    .click();
  await page.getByRole('button', { name: 'Listas de ciclos' }).click();
  const listas = page.getByRole('dialog', { name: 'Listas de ciclos' });
  await expect(listas.getByRole('row', { name: new RegExp(lista) })).toContainText('2');
  await listas.getByRole('button', { name: `Detalhes de ${lista}` }).click();
  const detalhes = page.getByRole('dialog', { name: `Lista de ciclos: ${lista}` });
  await expect(detalhes.getByRole('table', { name: 'Ciclos da lista' })).toContainText('22:00–06:00');
  await shot(page, 'detalhes-ciclos');
  await detalhes.locator('.p-dialog-header-close').click();
  await expect(detalhes).toBeHidden();
  await listas.getByRole('button', { name: `Excluir ${lista}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(toast(page).getByText('Lista de ciclos excluída com sucesso!')).toBeVisible();
  await expect(listas.getByRole('row', { name: new RegExp(lista) })).toHaveCount(0);
});

test('a schedule employees use: a change asks "A partir de" and makes a version; deleting it is refused', async ({
  page,
}) => {
  await abrirLista(page);
  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(EM_USO);

  // In employees' histories: the delete is refused with the server's reason.
  await linha(page, EM_USO)
    .getByRole('button', { name: `Excluir ${EM_USO}` })
    .click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(
    toast(page).getByText('Esta escala de horários está no histórico de funcionários e não pode ser excluída.'),
  ).toBeVisible();
  await expect(linha(page, EM_USO)).toHaveCount(1);

  await linha(page, EM_USO)
    .getByRole('button', { name: `Editar ${EM_USO}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Editar Escala de Horários' })).toBeVisible();
  const versoes = page.getByRole('region', { name: 'Versões da escala' });
  await expect(versoes).toContainText('Em uso por funcionários');
  await aba(page, 'Atrasos');
  await numero(page, 'Atraso máximo por dia (minutos)', '4');
  await page.getByRole('button', { name: 'Salvar' }).click();

  // From the first day of next month: the days before keep the current version.
  const d = new Date();
  const proximo = new Date(d.getFullYear(), d.getMonth() + 1, 1);
  const ddmmyyyy = `01/${String(proximo.getMonth() + 1).padStart(2, '0')}/${proximo.getFullYear()}`;
  const dialog = page.getByRole('dialog', { name: 'A partir de' });
  await expect(dialog).toContainText('Esta escala é usada por funcionários');
  const data = dialog.getByLabel('A partir de', { exact: true });
  await expect(data).toBeFocused();
  await data.fill(ddmmyyyy);
  await expect(data).toHaveValue(ddmmyyyy);
  await shot(page, 'a-partir-de');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/escalas-horarios$/);
  await expect(toast(page).getByText('Sucesso', { exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filtrar' }).fill(EM_USO);
  await linha(page, EM_USO)
    .getByRole('button', { name: `Editar ${EM_USO}` })
    .click();
  await expect(versoes).toContainText('desde o início');
  await expect(versoes).toContainText(`a partir de ${ddmmyyyy} (Quadro de Horários) — em edição`);
  await aba(page, 'Atrasos');
  await expect(spin(page, 'Atraso máximo por dia (minutos)')).toHaveValue('4');
  await shot(page, 'versoes');
});
