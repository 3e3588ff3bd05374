import { expect, type Page, test } from '@playwright/test';
import { DEMO, readConfirmationLink, signIn, signInAsAdmin, uniqueName } from './support.ts';

const SHOTS = process.env.VERIFY_EMAIL_SHOTS;

/** Saves a screenshot for review when VERIFY_EMAIL_SHOTS names a folder; a no-op otherwise. */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/verified-email-${name}.png`, fullPage: true });
}

/** Signs in and waits until the sign-in page is left, so the next navigation carries the session. */
async function signInAndWait(page: Page, username: string, password: string) {
  await signIn(page, username, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The Current Password field of the profile form (the change-password form has one too). */
const profileCurrentPassword = (page: Page) =>
  page
    .locator('form', { has: page.getByRole('button', { name: 'Save Changes' }) })
    .getByLabel('Current Password');

/** An end user an admin adds (their address unconfirmed until they follow the mailed link). */
async function addEndUser(page: Page) {
  await signInAsAdmin(page);
  const username = uniqueName('verify');
  const user = { username, password: 'Verify-Pass-1', email: `${username}@example.com` };
  const added = await page.request.post('/api/admin/users', {
    data: { ...user, firstName: 'Vera', lastName: 'Fied', role: 'end_user' },
  });
  expect(added.status()).toBe(201);
  await page.context().clearCookies();
  return user;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`change email: the link in the mail confirms the new address (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const user = await addEndUser(page);
    await signInAndWait(page, user.username, user.password);
    await page.goto('/profile');
    await expect(page.getByTestId('pending-email')).toContainText('is not confirmed yet');
    await shot(page, `end-user-unconfirmed-${viewport.name}`);

    const newEmail = `${uniqueName('moved')}@example.com`;
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await expect(profileCurrentPassword(page)).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter your current password to change your email address')).toBeVisible();
    await profileCurrentPassword(page).fill(user.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('pending-email')).toContainText(`Your new address ${newEmail}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
    await shot(page, `end-user-pending-${viewport.name}`);

    const link = await readConfirmationLink(newEmail);
    await page.goto(link);
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await shot(page, `verify-confirmed-${viewport.name}`);

    await page.goto('/profile');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
    await expect(page.getByTestId('pending-email')).toHaveCount(0);

    await page.goto(link);
    await expect(page.getByTestId('verify-email-error')).toContainText(
      'invalid, has expired or has already been used',
    );
    await shot(page, `verify-used-${viewport.name}`);
  });

  test(`an agent sees the password field appear for a new email (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAndWait(page, DEMO.agent.username, DEMO.agent.password);
    await page.goto('/profile');
    await page.getByLabel('Email', { exact: true }).fill('agent-new@example.com');
    await expect(profileCurrentPassword(page)).toBeVisible();
    await shot(page, `agent-email-change-${viewport.name}`);
  });
}
