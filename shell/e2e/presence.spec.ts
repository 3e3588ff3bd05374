import { type Browser, expect, type Page, request, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { DEMO, signIn, uniqueName } from './support.ts';

// Two seeded agents: Jordan Lee (`agent`) and Priya Patel.
const PRIYA = { username: 'priya.patel', password: 'Demo1234!' };
// A typing change waits up to a second on the client and may be coalesced into the next heartbeat.
const TYPING_DEADLINE_MS = 15_000;
// Leaving is announced at once; a few seconds cover the refetch.
const LEAVING_DEADLINE_MS = 5_000;

test.describe.configure({ timeout: 120_000 });

async function openAs(browser: Browser, who: { username: string; password: string }, ticketId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who.username, who.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/tickets/${ticketId}`);
  await expect(page.getByTestId('ticket-detail-page')).toBeVisible();
  return { context, page };
}

const presence = (page: Page) => page.getByTestId('presence-bar');

/** Writes a reply from the keyboard: focus the box, type, Tab past the internal-note switch to the button, Enter. */
async function sendReply(page: Page, text: string) {
  const box = page.getByLabel('Add a comment');
  await box.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeFocused();
  await page.keyboard.press('Enter');
}

test('two agents see each other on a ticket, who is writing, and are asked before crossing a reply', async ({
  browser,
}) => {
  const requester = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await requester.post('/api/auth/login', { data: DEMO.user })).ok()).toBe(true);
  const filed = await requester.post('/api/tickets', {
    data: { title: `Presence: VPN drops ${uniqueName('')}`, description: 'It drops every hour.' },
  });
  expect(filed.status()).toBe(201);
  const ticketId = ((await filed.json()) as { id: string }).id;

  const jordan = await openAs(browser, DEMO.agent, ticketId);
  const priya = await openAs(browser, PRIYA, ticketId);

  // Each sees the other (Jordan through the live event or his next heartbeat).
  await expect(presence(priya.page)).toContainText('Jordan Lee is viewing');
  await expect(presence(jordan.page)).toContainText('Priya Patel is viewing', { timeout: 12_000 });
  await expect(presence(priya.page)).toHaveAttribute('aria-live', 'polite');

  // Jordan writes: Priya sees it; Jordan sends it.
  const jordansReply = `Restarting the VPN gateway now ${uniqueName('')}`;
  await jordan.page.getByLabel('Add a comment').focus();
  await jordan.page.keyboard.type(jordansReply);
  await expect(presence(priya.page)).toContainText('Jordan Lee is writing a reply…', {
    timeout: TYPING_DEADLINE_MS,
  });
  await jordan.page.keyboard.press('Tab');
  await jordan.page.keyboard.press('Tab');
  await jordan.page.keyboard.press('Enter');
  await expect(jordan.page.getByTestId('ticket-comment').filter({ hasText: jordansReply })).toBeVisible();

  // Priya replies too: she is asked first, cancels (her draft stays), then sends anyway.
  const priyasReply = `Also check the client logs ${uniqueName('')}`;
  await sendReply(priya.page, priyasReply);
  const dialog = priya.page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    /Jordan Lee replied (a moment|\d+ seconds?) ago\. Send your reply anyway\?/,
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await priya.page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(priya.page.getByLabel('Add a comment')).toHaveValue(priyasReply);
  await expect(priya.page.getByTestId('ticket-comment').filter({ hasText: jordansReply })).toBeVisible();
  await expect(priya.page.getByTestId('ticket-comment').filter({ hasText: priyasReply })).toHaveCount(0);

  await priya.page.getByRole('button', { name: 'Add comment' }).focus();
  await priya.page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await priya.page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send anyway' })).toBeFocused();
  await priya.page.keyboard.press('Enter');
  await expect(priya.page.getByTestId('ticket-comment').filter({ hasText: priyasReply })).toBeVisible();
  await expect(jordan.page.getByTestId('ticket-comment').filter({ hasText: priyasReply })).toBeVisible();

  // An internal note goes without asking, though Priya replied since Jordan last sent.
  const note = `Gateway firmware is old ${uniqueName('')}`;
  await jordan.page.getByLabel('Add a comment').focus();
  await jordan.page.keyboard.type(note);
  await jordan.page.keyboard.press('Tab');
  await jordan.page.keyboard.press('Space');
  await jordan.page.keyboard.press('Tab');
  await jordan.page.keyboard.press('Enter');
  await expect(jordan.page.getByTestId('ticket-comment').filter({ hasText: note })).toHaveAttribute(
    'data-internal',
    'true',
  );
  await expect(jordan.page.getByRole('alertdialog')).toHaveCount(0);

  // Jordan leaves the ticket: Priya sees him gone within seconds.
  await jordan.page.goto('/tickets');
  await expect(priya.page.getByTestId('presence-viewer')).toHaveCount(0, { timeout: LEAVING_DEADLINE_MS });

  await jordan.context.close();
  await priya.context.close();
  await requester.dispose();
});
