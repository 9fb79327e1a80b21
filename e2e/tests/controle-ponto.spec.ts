import type { Page } from '@playwright/test';
import { ADMIN, chooseOption, dropdownOf, expect, loginFromScratch, test } from './helpers';

/** The demo's main company and one of its departments (with the centres under it), listed for the current month. */
async function listarDepartamento(page: Page, departamento: string): Promise<void> {
  await dropdownOf(page, 'Empresa').click();
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: /Jornada Demonstração Ltda$/ })
    .click();
  await dropdownOf(page, 'Centro de custo').click();
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: new RegExp(`${departamento} \\(Departamento\\)$`) })
    .click();
}

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

test('Marcações, ações do dia: Folga launched and deleted, a punch discarded and one inserted, all on screen at once; Feriado warns when there is none', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/movimento/controle-ponto');
  await listarDepartamento(page, 'Comercial');
  const botao = page.getByRole('button', { name: /^Marcações de / }).first();
  await expect(botao).toBeVisible();
  await botao.click();
  const dias = page.getByLabel('Dias do mês');
  await expect(dias.getByRole('row').nth(1)).toBeVisible();

  // A worked weekday of the month: its normal hours, then a day off.
  const trabalhado = dias.getByRole('row').filter({ hasText: 'Horas Normais' }).first();
  const data = ((await trabalhado.getByRole('cell').first().textContent()) ?? '').trim().slice(0, 5);
  const dia = dias.getByRole('row').filter({ has: page.getByRole('cell', { name: data, exact: true }) });
  await dia.getByRole('button', { name: `Ações do dia ${data}` }).click();
  await page.locator('.p-menuitem-text', { hasText: 'Lançar/Excluir Folga' }).click();
  const lancar = page.getByRole('dialog', { name: 'Lançar Folga' });
  await lancar.getByRole('button', { name: 'Lançar folga' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Folga lançada com sucesso!' })).toBeVisible();
  await expect(lancar).toBeHidden();
  await expect(dia).not.toContainText('Horas Normais');

  // The same day again: it has a day off, so the dialog deletes it.
  await dia.getByRole('button', { name: `Ações do dia ${data}` }).click();
  await page.locator('.p-menuitem-text', { hasText: 'Lançar/Excluir Folga' }).click();
  const excluir = page.getByRole('dialog', { name: 'Excluir Folga' });
  await excluir.getByRole('button', { name: 'Excluir folga' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Folga excluída com sucesso!' })).toBeVisible();
  await expect(dia).toContainText('Horas Normais');

  // Editar marcações: the first punch discarded with its reason, an 08:00 inserted with its own; the row follows.
  const primeira = ((await dia.getByRole('cell').nth(3).textContent()) ?? '').trim();
  await dia.getByRole('button', { name: `Ações do dia ${data}` }).click();
  await page.locator('.p-menuitem-text', { hasText: 'Editar marcações' }).click();
  const editar = page.getByRole('dialog', { name: /^Editar marcações · / });
  await editar.getByText(`Descartar ${primeira}`).click();
  await chooseOption(editar, 'Justificativa', 'Marcação em duplicidade');
  await editar.getByRole('tab', { name: 'Marcações inseridas' }).click();
  await editar.getByRole('button', { name: 'Incluir marcação' }).click();
  await editar.getByLabel('Hora').pressSequentially('0800');
  await chooseOption(editar, 'Justificativa', 'Esquecimento de marcação');
  await editar.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Marcações salvas com sucesso!' })).toBeVisible();
  await expect(editar).toBeHidden();
  await expect(dia.getByRole('cell').nth(3)).toHaveText('08:00');

  // Feriado on a day without one: the seed's warning; nothing saved on Cancelar.
  await dia.getByRole('button', { name: `Ações do dia ${data}` }).click();
  await page.locator('.p-menuitem-text', { hasText: 'Feriado' }).click();
  const feriado = page.getByRole('dialog', { name: /^Feriado · / });
  await expect(feriado.getByText('Não existe feriado cadastrado para essa data')).toBeVisible();
  await expect(feriado.getByRole('radio', { name: 'É Feriado', exact: true })).toBeChecked();
  await feriado.getByRole('button', { name: 'Cancelar' }).click();
  await expect(feriado).toBeHidden();
});

test('Marcações, ações do dia: Mudança de Horário rules the day until deleted; Mover Marcações sends a punch to the next day', async ({
  page,
}) => {
  await loginFromScratch(page, ADMIN);
  await page.goto('/movimento/controle-ponto');
  await listarDepartamento(page, 'Comercial');
  await page
    .getByRole('button', { name: /^Marcações de / })
    .nth(1)
    .click();
  const dias = page.getByLabel('Dias do mês');
  const trabalhado = dias.getByRole('row').filter({ hasText: 'Horas Normais' }).first();
  await expect(trabalhado).toBeVisible();
  const data = ((await trabalhado.getByRole('cell').first().textContent()) ?? '').trim().slice(0, 5);
  const dia = dias.getByRole('row').filter({ has: page.getByRole('cell', { name: data, exact: true }) });
  // The columns by their headers (the third pair shows only when some day has it).
  const cabecalhos = (await dias.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  const coluna = (nome: string) => dia.getByRole('cell').nth(cabecalhos.indexOf(nome));
  const jornada = (await coluna('Jornada').textContent())?.trim();
  const abrirAcao = async (acao: string) => {
    await dia.getByRole('button', { name: `Ações do dia ${data}` }).click();
    await page.locator('.p-menuitem-text', { hasText: acao }).click();
  };

  // Mudança de Horário: two hours planned that day; the rest of the day becomes overtime.
  await abrirAcao('Mudança de Horário');
  const mudanca = page.getByRole('dialog', { name: /^Mudança de Horário · / });
  await mudanca.getByLabel('Entrada 1').pressSequentially('0800');
  await mudanca.getByLabel('Saída 1').pressSequentially('1000');
  await chooseOption(mudanca, 'Justificativa', 'Reunião externa');
  await mudanca.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Mudança de horário salva com sucesso!' }),
  ).toBeVisible();
  // At most the two planned hours are normal (less when the worker came late); the rest is overtime.
  await expect(coluna('Jornada')).toHaveText(/^0[0-2]:\d\d$/);
  await expect(coluna('Eventos')).toContainText('HE');
  // Open again: the change is there, locked, and Excluir puts the schedule back.
  await abrirAcao('Mudança de Horário');
  await expect(mudanca.getByLabel('Entrada 1')).toHaveValue('08:00');
  await mudanca.getByRole('button', { name: 'Excluir' }).click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Mudança de horário excluída com sucesso!' }),
  ).toBeVisible();
  await expect(coluna('Jornada')).toHaveText(jornada ?? '');

  // Mover Marcações: the day's last punch counts on the next day.
  const marcacoes = ((await coluna('Marcações').textContent()) ?? '').trim().split(' ');
  const ultima = marcacoes[marcacoes.length - 1]!;
  await abrirAcao('Mover Marcações');
  const mover = page.getByRole('dialog', { name: /^Mover Marcações · / });
  await mover.getByText(new RegExp(` ${ultima}$`)).click();
  await mover.getByText(/^Dia seguinte/).click();
  await mover.getByRole('button', { name: 'Mover' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Marcações movidas com sucesso!' })).toBeVisible();
  await expect(coluna('Marcações')).not.toContainText(ultima);
});
