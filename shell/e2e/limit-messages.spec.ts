import { WRITE_LIMIT_MESSAGES } from '@helpdesk/contracts';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, toastBehindDialog, toastText, uniqueName } from './support.ts';

// The stack runs with its limits raised (a spec acts faster than a person), so the refusals are
// the API's own answers played back by the browser: the screen is what is under test here.
async function refuseWith(page: Page, url: string, method: string, message: string, retryAfter: number) {
  await page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status: 429,
          headers: { 'Retry-After': String(retryAfter) },
          contentType: 'application/json',
          body: JSON.stringify({ code: 'TOO_MANY_REQUESTS', message }),
        })
      : route.fallback(),
  );
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page).toHaveURL(/\/$/);
});

test("filing a ticket over the limit shows the server's message, not a generic failure", async ({ page }) => {
  const message = WRITE_LIMIT_MESSAGES.tooManyTickets(120);
  await refuseWith(page, '**/api/tickets', 'POST', message, 120);
  await page.getByTestId('header-new-ticket').click();
  const dialog = page.getByTestId('create-ticket-dialog');
  await dialog.getByLabel('Subject').fill(`Printer jams ${uniqueName('')}`);
  await dialog.getByLabel('Description').fill('The second floor printer jams on every page.');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(toastBehindDialog(page, message)).toBeVisible();
  await expect(toastBehindDialog(page, message)).toContainText('Error');
  await expect(toastBehindDialog(page, 'Failed to create ticket')).toHaveCount(0);
  // Nothing was filed: the dialog stays open with what was typed, to send again later.
  await expect(dialog.getByLabel('Subject')).toHaveValue(/^Printer jams /);
});

test("commenting over the limit shows the server's message, not a generic failure", async ({ page }) => {
  const filed = await page.request.post('/api/tickets', {
    data: { title: `Monitor flickers ${uniqueName('')}`, description: 'The left monitor flickers.' },
  });
  expect(filed.status()).toBe(201);
  const ticketId = ((await filed.json()) as { id: string }).id;
  const message = WRITE_LIMIT_MESSAGES.tooManyComments(45);
  await refuseWith(page, `**/api/tickets/${ticketId}/comments`, 'POST', message, 45);
  await page.goto(`/tickets/${ticketId}`);
  const form = page.getByTestId('add-comment-form');
  await form.getByRole('textbox').fill('It happens after lunch too.');
  await form.getByRole('button', { name: /add comment/i }).click();
  await expect(toastText(page, message)).toBeVisible();
  await expect(toastText(page, 'Failed to add comment')).toHaveCount(0);
});
