import { expect, type Page, test } from '@playwright/test';
import { DEMO, readResetLink, signInAsAdmin } from './support.ts';

const ADMIN_EMAIL = 'admin@example.com';

async function requestReset(page: Page) {
  await page.goto('/admin/forgot-password');
  await page.getByLabel(/email/i).fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText('Reset Link Sent')).toBeVisible();
  return readResetLink(ADMIN_EMAIL);
}

async function resetTo(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: /reset password/i }).click();
}

test('a reset link without a token is refused', async ({ page }) => {
  await page.goto('/admin/reset-password');
  await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
});

test('forgot and reset: the link works once, the new password signs in', async ({ page }) => {
  await page.goto('/admin/forgot-password');
  await page.getByLabel(/email/i).fill('nobody-here@example.com');
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText('Reset Link Sent')).toBeVisible();

  const link = await requestReset(page);
  await page.goto(link);
  const submit = page.getByRole('button', { name: /reset password/i });
  await page.getByLabel('New Password', { exact: true }).fill('weakpass');
  await expect(page.getByText('Weak')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('New Password', { exact: true }).fill('N3w-Admin-pass');
  await expect(page.getByText('Strong')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('N3w-Admin-pass');
  await submit.click();
  await expect(page.getByText('Password Reset Complete')).toBeVisible();

  await resetTo(page, link, 'An0ther-pass!');
  await expect(page.getByText(/invalid or has expired|expired or been used/i)).toBeVisible();

  await signInAsAdmin(page, { username: 'admin', password: 'N3w-Admin-pass' });

  // Put the demo password back for the other specs.
  await page.context().clearCookies();
  await resetTo(page, await requestReset(page), DEMO.admin.password);
  await expect(page.getByText('Password Reset Complete')).toBeVisible();
  await signInAsAdmin(page);
});
