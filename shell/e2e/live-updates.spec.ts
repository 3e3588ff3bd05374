import { type APIRequestContext, expect, type Page, type Request, request, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import {
  DEMO,
  type SavedSettings as Settings,
  saveSwitches,
  signIn,
  toastText,
  uniqueName,
} from './support.ts';

// Push has to beat this, with nothing polling: a refetch on an interval could not.
const PUSH_DEADLINE_MS = 1000;

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** Requests the page makes to one API path, as they happen. */
function countRequests(page: Page, path: string) {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === path) seen.push(req);
  });
  return seen;
}

test.describe.configure({ timeout: 90_000 });

let admin: APIRequestContext;
let before: Settings;

test.beforeAll(async () => {
  admin = await request.newContext({ baseURL: E2E.baseUrl });
  const login = await admin.post('/api/auth/admin/login', { data: DEMO.admin });
  expect(login.ok()).toBe(true);
  // Auto assignment would add its own notification to the agent's bell at an unknown moment. Push
  // notifications stay off: live refresh never depends on them (they are desktop notifications).
  before = await saveSwitches(admin, { pushNotifications: false, autoAssignment: false });
});

test.afterAll(async () => {
  await saveSwitches(admin, {
    pushNotifications: before.pushNotifications,
    autoAssignment: before.autoAssignment,
  });
  await admin.dispose();
});

test('an agent’s bell and open ticket page update within a second of the requester’s actions, across two API processes', async ({
  browser,
}) => {
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const countCalls = countRequests(agent, '/api/notifications/count');
  const streams = countRequests(agent, '/api/events');
  await signIn(agent, DEMO.agent.username, DEMO.agent.password);
  await expect(agent).toHaveURL(/\/$/);
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  await expect(agent.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  // Settled: nothing asks for the count again by itself.
  await agent.waitForTimeout(2500);
  const unreadBefore = await badgeCount(agent);
  const callsBefore = countCalls.length;
  await agent.waitForTimeout(1500);
  expect(countCalls.length).toBe(callsBefore);

  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signIn(user, DEMO.user.username, DEMO.user.password);
  await expect(user).toHaveURL(/\/$/);
  const title = `Live: monitor flickers ${uniqueName('')}`;
  await user.getByTestId('header-new-ticket').click();
  const dialog = user.getByTestId('create-ticket-dialog');
  await dialog.getByLabel('Subject').fill(title);
  await dialog.getByLabel('Description').fill('The second monitor flickers every few seconds.');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(toastText(user, 'Ticket created successfully')).toBeVisible();
  await expect(user).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketId = user.url().split('/').pop() ?? '';
  const ticketNumber = ((await user.getByTestId('ticket-heading').textContent()) ?? '').replace(
    'Ticket ',
    '',
  );

  // The agent's badge goes up by one without a reload or a poll: the change was pushed.
  await expect(agent.getByTestId('notification-badge')).toHaveText(String(unreadBefore + 1), {
    timeout: PUSH_DEADLINE_MS,
  });
  expect(countCalls.length).toBe(callsBefore + 1);
  await agent.getByRole('button', { name: /^Notifications/ }).click();
  await expect(agent.getByTestId('notification-list')).toContainText(`New ticket ${ticketNumber}`);

  // With the list open, the next notification shows in it at once too: the admin assigns the ticket to the agent.
  const agentId = ((await (await agent.request.get('/api/auth/me')).json()) as { user: { id: string } }).user
    .id;
  const assigned = await admin.patch(`/api/tickets/${ticketId}`, { data: { assigneeId: agentId } });
  expect(assigned.ok()).toBe(true);
  await expect(agent.getByTestId('notification-list')).toContainText(`${ticketNumber} assigned to you`, {
    timeout: PUSH_DEADLINE_MS,
  });
  await expect(agent.getByTestId('notification-badge')).toHaveText(String(unreadBefore + 2), {
    timeout: PUSH_DEADLINE_MS,
  });
  await agent.keyboard.press('Escape');

  // The agent opens the ticket; the requester comments through each API process in turn (the
  // agent's stream lives on one of them), and the open page shows each comment without a reload.
  await agent.goto(`/tickets/${ticketId}`);
  await expect(agent.getByTestId('ticket-title')).toHaveText(title);
  for (const port of [E2E.ports.api, E2E.ports.api2]) {
    const text = `Still flickering (sent to API port ${port}) ${uniqueName('')}`;
    const comment = await user.request.post(`http://127.0.0.1:${port}/api/tickets/${ticketId}/comments`, {
      data: { content: text },
    });
    expect(comment.status()).toBe(201);
    await expect(agent.getByTestId('ticket-comment').filter({ hasText: text })).toBeVisible({
      timeout: PUSH_DEADLINE_MS,
    });
  }
  // One stream per page load, never a reconnect storm.
  expect(streams.filter((req) => req.resourceType() === 'eventsource').length).toBeLessThanOrEqual(2);

  await userContext.close();
  await agentContext.close();
});

test('the push switch going off leaves the stream open; with it on and permission granted an assignment becomes a desktop notification', async ({
  browser,
}) => {
  const agentContext = await browser.newContext();
  await agentContext.grantPermissions(['notifications']);
  // A spy in place of the browser's Notification: what the page asked the system to show.
  await agentContext.addInitScript(() => {
    const shown: { title: string; body: string | undefined }[] = [];
    Object.assign(window, { shownNotifications: shown });
    class SpyNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: SpyNotification, configurable: true });
  });
  const agent = await agentContext.newPage();
  const streams = countRequests(agent, '/api/events');
  await saveSwitches(admin, { pushNotifications: true });
  await signIn(agent, DEMO.agent.username, DEMO.agent.password);
  await expect(agent).toHaveURL(/\/$/);
  await expect.poll(() => streams.length).toBe(1);
  // The bell has loaded what was already there: only what arrives from now on pops up.
  await agent.waitForTimeout(1500);

  const created = await admin.post('/api/tickets', {
    data: { title: `Desktop ${uniqueName('')}`, description: 'Assigned while the desk is open.' },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string; ticketNumber: string };
  const agentId = ((await (await agent.request.get('/api/auth/me')).json()) as { user: { id: string } }).user
    .id;
  expect((await admin.patch(`/api/tickets/${ticket.id}`, { data: { assigneeId: agentId } })).ok()).toBe(true);
  const shownTitles = () =>
    agent.evaluate(() =>
      (window as unknown as { shownNotifications: { title: string }[] }).shownNotifications.map(
        (n) => n.title,
      ),
    );
  await expect.poll(shownTitles).toContain(`${ticket.ticketNumber} assigned to you`);
  // A new ticket is on the bell but not a desktop notification.
  expect((await shownTitles()).some((title) => title.startsWith('New ticket'))).toBe(false);

  // Off again: the stream stays open past a heartbeat (25 s; no reconnect, no probe) and still carries changes.
  await saveSwitches(admin, { pushNotifications: false });
  await agent.waitForTimeout(30_000);
  expect(streams).toHaveLength(1);
  const countCalls = countRequests(agent, '/api/notifications/count');
  const reassigned = await admin.patch(`/api/tickets/${ticket.id}`, { data: { assigneeId: null } });
  expect(reassigned.ok()).toBe(true);
  const again = await admin.patch(`/api/tickets/${ticket.id}`, { data: { assigneeId: agentId } });
  expect(again.ok()).toBe(true);
  await expect.poll(() => countCalls.length, { timeout: PUSH_DEADLINE_MS * 3 }).toBeGreaterThan(0);
  // With the switch off no desktop notification is shown for it.
  await agent.waitForTimeout(1500);
  expect((await shownTitles()).filter((title) => title.endsWith('assigned to you'))).toHaveLength(1);
  await agentContext.close();
});

test('an end user opens no stream (they have no bell)', async ({ page }) => {
  const streams = countRequests(page, '/api/events');
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('My Tickets').first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(streams).toHaveLength(0);
});
