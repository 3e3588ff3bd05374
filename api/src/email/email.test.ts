import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  API_PATHS,
  adminUserStatusPath,
  EMAIL_MESSAGES,
  EMAIL_OUTBOX_LIMITS,
  SERVER_MESSAGES,
  ticketCommentsPath,
  ticketPath,
  ZEmailOutboxStatus,
} from '@helpdesk/contracts';
import type { SmtpCatcher } from '../../scripts/smtp-catcher.ts';
import {
  createUser,
  errorOf,
  signedIn,
  sql,
  TestClient,
  testConfig,
  uniqueName,
} from '../../test/helpers.ts';
import { runPasswordResetJobs } from '../../test/password-reset-jobs.ts';
import { ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';
import {
  configWithSmtp,
  deliverAll,
  fastTask,
  outboxFor,
  resetSettings,
  startCatcher,
  useSettings,
  workerContext,
} from './email-test-kit.ts';
import { REDACTED_BODY } from './queries.ts';
import { closeTransport } from './transport.ts';

let catcher: SmtpCatcher;
const context = () => workerContext(configWithSmtp(null));

/** Runs the delivery task until the outbox is drained, then answers what arrived for an address (oldest first). */
async function mailTo(email: string) {
  await deliverAll(fastTask(), context());
  return catcher
    .messages()
    .filter((m) => m.envelope.to.some((to) => to.toLowerCase() === email.toLowerCase()))
    .reverse();
}

beforeAll(async () => {
  await ensureSlaPolicies();
  catcher = await startCatcher();
});

beforeEach(async () => {
  // Mail leaves through the saved settings' server: the catcher.
  await useSettings({ smtpHost: '127.0.0.1', smtpPort: catcher.port });
});

afterAll(async () => {
  closeTransport();
  await catcher.close();
  await resetSettings();
});

describe('account emails', () => {
  test('registration: the confirmation link arrives; once confirmed, approval sends the sign-in link', async () => {
    const username = uniqueName('reg');
    const email = `${username}@example.test`;
    const registered = await new TestClient().post(API_PATHS.authRegister, {
      username,
      email,
      password: 'Register1!',
      firstName: 'Robin',
      lastName: 'Reg',
    });
    expect(registered.status).toBe(201);
    const [received] = await mailTo(email);
    expect(received?.subject).toBe('[Acme Support] Confirm your email address');
    // Nothing the registrant typed: the address is not theirs until they follow the link.
    expect(received?.text).toContain('Hello there,');
    expect(received?.text).not.toContain('Robin');
    expect(received?.text).not.toContain(username);
    expect(received?.from).toBe('"Acme Support" <support@acme.test>');
    const token = received?.text.match(/verify-email\?token=([\w-]+)/)?.[1];
    expect((await new TestClient().post(API_PATHS.authVerifyEmail, { token })).status).toBe(200);

    const { client: admin } = await signedIn('admin');
    const userId = (registered.body as { user: { id: string } }).user.id;
    expect((await admin.patch(adminUserStatusPath(userId), { status: 'active' })).status).toBe(200);
    const approved = (await mailTo(email)).filter((m) => m.subject.includes('approved'));
    expect(approved).toHaveLength(1);
    expect(approved[0]?.subject).toBe('[Acme Support] Your account has been approved');
    expect(approved[0]?.text).toContain(`Sign in: ${testConfig.appBaseUrl}/login`);
    expect(approved[0]?.html).toContain(`href="${testConfig.appBaseUrl}/login"`);
    expect((await outboxFor(email)).map((row) => row.dedupeKey)).toEqual([
      expect.stringMatching(/^email_verification:/),
      `user.approved:${userId}`,
    ]);
  });

  test('a rejection is told by email; a refused status change sends nothing', async () => {
    const pending = await createUser({ status: 'pending' });
    const { client: admin } = await signedIn('admin');
    expect((await admin.patch(adminUserStatusPath(pending.id), { status: 'rejected' })).status).toBe(200);
    // Rejected is final: a second change is 409 and must not queue another message.
    expect((await admin.patch(adminUserStatusPath(pending.id), { status: 'active' })).status).toBe(409);
    const mails = await mailTo(pending.email);
    expect(mails.map((m) => m.subject)).toEqual(['[Acme Support] Your registration was not approved']);
  });

  test('the admin reset link arrives by email and then works', async () => {
    const admin = await createUser({ role: 'admin' });
    const response = await new TestClient().post(API_PATHS.authAdminForgotPassword, { email: admin.email });
    expect(response.status).toBe(200);
    await runPasswordResetJobs();
    const [mail] = await mailTo(admin.email);
    const link = mail?.text.match(/https?:\/\/\S+\/admin\/reset-password\?token=\S+/)?.[0];
    expect(link?.startsWith(`${testConfig.appBaseUrl}/admin/reset-password?token=`)).toBe(true);
    const token = new URL(link ?? '').searchParams.get('token');
    // Delivered, the outbox no longer holds the live link.
    const [row] = await outboxFor(admin.email);
    expect(row).toMatchObject({ status: 'sent', textBody: REDACTED_BODY, htmlBody: REDACTED_BODY });
    expect(JSON.stringify(row)).not.toContain(token ?? 'no token');
    const reset = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token,
      password: 'Mailed-Reset1!',
      confirmPassword: 'Mailed-Reset1!',
    });
    expect(reset.status).toBe(200);
    const signIn = await new TestClient().post(API_PATHS.authAdminLogin, {
      username: admin.username,
      password: 'Mailed-Reset1!',
    });
    expect(signIn.status).toBe(200);
  });

  test('a reset for an unknown address queues nothing and answers the same', async () => {
    const email = `${uniqueName('nobody')}@example.test`;
    const response = await new TestClient().post(API_PATHS.authAdminForgotPassword, { email });
    expect(response.body).toEqual({ message: SERVER_MESSAGES.resetRequested });
    await runPasswordResetJobs();
    expect(await outboxFor(email)).toEqual([]);
  });
});

describe('ticket emails to the requester', () => {
  test('the confirmation arrives when "Send confirmation email" is checked, not when unchecked', async () => {
    const { user, client } = await signedIn('end_user');
    const checked = await fileTicket(client, { title: 'Checked box', notifyRequester: true });
    const unchecked = await fileTicket(client, { title: 'Unchecked box', notifyRequester: false });
    const mails = await mailTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `[Acme Support] We received your ticket ${checked.ticketNumber}: Checked box`,
    ]);
    expect(mails[0]?.text).toContain(`View ticket: ${testConfig.appBaseUrl}/tickets/${checked.id}`);
    expect(mails.some((m) => m.text.includes(unchecked.ticketNumber))).toBe(false);
  });

  test('an agent filing for a requester sends the confirmation to the requester', async () => {
    const requester = await createUser();
    const { user: agent, client } = await signedIn('agent');
    const ticket = await fileTicket(client, { requesterEmail: requester.email });
    expect((await mailTo(requester.email)).map((m) => m.subject)).toEqual([
      `[Acme Support] We received your ticket ${ticket.ticketNumber}: ${ticket.title}`,
    ]);
    expect(await mailTo(agent.email)).toEqual([]);
  });

  test('a retried create (same Idempotency-Key) confirms once', async () => {
    const { user, client } = await signedIn('end_user');
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await fileTicket(client, { title: 'Once only' }, headers);
    const again = await fileTicket(client, { title: 'Once only' }, headers);
    expect(again.id).toBe(first.id);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  test('a public reply by staff and each resolution arrive; the requester hears nothing of their own comment', async () => {
    const { user, client } = await signedIn('end_user');
    const { client: agent } = await signedIn('agent');
    const ticket = await fileTicket(client, { notifyRequester: false });
    expect((await client.post(ticketCommentsPath(ticket.id), { content: 'My own follow-up' })).status).toBe(
      201,
    );
    expect(
      (await agent.post(ticketCommentsPath(ticket.id), { content: 'Please restart the spooler.\nThanks.' }))
        .status,
    ).toBe(201);
    expect((await agent.patch(ticketPath(ticket.id), { status: 'resolved' })).status).toBe(200);
    expect((await agent.patch(ticketPath(ticket.id), { status: 'in_progress' })).status).toBe(200);
    expect((await agent.patch(ticketPath(ticket.id), { status: 'resolved' })).status).toBe(200);
    // Resolved again with nothing changed is no new resolution.
    expect((await agent.patch(ticketPath(ticket.id), { status: 'resolved' })).status).toBe(200);

    const mails = await mailTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `[Acme Support] New reply on ${ticket.ticketNumber}: ${ticket.title}`,
      `[Acme Support] Your ticket ${ticket.ticketNumber}: ${ticket.title} has been resolved`,
      `[Acme Support] Your ticket ${ticket.ticketNumber}: ${ticket.title} has been resolved`,
    ]);
    expect(mails[0]?.text).toContain('> Please restart the spooler.\n> Thanks.');
    expect(mails.some((m) => m.text.includes('My own follow-up'))).toBe(false);
    expect((await outboxFor(user.email)).map((row) => row.dedupeKey.replace(/:[0-9a-f-]{36}/, ''))).toEqual([
      'comment.public',
      'ticket.resolved:1',
      'ticket.resolved:2',
    ]);
  });

  test('an internal comment produces no mail, and its text appears in no mail at all', async () => {
    const { user, client } = await signedIn('end_user');
    const { client: agent } = await signedIn('agent');
    const ticket = await fileTicket(client);
    const marker = `INTERNAL-${crypto.randomUUID()}`;
    const before = (await mailTo(user.email)).length;
    expect(
      (
        await agent.post(ticketCommentsPath(ticket.id), {
          content: `Secret note ${marker}`,
          isInternal: true,
        })
      ).status,
    ).toBe(201);
    expect((await agent.post(ticketCommentsPath(ticket.id), { content: 'A public answer' })).status).toBe(
      201,
    );
    expect((await agent.patch(ticketPath(ticket.id), { status: 'resolved' })).status).toBe(200);
    const mails = await mailTo(user.email);
    expect(mails.length).toBe(before + 2);
    expect(catcher.messages().some((m) => m.raw.includes(marker) || m.text.includes(marker))).toBe(false);
    const [stored] = await sql<{ count: number }[]>`
      select count(*)::int as count from email_outbox
      where text_body like ${`%${marker}%`} or html_body like ${`%${marker}%`} or subject like ${`%${marker}%`}`;
    expect(stored?.count).toBe(0);
  });

  test('with "Email notifications" off no ticket mail is queued; account mail still goes', async () => {
    await useSettings({ smtpHost: '127.0.0.1', smtpPort: catcher.port, emailNotifications: false });
    const { user, client } = await signedIn('end_user');
    const { client: agent } = await signedIn('agent');
    const ticket = await fileTicket(client, { notifyRequester: true });
    await agent.post(ticketCommentsPath(ticket.id), { content: 'Public, but the switch is off' });
    await agent.patch(ticketPath(ticket.id), { status: 'resolved' });
    expect(await outboxFor(user.email)).toEqual([]);

    const pending = await createUser({ status: 'pending' });
    const { client: admin } = await signedIn('admin');
    await admin.patch(adminUserStatusPath(pending.id), { status: 'active' });
    expect((await mailTo(pending.email)).map((m) => m.subject)).toEqual([
      '[Acme Support] Your account has been approved',
    ]);
  });
});

describe('hostile input in mail', () => {
  test('HTML and CR/LF in names, titles and the company name are escaped and inject no header', async () => {
    await useSettings({
      smtpHost: '127.0.0.1',
      smtpPort: catcher.port,
      companyName: 'Acme\r\nBcc: company@attacker.test',
    });
    const attacker = `${uniqueName('atk')}@attacker.test`;
    const username = uniqueName('evil');
    const email = `${username}@example.test`;
    const registered = await new TestClient().post(API_PATHS.authRegister, {
      username,
      email,
      password: 'Register1!',
      // CR/LF in names and titles is refused at the door now (invisible and control characters);
      // the values below keep the rest of the hostile text.
      firstName: `<img src=x onerror=alert(1)> Bcc: ${attacker}`,
      lastName: 'Doe',
    });
    expect(registered.status).toBe(201);
    const { user: owner, client } = await signedIn('end_user');
    const ticket = await fileTicket(client, {
      title: `Broken <script>alert(1)</script> Bcc: ${attacker} X-Injected: yes`,
    });
    const { client: agent } = await signedIn('agent');
    await agent.post(ticketCommentsPath(ticket.id), {
      content: `</blockquote><a href="javascript:x">click</a>`,
    });

    const mails = [...(await mailTo(email)), ...(await mailTo(owner.email))];
    expect(mails.length).toBe(3);
    for (const mail of mails) {
      expect(mail.envelope.to).toHaveLength(1);
      expect(mail.headerNames).not.toContain('bcc');
      expect(mail.headerNames).not.toContain('x-injected');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).not.toContain('<a href="javascript:x">');
    }
    // The registration mail carries no text the registrant typed, escaped or not.
    expect(mails[0]?.html).not.toContain('onerror');
    // The registration mail is the confirmation link: it repeats nothing the registrant typed.
    expect(mails[0]?.text).not.toContain('img src=x');
    expect(mails[1]?.subject).toContain('Broken <script>alert(1)</script> Bcc: ');
    expect(mails[2]?.html).toContain(
      '&lt;/blockquote&gt;&lt;a href=&quot;javascript:x&quot;&gt;click&lt;/a&gt;',
    );
    expect(catcher.messages().some((m) => m.envelope.to.includes(attacker))).toBe(false);
    expect(catcher.messages().some((m) => m.envelope.to.includes('company@attacker.test'))).toBe(false);
  });
});

describe('GET /api/admin/email-outbox', () => {
  test('admins see where mail leaves through, the counts, and undelivered messages without bodies', async () => {
    const { client } = await signedIn('admin');
    await resetSettings();
    const waiting = `${uniqueName('wait')}@example.test`;
    const registered = await new TestClient().post(API_PATHS.authRegister, {
      username: waiting.split('@')[0],
      email: waiting,
      password: 'Register1!',
      firstName: 'Wait',
      lastName: 'Ing',
    });
    expect(registered.status).toBe(201);
    await deliverAll(fastTask(), context());

    const response = await client.get(ADMIN_API_PATHS.adminEmailOutbox);
    expect(response.status).toBe(200);
    const status = ZEmailOutboxStatus.strict().parse(response.body);
    expect(status.smtp).toEqual({ isConfigured: false, source: null, server: null });
    const item = status.undelivered.find((m) => m.recipient === waiting);
    expect(item).toMatchObject({
      kind: 'email_verification',
      status: 'pending',
      attempts: 0,
      lastError: EMAIL_MESSAGES.notConfigured,
    });
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'id',
        'kind',
        'lastError',
        'nextAttemptAt',
        'recipient',
        'status',
        'subject',
      ].sort(),
    );
    expect(response.text).not.toContain('Please confirm that this is your email address');
    expect(status.undelivered.length).toBeLessThanOrEqual(EMAIL_OUTBOX_LIMITS.undeliveredListMax);
    const [counts] = await sql<{ pending: number; failed: number }[]>`
      select count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'failed')::int as failed from email_outbox`;
    expect(status.counts.pending).toBe(counts?.pending ?? -1);
    expect(status.counts.failed).toBe(counts?.failed ?? -1);

    await useSettings({ smtpHost: '127.0.0.1', smtpPort: catcher.port });
    const configured = ZEmailOutboxStatus.parse((await client.get(ADMIN_API_PATHS.adminEmailOutbox)).body);
    expect(configured.smtp).toEqual({
      isConfigured: true,
      source: 'settings',
      server: `127.0.0.1:${catcher.port}`,
    });
    await deliverAll(fastTask(), context());
    const after = ZEmailOutboxStatus.parse((await client.get(ADMIN_API_PATHS.adminEmailOutbox)).body);
    expect(after.undelivered.some((m) => m.recipient === waiting)).toBe(false);
    expect(after.counts.sentLast24Hours).toBeGreaterThan(0);
  });

  test('anonymous is 401; agents and end users are 403', async () => {
    expect((await new TestClient().get(ADMIN_API_PATHS.adminEmailOutbox)).status).toBe(401);
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      expect((await client.get(ADMIN_API_PATHS.adminEmailOutbox)).status).toBe(403);
      expect((await client.post(ADMIN_API_PATHS.adminEmailOutboxRetry, {})).status).toBe(403);
      expect((await client.post(ADMIN_API_PATHS.adminEmailOutboxTest, {})).status).toBe(403);
    }
    expect((await new TestClient().post(ADMIN_API_PATHS.adminEmailOutboxTest, {})).status).toBe(401);
  });
});

/** A failed message to a fresh address, as the worker leaves one after its last attempt. */
async function failedMessage(): Promise<{ id: string; email: string }> {
  const pending = await createUser({ status: 'pending' });
  const { client: admin } = await signedIn('admin');
  await admin.patch(adminUserStatusPath(pending.id), { status: 'active' });
  const [row] = await sql<{ id: string }[]>`
    update email_outbox set status = 'failed', attempts = 8, last_error = '421 try later'
    where lower(recipient) = lower(${pending.email}) returning id`;
  if (!row) throw new Error('no outbox row to fail');
  return { id: row.id, email: pending.email };
}

describe('POST /api/admin/email-outbox/retry', () => {
  test('requeues the named failed messages with fresh attempts, audited; they are then delivered', async () => {
    const { user: admin, client } = await signedIn('admin');
    const first = await failedMessage();
    const second = await failedMessage();
    const response = await client.post(ADMIN_API_PATHS.adminEmailOutboxRetry, { ids: [first.id] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ requeued: 1 });
    expect((await outboxFor(first.email))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await outboxFor(second.email))[0]).toMatchObject({ status: 'failed' });
    const [audit] = await sql<{ details: { requeued: number; ids: string[] } }[]>`
      select details from admin_audit_logs where admin_user_id = ${admin.id} and action = 'email.retried'`;
    expect(audit?.details).toEqual({ requeued: 1, ids: [first.id] });
    expect(await mailTo(first.email)).toHaveLength(1);
    expect(await mailTo(second.email)).toHaveLength(0);

    const all = await client.post(ADMIN_API_PATHS.adminEmailOutboxRetry, {});
    expect((all.body as { requeued: number }).requeued).toBeGreaterThanOrEqual(1);
    expect(await mailTo(second.email)).toHaveLength(1);
  });

  test('naming a message that is not failed requeues nothing and writes no audit row', async () => {
    const { user: admin, client } = await signedIn('admin');
    const response = await client.post(ADMIN_API_PATHS.adminEmailOutboxRetry, { ids: [crypto.randomUUID()] });
    expect(response.body).toEqual({ requeued: 0 });
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from admin_audit_logs where admin_user_id = ${admin.id}`;
    expect(row?.count).toBe(0);
  });

  test('bad input is 400 (or 415) and changes nothing', async () => {
    const { client } = await signedIn('admin');
    const failed = await failedMessage();
    const bad: unknown[] = [
      { ids: ['not-a-uuid'] },
      { ids: [] },
      { ids: Array.from({ length: EMAIL_OUTBOX_LIMITS.retryIdsMax + 1 }, () => crypto.randomUUID()) },
      { ids: failed.id },
      { ids: [failed.id], status: 'pending' },
      [failed.id],
      'retry',
      null,
    ];
    for (const body of bad) {
      const response = await client.post(ADMIN_API_PATHS.adminEmailOutboxRetry, body);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBeTruthy();
    }
    const malformed = await client.request('POST', ADMIN_API_PATHS.adminEmailOutboxRetry, {
      body: '{"ids": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const form = await client.request('POST', ADMIN_API_PATHS.adminEmailOutboxRetry, {
      body: `ids=${failed.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const huge = await client.request('POST', ADMIN_API_PATHS.adminEmailOutboxRetry, {
      body: JSON.stringify({ ids: [failed.id], pad: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect((await outboxFor(failed.email))[0]).toMatchObject({ status: 'failed', attempts: 8 });
  });
});

describe('POST /api/admin/email-outbox/test', () => {
  test('queues a test message to the admin, audited; one waiting at a time; it arrives', async () => {
    const { user: admin, client } = await signedIn('admin');
    const response = await client.post(ADMIN_API_PATHS.adminEmailOutboxTest, {});
    expect(response.status).toBe(202);
    const queued = response.body as { id: string; recipient: string };
    expect(queued.recipient).toBe(admin.email);
    const again = await client.post(ADMIN_API_PATHS.adminEmailOutboxTest, {});
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe(EMAIL_MESSAGES.testPending);
    const [audit] = await sql<{ details: { outboxId: string } }[]>`
      select details from admin_audit_logs where admin_user_id = ${admin.id} and action = 'email.test_sent'`;
    expect(audit?.details).toEqual({ outboxId: queued.id });

    const mails = await mailTo(admin.email);
    expect(mails.map((m) => m.subject)).toEqual(['[Acme Support] Test email']);
    expect(mails[0]?.text).toContain(`${testConfig.appBaseUrl}/admin/settings`);
    expect((await client.post(ADMIN_API_PATHS.adminEmailOutboxTest, {})).status).toBe(202);
  });

  test('a body with anything in it, or none, is 400 and queues nothing', async () => {
    const { user: admin, client } = await signedIn('admin');
    for (const body of [{ to: 'someone@attacker.test' }, { recipient: 'x' }, [], 'x']) {
      expect((await client.post(ADMIN_API_PATHS.adminEmailOutboxTest, body)).status).toBe(400);
    }
    expect((await client.request('POST', ADMIN_API_PATHS.adminEmailOutboxTest)).status).toBe(400);
    expect(await outboxFor(admin.email)).toEqual([]);
  });
});
