import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import {
  DEMO,
  readLinkTo,
  type SavedSettings,
  saveSwitches,
  signIn,
  signInAsAdmin,
  toastText,
  uniqueName,
} from './support.ts';

const PASSWORD = 'Str0ng!pass';
const NEW_PASSWORD = 'N3w-Str0ng!pass';

test.describe.configure({ timeout: 90_000 });

let admin: APIRequestContext;
let before: SavedSettings;

test.beforeAll(async () => {
  admin = await request.newContext({ baseURL: E2E.baseUrl });
  const login = await admin.post('/api/auth/admin/login', { data: DEMO.admin });
  expect(login.ok()).toBe(true);
  // A deactivation reaches open pages through their event stream, which exists while push is on.
  before = await saveSwitches(admin, { pushNotifications: true });
});

test.afterAll(async () => {
  await saveSwitches(admin, { pushNotifications: before.pushNotifications });
  await admin.dispose();
});

/** An active account made through the admin API, with a confirmed address (the reset flow needs one). */
async function createAccount(
  role: 'agent' | 'end_user',
): Promise<{ id: string; username: string; email: string }> {
  const username = uniqueName(role === 'agent' ? 'agent' : 'user');
  const email = `${username}@example.com`;
  const response = await admin.post('/api/admin/users', {
    data: { username, email, password: PASSWORD, firstName: 'Lin', lastName: 'Okafor', role },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, username, email };
}

async function confirmAddress(page: Page, email: string) {
  await page.goto(await readLinkTo(email, '/verify-email'));
  await expect(page.getByText(/confirmed/i).first()).toBeVisible();
}

/** Opens a user's row menu on the users screen, from the keyboard. */
async function openRowMenu(page: Page, username: string) {
  await page.getByLabel('Search users').fill(username);
  const row = page.getByRole('row').filter({ hasText: `@${username}` });
  await expect(row).toBeVisible();
  const trigger = row.getByRole('button', { name: /^Actions for / });
  await trigger.focus();
  await page.keyboard.press('Enter');
  return row;
}

test("deactivating signs the person's open page out at once; reactivated, they sign in again", async ({
  page,
  browser,
}) => {
  const agent = await createAccount('agent');
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  // The stream is open before the admin acts: the sign-out must come from it, not from a reload.
  const streamOpened = agentPage.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
  );
  await signIn(agentPage, agent.username, PASSWORD);
  await expect(agentPage).toHaveURL(/\/$/);
  await streamOpened;

  await signInAsAdmin(page);
  const row = await openRowMenu(page, agent.username);
  await page.getByRole('menuitem', { name: 'Deactivate' }).press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('signed out everywhere');
  await confirm.getByRole('button', { name: 'Deactivate' }).press('Enter');
  await expect(toastText(page, 'User has been deactivated successfully.')).toBeVisible();
  await expect(row).toContainText('Inactive');

  await expect(agentPage).toHaveURL(/\/login$/, { timeout: 5000 });
  await signIn(agentPage, agent.username, PASSWORD);
  await expect(agentPage.getByTestId('login-error')).toContainText(/not active|invalid/i);

  await openRowMenu(page, agent.username);
  await page.getByRole('menuitem', { name: 'Reactivate' }).press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).press('Enter');
  await expect(toastText(page, 'User has been reactivated successfully.')).toBeVisible();
  await expect(row).toContainText('Active');

  await signIn(agentPage, agent.username, PASSWORD);
  await expect(agentPage).toHaveURL(/\/$/);
  await agentContext.close();
});

test('a user resets a forgotten password from the mailed link', async ({ page }) => {
  const user = await createAccount('end_user');
  await confirmAddress(page, user.email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByText('Reset Link Sent')).toBeVisible();
  await expect(page.getByText(/If an account exists with/)).toBeVisible();

  const link = await readLinkTo(user.email, '/reset-password');
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').press('Enter');
  await expect(page.getByText('Password Reset Complete')).toBeVisible();

  await signIn(page, user.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});

test('an invited agent sets a password from the invitation and signs in', async ({ page, browser }) => {
  const username = uniqueName('invited');
  const email = `${username}@example.com`;
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByTestId('add-user-dialog');
  await dialog.getByLabel('First Name').fill('Ivy');
  await dialog.getByLabel('Last Name').fill('Mensah');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: /Send an invitation by email/ }).press('Space');
  await expect(dialog.getByRole('radio', { name: /Send an invitation by email/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search users').fill(username);
  await expect(page.getByRole('row').filter({ hasText: `@${username}` })).toContainText('Invited');

  const invited = await browser.newContext();
  const invitedPage = await invited.newPage();
  await signIn(invitedPage, username, PASSWORD);
  await expect(invitedPage.getByTestId('login-error')).toBeVisible();

  await invitedPage.goto(await readLinkTo(email, '/set-password'));
  await expect(invitedPage.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await invitedPage.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await invitedPage.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await invitedPage.getByLabel('Confirm Password').press('Enter');
  await expect(invitedPage.getByText('Password Set', { exact: true })).toBeVisible();

  await signIn(invitedPage, username, NEW_PASSWORD);
  await expect(invitedPage).toHaveURL(/\/$/);
  await invited.close();
});

test('on a 390-pixel screen the users list keeps role, status and actions', async ({ browser }) => {
  const pending = uniqueName('pending');
  const registered = await admin.post('/api/auth/register', {
    data: {
      username: pending,
      email: `${pending}@example.com`,
      password: PASSWORD,
      firstName: 'Pat',
      lastName: 'Ng',
    },
  });
  expect(registered.status()).toBe(201);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await signInAsAdmin(page);
  await page.getByLabel('Search users').fill(pending);
  const card = page.getByTestId('user-row').filter({ hasText: `@${pending}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Role');
  await expect(card).toContainText(/end user/i);
  await expect(card).toContainText('Pending');
  await expect(card).toContainText(`${pending}@example.com`);
  for (const name of [/^Approve /, /^Reject /, /^Actions for /]) {
    const button = card.getByRole('button', { name });
    await expect(button).toBeVisible();
    await expect(button).toBeInViewport();
  }
  // Nothing sticks out sideways: the page does not scroll horizontally.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});
