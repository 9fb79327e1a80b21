import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Locator, type Page } from '@playwright/test';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The product a worker's journeys run against. With E2E_BASE_URL, that server
 * (one worker: the journeys share its data). Otherwise each Playwright worker
 * starts its own product — built web app, fresh embedded database with the
 * demo data — so workers run in parallel without touching each other's rows.
 */
async function productServer(use: (url: string) => Promise<void>): Promise<void> {
  if (process.env.E2E_BASE_URL) return use(process.env.E2E_BASE_URL);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'jornada-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JORNADA_DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const until = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`o servidor saiu com código ${server.exitCode}`);
      const answered = await fetch(`${url}/api/login/validar-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then(
        (r) => r.status < 500,
        () => false,
      );
      if (answered) break;
      if (Date.now() > until) throw new Error('o servidor não respondeu em 180 s');
      await new Promise((r) => setTimeout(r, 300));
    }
    await use(url);
  } finally {
    await new Promise((r) => {
      if (server.exitCode !== null) return r(undefined);
      server.once('exit', r);
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every journey fails on an uncaught page error or a Content-Security-Policy
 * violation (the server's CSP must let the built app run untouched). Failed
 * requests a journey provokes on purpose (401, 409) are not errors here.
 */
export const test = base.extend<{ pageProblems: string[] }, { servidor: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  servidor: [async ({}, use) => productServer(use), { scope: 'worker', timeout: 200_000 }],
  baseURL: async ({ servidor }, use) => use(servidor),
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`erro na página: ${e.message}`));
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) {
          problems.push(`CSP: ${m.text()}`);
        }
      });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const SENHA_DEMO = 'Jornada@2026';
export const ADMIN = 'admin@jornada.demo';
export const OPERADOR = 'operador@jornada.demo';

/**
 * English words PrimeReact puts in labels when a locale key is missing ('Show Password', 'Jump to Page Dropdown',
 * 'Rows per page', 'Close'…): none may reach a user or a screen reader (issue 24 §8).
 */
const ENGLISH =
  /\b(Show|Hide|Password|Page|Jump|Rows?|Previous|Next|First|Last|Close|Choose|Upload|Cancel|Select(ed)?|Clear|Today|Search|Filter|Remove|Expand|Collapse|Items?|Dropdown|Navigation|Scroll|Move|Zoom|Rotate|Toggle|Calendar|Year|Month|Week|Day|Hour|Minute|Open|True|False|None|Empty|Loading|No results?)\b/;

/** The accessible labels, titles and placeholders of the page that are in English. */
export async function englishLabels(page: Page): Promise<string[]> {
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [title], [placeholder], [aria-roledescription]')].flatMap((e) =>
      ['aria-label', 'title', 'placeholder', 'aria-roledescription'].flatMap((a) => e.getAttribute(a) ?? []),
    ),
  );
  return labels.filter((l) => ENGLISH.test(l));
}

/** Fills the login form and waits to leave /login. */
export async function login(page: Page, email: string, senha = SENHA_DEMO): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export async function loginFromScratch(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await login(page, email);
}

/** A name unique per run so reruns against the same database never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).toUpperCase()}`;
}

/** The PrimeReact Dropdown of the form field labelled `label`. */
export function dropdownOf(scope: Page | Locator, label: string): Locator {
  // The inner locator of `has` is matched inside each field: it must start from the page, not from `scope`.
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .locator('.form-field')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .locator('.p-dropdown')
    .first();
}

/**
 * Opens the Dropdown labelled `label` and picks `option`: its exact text (typed into the search box when the list
 * has one), or a pattern for a label that carries a number.
 */
export async function chooseOption(scope: Page | Locator, label: string, option: string | RegExp): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const dropdown = dropdownOf(scope, label);
  // A list still loading its options (the cities of a state just chosen) is disabled: opening it then would
  // leave the pointer over a panel that grows and moves when they arrive.
  await expect(dropdown).not.toHaveClass(/p-disabled/);
  await dropdown.click();
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel).toBeVisible();
  const search = panel.locator('.p-dropdown-filter');
  if (typeof option === 'string' && (await search.count())) {
    await search.fill(option);
    // The list filters as the text arrives: click only once it shows nothing else, or on a busy machine the click
    // lands where the option was before the list shrank and the panel stays open.
    // PrimeReact matches without case or accents ('contains').
    const sem = (t: string) =>
      t
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();
    await expect
      .poll(async () => (await panel.getByRole('option').allTextContents()).every((t) => sem(t).includes(sem(option))))
      .toBe(true);
  }
  await panel
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
  await expect(panel).toBeHidden();
}

/**
 * A valid CNPJ (check digits by the Receita's mod-11 rule) unique per run, for
 * journeys that register a company. Test data only: the product checks CNPJs
 * with the contracts' isValidCnpj.
 */
export function uniqueCnpj(): string {
  const base = `${Date.now() % 1e8}`.padStart(8, '0') + '0001';
  const digit = (s: string) => {
    let sum = 0;
    let w = 2;
    for (let i = s.length - 1; i >= 0; i--) {
      sum += Number(s[i]) * w;
      w = w === 9 ? 2 : w + 1;
    }
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base);
  return `${base}${d1}${digit(base + d1)}`;
}

export const PROVEDOR = 'superadmin@jornada.demo';

/** The demo's main company and one of its departments (with the centres under it), listed for the current month. */
export async function listarDepartamento(page: Page, departamento: string): Promise<void> {
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

/**
 * As the administrator, from scratch: Controle do Ponto of the demo's main company and `departamento`, then the
 * Marcações of its `n`-th employee (0 = the first by name), its month on screen.
 */
export async function abrirMarcacoes(page: Page, departamento: string, n = 0): Promise<void> {
  await loginFromScratch(page, ADMIN);
  await page.goto('/movimento/controle-ponto');
  await listarDepartamento(page, departamento);
  await page
    .getByRole('button', { name: /^Marcações de / })
    .nth(n)
    .click();
  await expect(page.getByRole('heading', { name: 'Marcações', level: 1 })).toBeVisible();
}

/** The warning toast with `text`; closed afterwards so the next one is read alone. */
export async function aviso(page: Page, text: string): Promise<void> {
  const toast = page.locator('.p-toast-message').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.locator('.p-toast-icon-close').click();
  await expect(toast).toBeHidden();
}

/**
 * Marcações' first worked day of the month (a row with 'Horas Normais'): its date 'dd/mm', its row, its cells by
 * column header (the third pair shows only when some day has it), and a day action opened from its menu.
 */
export async function diaTrabalhado(page: Page) {
  const dias = page.getByLabel('Dias do mês');
  const trabalhado = dias.getByRole('row').filter({ hasText: 'Horas Normais' }).first();
  await expect(trabalhado).toBeVisible();
  const data = ((await trabalhado.getByRole('cell').first().textContent()) ?? '').trim().slice(0, 5);
  const dia = dias.getByRole('row').filter({ has: page.getByRole('cell', { name: data, exact: true }) });
  const cabecalhos = (await dias.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  return {
    dias,
    data,
    dia,
    coluna: (nome: string) => dia.getByRole('cell').nth(cabecalhos.indexOf(nome)),
    abrirAcao: async (acao: string) => {
      await dia.getByRole('button', { name: `Ações do dia ${data}` }).click();
      await page.locator('.p-menuitem-text', { hasText: acao }).click();
    },
  };
}

/**
 * Answers Sim to 'Alterações não salvas' (issue 24 §3): a form dialog closed with changes asks first; the
 * question is gone once answered.
 */
export async function descartarAlteracoes(page: Page): Promise<void> {
  const pergunta = page.getByRole('dialog').filter({ hasText: 'Alterações não salvas' });
  await pergunta.getByRole('button', { name: 'Sim' }).click();
  await expect(pergunta).toBeHidden();
}

/**
 * In the shared employee filter: the demo's main company, the cost centre `centro`, a search, and its first
 * employee moved to 'Funcionários Selecionados' by keyboard (Space marks, Enter moves). Answers the name.
 */
export async function selecionarPrimeiroFuncionario(page: Page, centro: RegExp): Promise<string> {
  await dropdownOf(page, 'Empresa').click();
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: /Jornada Demonstração Ltda$/ })
    .click();
  await chooseOption(page, 'Centro de Custo', centro);
  await page.getByRole('button', { name: 'Pesquisar funcionários' }).click();
  const disponiveis = page.getByRole('listbox', { name: /Funcionários Disponíveis/ });
  await expect(disponiveis.getByRole('option').first()).toBeVisible();
  const nome = (
    (await disponiveis.getByRole('option').first().locator('.filtro-func-nome').textContent()) ?? ''
  ).trim();
  await disponiveis.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { name: /Funcionários Selecionados/ }).getByRole('option')).toHaveCount(1);
  return nome;
}
