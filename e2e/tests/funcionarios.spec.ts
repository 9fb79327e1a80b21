import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ADMIN, chooseOption, expect, loginFromScratch, test } from './helpers';

/**
 * Funcionários (seed 001 §2.5–2.7): the list with its filters and server
 * paging, Novo with a photo, Editar with the histories and their actions,
 * the activation-date dialog and the CSV export, as the demo admin. Every
 * employee here is created by the journey itself, with documents unique per
 * run, so reruns against the same database never collide.
 */

const FOTO = fileURLToPath(new URL('../fixtures/foto-funcionario.jpg', import.meta.url));
const EMPRESA = '11.222.333/0001-81 - Jornada Demonstração Ltda';
const SHOTS = process.env.E2E_SHOTS;

/** A screenshot for a person to look at, when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let serial = Date.now() % 1e7;
const run = Date.now().toString(36).toUpperCase();

/** Mod 11 check digit with weights from `top` down to 2. */
function mod11(digits: string, top: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (top - i);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A valid CPF unique per call (test data; the product checks CPFs with the contracts' isValidCpf). */
function uniqueCpf(): string {
  const base = String(100_000_000 + (serial++ % 899_999_999)).slice(0, 9);
  const d1 = mod11(base, 10);
  return `${base}${d1}${mod11(base + d1, 11)}`;
}

/** A valid PIS unique per call (weights 3,2,9..2; 10 and 11 give 0). */
function uniquePis(): string {
  const base = String(1_000_000_000 + (serial++ % 8_999_999_999));
  const w = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...base].reduce((s, d, i) => s + Number(d) * (w[i] ?? 0), 0);
  const d = 11 - (sum % 11);
  return `${base}${d >= 10 ? 0 : d}`;
}

const wireDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const telaDate = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return d;
};

/** The API as the logged-in admin (the journey's own employees are created through it). */
async function api(page: Page) {
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('jornada.sessao') ?? '{}').token?.valor as string,
  );
  const post = async (path: string, data: object) => {
    const r = await page.request.post(path, { data, headers: { Authorization: `Bearer ${token}` } });
    expect(r.status(), `${path}: ${await r.text()}`).toBeLessThan(300);
    return r.json();
  };
  const cargos: { id: number; nome: string }[] = await post('/api/cargo/listar', {});
  const centros: { id: number; codigo: string; nome: string; tipo: string; centroCustoPaiId: number | null }[] =
    await post('/api/centro-custo/listar-centros-custos-usuario', { idCnpj: 1 });
  const escalas: { id: number; descricao: string }[] = await post('/api/funcionario-pesquisa/listar-contratos', {});
  return {
    cargos,
    centros,
    escalas,
    criar: (nome: string, over: { centroCusto?: number; agendar?: string } = {}) =>
      post('/api/funcionario/salvar', {
        funcionario: {
          nome,
          pis: uniquePis(),
          cpf: uniqueCpf(),
          cracha: String(serial++),
          registro: `R${serial}`,
          dataAdmissao: wireDate(inDays(-30)),
          agendarAtivacao: over.agendar !== undefined,
          dataAtivacao: over.agendar ?? null,
        },
        cnpj: { id: 1 },
        cargo: { id: cargos[0]!.id },
        centroCusto: { id: over.centroCusto ?? centros[0]!.id },
        contrato: { id: escalas[0]!.id },
      }) as Promise<{ id: number }>,
  };
}

/** Types a day into a dialog's date field, digits only through the mask, and leaves it with Tab. */
async function dataNoDialogo(page: Page, label: string, dia: Date) {
  const campo = page.getByRole('dialog').getByRole('combobox', { name: label });
  await campo.click();
  await expect(page.locator('.p-datepicker')).toBeVisible();
  await campo.selectText();
  await campo.pressSequentially(telaDate(dia).replaceAll('/', ''));
  await expect(campo).toHaveValue(telaDate(dia));
  await campo.press('Tab');
  await expect(page.locator('.p-datepicker')).toBeHidden();
}

async function abrirLista(page: Page) {
  await page.goto('/cadastros/funcionarios');
  await expect(page.getByRole('heading', { name: 'Funcionários', level: 1 })).toBeVisible();
  await chooseOption(page, 'Empresa', EMPRESA);
}

async function pesquisar(page: Page, texto: string) {
  await page.getByLabel('Pesquisar').fill(texto);
  await page.getByLabel('Pesquisar').press('Enter');
}

test('admin creates an employee with a photo, edits it and works its histories', async ({ page }) => {
  // Three screens and six saves: longer than one screen's journey on a two-core box.
  test.setTimeout(240_000);
  await loginFromScratch(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Cadastros' }).click();
  await menu.getByRole('link', { name: 'Funcionários' }).click();
  await expect(page.getByRole('heading', { name: 'Funcionários', level: 1 })).toBeVisible();
  // It opens on the admin's main company, listing it at once (issue 24 §6).
  await expect(
    page.locator('#filtro-empresa').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]'),
  ).toContainText('Jornada Demonstração Ltda');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await shot(page, '01-lista');

  await page.getByRole('button', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/cadastros\/funcionarios\/novo$/);
  await expect(page.getByText('Dados do Funcionário')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  for (const m of ['Informe o nome', 'Informe o pis', 'Informe o cpf', 'Informe o crachá', 'Informe o registro']) {
    await expect(page.getByText(m, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Selecione a escala de horários' })).toBeVisible();
  await shot(page, '02-novo-mensagens');

  const nome = `Funcionária E2E ${run}`;
  const pis = uniquePis();
  const cpf = uniqueCpf();
  const cracha = String(serial++);
  await page.getByLabel('Nome', { exact: true }).fill(nome);
  await page.getByLabel('Nome reduzido').fill('Funcionária');
  await page.getByLabel('PIS', { exact: true }).pressSequentially(pis);
  await expect(page.getByLabel('PIS', { exact: true })).toHaveValue(
    `${pis.slice(0, 3)}.${pis.slice(3, 8)}.${pis.slice(8, 10)}-${pis.slice(10)}`,
  );
  await page.getByLabel('CPF', { exact: true }).pressSequentially(cpf);
  await page.getByLabel('E-mail').fill('funcionaria.e2e@jornada.demo');
  await page.locator('input[type=file]').setInputFiles(FOTO);
  await expect(page.getByRole('img', { name: `Foto de ${nome}` })).toBeVisible();
  // Redrawn 130 px wide.
  expect(
    await page.getByRole('img', { name: `Foto de ${nome}` }).evaluate((i: HTMLImageElement) => i.naturalWidth),
  ).toBe(130);
  await chooseOption(page, 'Empresa', EMPRESA);
  await page.getByLabel('Crachá').fill(cracha);
  await page.getByLabel('Registro').fill(`R-${cracha}`);
  await page.getByLabel('Data de admissão').fill(telaDate(inDays(-10)));
  await page.getByLabel('Data de admissão').press('Escape');
  await page.locator('#funcionario-cargo').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
  await page.locator('#funcionario-centro-custo').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
  await page.getByRole('button', { name: 'Pesquisar escala de horários' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Selecionar escala de horários')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Buscar escala' }).fill('Comercial');
  await dialog.getByRole('cell', { name: 'Comercial 44h Seg-Sáb' }).click();
  await shot(page, '03-escala-dialogo');
  await dialog.getByRole('button', { name: 'Selecionar' }).click();
  await expect(page.getByRole('textbox', { name: 'Escala de horários' })).toHaveValue(/Comercial 44h Seg-Sáb/);
  await page.getByLabel('Senha do teclado').fill('1234');
  await shot(page, '04-novo-preenchido');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/funcionarios(\?.*)?$/);
  await expect(page.locator('.p-toast').getByText('Funcionário cadastrado com sucesso!')).toBeVisible();

  await chooseOption(page, 'Empresa', EMPRESA);
  await pesquisar(page, `e2e/${run}`);
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(cracha.padStart(14, '0'));
  await expect(row).toContainText('Comercial 44h Seg-Sáb');
  await expect(row).toContainText(telaDate(new Date()));
  await shot(page, '05-lista-pesquisa');

  // Editar: the data, the photo and the read-only bond.
  await row.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page).toHaveURL(/\/cadastros\/funcionarios\/\d+\/editar\?at=true$/);
  await expect(page.getByRole('heading', { name: 'Editar funcionário', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
  );
  await expect(page.getByRole('img', { name: `Foto de ${nome}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Empresa' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Escala de horários' })).toHaveValue(/Comercial 44h Seg-Sáb/);
  await shot(page, '06-editar');

  // Histórico de Escalas: a new schedule from tomorrow, then deleted again.
  await page.getByRole('tab', { name: 'Histórico de Escalas de Horários' }).click();
  const escalas = page.getByRole('tabpanel', { name: 'Histórico de Escalas de Horários' });
  await expect(escalas.locator('tbody tr')).toHaveCount(1);
  await escalas.getByRole('button', { name: 'Nova escala a partir de uma data' }).click();
  await page.getByRole('button', { name: 'Pesquisar nova escala de horários' }).click();
  const picker = page.getByRole('dialog').filter({ hasText: 'Selecionar escala de horários' });
  await picker.getByRole('cell', { name: 'Produção 6x1' }).dblclick();
  await dataNoDialogo(page, 'A partir de', inDays(1));
  await shot(page, '07-nova-escala');
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText('Escala de horários alterada com sucesso!')).toBeVisible();
  await expect(escalas.locator('tbody tr')).toHaveCount(2);
  await expect(escalas.locator('tbody tr').first()).toContainText('Produção 6x1');
  // Only the current entry offers actions.
  await expect(escalas.getByRole('button', { name: 'Excluir escala atual' })).toHaveCount(1);
  await shot(page, '08-historico-escalas');
  await escalas.getByRole('button', { name: 'Excluir escala atual' }).click();
  await expect(page.getByText(/Excluir a escala atual .*Produção 6x1/)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(
    page.locator('.p-toast').getByText('Escala de horários excluída do histórico com sucesso!'),
  ).toBeVisible();
  await expect(escalas.locator('tbody tr')).toHaveCount(1);

  // Histórico de Cargos and Afastamentos.
  await page.getByRole('tab', { name: 'Histórico de Cargos' }).click();
  const cargos = page.getByRole('tabpanel', { name: 'Histórico de Cargos' });
  await expect(cargos.locator('tbody tr')).toHaveCount(1);
  await cargos.getByRole('button', { name: 'Novo cargo a partir de uma data' }).click();
  await page.locator('#historico-cargo').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').nth(1).click();
  await dataNoDialogo(page, 'A partir de', inDays(2));
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText('Cargo alterado com sucesso!')).toBeVisible();
  await expect(cargos.locator('tbody tr')).toHaveCount(2);
  await shot(page, '09-historico-cargos');
  await page.getByRole('tab', { name: 'Histórico de Afastamentos' }).click();
  await expect(page.getByText('Nenhum afastamento no histórico.')).toBeVisible();
  await shot(page, '10-historico-afastamentos');

  // Back on Funcionário: what was typed before the tabs is still there; saved, the list comes back as it was.
  await page.getByRole('tab', { name: 'Funcionário', exact: true }).click();
  await page.getByLabel('Nome reduzido').fill('Func E2E');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast').getByText('Funcionário alterado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/cadastros\/funcionarios\?/);
  await expect(page.getByLabel('Pesquisar')).toHaveValue(`e2e/${run}`);
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(1);
});

test('list: company, free text, cost centre, Ativo and server paging', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const a = await api(page);
  const tag = `Paginação ${run}`;
  const centro = a.centros.find((c) => c.tipo === 'Departamento')!;
  const outro = a.centros.find((c) => c.tipo === 'Departamento' && c.id !== centro.id)!;
  for (let i = 1; i <= 12; i++) {
    await a.criar(`${tag} ${String(i).padStart(2, '0')}`, { centroCusto: i <= 11 ? centro.id : outro.id });
  }
  await abrirLista(page);
  await pesquisar(page, `paginação-${run}`);
  await expect(page.getByText('Página 1 de 2 de 12 registros')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(10);
  await shot(page, '11-lista-paginada');
  await page.locator('.p-paginator-next').click();
  await expect(page.getByText('Página 2 de 2 de 12 registros')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  await page.locator('.p-paginator .p-dropdown').click();
  await page.getByRole('option', { name: '15' }).click();
  await expect(page.getByText('Página 1 de 1 de 12 registros')).toBeVisible();

  await chooseOption(page, 'Centro de custo', `${centro.codigo} - ${centro.nome} (Departamento)`);
  await expect(page.getByText('Página 1 de 1 de 11 registros')).toBeVisible();
  await page.getByLabel('Ativo').click();
  await expect(page.getByLabel('Ativo')).not.toBeChecked();
  await expect(page.getByText('Nenhum funcionário encontrado com estes filtros.')).toBeVisible();
});

test('Editar Data para Ativação: only while awaiting, inside tomorrow..+6', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const a = await api(page);
  const nome = `Ativação ${run}`;
  await a.criar(nome, { agendar: wireDate(inDays(3)) });
  await abrirLista(page);
  await pesquisar(page, nome);
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toContainText(`Ativação em ${telaDate(inDays(3))}`);
  await row.getByRole('button', { name: `Editar Data para Ativação de ${nome}` }).click();
  // By its name: the date's calendar popup is a dialog too while it is open.
  const dialog = page.getByRole('dialog', { name: 'Editar Data para Ativação' });
  await expect(dialog.getByText('Editar Data para Ativação')).toBeVisible();
  const limites = dialog.getByText(`De ${telaDate(inDays(1))} até ${telaDate(inDays(6))}`);
  await expect(limites).not.toHaveClass(/p-error/);
  await dialog.getByLabel('Data para ativação').fill(telaDate(inDays(9)));
  await expect(limites).toHaveClass(/p-error/);
  await dialog.locator('.dialog-actions').click({ position: { x: 4, y: 20 } });
  await shot(page, '12-data-ativacao-fora');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Data para ativação').fill(telaDate(inDays(5)));
  await expect(limites).not.toHaveClass(/p-error/);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.p-toast').getByText('Data para ativação alterada com sucesso!')).toBeVisible();
  await expect(row).toContainText(`Ativação em ${telaDate(inDays(5))}`);
});

test('Exportar downloads the screen filter as CSV in ISO-8859-1', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  const a = await api(page);
  const nome = `Exportação ${run}`;
  await a.criar(nome);
  await abrirLista(page);
  await pesquisar(page, nome);
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(1);
  await page.getByRole('button', { name: 'Exportar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Exportar do Filtro da Tela')).toBeChecked();
  await expect(dialog.getByLabel('Exportar Todos')).toBeVisible();
  await shot(page, '13-exportar');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Exportar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const text = new TextDecoder('latin1').decode(Buffer.concat(chunks));
  const lines = text.split(/\r?\n/).filter(Boolean);
  // The header row names the columns (issue 24 §6), then the one employee found.
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Nome;PIS;CPF;Crachá;/);
  expect(lines[1]).toContain(`${nome};`);
  await expect(dialog).toBeHidden();
});
