import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';

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

/**
 * Returns at once unless a UTC midnight is less than `marginMs` away; then waits until it has
 * passed and says how long it waited. A flow that reads a per-day number ("resolved today", a UTC
 * day on the server) before and after its work is then on one day. The e2e stack runs on this
 * machine, so this clock is the server's.
 */
export async function clearOfUtcMidnight(marginMs: number): Promise<number> {
  const untilMidnight = 86_400_000 - (Date.now() % 86_400_000);
  if (untilMidnight >= marginMs) return 0;
  await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1000));
  return untilMidnight + 1000;
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in at /admin in whatever language the browser asks for (the fields by name, not by label). */
export async function signInAsAdmin(page: Page, credentials = DEMO.admin) {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(credentials.username);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** What the e2e stack's mail catcher answers at /messages.json (newest first); only the fields read here. */
export type CaughtMail = { envelope: { to: string[] }; subject: string; text: string };

/** Every message the API has sent so far (to the stack's mail catcher), newest first. */
export async function readCaughtMail(): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.ports.mailCatcherHttp}/messages.json`);
  return (await response.json()) as CaughtMail[];
}

const handedOutLinks = new Set<string>();

/** The first link matching `pattern` in the mail caught for `email` that `accept` takes, waiting up to 15 s. */
async function awaitMailedLink(
  email: string,
  pattern: RegExp,
  accept: (link: string) => boolean,
): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const link = (await readCaughtMail())
      .filter((m) => m.envelope.to.some((to) => to.toLowerCase() === email.toLowerCase()))
      .map((m) => m.text.match(pattern)?.[0])
      .find((found): found is string => found !== undefined && accept(found));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${pattern} link for ${email} reached the mail catcher`);
}

/**
 * The newest password-reset link emailed to an address that this test run has not read yet: the
 * API sends it through SMTP to the stack's mail catcher, which lists what it caught as JSON.
 */
export async function readResetLink(email: string): Promise<string> {
  const link = await awaitMailedLink(
    email,
    /https?:\/\/\S+\/admin\/reset-password\?token=\S+/,
    (found) => !handedOutLinks.has(found),
  );
  handedOutLinks.add(link);
  return link;
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

/**
 * A toast shown while a dialog is open: the modal hides the rest of the page from the accessibility
 * tree, so the toast is found by its slot rather than by the notifications region's role.
 */
export function toastBehindDialog(page: Page, text: string) {
  return page.locator('[data-slot="toast"]').filter({ hasText: text });
}

/** The newest link to a page at `path` (e.g. '/set-password') the mail catcher holds for an address. */
export function readLinkTo(email: string, path: string): Promise<string> {
  return awaitMailedLink(email, new RegExp(`https?://[^/\\s]+${path}\\?token=\\S+`), () => true);
}

/** The newest confirmation link the mail catcher holds for an address. */
export function readConfirmationLink(email: string): Promise<string> {
  return awaitMailedLink(email, /https?:\/\/\S+\/verify-email\?token=\S+/, () => true);
}

/** The desk's settings as the admin API answers them; the switches the flows change are typed. */
export type SavedSettings = Record<string, unknown> & {
  pushNotifications: boolean;
  autoAssignment: boolean;
  language: string;
};

/** An API client signed in as the demo admin, for flows that set the desk up through the admin API. */
export async function adminApi(): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await admin.post('/api/auth/admin/login', { data: DEMO.admin })).ok()).toBe(true);
  return admin;
}

/** Changes switches through the admin API; answers the settings as they were. */
export async function saveSwitches(
  admin: APIRequestContext,
  switches: Partial<Pick<SavedSettings, 'pushNotifications' | 'autoAssignment' | 'language'>>,
): Promise<SavedSettings> {
  const current = await admin.get('/api/admin/settings');
  expect(current.ok()).toBe(true);
  const before = (await current.json()) as SavedSettings;
  const { smtpPasswordSet: _set, updatedAt: _at, ...form } = before;
  const saved = await admin.put('/api/admin/settings', { data: { ...form, ...switches } });
  expect(saved.ok()).toBe(true);
  return before;
}
