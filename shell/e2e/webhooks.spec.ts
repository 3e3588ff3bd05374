import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi, collectPageErrors, signInAsAdmin, toastText, uniqueName } from './support.ts';

/**
 * Automation → Webhooks from the keyboard: an admin adds a webhook pointing at a receiver on this machine
 * (so private network addresses are allowed), a ticket is filed, its signed delivery shows as succeeded,
 * and Redeliver sends it again as a new delivery.
 */

type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  receiver.close();
});

async function pressEnterOn(page: Page, locator: Locator) {
  await locator.focus();
  await page.keyboard.press('Enter');
}

test('an admin adds a webhook by keyboard, a filed ticket is delivered, and Redeliver sends it again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const name = `Receiver ${uniqueName('')}`;
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await signInAsAdmin(page);
  await page.goto('/admin/automation');
  await pressEnterOn(page, page.getByRole('tab', { name: 'Webhooks' }));
  const tab = page.getByTestId('webhooks-tab');
  await expect(tab).toBeVisible();

  await pressEnterOn(page, tab.getByRole('button', { name: 'Add webhook' }));
  const dialog = page.getByTestId('webhook-form-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(url);
  // Ticket created is chosen by default; the receiver is on this machine.
  await expect(dialog.getByRole('checkbox', { name: /Ticket created/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Allow private network addresses' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Allow private network addresses' })).toBeChecked();
  await pressEnterOn(page, dialog.getByRole('button', { name: 'Save' }));

  const secretDialog = page.getByTestId('webhook-secret-dialog');
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog.getByRole('textbox')).toHaveValue(/^whsec_/);
  await pressEnterOn(page, secretDialog.getByRole('button', { name: 'Done' }));
  await expect(toastText(page, 'Webhook added')).toBeVisible();
  const row = tab.getByTestId('webhook-row').filter({ hasText: name });
  await expect(row).toBeVisible();

  const admin = await adminApi();
  const filed = await admin.post('/api/tickets', {
    data: { title: `Webhook e2e ${uniqueName('t')}`, description: 'Delivered to the receiver.' },
  });
  expect(filed.status()).toBe(201);
  await admin.dispose();

  await pressEnterOn(page, row.getByRole('button', { name: `Deliveries of ${name}` }));
  const deliveries = page.getByTestId('webhook-deliveries-dialog');
  await expect(deliveries).toBeVisible();
  const succeeded = deliveries.locator('[data-testid="webhook-delivery-row"][data-status="succeeded"]');
  await expect(async () => {
    await deliveries.getByRole('button', { name: 'Refresh' }).click();
    await expect(succeeded).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(succeeded.first()).toContainText('200');
  expect(received).toHaveLength(1);
  expect(received[0]?.headers['x-helpdesk-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

  await pressEnterOn(page, succeeded.first().getByRole('button', { name: /^Redeliver ticket\.created/ }));
  await expect(async () => {
    await deliveries.getByRole('button', { name: 'Refresh' }).click();
    await expect(succeeded).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(received).toHaveLength(2);
  expect(received[1]?.headers['x-helpdesk-delivery']).not.toBe(received[0]?.headers['x-helpdesk-delivery']);
  expect(errors).toEqual([]);

  // The specs after this one share the desk: the webhook goes.
  const cleanup = await adminApi();
  const list = (await (await cleanup.get('/api/admin/webhooks')).json()) as {
    webhooks: { id: string; name: string }[];
  };
  for (const webhook of list.webhooks.filter((each) => each.name === name)) {
    await cleanup.delete(`/api/admin/webhooks/${webhook.id}`);
  }
  await cleanup.dispose();
});
