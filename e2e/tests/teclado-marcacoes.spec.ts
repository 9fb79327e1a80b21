import { abrirMarcacoes, expect, test } from './helpers';

/** Brazil's fixed national holidays (Lei 662/1949 and later; Consciência Negra from 2024): month, day. */
const FERIADOS_FIXOS: readonly [number, number][] = [
  [1, 1],
  [4, 21],
  [5, 1],
  [9, 7],
  [10, 12],
  [11, 2],
  [11, 15],
  [11, 20],
  [12, 25],
];

/** The latest fixed national holiday already over (before today), as 'yyyy-mm-dd'. */
function ultimoFeriadoPassado(hoje: Date): string {
  const iso = (a: number, m: number, d: number) => `${a}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const agora = iso(hoje.getFullYear(), hoje.getMonth() + 1, hoje.getDate());
  const a = hoje.getFullYear();
  return [a - 1, a]
    .flatMap((ano) => FERIADOS_FIXOS.map(([m, d]) => iso(ano, m, d)))
    .filter((d) => d < agora)
    .sort()
    .at(-1)!;
}

test('Marcações by keyboard: the help, days with j/k, Feriado saved both ways with Enter, Por quê? with p, the next employee with Alt+→', async ({
  page,
}) => {
  await abrirMarcacoes(page, 'Comercial');
  await expect(page.locator('.marcacoes-nome')).not.toHaveText('Carregando…');
  const nome = (await page.locator('.marcacoes-nome').textContent()) ?? '';

  // The month of the latest national holiday (calculated here when the demo did not).
  const feriado = ultimoFeriadoPassado(new Date());
  const url = new URL(page.url());
  url.searchParams.set('mes', feriado.slice(0, 7));
  await page.goto(`${url.pathname}${url.search}`);
  const dias = page.getByLabel('Dias do mês');
  await expect(page.locator('.marcacoes-nome')).toHaveText(nome);
  const vazio = page.getByText('Nenhum dia calculado.');
  await expect(dias.getByRole('row').nth(1).or(vazio)).toBeVisible();
  if (await vazio.isVisible()) {
    await page.getByRole('button', { name: 'Ações: Calcular' }).click();
    await expect(page.locator('.p-toast-message').filter({ hasText: 'Cálculo do mês concluído.' })).toBeVisible();
  }
  const ddmm = `${feriado.slice(8, 10)}/${feriado.slice(5, 7)}`;
  await expect(dias.getByRole('row').filter({ hasText: ddmm })).toHaveCount(1);

  // Shortcuts wait while a dialog is on screen, its closing mask included: each key below waits for it to go.
  const mascara = page.locator('.p-dialog-mask');

  // '?' shows the keys; Esc closes it.
  await page.locator('body').press('?');
  const ajuda = page.getByRole('dialog', { name: 'Atalhos do teclado' });
  await expect(ajuda.getByText('Próximo funcionário')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ajuda).toBeHidden();
  await expect(mascara).toHaveCount(0);

  // j down to the holiday (the first j marks the first day), k up and j down again.
  const datas = (await dias.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim().slice(0, 5));
  const alvo = datas.indexOf(ddmm);
  expect(alvo).toBeGreaterThan(0);
  for (let i = 0; i <= alvo; i++) await page.keyboard.press('j');
  const atual = page.locator('.marcacoes-dia-atual');
  await expect(atual).toContainText(ddmm);
  await page.keyboard.press('k');
  await expect(atual).not.toContainText(ddmm);
  await page.keyboard.press('ArrowDown');
  await expect(atual).toContainText(ddmm);

  // r: Feriado. The holiday is listed; 'Não é Feriado' chosen by keyboard and saved with Enter.
  await page.keyboard.press('r');
  const dialogo = page.getByRole('dialog', { name: /^Feriado · / });
  await expect(dialogo.getByRole('list', { name: 'Feriados da data' }).getByRole('listitem')).not.toHaveCount(0);
  const e = dialogo.getByRole('radio', { name: 'É Feriado', exact: true });
  const naoE = dialogo.getByRole('radio', { name: 'Não é Feriado', exact: true });
  await expect(e).toBeChecked();
  await naoE.focus();
  await page.keyboard.press('Space');
  await expect(naoE).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Feriado do dia salvo com sucesso!' })).toBeVisible();
  await expect(dialogo).toBeHidden();

  // Saved: opened again, the day reads 'Não é Feriado'; back to 'É Feriado' the same way.
  await expect(atual).toContainText(ddmm);
  await expect(mascara).toHaveCount(0);
  await page.keyboard.press('r');
  await expect(naoE).toBeChecked();
  await e.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(dialogo).toBeHidden();
  await expect(mascara).toHaveCount(0);
  await page.keyboard.press('r');
  await expect(e).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialogo).toBeHidden();
  await expect(mascara).toHaveCount(0);

  // p: the day's Por quê?; Alt+→: the next employee of the list.
  await page.keyboard.press('p');
  const porque = page.getByRole('dialog', { name: `Por quê? ${ddmm}/${feriado.slice(0, 4)}` });
  await expect(porque.getByText('Tipo do dia')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(porque).toBeHidden();
  await expect(mascara).toHaveCount(0);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.locator('.marcacoes-nome')).not.toHaveText(nome);
});
