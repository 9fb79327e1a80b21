import { abrirMarcacoes, chooseOption, diaTrabalhado, expect, test } from './helpers';

/*
 * The day actions of Marcações that justify (decision 0074): apart from acoes-dia.spec.ts so that the files,
 * each a worker's unit, share the two workers.
 */

test('Marcações, ações do dia: Ajuste parcial abona part of a lateness and Justificar all of it, the missing hours fall on screen; Excluir and Excluir ocorrências put them back', async ({
  page,
}) => {
  await abrirMarcacoes(page, 'Comercial', 2);
  const { coluna, abrirAcao } = await diaTrabalhado(page);
  const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const hora = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
  const faltantes = async () => minutos(((await coluna('Faltantes').textContent()) ?? '').trim());

  // A lateness of two hours: the day planned from two hours before the first punch (Mudança de Horário).
  const entrada = minutos(((await coluna('Ent. 1').textContent()) ?? '').trim());
  await abrirAcao('Mudança de Horário');
  const mudanca = page.getByRole('dialog', { name: /^Mudança de Horário · / });
  await mudanca.getByLabel('Entrada 1').pressSequentially(hora(entrada - 120));
  await mudanca.getByLabel('Saída 1').pressSequentially(hora(entrada + 360));
  await chooseOption(mudanca, 'Justificativa', 'Reunião externa');
  await mudanca.getByRole('button', { name: 'Salvar' }).click();
  await expect(coluna('Eventos')).toContainText('Atraso');
  const comAtraso = await faltantes();
  expect(comAtraso).toBeGreaterThanOrEqual(120);

  // Ajuste parcial: the first hour of the lateness abonada; the day's missing hours fall by 60 at once.
  await abrirAcao('Ajuste parcial');
  const ajuste = page.getByRole('dialog', { name: /^Ajuste parcial · / });
  await chooseOption(ajuste, 'Justificativa', 'Atestado médico');
  await chooseOption(ajuste, 'Evento', /^Atraso/);
  await ajuste.getByLabel('Hora início').pressSequentially(hora(entrada - 120));
  await ajuste.getByLabel('Hora final').pressSequentially(hora(entrada - 60));
  await ajuste.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Ajuste parcial salvo com sucesso!' })).toBeVisible();
  await expect(ajuste).toBeHidden();
  await expect.poll(faltantes).toBe(comAtraso - 60);

  // Open again: the adjustment is offered in Evento abonado; Excluir (confirmed) gives the hour back.
  await abrirAcao('Ajuste parcial');
  await chooseOption(ajuste, 'Evento abonado', /^Atraso: /);
  await expect(ajuste.getByLabel('Hora início')).toHaveValue(
    `${hora(entrada - 120).slice(0, 2)}:${hora(entrada - 120).slice(2)}`,
  );
  await ajuste.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Ajuste parcial excluído com sucesso!' }),
  ).toBeVisible();
  await expect.poll(faltantes).toBe(comAtraso);

  // Justificar: the whole lateness, moved to the justified list with its reason, saved; then undone by Excluir
  // ocorrências of the day.
  await abrirAcao('Justificar');
  const justificar = page.getByRole('dialog', { name: /^Justificar · / });
  const rotulo = justificar.locator('label', { hasText: /^Atraso \(/ });
  const atraso = minutos(((await rotulo.textContent()) ?? '').replace(/^Atraso \((.*)\)$/, '$1'));
  await rotulo.click();
  await chooseOption(justificar, 'Justificativa', 'Atestado médico');
  await justificar.getByLabel('Observação').fill('consulta');
  await justificar.getByRole('button', { name: 'Justificar' }).click();
  await expect(justificar.getByRole('region', { name: 'Eventos justificados' })).toContainText('(novo)');
  await justificar.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Eventos justificados com sucesso!' })).toBeVisible();
  await expect.poll(faltantes).toBe(comAtraso - atraso);
  await expect(coluna('Ocorrências')).toHaveText('Atestado médico');
  await abrirAcao('Excluir ocorrências');
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(coluna('Ocorrências')).toHaveText('');
  await expect.poll(faltantes).toBe(comAtraso);
});
