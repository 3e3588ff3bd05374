import { expect, test } from '@playwright/test';
import { collectPageErrors, signIn, signInAsAdmin, signOut, toastText, uniqueName } from './support.ts';

async function register(page: import('@playwright/test').Page, username: string) {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Erin');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm Password').fill('Str0ng!pass');
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(page.getByText('Registration Successful!')).toBeVisible();
}

test('a registration is refused while pending, approved by the admin, then signs in', async ({ page }) => {
  const errors = collectPageErrors(page);
  const username = uniqueName('erin');
  await register(page, username);

  await page.getByRole('button', { name: 'Go to Login Page' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, username, 'Str0ng!pass');
  await expect(
    page.getByText('Your account is pending approval. Please wait for admin approval.'),
  ).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();

  await signInAsAdmin(page);
  await expect(toastText(page, 'Welcome back, Administrator!')).toBeVisible();
  await page
    .getByPlaceholder(/search/i)
    .last()
    .fill(username);
  const row = page.getByRole('row').filter({ hasText: `@${username}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/access to the system/i);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toastText(page, 'User has been approved successfully.')).toBeVisible();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await signOut(page);

  await signIn(page, username, 'Str0ng!pass');
  await expect(toastText(page, `Successfully signed in as Erin Okafor`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My Tickets' })).toBeVisible();
  await expect(page.getByText('Administration')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a rejected registration is told so at sign-in', async ({ page }) => {
  const username = uniqueName('rex');
  await register(page, username);
  await signInAsAdmin(page);
  await page
    .getByPlaceholder(/search/i)
    .last()
    .fill(username);
  const row = page.getByRole('row').filter({ hasText: `@${username}` });
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/denies them access/i);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toastText(page, 'User has been rejected successfully.')).toBeVisible();
  await expect(row).toContainText(/rejected/i);
  await signOut(page);

  await signIn(page, username, 'Str0ng!pass');
  await expect(page.getByText('Your account has been rejected. Please contact support.')).toBeVisible();
});

test('registration shows the server refusals on the right field', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();

  await page.getByLabel('First Name').fill('Dup');
  await page.getByLabel('Last Name').fill('User');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Email').fill(`${uniqueName('dup')}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm Password').fill('Different1!');
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm Password').fill('Str0ng!pass');
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(
    page.getByText('This username is already taken. Please choose a different one.'),
  ).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
});
