import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  request,
  test,
} from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { type CaughtSummary, caughtMail, mailClient } from './harness/mail-client.ts';
import { DEMO, signIn, signInAsAdmin, toastText, uniqueName } from './support.ts';

// Tickets by email through the whole stack: the requester's mail client APPENDs into the stack's Dovecot,
// the desk fetches (IDLE) and takes the mail in, and what it sends back is read from the mail catcher.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const REQUESTER = { name: 'Demo User', address: 'user@example.com' };
// Mail takes a fetch and a worker round to become a ticket: far more than a click, far less than this.
const MAIL_TIMEOUT = { timeout: 30_000 };

let admin: APIRequestContext;

type Ticket = { id: string; ticketNumber: string; title: string };

/** The tickets whose words match `q`, as `caller` may see them. */
async function ticketsMatching(caller: APIRequestContext, q: string): Promise<Ticket[]> {
  const response = await caller.get(`/api/tickets?q=${encodeURIComponent(q)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { tickets: Ticket[] }).tickets;
}

/** Mail the catcher holds whose subject or text carries `marker`. */
async function mailAbout(marker: string): Promise<CaughtSummary[]> {
  return (await caughtMail()).filter((m) => m.subject.includes(marker) || m.text.includes(marker));
}

/** Mail the catcher holds for `address`, caught after message `afterSeq`. */
async function mailTo(address: string, afterSeq: number): Promise<CaughtSummary[]> {
  return (await caughtMail()).filter((m) => m.seq > afterSeq && m.envelope.to.includes(address));
}

async function signedInPage(browser: Browser, credentials: { username: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, credentials.username, credentials.password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** Presses a control from the keyboard: focus, then Enter (buttons, select triggers). */
async function press(control: Locator, key = 'Enter') {
  await control.focus();
  await control.press(key);
}

/** Opens a select of the open dialog from the keyboard and picks one of its options. */
async function choose(page: Page, label: string, option: string) {
  await press(page.getByRole('dialog').getByLabel(label, { exact: true }));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/**
 * Types a public reply on the open ticket and sends it from the keyboard: Tab past the agent's
 * "Internal note" box (left unticked) to "Add comment", Enter.
 */
async function replyFromKeyboard(page: Page, text: string) {
  await page.getByLabel('Add a comment').focus();
  await page.keyboard.type(text);
  const send = page.getByRole('button', { name: 'Add comment' });
  await expect(async () => {
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused({ timeout: 200 });
  }).toPass({ timeout: 5000 });
  await expect(page.getByLabel('Internal note')).not.toBeChecked();
  await page.keyboard.press('Enter');
  await expect(toastText(page, 'Comment added successfully')).toBeVisible();
}

test.beforeAll(async () => {
  admin = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await admin.post('/api/auth/admin/login', { data: DEMO.admin })).ok()).toBe(true);
});

test.afterAll(async () => {
  await admin.dispose();
});

test('an admin adds the support mailbox in Settings, from the keyboard; the connection test passes', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  await press(page.getByRole('button', { name: 'Add mailbox' }));
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name *', { exact: true }).fill('Support');
  await dialog.getByLabel('Support address *', { exact: true }).fill(E2E.supportMailbox.address);
  await dialog.getByLabel('Server *', { exact: true }).fill('127.0.0.1');
  await dialog.getByLabel('Port *', { exact: true }).fill(String(E2E.ports.imap));
  await choose(page, 'Security', 'None (trusted network only)');
  await dialog.getByLabel('User name *', { exact: true }).fill(E2E.supportMailbox.user);
  await dialog.getByLabel('Password *', { exact: true }).fill(E2E.supportMailbox.password);
  await choose(page, 'Mail from unknown senders', 'Refuse politely');
  await press(dialog.getByRole('button', { name: 'Test connection' }));
  await expect(dialog.getByTestId('mailbox-test-result')).toContainText('Connection works', MAIL_TIMEOUT);
  await press(dialog.getByRole('button', { name: 'Create Mailbox' }));
  await expect(toastText(page, 'Mailbox created')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: E2E.supportMailbox.address })).toBeVisible();
});

test("a requester's mail with a file becomes their ticket; the agent's reply goes out by mail and the answer to it is a public comment on the same ticket", async ({
  browser,
}) => {
  const marker = uniqueName('scanner');
  const subject = `Scanner on floor 3 is offline ${marker}`;
  const client = mailClient(`${REQUESTER.name} <${REQUESTER.address}>`);
  await client.send({
    subject,
    text: 'Hello,\nthe scanner on floor 3 shows "offline" since this morning.\nThe log is attached.\n',
    attachments: [{ filename: 'scanner-log.txt', contentType: 'text/plain', content: 'E42 network down' }],
  });

  // The requester finds it in their list, with the file.
  const user = await signedInPage(browser, DEMO.user);
  await expect(async () => {
    await user.goto('/tickets');
    await expect(user.getByTestId('ticket-row').filter({ hasText: marker })).toBeVisible({ timeout: 1000 });
  }).toPass(MAIL_TIMEOUT);
  await user.getByTestId('ticket-row').filter({ hasText: marker }).click();
  await expect(user.getByTestId('ticket-title')).toHaveText(subject);
  await expect(user.getByTestId('ticket-attachment').filter({ hasText: 'scanner-log.txt' })).toBeVisible();
  const ticketUrl = user.url();

  // The agent sees the same ticket and file, and answers in the desk.
  const agent = await signedInPage(browser, DEMO.agent);
  await agent.goto('/tickets');
  await agent.getByTestId('ticket-row').filter({ hasText: marker }).click();
  await expect(agent.getByTestId('ticket-title')).toHaveText(subject);
  await expect(agent.getByTestId('ticket-attachment').filter({ hasText: 'scanner-log.txt' })).toBeVisible();
  const answer = `Please switch it off and on again (${uniqueName('')})`;
  await replyFromKeyboard(agent, answer);

  // The desk mails the reply to the requester; their mail client answers it.
  await expect
    .poll(
      async () => (await mailAbout(answer)).filter((m) => m.envelope.to.includes(REQUESTER.address)).length,
      MAIL_TIMEOUT,
    )
    .toBe(1);
  const [deskMail] = await mailAbout(answer);
  if (!deskMail) throw new Error('no desk mail');
  const thanks = `Switched it off and on, it works again ${uniqueName('')}`;
  await client.reply(deskMail, thanks);

  // The answer is a public comment on the same ticket: the requester sees it on their page, quote trimmed.
  await expect(async () => {
    await user.goto(ticketUrl);
    await expect(user.getByTestId('ticket-comment').filter({ hasText: thanks })).toBeVisible({
      timeout: 1000,
    });
  }).toPass(MAIL_TIMEOUT);
  const comment = user.getByTestId('ticket-comment').filter({ hasText: thanks });
  await expect(comment).not.toContainText('wrote:');
  await agent.goto(ticketUrl);
  await expect(agent.getByTestId('ticket-comment').filter({ hasText: thanks })).not.toHaveAttribute(
    'data-internal',
    'true',
  );
  // No second ticket came of the answer.
  expect(await ticketsMatching(admin, marker)).toHaveLength(1);

  await user.context().close();
  await agent.context().close();
});

test("a requester's auto-responder creates nothing and gets no answer; a stranger's mail is politely refused", async () => {
  const autoMarker = uniqueName('vacation');
  const strangerMarker = uniqueName('stranger');
  const stranger = 'someone@elsewhere.test';
  const after = Math.max(0, ...(await caughtMail()).map((m) => m.seq));
  // The out-of-office goes first: once the stranger's refusal is out, the desk has read it too.
  await mailClient(`${REQUESTER.name} <${REQUESTER.address}>`).send({
    subject: `Automatic reply: I am away ${autoMarker}`,
    text: 'I am out of the office until Monday.',
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  });
  await mailClient(`Some One <${stranger}>`).send({
    subject: `Please help with my invoice ${strangerMarker}`,
    text: 'I have no account with you.',
  });

  // The mailbox refuses unknown senders: one polite answer, no ticket.
  await expect.poll(async () => (await mailTo(stranger, after)).length, MAIL_TIMEOUT).toBeGreaterThan(0);
  const answers = await mailTo(stranger, after);
  expect(answers).toHaveLength(1);
  expect(answers[0]?.subject).toContain('Your email was not accepted');
  expect(answers[0]?.text).toContain('Sign up');
  expect(await ticketsMatching(admin, strangerMarker)).toEqual([]);

  // The requester's out-of-office: no ticket, and nothing went back to them.
  expect(await ticketsMatching(admin, autoMarker)).toEqual([]);
  expect(await mailTo(REQUESTER.address, after)).toEqual([]);
});

/** The support mailbox's id, and a way to change who may write to it (through the admin API). */
async function supportMailbox() {
  const list = await admin.get('/api/admin/mailboxes');
  expect(list.ok()).toBe(true);
  const { mailboxes } = (await list.json()) as { mailboxes: { id: string; address: string }[] };
  const support = mailboxes.find((m) => m.address === E2E.supportMailbox.address);
  if (!support) throw new Error('the support mailbox is missing');
  return async (data: { unknownSenders: string; allowedDomains?: string[] }) => {
    expect((await admin.patch(`/api/admin/mailboxes/${support.id}`, { data })).ok()).toBe(true);
  };
}

test("with 'create a requester account', a stranger's mail opens an account and a ticket, and they are invited", async () => {
  const change = await supportMailbox();
  await change({ unknownSenders: 'create_account' });
  try {
    const marker = uniqueName('newcomer');
    const newcomer = `${marker}@elsewhere.test`;
    const after = Math.max(0, ...(await caughtMail()).map((m) => m.seq));
    await mailClient(`New Comer <${newcomer}>`).send({
      subject: `My laptop will not start ${marker}`,
      text: 'It beeps three times.',
    });
    await expect.poll(async () => (await ticketsMatching(admin, marker)).length, MAIL_TIMEOUT).toBe(1);
    await expect.poll(async () => (await mailTo(newcomer, after)).length, MAIL_TIMEOUT).toBeGreaterThan(0);
  } finally {
    await change({ unknownSenders: 'refuse' });
  }
});

test('with allowed domains, a stranger from a listed domain gets a ticket and one from elsewhere the refusal', async () => {
  const change = await supportMailbox();
  await change({ unknownSenders: 'allowed_domains', allowedDomains: ['partner.test'] });
  try {
    const marker = uniqueName('domains');
    const partner = `${marker}@partner.test`;
    const outsider = `${marker}@outside.test`;
    const after = Math.max(0, ...(await caughtMail()).map((m) => m.seq));
    // The outsider writes first: once the partner's ticket exists, the desk has read both.
    await mailClient(outsider).send({ subject: `Outsider asks ${marker}`, text: 'Can you help?' });
    await mailClient(partner).send({ subject: `Partner asks ${marker}`, text: 'Can you help?' });
    await expect
      .poll(async () => (await ticketsMatching(admin, marker)).map((t) => t.title), MAIL_TIMEOUT)
      .toEqual([`Partner asks ${marker}`]);
    await expect
      .poll(async () => (await mailTo(outsider, after)).map((m) => m.subject), MAIL_TIMEOUT)
      .toEqual([expect.stringContaining('Your email was not accepted')]);
  } finally {
    await change({ unknownSenders: 'refuse', allowedDomains: [] });
  }
});
