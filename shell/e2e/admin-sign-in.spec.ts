import { expect, test } from '@playwright/test';
import { DEMO, signIn, signInAsAdmin, toastText } from './support.ts';

const DENIED = 'Access denied. Please verify your administrator credentials.';

test('admin sign-in refuses wrong passwords and non-admins alike', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByText(/logged and audited/i)).toBeVisible();
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText(DENIED)).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();

  await page.getByLabel('Username').fill(DEMO.agent.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText(DENIED)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the admin lands on Users & Teams and is sent there from /admin again', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(toastText(page, 'Welcome back, Administrator!')).toBeVisible();
  await expect(page.getByRole('tab', { name: /users/i })).toBeVisible();
  await expect(page.getByText(/pending/i).first()).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('link', { name: 'All Tickets' })).toBeVisible();
  await expect(page.getByText('Administration')).toBeVisible();
});

test('a signed-in agent visiting /admin goes to the dashboard', async ({ page }) => {
  await signIn(page, DEMO.agent.username, DEMO.agent.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});
