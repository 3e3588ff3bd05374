import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E } from './harness/e2e-config.ts';
import { apiAs, createPerson, type TPerson } from './people.ts';
import { adminApi, collectPageErrors, signInAsAdmin, signOut, toastText } from './support.ts';

const STEP_MS = 30_000;

/** The code an authenticator app shows for the secret, `steps` 30-second steps from now. */
function codeOf(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });
}

/** The secret as the setup screen shows it (groups of four), without the spaces. */
async function shownSecret(page: Page): Promise<string> {
  const text = await page.getByTestId('two-factor-secret').textContent();
  return (text ?? '').replaceAll(/\s/g, '');
}

/** Fills a field from the keyboard and submits with Enter. */
async function typeAndEnter(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel(label, { exact: true }).press('Enter');
}

/** The password step at /login, from the keyboard. */
async function passwordStep(page: Page, person: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

async function expectSignedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /user menu/i })).toBeVisible();
}

/** Presses a button from the keyboard: focus, then Enter. */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await button.press('Enter');
}

let admin: APIRequestContext;

test.beforeAll(async () => {
  // Signed in before any requirement is switched on, so it can always put the settings back.
  admin = await adminApi();
});

test.afterAll(async () => {
  await setRequirement(false);
  await admin.dispose();
});

async function setRequirement(isOn: boolean) {
  const current = (await (await admin.get('/api/admin/settings')).json()) as Record<string, unknown>;
  const { smtpPasswordSet: _set, updatedAt: _at, ...form } = current;
  expect((await admin.put('/api/admin/settings', { data: { ...form, requireTwoFactor: isOn } })).ok()).toBe(
    true,
  );
}

test('a user turns two-factor on, then signs in with a code, and with a recovery code that works once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const person = await createPerson(admin, 'end_user', null);
  await passwordStep(page, person);
  await expectSignedIn(page);

  await page.goto('/profile');
  const section = page.getByTestId('two-factor-section');
  await expect(section.getByTestId('two-factor-status')).toHaveText('Off');
  await press(page, 'Turn on two-factor');
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await shownSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await typeAndEnter(page, 'Code from the app', codeOf(secret));
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map(
    (code) => code.trim(),
  );
  expect(codes).toHaveLength(10);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await press(page, 'I have saved my codes');
  await expect(section.getByTestId('two-factor-status')).toHaveText('On');
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left');
  // Shown once: a reload shows neither the secret nor the codes.
  await page.reload();
  await expect(section.getByTestId('two-factor-status')).toHaveText('On');
  await expect(page.getByTestId('two-factor-secret')).toHaveCount(0);
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
  await signOut(page);

  // With a code from the app (the next step's: the one that confirmed the setup is spent).
  await passwordStep(page, person);
  await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('button', { name: /user menu/i })).toHaveCount(0);
  await typeAndEnter(page, 'Code from the app', codeOf(secret, 1));
  await expectSignedIn(page);
  await signOut(page);

  // With a recovery code instead.
  await passwordStep(page, person);
  await press(page, 'Use a recovery code instead');
  await typeAndEnter(page, 'Recovery code', codes[0] ?? '');
  await expectSignedIn(page);
  await signOut(page);

  // The same recovery code a second time: refused, no session.
  await passwordStep(page, person);
  await press(page, 'Use a recovery code instead');
  await typeAndEnter(page, 'Recovery code', codes[0] ?? '');
  await expect(page.getByTestId('two-factor-error')).toHaveText(
    'The code is not valid, or the sign-in has expired. Try again or sign in again.',
  );
  await expect(page.getByRole('button', { name: /user menu/i })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('with the requirement on, an agent without two-factor is guided through setup at the next sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const agent = await createPerson(admin, 'agent', null);
  // The admin turns the requirement on in Settings.
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const requirement = page.getByRole('switch', {
    name: 'Require two-factor authentication for admins and agents',
  });
  await requirement.focus();
  await requirement.press('Space');
  await expect(requirement).toBeChecked();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toastText(page, 'Your settings have been saved.')).toBeVisible();

  try {
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    await passwordStep(agentPage, agent);
    await expect(agentPage.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(agentPage.getByRole('button', { name: /user menu/i })).toHaveCount(0);
    const secret = await shownSecret(agentPage);
    await typeAndEnter(agentPage, 'Code from the app', codeOf(secret));
    await expect(agentPage.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await press(agentPage, 'Continue');
    await expectSignedIn(agentPage);
    await signOut(agentPage);
    // Set up once: from now on the code step.
    await passwordStep(agentPage, agent);
    await expect(agentPage.getByText('Enter the code from your authenticator app.')).toBeVisible();
    await typeAndEnter(agentPage, 'Code from the app', codeOf(secret, 1));
    await expectSignedIn(agentPage);
    await context.close();
  } finally {
    await setRequirement(false);
  }
});

/** Turns two-factor on for a person through the API, as the profile does. */
async function withTwoFactor(person: TPerson): Promise<void> {
  const client = await apiAs(person);
  const setup = (await (await client.post('/api/auth/two-factor/setup')).json()) as { secret: string };
  expect(
    (await client.post('/api/auth/two-factor/enable', { data: { code: codeOf(setup.secret) } })).ok(),
  ).toBe(true);
  await client.dispose();
}

test("an admin clears a user's two-factor from the users list", async ({ page }) => {
  const person = await createPerson(admin, 'end_user', null);
  await withTwoFactor(person);
  await signInAsAdmin(page);
  await page.getByLabel('Search users').fill(person.username);
  const row = page.getByRole('row').filter({ hasText: `@${person.username}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Clear two-factor' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`@${person.username}`);
  await dialog.getByRole('button', { name: 'Clear two-factor' }).click();
  await expect(toastText(page, 'Two-factor authentication was cleared')).toBeVisible();
  // The password alone signs in again.
  const client = await request.newContext({ baseURL: E2E.baseUrl });
  const login = await client.post('/api/auth/login', {
    data: { username: person.username, password: person.password },
  });
  expect(await login.json()).toHaveProperty('user');
  await client.dispose();
});
