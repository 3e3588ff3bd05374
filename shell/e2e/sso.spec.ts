import { expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { adminApi, collectPageErrors, DEMO, signIn, signInAsAdmin, signOut, toastText } from './support.ts';

/**
 * Single sign-on through a real OpenID Connect provider (the e2e stack's oidc-provider), with real
 * redirects in Chromium: the admin registers the provider in the Single sign-on tab, people sign in at
 * the provider's own page and come back signed in, or to the sign-in page with a message and no session.
 */

type TAccount = keyof typeof E2E.oidc.accounts;

const PROVIDER = { id: 'corp', label: 'Corp ID' };
const BUTTON = `Sign in with ${PROVIDER.label}`;

test.describe.configure({ mode: 'serial' });

/** The username the desk gave the new person: the password form is tried with it. */
let newcomerUsername = '';

// The specs after this one share the desk: they find its sign-in pages without the provider.
test.afterAll(async () => {
  const admin = await adminApi();
  await admin.delete(`/api/admin/sso-providers/${PROVIDER.id}`);
  await admin.dispose();
});

/** Activates a control from the keyboard: focus, then Enter. */
async function pressEnterOn(page: Page, locator: ReturnType<Page['getByRole']>) {
  await locator.focus();
  await page.keyboard.press('Enter');
}

/** At the provider's own page, signs in as `account` (its form is a list of people and a button). */
async function signInAtProvider(page: Page, account: TAccount) {
  await expect(page).toHaveURL(new RegExp(`^${E2E.oidc.issuer}/interaction/`));
  await page.getByLabel('Account').selectOption(account);
  await pressEnterOn(page, page.getByRole('button', { name: 'Sign in' }));
}

/** From /login, the provider's button and its page, back to the desk wherever the desk sends the person. */
async function signInWithProvider(page: Page, account: TAccount) {
  await page.goto('/login');
  await pressEnterOn(page, page.getByRole('link', { name: BUTTON }));
  await signInAtProvider(page, account);
  await expect(page).toHaveURL(new RegExp(`^${E2E.baseUrl}/`));
}

/** Whether the browser holds a desk session. */
async function sessionStatus(page: Page) {
  return (await page.request.get('/api/auth/me')).status();
}

/**
 * The callback URL the provider would send `account`'s browser to, caught before the desk sees it: the
 * same start and provider steps the browser takes, walked with the page's own cookies (the desk's state
 * cookie, the provider's session) without following the last redirect.
 */
async function catchCallback(page: Page, account: TAccount): Promise<string> {
  let next = new URL(`/api/auth/sso/${PROVIDER.id}/start`, E2E.baseUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (next.pathname === `/api/auth/sso/${PROVIDER.id}/callback`) return next.toString();
    if (next.pathname.startsWith('/interaction/')) next.searchParams.set('login', account);
    const response = await page.request.get(next.toString(), { maxRedirects: 0 });
    const location = response.headers().location;
    if (!location) throw new Error(`${next} answered ${response.status()} without a redirect`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects before the callback');
}

async function expectRefused(page: Page, code: string, text: string | RegExp) {
  await expect(page).toHaveURL(new RegExp(`/login\\?sso_error=${code}$`));
  await expect(page.getByTestId('sso-error')).toContainText(text);
  expect(await sessionStatus(page)).toBe(401);
}

async function approveByEmail(page: Page, email: string) {
  await signInAsAdmin(page);
  await page
    .getByPlaceholder(/search/i)
    .last()
    .fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await pressEnterOn(page, row.getByRole('button', { name: 'Approve' }));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(toastText(page, 'User has been approved successfully.')).toBeVisible();
  await signOut(page);
}

test('the admin registers the provider in the Single sign-on tab, from the keyboard', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signInAsAdmin(page);
  await pressEnterOn(page, page.getByRole('tab', { name: 'Single sign-on' }));
  await expect(page.getByText('No identity provider yet.')).toBeVisible();
  await pressEnterOn(page, page.getByRole('button', { name: 'Add provider' }));

  const dialog = page.getByTestId('sso-provider-form-dialog');
  await dialog.getByLabel('Button label').fill(PROVIDER.label);
  await dialog.getByLabel('ID (used in addresses)').fill(PROVIDER.id);
  await dialog.getByLabel('Issuer URL').fill(E2E.oidc.issuer);
  await dialog.getByLabel('Client ID').fill(E2E.oidc.clientId);
  await dialog.getByLabel('Client secret (optional)').fill(E2E.oidc.clientSecret);
  await dialog.getByRole('combobox', { name: 'New accounts' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Pending approval' }).press('Enter');
  await dialog.getByLabel('Role claim (empty: no mapping)').fill('groups');
  await dialog.getByLabel('Values that mean admin').fill('helpdesk-admins');
  await dialog.getByLabel('Values that mean agent').fill('helpdesk-agents');
  await dialog.getByLabel('Issuer URL').press('Enter');

  await expect(toastText(page, 'Provider added')).toBeVisible();
  const row = page.getByTestId('sso-provider-row').filter({ hasText: PROVIDER.label });
  await expect(row).toContainText('Enabled');
  await expect(row).toContainText(`${E2E.baseUrl}/api/auth/sso/${PROVIDER.id}/callback`);

  // The secret is write-only: editing shows that one is saved, never the secret.
  await pressEnterOn(page, row.getByRole('button', { name: `Edit ${PROVIDER.label}` }));
  await expect(dialog.getByLabel('Client secret', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Client secret', { exact: true })).toHaveAttribute(
    'placeholder',
    'Saved; leave empty to keep it',
  );
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});

test('a new person is pending, then approved, then signed in', async ({ page }) => {
  await signInWithProvider(page, 'newcomer');
  await expectRefused(
    page,
    'account_pending',
    'Your account is pending approval. Please wait for admin approval.',
  );

  await approveByEmail(page, E2E.oidc.accounts.newcomer.email);

  // The provider remembers the person: the button alone signs them in.
  await page.goto('/login');
  await pressEnterOn(page, page.getByRole('link', { name: BUTTON }));
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await expect(page.getByRole('link', { name: 'My Tickets' })).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as {
    user: { email: string; role: string; username: string };
  };
  expect(me.user).toMatchObject({ email: E2E.oidc.accounts.newcomer.email, role: 'end_user' });
  newcomerUsername = me.user.username;
});

test('an account made by single sign-on is told to use it on the password form', async ({ page }) => {
  expect(newcomerUsername).not.toBe('');
  await signIn(page, newcomerUsername, 'Whatever123!');
  await expect(page.getByTestId('login-error')).toHaveText(
    'This account uses OAuth authentication. Please use the OAuth login.',
  );
  expect(await sessionStatus(page)).toBe(401);
});

test('the demo agent signs in with the provider and is linked, then sees the link on the profile', async ({
  page,
}) => {
  await signInWithProvider(page, 'agent');
  const me = (await (await page.request.get('/api/auth/me')).json()) as {
    user: { username: string; role: string };
  };
  // The provider's group keeps the role: a sign-in with role mapping sets it every time.
  expect(me.user).toMatchObject({ username: DEMO.agent.username, role: 'agent' });

  await page.goto('/profile');
  const methods = page.getByTestId('sign-in-methods');
  await expect(methods.getByTestId('sign-in-method').filter({ hasText: PROVIDER.label })).toContainText(
    'Linked',
  );
  await expect(methods.getByRole('button', { name: `Unlink ${PROVIDER.label}` })).toBeVisible();
});

test('a person the provider puts in the admin group lands in the administration', async ({ page }) => {
  await signInWithProvider(page, 'boss');
  await expectRefused(page, 'account_pending', 'Your account is pending approval.');
  await approveByEmail(page, E2E.oidc.accounts.boss.email);

  await page.goto('/login');
  await pressEnterOn(page, page.getByRole('link', { name: BUTTON }));
  await expect(page).toHaveURL(/\/admin(\/|$)/);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { role: string } };
  expect(me.user.role).toBe('admin');
});

test('an admin account is linked only from its profile, after a password sign-in', async ({ page }) => {
  await signInWithProvider(page, 'admin');
  await expectRefused(page, 'admin_link_required', 'link the provider from your profile');

  await signInAsAdmin(page);
  await page.goto('/profile');
  const methods = page.getByTestId('sign-in-methods');
  await expect(methods.getByTestId('sign-in-method').filter({ hasText: PROVIDER.label })).toContainText(
    'Not linked',
  );
  // The provider remembers the admin from the refused attempt: the link needs no second sign-in there.
  await pressEnterOn(page, methods.getByRole('link', { name: `Link ${PROVIDER.label}` }));
  await expect(page).toHaveURL(`${E2E.baseUrl}/profile`);
  await expect(methods.getByTestId('sign-in-method').filter({ hasText: PROVIDER.label })).toContainText(
    'Linked',
  );
  await signOut(page);

  await page.goto('/login');
  await pressEnterOn(page, page.getByRole('link', { name: BUTTON }));
  await expect(page).toHaveURL(/\/admin(\/|$)/);
  const me = (await (await page.request.get('/api/auth/me')).json()) as {
    user: { username: string; role: string };
  };
  expect(me.user).toMatchObject({ username: DEMO.admin.username, role: 'admin' });
});

test('a person with a password unlinks the provider from the profile', async ({ page }) => {
  await signInWithProvider(page, 'agent');
  await page.goto('/profile');
  const methods = page.getByTestId('sign-in-methods');
  await pressEnterOn(page, methods.getByRole('button', { name: `Unlink ${PROVIDER.label}` }));
  await expect(toastText(page, 'Provider unlinked')).toBeVisible();
  await expect(methods.getByRole('link', { name: `Link ${PROVIDER.label}` })).toBeVisible();
  const identities = await page.request.get('/api/auth/sso/identities');
  expect(((await identities.json()) as { identities: unknown[] }).identities).toEqual([]);
});

test('an email the provider has not verified is never linked, and no session starts', async ({ page }) => {
  await signInWithProvider(page, 'unverified');
  await expectRefused(page, 'email_not_verified', 'has not verified your email address');
});

test('a callback whose state was tampered with is refused', async ({ page }) => {
  const callback = await catchCallback(page, 'agent');
  const tampered = new URL(callback);
  tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
  await page.goto(tampered.toString());
  await expectRefused(page, 'invalid_state', 'The sign-in took too long or was started in another browser.');
});

test('a callback visited twice, or a used code with a fresh state, is refused', async ({ page }) => {
  const first = await catchCallback(page, 'agent');
  await page.goto(first);
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  expect(await sessionStatus(page)).toBe(200);
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);

  await page.goto(first);
  await expect(page).toHaveURL(/\/login\?sso_error=/);
  await expect(page.getByTestId('sso-error')).toBeVisible();
  expect(await sessionStatus(page)).toBe(401);

  // The same code again, this time with a state the desk did hand out: the provider refuses the code.
  const second = await catchCallback(page, 'agent');
  const replayed = new URL(second);
  replayed.searchParams.set('code', new URL(first).searchParams.get('code') ?? '');
  await page.goto(replayed.toString());
  await expectRefused(page, 'invalid_code', 'The identity provider did not confirm the sign-in.');
});

test('a provider that is down gives a clear message and no session', async ({ page }) => {
  const admin = await adminApi();
  const created = await admin.post('/api/admin/sso-providers', {
    data: {
      id: 'down',
      label: 'Down ID',
      issuer: `http://127.0.0.1:${E2E.ports.oidcDown}`,
      clientId: 'nobody',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  try {
    await page.goto('/login');
    await pressEnterOn(page, page.getByRole('link', { name: 'Sign in with Down ID' }));
    await expectRefused(page, 'provider_unreachable', 'The identity provider could not be reached.');
  } finally {
    await admin.delete('/api/admin/sso-providers/down');
    await admin.dispose();
  }
});

test('signing out of a provider session offers to sign out of the provider too', async ({ page }) => {
  await signInWithProvider(page, 'agent');
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionStatus(page)).toBe(401);
  const offer = page.getByRole('link', { name: `Also sign out of ${PROVIDER.label}` });
  await expect(offer).toBeVisible();
  expect(await offer.getAttribute('href')).toMatch(new RegExp(`^${E2E.oidc.issuer}/`));
});
