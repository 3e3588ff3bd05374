import { expect, test } from '@playwright/test';
import { readCaughtMail, signInAsAdmin, toastText } from './support.ts';

const ADMIN_EMAIL = 'admin@example.com';

test('Settings shows how mail leaves; a test email goes through SMTP to the mail catcher', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const card = page.getByTestId('email-delivery');
  await expect(card.getByText('Email delivery', { exact: true })).toBeVisible();
  // The e2e stack gives the API SMTP_HOST (its mail catcher) and the demo settings name no server.
  await expect(card.getByTestId('smtp-status')).toContainText('Configured');
  await expect(card.getByTestId('smtp-status')).toContainText("from the server's SMTP_HOST environment");
  await expect(card.getByRole('button', { name: /Retry failed/ })).toBeDisabled();

  const before = (await readCaughtMail()).filter((m) => m.envelope.to.includes(ADMIN_EMAIL)).length;
  await card.getByRole('button', { name: 'Send test email' }).click();
  await expect(toastText(page, 'Test email queued')).toBeVisible();
  await expect
    .poll(async () => {
      const mine = (await readCaughtMail()).filter((m) => m.envelope.to.includes(ADMIN_EMAIL));
      return mine.length > before && mine[0]?.subject.endsWith('Test email');
    })
    .toBe(true);
  // The card follows the outbox: nothing left waiting once the worker has sent it.
  await page.reload();
  await expect(card.getByText('Every email has been delivered. Nothing is waiting.')).toBeVisible();
});
