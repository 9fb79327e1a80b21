import type { Page } from '@playwright/test';
import {
  ADMIN,
  chooseOption,
  descartarAlteracoes,
  dropdownOf,
  expect,
  loginFromScratch,
  OPERADOR,
  test,
  uniqueName,
} from './helpers';

const MATRIZ = '11.222.333/0001-81 - Jornada Demonstração Ltda';
const grupo = (page: Page, nivel: string) => page.getByRole('group', { name: `Ações de ${nivel}` });
const botao = (page: Page, nivel: string, acao: 'Novo' | 'Editar' | 'Excluir') =>
  grupo(page, nivel).getByRole('button', {
    name: acao === 'Novo' && nivel === 'Seção' ? 'Nova Seção' : `${acao} ${nivel}`,
    exact: true,
  });
const toast = (page: Page) => page.locator('.p-toast');

/** The option labels a level's selector offers (opens it and closes it again). */
async function opcoes(page: Page, label: string): Promise<string[]> {
  await dropdownOf(page, label).click();
  const items = page.locator('.p-dropdown-panel .p-dropdown-item');
  const texts = await items.allTextContents();
  await page.keyboard.press('Escape');
  return texts;
}

async function salvarNoDialogo(page: Page, nome: string, codigo?: string) {
  const dialog = page.getByRole('dialog');
  if (codigo !== undefined) {
    await dialog.getByRole('switch', { name: 'Gerar código em sequência' }).click();
    await dialog.getByLabel('Código', { exact: true }).fill(codigo);
  }
  await dialog.getByLabel('Nome', { exact: true }).fill(nome);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
}

/*
 * The buttons each level shows without codes 15, 16 and 17 are proved by centros-custos-page.test.tsx ('buttons
 * follow the codes'), not walked again here (docs/testing.md).
 */
test('admin walks the chain, creates a department, a sector and a section, edits and deletes them', async ({
  page,
}) => {
  // A long journey (eleven saves and deletes): room for a loaded machine.
  test.slow();
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Centros de Custos' }).click();
  await expect(page.getByRole('heading', { name: 'Centros de Custos', level: 1 })).toBeVisible();

  // Novo needs the level above: the seed's messages.
  await botao(page, 'Departamento', 'Novo').click();
  await expect(toast(page).getByText('Selecione uma empresa')).toBeVisible();
  await botao(page, 'Departamento', 'Editar').click();
  await expect(toast(page).getByText('Selecione um departamento')).toBeVisible();

  await chooseOption(page, 'Empresa', MATRIZ);
  await chooseOption(page, 'Departamento', '1 - Administrativo');
  // Other journeys may add sectors here (and remove them): the demo ones are there.
  expect(await opcoes(page, 'Setor')).toEqual(expect.arrayContaining(['2 - Financeiro', '5 - Recursos Humanos']));
  await chooseOption(page, 'Setor', '2 - Financeiro');
  expect(await opcoes(page, 'Seção')).toEqual(expect.arrayContaining(['3 - Contas a Pagar', '4 - Contas a Receber']));

  // A new department (automatic code), then a sector (typed code) and a section under it.
  const depto = uniqueName('Depto E2E');
  await botao(page, 'Departamento', 'Novo').click();
  await expect(page.getByRole('dialog').getByText('Novo Departamento')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog').getByText('Informe o nome')).toBeVisible();
  await salvarNoDialogo(page, depto);
  await expect(toast(page).getByText('Departamento cadastrado com sucesso!')).toBeVisible();
  // Choosing another department cleared the lower levels.
  const deptoLabel = (await opcoes(page, 'Departamento')).find((o) => o.endsWith(depto))!;
  await chooseOption(page, 'Departamento', deptoLabel);
  await expect(dropdownOf(page, 'Setor')).toContainText('Nenhum setor cadastrado');
  await expect(dropdownOf(page, 'Seção')).toContainText('Selecione um setor');

  await botao(page, 'Setor', 'Novo').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('switch', { name: 'Gerar código em sequência' }).click();
  await dialog.getByLabel('Nome', { exact: true }).fill('Elétrica');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe o código')).toBeVisible();
  const codigoSetor = `E${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
  await dialog.getByLabel('Código', { exact: true }).fill(codigoSetor);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await chooseOption(page, 'Setor', `${codigoSetor} - Elétrica`);
  await botao(page, 'Seção', 'Novo').click();
  await expect(dialog.getByText('Nova Seção')).toBeVisible();
  await salvarNoDialogo(page, 'Plantão');
  await expect(toast(page).getByText('Seção cadastrada com sucesso!')).toBeVisible();
  const secao = (await opcoes(page, 'Seção')).find((o) => o.endsWith('Plantão'))!;
  await chooseOption(page, 'Seção', secao);

  // Edit the section: the dialog opens with it; closing resets.
  await botao(page, 'Seção', 'Editar').click();
  await expect(dialog.getByText('Editar Seção')).toBeVisible();
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('Plantão');
  await dialog.getByLabel('Nome', { exact: true }).fill('Plantão Noturno');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(dropdownOf(page, 'Seção')).toContainText('Plantão Noturno');

  // A department with sectors is not deleted.
  await botao(page, 'Departamento', 'Excluir').click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(toast(page).getByText('Não é possível excluir: há setores neste departamento.')).toBeVisible();

  // Bottom-up with confirmation: Não keeps, Sim deletes.
  await botao(page, 'Seção', 'Excluir').click();
  await expect(page.getByText(/^Excluir seção .* - Plantão Noturno\?$/)).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(dropdownOf(page, 'Seção')).toContainText('Plantão Noturno');
  await botao(page, 'Seção', 'Excluir').click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(dropdownOf(page, 'Seção')).toContainText('Nenhuma seção cadastrada');
  await botao(page, 'Setor', 'Excluir').click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(dropdownOf(page, 'Setor')).toContainText('Nenhum setor cadastrado');
  await botao(page, 'Departamento', 'Excluir').click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(toast(page).getByText('Departamento excluído com sucesso!')).toBeVisible();
  expect(await opcoes(page, 'Departamento')).not.toContain(deptoLabel);
});

test('the operador sees only the main company and Administrativo, and cannot add a department', async ({ page }) => {
  await loginFromScratch(page, OPERADOR);
  await page.goto('/cadastros/centros-custos');
  // His only company is chosen for him.
  await expect(dropdownOf(page, 'Empresa')).toContainText(MATRIZ);
  expect(await opcoes(page, 'Empresa')).toEqual([MATRIZ]);
  expect(await opcoes(page, 'Departamento')).toEqual(['1 - Administrativo']);
  await botao(page, 'Departamento', 'Novo').click();
  await page.getByRole('dialog').getByLabel('Nome', { exact: true }).fill(uniqueName('Fora do escopo'));
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  await expect(
    toast(page).getByText(
      'Você só pode cadastrar e alterar centros de custo dentro dos que foram atribuídos ao seu usuário.',
    ),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await descartarAlteracoes(page);

  // Inside Administrativo he works as anyone would.
  await chooseOption(page, 'Departamento', '1 - Administrativo');
  const setor = uniqueName('Jurídico');
  await botao(page, 'Setor', 'Novo').click();
  await salvarNoDialogo(page, setor);
  const label = (await opcoes(page, 'Setor')).find((o) => o.endsWith(setor))!;
  await chooseOption(page, 'Setor', label);
  await botao(page, 'Setor', 'Excluir').click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(toast(page).getByText('Setor excluído com sucesso!')).toBeVisible();
});
