import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import {
  startTrialDesk,
  stopTrialDesk,
  TRIAL_ADMIN,
  type TrialDesk,
  waitForLine,
} from './harness/trial-desk.ts';
import { readCaughtMail } from './support.ts';

/**
 * The first-day checklist on a desk nobody has set up: the e2e stack's desk is full of demo data, so
 * this flow starts an empty one (`bun run start` without DATABASE_URL) whose mail goes to the e2e
 * stack's mail catcher.
 */
const FIRST_PORT = E2E.ports.shell + 311;
let desk: TrialDesk;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-checklist-'));
  desk = startTrialDesk(dataDir, FIRST_PORT, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(E2E.ports.mailCatcherSmtp),
  });
  await waitForLine(desk, /helpdesk running at/, 90_000);
});

test.afterAll(async () => {
  await stopTrialDesk(desk);
  rmSync(dataDir, { recursive: true, force: true });
});

const item = (page: Page, label: string) =>
  page.getByTestId('onboarding-item').filter({ has: page.getByRole('link', { name: new RegExp(label) }) });

test('an item ticks once it is done, and Dismiss (after a confirmation) hides the list for good', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${desk.url}/admin`);
  await page.getByLabel('Username').fill(TRIAL_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(TRIAL_ADMIN.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.goto(`${desk.url}/dashboard`);

  const checklist = page.getByTestId('onboarding-checklist');
  await expect(checklist.getByText('First-day checklist')).toBeVisible();
  await expect(page.getByTestId('onboarding-item')).toHaveCount(6);
  await expect(page.locator('[data-testid="onboarding-item"][data-done="true"]')).toHaveCount(0);
  await expect(checklist.getByText('0 of 6 done')).toBeVisible();

  // Dismiss asks first; keeping it changes nothing.
  await checklist.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toContainText('Dismiss the checklist?');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(checklist).toBeVisible();

  // Each item leads to its screen: "Mail server" to Settings, where a test mail goes out.
  await item(page, 'Mail server').getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const testMail = page.getByTestId('test-mail');
  await testMail.getByLabel('Send to').focus();
  await page.keyboard.press('Tab');
  await expect(testMail.getByRole('button', { name: 'Send test mail' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(testMail.getByText(`Test mail sent to ${TRIAL_ADMIN.email}`)).toBeVisible();
  await expect
    .poll(async () => (await readCaughtMail()).some((mail) => mail.envelope.to.includes(TRIAL_ADMIN.email)))
    .toBe(true);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(item(page, 'Mail server')).toHaveAttribute('data-done', 'true');
  await expect(item(page, 'A team')).toHaveAttribute('data-done', 'false');
  await expect(checklist.getByText('1 of 6 done')).toBeVisible();

  await checklist.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Ticket metrics' })).toBeVisible();
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0);
});
