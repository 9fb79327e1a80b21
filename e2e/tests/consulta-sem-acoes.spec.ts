import type { Page } from '@playwright/test';
import { expect, listarDepartamento, loginFromScratch, test } from './helpers';

/**
 * Issue 24 §11 "done means": the read-only Consulta profile (seed usuarios.ts: every screen's main code and the
 * reports, without users, profiles and logs) opens every screen it can see and is offered no button whose call the
 * server would refuse it. Nothing is clicked that writes: each screen is read once settled, and
 * - every visible button named like an action (Novo, Editar, Excluir, Salvar, Importar, Calcular…) must be one the
 *   profile may use on that screen (ALLOWED: the code its call asks is one Consulta holds);
 * - no call of the visit may be refused (401/403): a screen asks only what its user may read.
 */
const CONSULTA = 'consulta@jornada.demo';

/** Button names that start a write, or lead to a form that saves. */
const ACTION =
  /^(Novo|Nova|Editar|Excluir|Salvar|Importar|Alterar|Incluir|Copiar|Calcular|Concluir|Fechar período|Abrir período|Iniciar|Avançar|Pontos duplicados|Marcações de|Detalhes)\b/;

/**
 * The actions Consulta may use, by screen: each call's contract asks a code the profile holds — the password 10, a
 * support authorisation 0. (Cálculo do Ponto and Fechar Período, whose view code is their action's, are not the
 * profile's: the seed keeps them from it.)
 */
const ALLOWED: Record<string, RegExp[]> = {
  '/conta/meus-dados': [/^Salvar$/],
  '/sistema/autorizacao-suporte': [/^Novo$/, /^Excluir autorização/],
};

/** Every screen the profile sees, with its heading; the journey checks below that the menu offers no other. */
const SCREENS: [path: string, heading: RegExp][] = [
  ['/', /^Home$/],
  ['/cadastros/empresas', /^Empresas$/],
  ['/cadastros/feriados', /^Feriados$/],
  ['/cadastros/centros-custos', /^Centros de Custos$/],
  ['/cadastros/dispositivos-coletas/cliente-app', /^Cliente App$/],
  ['/cadastros/dispositivos-coletas/relogio-ponto', /^Relógio de Ponto$/],
  ['/cadastros/cargos', /^Cargos$/],
  ['/cadastros/escalas-horarios', /^Escalas de Horários$/],
  ['/cadastros/funcionarios', /^Funcionários$/],
  // Not in the menu, but its route opens with the schedules' view code (70), which the profile holds.
  ['/cadastros/funcionarios/importar', /^Importar funcionários$/],
  ['/cadastros/funcionarios/importar/configurar', /^Importar funcionários$/],
  ['/cadastros/justificativas', /^Justificativas$/],
  ['/cadastros/motivos-afastamento', /^Motivos de Afastamento$/],
  ['/movimento/controle-ponto', /^Controle do Ponto$/],
  // Solicitações (165) is read-only for the profile: each request opens without an answer (166).
  ['/movimento/solicitacoes', /^Solicitações$/],
  ['/relatorios', /^Relatórios$/],
  ['/relatorios/espelho-ponto', /^Espelho de Ponto$/],
  ['/relatorios/historico', /Histórico/],
  ['/documentos', /^Documentos$/],
  ['/documentos/historico', /Histórico/],
  ['/conta/meus-dados', /^Meus Dados$/],
  ['/sistema/autorizacao-suporte', /^Autorização de Suporte$/],
  ['/sistema/noticias', /^Notícias$/],
  ['/sistema/sobre', /^Sobre/],
];

/** The lists whose rows carry the edit and delete buttons: read once they have rows to draw them on. */
const ROWS: Record<string, string> = {
  '/cadastros/empresas': 'Empresas',
  '/cadastros/feriados': 'Feriados',
  '/cadastros/cargos': 'Cargos',
  '/cadastros/escalas-horarios': 'Escalas de Horários',
  '/cadastros/funcionarios': 'Funcionários',
  '/cadastros/justificativas': 'Justificativas',
  '/cadastros/motivos-afastamento': 'Motivos de Afastamento',
  '/movimento/controle-ponto': 'Controle do Ponto',
};

/** The first row of the list labelled `label` (not its empty message). */
const firstRow = (page: Page, label: string) =>
  page.locator(`[aria-label="${label}"]`).locator('tbody tr:not(.p-datatable-emptymessage)').first();

/** The API calls in flight and those refused, from the first page on. */
function watchApi(page: Page) {
  let inFlight = 0;
  const refused: string[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (isApi(r.url())) inFlight++;
  });
  const done = (url: string) => {
    if (isApi(url)) inFlight--;
  };
  page.on('requestfinished', (r) => done(r.url()));
  page.on('requestfailed', (r) => done(r.url()));
  page.on('response', (r) => {
    if (isApi(r.url()) && (r.status() === 401 || r.status() === 403)) {
      refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname} (em ${page.url()})`);
    }
  });
  return {
    refused,
    /** Until no call has been in flight for two reads in a row: the screen has drawn what its lists answered. */
    settled: async () => {
      let quiet = 0;
      await expect
        .poll(() => (inFlight === 0 ? ++quiet : (quiet = 0)), { intervals: [150], timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
    },
  };
}

/** The visible action buttons the screen at `path` should not offer this profile. */
async function forbiddenActions(page: Page, path: string): Promise<string[]> {
  const names = await page
    .getByRole('button', { name: ACTION })
    .filter({ visible: true })
    .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim()));
  const allowed = ALLOWED[path] ?? [];
  return names.filter((n) => !allowed.some((a) => a.test(n))).map((n) => `${path}: ${n}`);
}

test('Consulta abre cada tela que vê e não encontra botão que não pode usar (issue 24 §11)', async ({ page }) => {
  test.setTimeout(120_000);
  const api = watchApi(page);
  await loginFromScratch(page, CONSULTA);

  // The menu, every group open: each built screen it offers is in SCREENS (none left unvisited).
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const closed = menu.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  const offered = await menu
    .locator('a.menu-link')
    .filter({ hasNot: page.locator('.menu-badge-breve') })
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const visited = new Set(SCREENS.map(([p]) => p));
  expect(offered.filter((p) => !visited.has(p))).toEqual([]);
  // The read-only profile's menu has no user, profile or log administration.
  expect(offered).not.toContain('/sistema/usuarios');

  const found: string[] = [];
  for (const [path, heading] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).first()).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === path);
    if (path === '/movimento/controle-ponto') await listarDepartamento(page, 'Administrativo');
    const rows = ROWS[path];
    if (rows) await expect(firstRow(page, rows)).toBeVisible();
    await api.settled();
    found.push(...(await forbiddenActions(page, path)));

    if (path === '/cadastros/escalas-horarios') {
      // The second tab moves employees between schedules (code 26): it is read, not saved.
      await page.getByRole('tab', { name: 'Funcionário/Escala' }).click();
      await api.settled();
      found.push(...(await forbiddenActions(page, `${path} (Funcionário/Escala)`)));
    }
    if (path === '/movimento/controle-ponto') {
      // With its rows listed, the way to Marcações (127, tratamento do ponto) is not offered.
      await expect(page.getByRole('columnheader', { name: 'Marcações' })).toHaveCount(0);
    }
    if (path === '/conta/meus-dados') {
      await page.getByRole('tab', { name: 'Senha' }).click();
      found.push(...(await forbiddenActions(page, path)));
    }
  }
  expect(found).toEqual([]);
  expect(api.refused).toEqual([]);
});
