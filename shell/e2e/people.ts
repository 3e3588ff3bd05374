import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { DEMO, uniqueName } from './support.ts';

/** The languages a person or the desk may choose; null: the desk's (for a person). */
export type TLanguage = 'en' | 'es' | 'fr' | 'de';

export const PERSON_PASSWORD = 'Person123!';

/** A person made for one spec: active, with a password, and their own language (null: the desk's). */
export type TPerson = {
  id: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'agent' | 'end_user';
};

/** An API client signed in as `credentials` (the demo admin by default); dispose it when done. */
export async function apiAs(credentials: { username: string; password: string } = DEMO.admin) {
  const client = await request.newContext({ baseURL: E2E.baseUrl });
  const { username, password } = credentials;
  const login = await client.post('/api/auth/login', { data: { username, password } });
  expect(login.ok(), `sign-in as ${credentials.username}: ${await login.text()}`).toBe(true);
  return client;
}

/**
 * Creates an active person through the admin API and sets their own language (and zone) through
 * their profile's preferences: how any spec gets a person who sees the desk in a given language.
 */
export async function createPerson(
  admin: APIRequestContext,
  role: TPerson['role'],
  language: TLanguage | null,
  timeZone: string | null = null,
): Promise<TPerson> {
  const username = uniqueName(role === 'end_user' ? 'user' : role);
  const person = { username, password: PERSON_PASSWORD, firstName: 'Noa', lastName: `Lang${username}`, role };
  const created = await admin.post('/api/admin/users', {
    data: { ...person, email: `${username}@example.com` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  if (language !== null || timeZone !== null) await setOwnPreferences(person, { language, timeZone });
  return { ...person, id: user.id };
}

/** Sets a person's own language and zone as they would on their profile. */
export async function setOwnPreferences(
  person: { username: string; password: string },
  preferences: { language?: TLanguage | null; timeZone?: string | null },
): Promise<void> {
  const client = await apiAs(person);
  const saved = await client.patch('/api/auth/profile/preferences', { data: preferences });
  expect(saved.ok(), await saved.text()).toBe(true);
  await client.dispose();
}

/** Sets the desk's default language (admin settings); answers the one it had. */
export async function setDeskLanguage(admin: APIRequestContext, language: TLanguage): Promise<TLanguage> {
  const current = await admin.get('/api/admin/settings');
  expect(current.ok()).toBe(true);
  const {
    smtpPasswordSet: _set,
    updatedAt: _at,
    ...form
  } = (await current.json()) as Record<string, unknown>;
  const saved = await admin.put('/api/admin/settings', { data: { ...form, language } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return form.language as TLanguage;
}

/**
 * Signs in on /login from the keyboard whatever language the page speaks: the username field has the
 * focus, the password is two Tabs on (past the show-password button's place), Enter submits.
 */
export async function signInFromKeyboard(page: Page, person: { username: string; password: string }) {
  await page.goto('/login');
  const username = page.locator('input[autocomplete="username"]');
  await expect(username).toBeFocused();
  await page.keyboard.type(person.username);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator('input[autocomplete="current-password"]')).toBeFocused();
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs out through the user menu from the keyboard, in any language: Log out is the menu's last item. */
export async function signOutFromKeyboard(page: Page, person: Pick<TPerson, 'firstName' | 'lastName'>) {
  const initials = `${person.firstName[0]}${person.lastName[0]}`.toUpperCase();
  const menu = page.getByRole('button', {
    name: new RegExp(`^${initials} ${person.firstName} ${person.lastName}`),
  });
  await menu.focus();
  await page.keyboard.press('Enter');
  // The menu's items arrive with it on intent: End before they are there would focus nothing.
  await expect(page.getByRole('menu').getByRole('menuitem').last()).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('menu').getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Runs `flow` while `person` (a demo account other specs share) has chosen `language`, then puts back
 * what they had chosen before, whatever the flow did.
 */
export async function whileSpeaking<T>(
  person: { username: string; password: string },
  language: TLanguage,
  flow: () => Promise<T>,
): Promise<T> {
  const client = await apiAs(person);
  const answer = await client.get('/api/auth/profile/preferences');
  expect(answer.ok(), await answer.text()).toBe(true);
  const { preferences } = (await answer.json()) as { preferences: { language: TLanguage | null } };
  await client.dispose();
  await setOwnPreferences(person, { language });
  try {
    return await flow();
  } finally {
    await setOwnPreferences(person, { language: preferences.language });
  }
}
