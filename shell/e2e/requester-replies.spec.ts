import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { DEMO, signIn, toastText, uniqueName } from './support.ts';

type Settings = Record<string, unknown> & { pushNotifications: boolean; autoAssignment: boolean };
type Ticket = { id: string; ticketNumber: string; title: string };

test.describe.configure({ timeout: 90_000 });

let admin: APIRequestContext;
let before: Settings;

/** Saves settings through the admin API; answers them as they were. */
async function saveSettings(changes: Partial<Settings>): Promise<Settings> {
  const current = await admin.get('/api/admin/settings');
  expect(current.ok()).toBe(true);
  const saved = (await current.json()) as Settings;
  const { smtpPasswordSet: _set, updatedAt: _at, ...form } = saved;
  expect((await admin.put('/api/admin/settings', { data: { ...form, ...changes } })).ok()).toBe(true);
  return saved;
}

test.beforeAll(async () => {
  admin = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await admin.post('/api/auth/admin/login', { data: DEMO.admin })).ok()).toBe(true);
  // Push brings the reply to the agent's bell; auto assignment would ring it too, at an unknown moment.
  before = await saveSettings({ pushNotifications: true, autoAssignment: false, reopenWindowDays: 7 });
});

test.afterAll(async () => {
  await saveSettings({
    pushNotifications: before.pushNotifications,
    autoAssignment: before.autoAssignment,
    reopenWindowDays: before.reopenWindowDays,
  });
  await admin.dispose();
});

/** The demo requester, signed in in a context of their own. */
async function requesterPage(browser: import('@playwright/test').Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** A ticket the requester files (through the API: the flows are about what follows). */
async function fileTicket(page: Page, subject: string): Promise<Ticket> {
  const title = `${subject} ${uniqueName('')}`;
  const response = await page.request.post('/api/tickets', {
    data: { title, description: 'Filed for the requester replies flow.', notifyRequester: false },
  });
  expect(response.status()).toBe(201);
  const { id, ticketNumber } = (await response.json()) as Ticket;
  return { id, ticketNumber, title };
}

/** Types a reply on the open ticket and sends it from the keyboard (Tab to "Add comment", Enter). */
async function replyFromKeyboard(page: Page, text: string) {
  const box = page.getByLabel('Add a comment');
  await box.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeFocused();
  await page.keyboard.press('Enter');
}

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

test("a requester's reply rings the assignee's bell, with the assignee's page open and no reload", async ({
  browser,
}) => {
  const user = await requesterPage(browser);
  const ticket = await fileTicket(user, 'Reply: scanner jams');

  const agent = await (await browser.newContext()).newPage();
  const streams: string[] = [];
  agent.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/events') streams.push(String(response.status()));
  });
  await signIn(agent, DEMO.agent.username, DEMO.agent.password);
  await expect(agent).toHaveURL(/\/$/);
  const me = (await (await agent.request.get('/api/auth/me')).json()) as { user: { id: string } };
  const assigned = await admin.patch(`/api/tickets/${ticket.id}`, { data: { assigneeId: me.user.id } });
  expect(assigned.ok()).toBe(true);
  await expect.poll(() => streams).toContain('200');
  await expect(agent.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  // Settled: the assignment's own notification has reached the bell.
  await expect.poll(() => badgeCount(agent)).toBeGreaterThan(0);
  await agent.waitForTimeout(1500);
  const unreadBefore = await badgeCount(agent);

  await user.goto(`/tickets/${ticket.id}`);
  await expect(user.getByTestId('ticket-title')).toHaveText(ticket.title);
  const text = `Still jamming on page two ${uniqueName('')}`;
  await replyFromKeyboard(user, text);
  await expect(toastText(user, 'Comment added successfully')).toBeVisible();

  await expect(agent.getByTestId('notification-badge')).toHaveText(String(unreadBefore + 1), {
    timeout: 5000,
  });
  await agent.getByRole('button', { name: /^Notifications/ }).click();
  await expect(agent.getByTestId('notification-list')).toContainText(`New reply on ${ticket.ticketNumber}`);
  await agent.keyboard.press('Escape');

  await user.context().close();
  await agent.context().close();
});

test('a reply reopens a resolved ticket; a reply to a closed one opens a linked follow-up', async ({
  browser,
}) => {
  const user = await requesterPage(browser);

  const resolved = await fileTicket(user, 'Reply: VPN drops');
  expect((await admin.patch(`/api/tickets/${resolved.id}`, { data: { status: 'resolved' } })).ok()).toBe(
    true,
  );
  await user.goto(`/tickets/${resolved.id}`);
  const summary = user.getByTestId('ticket-detail-page');
  await expect(summary.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await replyFromKeyboard(user, 'It dropped again this morning.');
  await expect(toastText(user, 'Comment added successfully')).toBeVisible();
  await expect(summary.getByText('In Progress', { exact: true }).first()).toBeVisible();
  await expect(summary.getByText('reopened the ticket with their reply')).toBeVisible();
  await expect(
    user.getByTestId('ticket-comment').filter({ hasText: 'It dropped again this morning.' }),
  ).toBeVisible();

  const closed = await fileTicket(user, 'Reply: badge reader');
  expect((await admin.patch(`/api/tickets/${closed.id}`, { data: { status: 'closed' } })).ok()).toBe(true);
  await user.goto(`/tickets/${closed.id}`);
  await expect(user.getByTestId('ticket-title')).toHaveText(closed.title);
  await replyFromKeyboard(user, 'The badge reader is dead again.');
  await expect(toastText(user, 'Reply sent as a new ticket')).toBeVisible();
  // The page goes to the follow-up: the old title prefixed, the reply as its description, linked back.
  await expect(user).not.toHaveURL(new RegExp(`/tickets/${closed.id}$`));
  await expect(user).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(user.getByTestId('ticket-title')).toHaveText(`Re: ${closed.title}`);
  await expect(user.getByTestId('ticket-description')).toHaveText('The badge reader is dead again.');
  const followUpNumber = ((await user.getByTestId('ticket-heading').textContent()) ?? '').replace(
    'Ticket ',
    '',
  );
  const back = user.getByTestId('follow-up-of').getByRole('link', { name: `#${closed.ticketNumber}` });
  await expect(back).toBeVisible();
  await back.focus();
  await user.keyboard.press('Enter');

  // The old ticket is as it was, and links forward.
  await expect(user).toHaveURL(new RegExp(`/tickets/${closed.id}$`));
  await expect(
    user.getByTestId('ticket-detail-page').getByText('Closed', { exact: true }).first(),
  ).toBeVisible();
  await expect(user.getByTestId('ticket-comment')).toHaveCount(0);
  await expect(
    user.getByTestId('followed-up-in').getByRole('link', { name: `#${followUpNumber}` }),
  ).toBeVisible();

  await user.context().close();
});
