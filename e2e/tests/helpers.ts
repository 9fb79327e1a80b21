import { expect, type Page } from '@playwright/test';

export const SENHA_DEMO = 'Jornada@2026';
export const ADMIN = 'admin@jornada.demo';
export const OPERADOR = 'operador@jornada.demo';

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
