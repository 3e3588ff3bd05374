import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, signInAsAdmin, toastText, uniqueName } from './support.ts';

async function openSettings(page: Page) {
  await page.goto('/admin/settings');
  await expect(page.getByTestId('settings-form')).toBeVisible();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toastText(page, 'Your settings have been saved.')).toBeVisible();
}

test('settings are saved on the server, survive a reload, and the SMTP password stays write-only', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  const company = `Acme ${uniqueName('')}`;
  await signInAsAdmin(page);
  await openSettings(page);
  const before = {
    company: await page.getByLabel('Company Name').inputValue(),
    port: await page.getByLabel('SMTP Port').inputValue(),
  };

  await page.getByLabel('SMTP Port').fill('not-a-port');
  await page.getByLabel('Company Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('SMTP port must be a whole number')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('SMTP Port')).toHaveValue(before.port);

  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Company Email').fill('helpdesk@acme.example');
  await choose(page, 'Default Timezone', 'PST (Pacific)');
  await choose(page, 'Default Language', 'German (de)');
  await page.getByRole('switch', { name: 'Push notifications' }).click();
  await page.getByLabel('SMTP Host').fill('smtp.acme.example');
  await page.getByLabel('SMTP Port').fill('2525');
  await page.getByLabel('SMTP Username').fill('mailer');
  await page.getByLabel('SMTP Password', { exact: true }).fill('m4il-s3cret');
  await save(page);
  await expect(page.getByLabel('SMTP Password', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('smtp-password-hint')).toHaveText(
    'A password is set. Leave empty to keep it.',
  );

  await page.reload();
  await expect(page.getByLabel('Company Name')).toHaveValue(company);
  await expect(page.getByLabel('Company Email')).toHaveValue('helpdesk@acme.example');
  await expect(page.getByLabel('Default Timezone', { exact: true })).toHaveText('PST (Pacific)');
  await expect(page.getByLabel('Default Language', { exact: true })).toHaveText('German (de)');
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toBeChecked();
  await expect(page.getByLabel('SMTP Port')).toHaveValue('2525');
  await expect(page.getByLabel('SMTP Password', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('smtp-password-hint')).toHaveText(
    'A password is set. Leave empty to keep it.',
  );
  await expect(page.getByTestId('settings-saved-at')).toContainText('Last saved');

  // The password is never sent back, not even to an admin.
  const stored = await page.request.get('/api/admin/settings');
  expect(await stored.text()).not.toContain('m4il-s3cret');

  // The desk's timezone now formats dates everywhere: the save time reads as Pacific time.
  const { updatedAt } = (await stored.json()) as { updatedAt: string };
  const pacificTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Los_Angeles',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(updatedAt));
  await expect(page.getByTestId('settings-saved-at')).toContainText(pacificTime);

  // Put everything back so the other specs run against the defaults.
  await page.getByLabel('Company Name').fill(before.company);
  await page.getByLabel('Company Email').fill('');
  await choose(page, 'Default Timezone', 'UTC');
  await choose(page, 'Default Language', 'English (en)');
  await page.getByRole('switch', { name: 'Push notifications' }).click();
  await page.getByLabel('SMTP Host').fill('');
  await page.getByLabel('SMTP Port').fill(before.port);
  await page.getByLabel('SMTP Username').fill('');
  await page.getByLabel('Remove the stored SMTP password').check();
  await expect(page.getByTestId('smtp-password-hint')).toHaveText(
    'The stored password will be removed when you save.',
  );
  await save(page);
  await page.reload();
  await expect(page.getByTestId('smtp-password-hint')).toHaveText('No password is set.');
  await expect(page.getByLabel('Default Timezone', { exact: true })).toHaveText('UTC');
  await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  await expect(
    page.getByRole('switch', { name: 'Require approval before closing tickets' }),
  ).not.toBeChecked();
  expect(errors).toEqual([]);
});
