import { expect, test } from '@playwright/test';
import { E2E } from '../../scripts/e2e-config.ts';
import { signInAsAdmin } from './support.ts';

test('a remote that cannot load shows a contained error, and Retry recovers', async ({ page }) => {
  await signInAsAdmin(page);
  let isAdminRemoteDown = true;
  await page.route(`http://127.0.0.1:${E2E.ports.mfAdmin}/**`, (route) =>
    isAdminRemoteDown ? route.abort('connectionrefused') : route.continue(),
  );
  await page.goto('/admin/users');
  await expect(page.getByText('This part of the help desk could not be loaded.')).toBeVisible();
  // The rest of the shell still works.
  await page.getByRole('link', { name: 'Knowledge Base' }).click();
  await expect(page).toHaveURL(/\/kb$/);
  await page.getByRole('link', { name: 'Users & Teams' }).click();
  await expect(page.getByText('This part of the help desk could not be loaded.')).toBeVisible();

  isAdminRemoteDown = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('tab', { name: /users/i })).toBeVisible();
});
