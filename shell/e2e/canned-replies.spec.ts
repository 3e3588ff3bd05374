import { expect, type Page, test } from '@playwright/test';
import { DEMO, readCaughtMail, signIn, toastBehindDialog, uniqueName } from './support.ts';

test.describe.configure({ timeout: 90_000 });

type Person = { firstName: string; lastName: string; email: string };
type Ticket = { id: string; ticketNumber: string };

async function me(page: Page): Promise<Person> {
  const response = await page.request.get('/api/auth/me');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { user?: Person } & Person;
  return body.user ?? body;
}

/** Presses Tab until the element is focused (the composer's controls vary a little with the role). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 8) {
  for (let step = 0; step < most; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

test('an agent writes a canned reply with placeholders and a status, then answers a ticket with it from the keyboard', async ({
  browser,
}) => {
  // The requester files a ticket (through the API: the flow is about answering it).
  const requester = await (await browser.newContext()).newPage();
  await signIn(requester, DEMO.user.username, DEMO.user.password);
  await expect(requester).toHaveURL(/\/$/);
  const requesterName = await me(requester);
  const filed = await requester.request.post('/api/tickets', {
    data: {
      title: `Canned: VPN drops ${uniqueName('')}`,
      description: 'It drops at noon.',
      notifyRequester: false,
    },
  });
  expect(filed.status()).toBe(201);
  const ticket = (await filed.json()) as Ticket;

  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO.agent.username, DEMO.agent.password);
  await expect(page).toHaveURL(/\/$/);
  const agentName = await me(page);
  await page.goto(`/tickets/${ticket.id}`);
  const box = page.getByLabel('Add a comment');
  await expect(box).toBeVisible();

  // Alt+R opens the list; from it, "Manage canned replies" opens the management dialog.
  await box.focus();
  await page.keyboard.press('Alt+KeyR');
  const picker = page.getByTestId('canned-reply-picker');
  await expect(picker).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter canned replies' })).toBeFocused();
  await tabTo(page, picker.getByRole('button', { name: 'Manage canned replies' }));
  await page.keyboard.press('Enter');
  const manage = page.getByTestId('manage-canned-replies');
  await expect(manage).toBeVisible();
  await tabTo(page, manage.getByRole('button', { name: 'New canned reply' }), 12);
  await page.keyboard.press('Enter');

  const title = `Resolved VPN ${uniqueName('')}`;
  await expect(manage.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await expect(manage.getByLabel('Reply text')).toBeFocused();
  await page.keyboard.type('Hi {{requester.first_name}}, ticket {{ticket.number}} is fixed. {{agent.name}}');
  await tabTo(page, manage.getByTestId('canned-reply-status'), 3);
  await page.keyboard.press('Enter');
  // The open list moves focus to the chosen option once it has placed itself; letters typed before
  // that land on the trigger, and the late focus would undo them. Type once the list holds focus.
  await expect(page.getByRole('option', { name: "Don't change" })).toBeFocused();
  await page.keyboard.type('Res');
  await expect(page.getByRole('option', { name: 'Resolved' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(manage.getByTestId('canned-reply-status')).toHaveText('Resolved');
  await tabTo(page, manage.getByRole('button', { name: 'Save' }), 3);
  await page.keyboard.press('Enter');
  await expect(toastBehindDialog(page, 'Canned reply saved')).toBeVisible();
  await expect(manage.getByTestId('canned-reply-row').filter({ hasText: title })).toContainText(
    'Sets Resolved',
  );
  await expect(manage.getByRole('button', { name: 'New canned reply' })).toBeFocused();
  // Escape closes the newest layer first: the toast, if it is still up, then the dialog.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(manage).toBeHidden({ timeout: 500 });
  }).toPass();

  // Back in the composer: Alt+R, a few letters of the title, Enter.
  await box.focus();
  await page.keyboard.type('Thanks for waiting. ');
  await page.keyboard.press('Alt+KeyR');
  await expect(page.getByRole('combobox', { name: 'Filter canned replies' })).toBeFocused();
  await page.keyboard.type(title.slice(-8));
  await expect(picker.getByTestId('canned-reply-option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(box).toBeFocused();
  const expected = `Thanks for waiting. Hi ${requesterName.firstName}, ticket ${ticket.ticketNumber} is fixed. ${agentName.firstName} ${agentName.lastName}`;
  await expect(box).toHaveValue(expected);
  await expect(page.getByTestId('canned-reply-status-note')).toHaveText(
    'Sending also sets the status to Resolved',
  );

  await tabTo(page, page.getByRole('button', { name: 'Add comment' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ticket-comment').filter({ hasText: expected })).toBeVisible();
  await expect(page.getByTestId('ticket-status-select')).toHaveText('Resolved');
  await expect(page.getByTestId('canned-reply-status-note')).toBeHidden();

  // The requester reads the filled-in reply on a resolved ticket.
  const seen = await requester.request.get(`/api/tickets/${ticket.id}`);
  const detail = (await seen.json()) as { status: string; comments: { content: string }[] };
  expect(detail.status).toBe('resolved');
  expect(detail.comments.map((comment) => comment.content)).toContain(expected);
  // The status went through the usual route: the requester gets the resolution mail as for any resolution.
  await expect
    .poll(async () =>
      (await readCaughtMail()).some(
        (mail) =>
          mail.envelope.to.includes(requesterName.email) &&
          mail.subject.includes(ticket.ticketNumber) &&
          mail.subject.endsWith('has been resolved'),
      ),
    )
    .toBe(true);
  await requester.context().close();
  await page.context().close();
});
