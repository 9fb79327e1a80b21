import { abrirMarcacoes, chooseOption, diaTrabalhado, expect, test } from './helpers';

/*
 * The day actions of Marcações (decision 0074), apart from controle-ponto.spec.ts so that the two files run in
 * parallel on the two workers.
 */

test('Marcações, ações do dia: Folga launched and deleted, a punch discarded and one inserted, all on screen at once; Feriado warns when there is none', async ({
  page,
}) => {
  await abrirMarcacoes(page, 'Comercial');
  // A worked weekday of the month: its normal hours, then a day off.
  const { dia, abrirAcao } = await diaTrabalhado(page);
  await abrirAcao('Lançar/Excluir Folga');
  const lancar = page.getByRole('dialog', { name: 'Lançar Folga' });
  await lancar.getByRole('button', { name: 'Lançar folga' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Folga lançada com sucesso!' })).toBeVisible();
  await expect(lancar).toBeHidden();
  await expect(dia).not.toContainText('Horas Normais');

  // The same day again: it has a day off, so the dialog deletes it.
  await abrirAcao('Lançar/Excluir Folga');
  const excluir = page.getByRole('dialog', { name: 'Excluir Folga' });
  await excluir.getByRole('button', { name: 'Excluir folga' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Folga excluída com sucesso!' })).toBeVisible();
  await expect(dia).toContainText('Horas Normais');

  // Editar marcações: the first punch discarded with its reason, an 08:00 inserted with its own; the row follows.
  const primeira = ((await dia.getByRole('cell').nth(3).textContent()) ?? '').trim();
  await abrirAcao('Editar marcações');
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
  await abrirAcao('Feriado');
  const feriado = page.getByRole('dialog', { name: /^Feriado · / });
  await expect(feriado.getByText('Não existe feriado cadastrado para essa data')).toBeVisible();
  await expect(feriado.getByRole('radio', { name: 'É Feriado', exact: true })).toBeChecked();
  await feriado.getByRole('button', { name: 'Cancelar' }).click();
  await expect(feriado).toBeHidden();
});

test('Marcações, ações do dia: Mudança de Horário rules the day until deleted; Mover Marcações sends a punch to the next day', async ({
  page,
}) => {
  await abrirMarcacoes(page, 'Comercial', 1);
  const { coluna, abrirAcao } = await diaTrabalhado(page);
  const jornada = (await coluna('Jornada').textContent())?.trim();

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
