import { expect, type Page, test } from '@playwright/test';
import { type ImapServerProcess, startImapServerProcess } from './harness/imap-server-process.ts';
import { collectPageErrors, signInAsAdmin, toastText, uniqueName } from './support.ts';

/**
 * Settings → Mailboxes against a real Dovecot started for this spec: a form that refuses what is
 * missing, Test connection with a wrong and then the right password (the server's answer in words),
 * a saved mailbox whose password stays write-only and is reused by Test connection, an edit, the
 * desk's worker signing in to it, and the (empty) list of failed messages.
 */
const PASSWORD = 'pw-mailbox-e2e';
let imap: ImapServerProcess;

test.beforeAll(async () => {
  imap = await startImapServerProcess('support', PASSWORD);
});
test.afterAll(async () => {
  await imap?.stop();
});

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin adds a mailbox, tests its connection in words, and edits it with the password kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const name = `Support ${uniqueName('')}`;
  const address = `${uniqueName('support')}@desk.example.com`.toLowerCase();
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const card = page.getByTestId('mailboxes');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('failed-messages')).toContainText('No failed or held messages.');

  await card.getByRole('button', { name: 'Add mailbox' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('mailbox-form-dialog');
  await expect(dialog).toBeVisible();

  // Nothing filled in: the form says what is missing, field by field.
  await dialog.getByRole('button', { name: 'Create Mailbox' }).click();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog.getByText('Server is required for an IMAP mailbox')).toBeVisible();

  await dialog.getByLabel('Name *', { exact: true }).fill(name);
  await dialog.getByLabel('Support address *', { exact: true }).fill(address);
  await dialog.getByLabel('Server *', { exact: true }).fill(imap.host);
  await dialog.getByLabel('Port *', { exact: true }).fill(String(imap.port));
  await choose(page, 'Security', 'None (trusted network only)');
  await dialog.getByLabel('User name *', { exact: true }).fill('support');
  await dialog.getByLabel('Password *', { exact: true }).fill('wrong-password');

  await dialog.getByRole('button', { name: 'Test connection' }).focus();
  await page.keyboard.press('Enter');
  const result = dialog.getByTestId('mailbox-test-result');
  await expect(result).toContainText('Connection failed');
  await expect(result).toContainText('The server refused the user name or password.');

  await dialog.getByLabel('Password *', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText('Connection works');
  await expect(result).toContainText('opened the folder "INBOX"');

  await dialog.getByLabel('Password *', { exact: true }).press('Enter');
  await expect(toastText(page, `Mail to ${address} will become tickets.`)).toBeVisible();
  const row = card.getByTestId('mailbox-row').filter({ hasText: name });
  await expect(row).toBeVisible();

  // The password never comes back; editing leaves it empty, and Test connection reuses the saved one.
  const listed = await page.request.get('/api/admin/mailboxes');
  expect(await listed.text()).not.toContain(PASSWORD);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute(
    'placeholder',
    'Saved. Leave empty to keep it.',
  );
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByTestId('mailbox-test-result')).toContainText('Connection works');
  await dialog.getByLabel('Name *', { exact: true }).fill(`${name} (edited)`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastText(page, 'Mailbox saved')).toBeVisible();
  await expect(card.getByTestId('mailbox-row').filter({ hasText: `${name} (edited)` })).toBeVisible();

  // The desk's worker signs in to the new mailbox on its own; the list shows when it last looked.
  await expect
    .poll(
      async () => {
        const { mailboxes } = (await (await page.request.get('/api/admin/mailboxes')).json()) as {
          mailboxes: { address: string; lastCheckedAt: string | null }[];
        };
        return mailboxes.find((mailbox) => mailbox.address === address)?.lastCheckedAt ?? null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  await page.reload();
  const edited = page.getByTestId('mailbox-row').filter({ hasText: `${name} (edited)` });
  await expect(edited.getByText('Connected', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
