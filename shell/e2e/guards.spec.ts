import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

test('signed-out visitors are sent to the right sign-in page', async ({ page }) => {
  // Each carries the page asked for, so signing in returns there; the default targets stay bare.
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftickets$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\?redirect=%2Fadmin%2Fsettings$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin$/);
});

test('an end user is shown the access-denied alert on admin pages', async ({ page }) => {
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page).toHaveURL(/\/$/);
  for (const path of [
    '/admin/users',
    '/admin/settings',
    '/admin/reports',
    '/admin/service-levels',
    '/admin/automation',
  ]) {
    await page.goto(path);
    await expect(
      page.getByText(
        "Access denied. You don't have permission to view this page. This page requires admin access.",
      ),
    ).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Knowledge Base' })).toBeVisible();
});

test('a signed-in user is sent away from /login and /register', async ({ page }) => {
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
});

test('wrong credentials say so, focus the username and clear on edit', async ({ page }) => {
  await signIn(page, DEMO.user.username, 'not-the-password');
  const message = page.getByText('Invalid username or password.');
  await expect(message).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill('x');
  await expect(message).toHaveCount(0);
});

test('unknown routes show the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
