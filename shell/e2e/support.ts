import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { E2E } from '../../scripts/e2e-config.ts';

export const DEMO = {
  admin: { username: 'admin', password: 'Admin123!' },
  agent: { username: 'agent', password: 'Agent123!' },
  user: { username: 'user', password: 'User1234!' },
  pending: { username: 'pending', password: 'Pending123!' },
  rejected: { username: 'rejected', password: 'Rejected123!' },
};

/** A username no other test (or earlier run against the same database) has used. */
export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInAsAdmin(page: Page, credentials = DEMO.admin) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The newest reset link the API logged for an email (until email sending exists, the log is the outbox). */
export async function readResetLink(email: string): Promise<string> {
  const pattern = new RegExp(
    `password reset link for ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\S+)`,
    'g',
  );
  for (let attempt = 0; attempt < 40; attempt++) {
    const matches = [...readFileSync(E2E.apiLog, 'utf8').matchAll(pattern)];
    const last = matches.at(-1)?.[1];
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no reset link for ${email} in ${E2E.apiLog}`);
}

/** Collects uncaught page errors so a test can assert the screen ran cleanly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** A toast's text: radix also copies it into a screen-reader announcement for a moment, so take the visible one. */
export function toastText(page: Page, text: string) {
  return page
    .getByRole('region', { name: /notifications/i })
    .getByText(text)
    .first();
}
