import { ADMIN, chooseOption, expect, loginFromScratch, selecionarPrimeiroFuncionario, test } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Marcação Online: dispositivos Celular e Web criados para um funcionário, o código de ativação gerado e copiado, as permissões e a exclusão (issue 25 §3)', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/cadastros/dispositivos-coletas/marcacao-online');
  await expect(page.getByRole('heading', { name: 'Marcação Online', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Selecione uma empresa' })).toBeVisible();

  // The first employee of Inspeção Final, chosen by keyboard.
  const nome = await selecionarPrimeiroFuncionario(page, /^13 - Inspeção Final\b/);

  await page.getByRole('button', { name: 'Enviar' }).click();
  const pergunta = page.getByRole('dialog', { name: 'Criar Dispositivos?' });
  await expect(pergunta.getByText('1 funcionário(s) selecionado(s).')).toBeVisible();
  await expect(pergunta.getByRole('button', { name: 'Sim' })).toBeDisabled();
  await chooseOption(pergunta, 'Dispositivo', 'Todos');
  await expect(pergunta.getByRole('group', { name: 'Permissões Web' })).toBeVisible();
  await pergunta.getByRole('button', { name: 'Sim' }).click();
  // A retry on the same database finds them made: 'já existia(m)' then.
  await expect(page.locator('.p-toast-message').filter({ hasText: /dispositivo\(s\) criado\(s\)/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  await chooseOption(page, 'Empresa', /Jornada Demonstração Ltda$/);
  await page.getByLabel('Pesquisar').fill(nome);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const celular = page.getByRole('row').filter({ hasText: `Celular - ${nome}` });
  await expect(celular).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: `Web - ${nome}` })).toHaveCount(1);

  const acao = async (item: string) => {
    await celular.getByRole('button', { name: /^Ações de / }).click();
    await page.locator('.p-menuitem-text', { hasText: item }).click();
  };
  await acao('Gerar Código de Ativação');
  await page.getByRole('button', { name: 'Sim' }).click();
  const aviso = page.getByRole('dialog', { name: 'Marcação Online' });
  await expect(aviso.getByText(/^Código de ativação: [A-HJ-NP-Z2-9]{8}\./)).toBeVisible();
  const codigo = /Código de ativação: ([A-Z0-9]{8})/.exec((await aviso.textContent()) ?? '')![1]!;
  await page.screenshot({ path: 'test-results/marcacao-online-codigo.png', fullPage: true });
  await aviso.getByRole('button', { name: 'OK' }).click();
  await acao('Copiar Código de Ativação');
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Código copiado.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codigo);

  await acao('Permissões');
  const permissoes = page.getByRole('dialog', { name: 'Permissões' });
  await permissoes.getByLabel('Relatório de Horas').click();
  await permissoes.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Permissões atualizadas com sucesso!' }),
  ).toBeVisible();

  await acao('Excluir');
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Dispositivo excluído com sucesso!' })).toBeVisible();
  await expect(celular).toHaveCount(0);
});
