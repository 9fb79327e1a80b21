import { ADMIN, PROVEDOR, chooseOption, dropdownOf, expect, loginFromScratch, test } from './helpers';

/** A valid CPF from 9 digits. */
function cpf(base9: string): string {
  const digit = (s: string) => {
    let sum = 0;
    for (let i = 0; i < s.length; i++) sum += Number(s[i]) * (s.length + 1 - i);
    const r = (sum * 10) % 11;
    return String(r === 10 ? 0 : r);
  };
  const d1 = digit(base9);
  return base9 + d1 + digit(base9 + d1);
}

/** The demo tenant's main company (apps/api/src/db/seed/tenancy.ts). */
const CNPJ = '11222333000181';

test('importar funcionários: um arquivo com uma linha ruim passa por todas as etapas', async ({ page }) => {
  // Distinct CPFs and badges per run: the journey may run again on the same database.
  const run = String(Date.now() % 1e7).padStart(7, '0');
  const [a, b] = [cpf(`${run}01`), cpf(`${run}02`)];
  const linhas = [
    `Importada Ação ${run};;${a};9${run}1;R${run}1;02/01/2024;3;Montagem;;15/06/1990;`,
    `Linha Ruim ${run};;12345678900;9${run}2;R${run}2;02/01/2024;3;Montagem;;;`,
    `Importado Dois ${run};;${b};9${run}3;R${run}3;2024-01-02;Operador de Máquinas;montagem;;;`,
  ];

  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/funcionarios/importar');
  await expect(page.getByRole('heading', { name: 'Antes de iniciar a configuração' })).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar configuração' }).click();
  await expect(page).toHaveURL(/\/importar\/configurar$/);

  await page.locator('input[type="file"]').setInputFiles({
    name: `${CNPJ}.csv`,
    mimeType: 'text/csv',
    // What Excel writes: ISO-8859-1, CR LF.
    buffer: Buffer.from(linhas.join('\r\n') + '\r\n', 'latin1'),
  });
  await expect(page.getByText(`${CNPJ}.csv`)).toBeVisible();
  // The file is named after the company: it is chosen already.
  await expect(dropdownOf(page, 'Empresa')).toContainText('11.222.333/0001-81');
  await page.getByRole('button', { name: 'Avançar' }).click();

  await expect(page).toHaveURL(/\/importar\/validar$/);
  await expect(page.getByRole('heading', { name: 'Linhas com erros: 2' })).toBeVisible();
  const erros = page.getByRole('table');
  await expect(erros.getByRole('row').filter({ hasText: 'CPF inválido' })).toContainText('2');
  // yyyy-MM-dd in a dd/MM/yyyy file: the line says which date and which format.
  await expect(erros.getByRole('row').filter({ hasText: 'Data de Admissão: data inválida' })).toContainText('3');
  await page.getByRole('button', { name: 'Voltar' }).click();

  // Back on Configurar: the file again with every date as yyyy-MM-dd, and that format chosen.
  await expect(page).toHaveURL(/\/importar\/configurar$/);
  const iso = Buffer.from(
    linhas.map((l) => l.replaceAll('02/01/2024', '2024-01-02').replace('15/06/1990', '1990-06-15')).join('\r\n'),
    'latin1',
  );
  await page.locator('input[type="file"]').setInputFiles({ name: `${CNPJ}.csv`, mimeType: 'text/csv', buffer: iso });
  await chooseOption(page, 'Formato das datas', 'yyyy-MM-dd');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('heading', { name: 'Linhas com erros: 1' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'CPF inválido: confira os dígitos.' })).toContainText('2');
  await page.getByRole('button', { name: 'Avançar' }).click();

  await expect(page).toHaveURL(/\/importar\/confirmar$/);
  await expect(page.getByText('2 funcionários serão importados')).toBeVisible();
  await chooseOption(page, 'Escala de horários', 'Comercial 44h Seg-Sáb (Quadro de Horários)');
  await page.getByRole('button', { name: 'Importar' }).click();

  await expect(page).toHaveURL(/\/importar\/finalizar$/);
  await expect(page.getByText('2 funcionários importados com sucesso!').first()).toBeVisible();
  await expect(page.getByText('Funcionários importados', { exact: true })).toBeVisible();

  // The same file again creates nothing: every CPF is already registered.
  await page.getByRole('button', { name: 'Importar outro arquivo' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: `${CNPJ}.csv`, mimeType: 'text/csv', buffer: iso });
  await chooseOption(page, 'Formato das datas', 'yyyy-MM-dd');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('heading', { name: 'Linhas com erros: 3' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'CPF já cadastrado' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Avançar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/funcionarios$/);
});

test('um arquivo que não é texto: a mensagem clara do servidor, sem sair da etapa', async ({ page }) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/funcionarios/importar/configurar');
  const lixo = Buffer.alloc(64 * 1024);
  for (let i = 0; i < lixo.length; i++) lixo[i] = (i * 7919) % 256;
  await page.locator('input[type="file"]').setInputFiles({ name: 'lixo.csv', mimeType: 'text/csv', buffer: lixo });
  await chooseOption(page, 'Empresa', '11.222.333/0001-81 - Jornada Demonstração Ltda');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(
    page.getByText('O arquivo não é um texto CSV: encontrado conteúdo binário.', { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/importar\/configurar$/);
});

test('Update-Funcionarios abre para o provedor, com os clientes para escolher', async ({ page }) => {
  await loginFromScratch(page, PROVEDOR);
  await page.goto('/cadastro/adm/upload');
  await expect(page.getByRole('heading', { name: 'Update-Funcionarios', level: 1 })).toBeVisible();
  await chooseOption(page, 'Cliente', '1 - Jornada Demonstração');
  await chooseOption(page, 'Empresa', '11.222.333/0001-81 - Jornada Demonstração Ltda');
  await expect(page.getByText('Posição das colunas no arquivo')).toBeVisible();
});
