/**
 * Mail in, the rules a message taken in is processed by (docs/product.md#email-in): each message
 * becomes one ticket or one comment, or is recorded as what it is (a bounce, the desk's own mail,
 * a duplicate, automatic mail, a refusal, a flood).
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { createUser, sql, type TestUser, uniqueName, withRateLimitScale } from '../../test/helpers.ts';
import { createTeam, ensureSlaPolicies, insertTicketRow } from '../../test/tickets.ts';
import { outboxMessageId } from '../email/transport.ts';
import {
  attachmentsOf,
  commentsOf,
  inboundRow,
  insertMailbox,
  mail,
  mailTo,
  receive,
  type TestMailbox,
  ticketsOf,
} from './intake-test-kit.ts';

let box: TestMailbox;
let requester: TestUser;
let agent: TestUser;

beforeAll(async () => {
  await ensureSlaPolicies();
  box = await insertMailbox({ priority: 'high', category: 'hardware' });
  requester = await createUser();
  agent = await createUser({ role: 'agent' });
});

const from = (user: { email: string }) => `From: Someone <${user.email}>`;

/** A new ticket by mail from the requester; answers the ticket's id. */
async function newTicket(user = requester, mailbox = box, subject = 'Printer on floor 3'): Promise<string> {
  const { id } = await receive(mailbox, mail([from(user), `To: ${mailbox.address}`, `Subject: ${subject}`]));
  const row = await inboundRow(id);
  if (row.ticketId === null) throw new Error(`no ticket: ${JSON.stringify(row)}`);
  return row.ticketId;
}

describe('a new message from an active user', () => {
  test('becomes one ticket with the whole text, the subject as title and the mailbox priority, category and team', async () => {
    const team = await createTeam(uniqueName('team'), []);
    const teamBox = await insertMailbox({ priority: 'critical', category: 'access', teamId: team });
    const user = await createUser();
    const body = 'The badge reader refuses me.\r\n\r\n> not a quote, the whole text stays\r\n-- \r\nAnna';
    const { id } = await receive(
      teamBox,
      mail([from(user), `To: ${teamBox.address}`, 'Subject: Badge'], body),
    );
    const row = await inboundRow(id);
    expect(row).toMatchObject({ status: 'done', outcome: 'ticket', hasRaw: false, sender: user.email });
    const [ticket, ...more] = await ticketsOf(user.id);
    expect(more).toHaveLength(0);
    expect(ticket).toMatchObject({
      id: row.ticketId,
      title: 'Badge',
      priority: 'critical',
      category: 'access',
    });
    expect(ticket?.teamId).toBe(team);
    expect(ticket?.description).toContain('not a quote, the whole text stays');
    expect(ticket?.description).toContain('Anna');
    // The confirmation is ticket mail: it names its ticket, so a reply to it threads.
    const confirmation = (await mailTo(user.email)).find((message) => message.kind === 'ticket_confirmation');
    expect(confirmation?.ticketId).toBe(ticket?.id ?? 'none');
  });

  test('a message without a subject or text still files a ticket', async () => {
    const user = await createUser();
    const { id } = await receive(box, mail([from(user), `To: ${box.address}`], ''));
    const [ticket] = await ticketsOf(user.id);
    expect((await inboundRow(id)).outcome).toBe('ticket');
    expect(ticket?.title).toBe('(no subject)');
    expect(ticket?.description.length).toBeGreaterThan(0);
  });

  test('the address is matched whatever its case', async () => {
    const user = await createUser();
    await receive(box, mail([`From: ${user.email.toUpperCase()}`, `To: ${box.address}`, 'Subject: Case']));
    expect(await ticketsOf(user.id)).toHaveLength(1);
  });

  test('a title longer than the limit is cut to it', async () => {
    const user = await createUser();
    await receive(box, mail([from(user), `Subject: ${'x'.repeat(700)}`]));
    const [ticket] = await ticketsOf(user.id);
    expect(ticket?.title.length).toBe(500);
  });
});

describe('a reply', () => {
  test("to the desk's mail (In-Reply-To an outbox id) is a public comment, trimmed of the quoted history", async () => {
    const ticketId = await newTicket();
    const [sent] = await sql<{ id: string }[]>`
      select id from email_outbox where ticket_id = ${ticketId} order by created_at limit 1`;
    const messageId = outboxMessageId(sent?.id ?? '', 'other-domain.test');
    const body =
      'Still broken.\r\n\r\nOn Mon, 2 Nov 2026, Desk <support@desk.test> wrote:\r\n> We received your ticket';
    const { id } = await receive(
      box,
      mail([from(requester), 'Subject: Re: whatever', `In-Reply-To: ${messageId}`], body),
    );
    const row = await inboundRow(id);
    expect(row).toMatchObject({ status: 'done', outcome: 'comment', ticketId });
    const comments = await commentsOf(ticketId);
    expect(comments.map((comment) => [comment.content, comment.isInternal])).toEqual([
      ['Still broken.', false],
    ]);
    expect(row.commentId).toBe(comments[0]?.id ?? 'none');
  });

  test("naming the requester's own first mail (References) lands on its ticket", async () => {
    const firstId = `<${crypto.randomUUID()}@client.test>`;
    const user = await createUser();
    await receive(box, mail([from(user), 'Subject: VPN', `Message-ID: ${firstId}`]));
    const [ticket] = await ticketsOf(user.id);
    const { id } = await receive(
      box,
      mail([from(user), 'Subject: more', `References: <x@y.test> ${firstId}`], 'More.'),
    );
    expect(await inboundRow(id)).toMatchObject({ outcome: 'comment', ticketId: ticket?.id });
  });

  test('by plus address or subject number lands there for the requester and staff only', async () => {
    const ticketId = await newTicket();
    const [ticket] = await sql<
      { number: string }[]
    >`select ticket_number as number from tickets where id = ${ticketId}`;
    const number = ticket?.number ?? '';
    const plus = box.address.replace('@', `+${number}@`);
    const byPlus = await receive(box, mail([from(requester), `To: ${plus}`, 'Subject: hello'], 'Via plus.'));
    expect(await inboundRow(byPlus.id)).toMatchObject({ outcome: 'comment', ticketId });
    const bySubject = await receive(
      box,
      mail([from(agent), `Subject: Re: [Desk] ${number}`], 'We are on it.'),
    );
    expect(await inboundRow(bySubject.id)).toMatchObject({ outcome: 'comment', ticketId });
    // A staff member's mail is a public comment, never an internal note.
    const staffComment = (await commentsOf(ticketId)).find((comment) => comment.authorId === agent.id);
    expect(staffComment).toMatchObject({ content: 'We are on it.', isInternal: false });
    // Somebody else naming the number opens a ticket of their own.
    const stranger = await createUser();
    const guessed = await receive(
      box,
      mail([from(stranger), `To: ${plus}`, `Subject: Re: ${number}`], 'Let me in.'),
    );
    const row = await inboundRow(guessed.id);
    expect(row.outcome).toBe('ticket');
    expect(row.ticketId).not.toBe(ticketId);
    expect((await commentsOf(ticketId)).some((comment) => comment.authorId === stranger.id)).toBe(false);
  });

  test('by someone else naming a real Message-ID of the ticket opens a ticket of theirs, never a comment there', async () => {
    const firstId = `<${crypto.randomUUID()}@client.test>`;
    const user = await createUser();
    await receive(box, mail([from(user), 'Subject: Secret', `Message-ID: ${firstId}`]));
    const [ticket] = await ticketsOf(user.id);
    const other = await createUser();
    const { id } = await receive(
      box,
      mail([from(other), 'Subject: Re: Secret', `In-Reply-To: ${firstId}`], 'Me too'),
    );
    const row = await inboundRow(id);
    expect(row.outcome).toBe('ticket');
    expect(row.ticketId).not.toBe(ticket?.id ?? 'none');
  });

  test('from the requester to a ticket waiting on them resumes its clock', async () => {
    const ticketId = await newTicket();
    await sql`update tickets set waiting_since = now() - interval '2 hours', sla_resolve_by = null,
                waiting_resolve_by = now() + interval '1 day' where id = ${ticketId}`;
    const [number] = await sql<
      { n: string }[]
    >`select ticket_number as n from tickets where id = ${ticketId}`;
    await receive(
      box,
      mail([from(requester), `Subject: Re: ${number?.n}`], 'Here is the log you asked for.'),
    );
    const [after] = await sql<{ waitingSince: Date | null; resolveBy: Date | null }[]>`
      select waiting_since as "waitingSince", sla_resolve_by as "resolveBy" from tickets where id = ${ticketId}`;
    expect(after?.waitingSince).toBeNull();
    expect(after?.resolveBy).not.toBeNull();
    const ended = await sql<{ data: { reason: string } }[]>`
      select event_data as data from ticket_events where ticket_id = ${ticketId} and event_type = 'waiting_ended'`;
    expect(ended.map((event) => event.data.reason)).toEqual(['requester_reply']);
  });
});

describe('a late reply', () => {
  test('to a ticket closed long ago opens its follow-up, as a reply on the web does', async () => {
    const user = await createUser();
    const old = await insertTicketRow({
      requesterId: user.id,
      status: 'closed',
      createdHoursAgo: 2000,
      closedHoursAgo: 1900,
    });
    const { id } = await receive(box, mail([from(user), `Subject: Re: ${old.ticketNumber}`], 'It is back.'));
    const row = await inboundRow(id);
    expect(row.outcome).toBe('ticket');
    const [followUp] = await sql<{ id: string; followUpOf: string | null }[]>`
      select id, follow_up_of as "followUpOf" from tickets where id = ${row.ticketId ?? ''}`;
    expect(followUp?.followUpOf).toBe(old.id);
    expect(await commentsOf(old.id)).toHaveLength(0);
  });
});

describe('what creates nothing', () => {
  test('a bounce marks the message it names failed', async () => {
    const ticketId = await newTicket();
    const [sent] = await sql<{ id: string }[]>`
      select id from email_outbox where ticket_id = ${ticketId} order by created_at limit 1`;
    await sql`update email_outbox set status = 'sent', sent_at = now() where id = ${sent?.id ?? ''}`;
    const bounced = outboxMessageId(sent?.id ?? '', 'desk.test');
    const boundary = 'b-1';
    const dsn = mail(
      [
        'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
        `To: ${box.address}`,
        'Subject: Undelivered Mail Returned to Sender',
        `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      ],
      [
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'The mail system could not deliver your message.',
        `--${boundary}`,
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.example.net',
        '',
        'Final-Recipient: rfc822; gone@example.net',
        'Action: failed',
        'Status: 5.1.1',
        `--${boundary}`,
        'Content-Type: text/rfc822-headers',
        '',
        `Message-ID: ${bounced}`,
        'Subject: We received your ticket',
        `--${boundary}--`,
      ].join('\r\n'),
    );
    const before = await sql`select count(*)::int as n from tickets`;
    const { id } = await receive(box, dsn);
    expect(await inboundRow(id)).toMatchObject({ status: 'ignored', outcome: 'bounce', ticketId: null });
    const [outbox] = await sql<
      { status: string }[]
    >`select status from email_outbox where id = ${sent?.id ?? ''}`;
    expect(outbox?.status).toBe('failed');
    expect(await sql`select count(*)::int as n from tickets`).toEqual(before);
  });

  test("the desk's own mailbox address as sender never opens a ticket", async () => {
    const { id } = await receive(box, mail([`From: Desk <${box.address}>`, 'Subject: copy']));
    expect(await inboundRow(id)).toMatchObject({ status: 'ignored', outcome: 'own', ticketId: null });
  });

  test('a Message-ID taken in before for this mailbox is a duplicate', async () => {
    const user = await createUser();
    const messageId = `<${crypto.randomUUID()}@client.test>`;
    const raw = mail([from(user), 'Subject: twice', `Message-ID: ${messageId}`]);
    await receive(box, raw);
    const second = await receive(box, raw);
    expect(await inboundRow(second.id)).toMatchObject({
      status: 'ignored',
      outcome: 'duplicate',
      ticketId: null,
    });
    expect(await ticketsOf(user.id)).toHaveLength(1);
  });

  test('automatic mail from a known user is recorded, creates nothing and is not answered', async () => {
    const user = await createUser();
    for (const header of ['Auto-Submitted: auto-replied', 'Precedence: bulk', 'Precedence: list']) {
      const { id } = await receive(box, mail([from(user), 'Subject: Out of office', header]));
      expect(await inboundRow(id)).toMatchObject({ status: 'ignored', outcome: 'auto', ticketId: null });
    }
    expect(await ticketsOf(user.id)).toHaveLength(0);
    expect(await mailTo(user.email)).toHaveLength(0);
  });
});

describe('who may write', () => {
  test('an unknown sender to a create_account mailbox gets an account and the set-password link, once', async () => {
    const open = await insertMailbox({ unknownSenders: 'create_account' });
    const address = `${uniqueName('new')}@outside.test`;
    const first = await receive(open, mail([`From: Nora Vik <${address}>`, 'Subject: Hello'], 'First.'));
    expect(await inboundRow(first.id)).toMatchObject({ status: 'done', outcome: 'ticket' });
    const accounts = await sql<
      {
        id: string;
        role: string;
        status: string;
        verified: boolean;
        byMail: boolean;
        first: string;
        hasPassword: boolean;
      }[]
    >`select id, role, status, email_verified_at is not null as verified, created_by_mail as "byMail",
             first_name as first, password_hash is not null as "hasPassword"
      from users where lower(email) = lower(${address})`;
    expect([...accounts]).toEqual([
      {
        id: expect.any(String),
        role: 'end_user',
        status: 'active',
        verified: false,
        byMail: true,
        first: 'Nora',
        hasPassword: false,
      },
    ]);
    await receive(open, mail([`From: ${address}`, 'Subject: Again'], 'Second.'));
    expect(await ticketsOf(accounts[0]?.id ?? '')).toHaveLength(2);
    // The unconfirmed address hears nothing but its one invitation (no ticket confirmations).
    const kinds = (await mailTo(address)).map((message) => message.kind);
    expect(kinds).toEqual(['account_invitation']);
    const [username] = await sql<
      { name: string }[]
    >`select username as name from users where id = ${accounts[0]?.id ?? ''}`;
    const invitation = (await mailTo(address))[0]?.textBody ?? '';
    expect(invitation).toContain('became a support ticket');
    expect(invitation).toContain(`Its username is "${username?.name}"`);
    expect(invitation.startsWith('Hello there,')).toBe(true);
  });

  test('an unknown sender to a refuse mailbox gets one polite refusal an hour and nothing is created', async () => {
    const address = `${uniqueName('stranger')}@outside.test`;
    const [first, second] = await withRateLimitScale(1, async () => [
      await receive(box, mail([`From: ${address}`, 'Subject: Let me in'])),
      await receive(box, mail([`From: ${address}`, 'Subject: Let me in again'])),
    ]);
    expect(await inboundRow(first?.id ?? '')).toMatchObject({
      status: 'done',
      outcome: 'refused',
      ticketId: null,
    });
    expect(await inboundRow(second?.id ?? '')).toMatchObject({
      status: 'done',
      outcome: 'refused',
      ticketId: null,
    });
    expect((await mailTo(address)).map((message) => message.kind)).toEqual(['mail_refused']);
    expect(await sql`select id from users where lower(email) = lower(${address})`).toHaveLength(0);
  });

  test('automatic mail from an unknown sender is never answered', async () => {
    const address = `${uniqueName('robot')}@outside.test`;
    const { id } = await receive(
      box,
      mail([`From: ${address}`, 'Subject: Away', 'Auto-Submitted: auto-replied']),
    );
    expect(await inboundRow(id)).toMatchObject({ outcome: 'auto' });
    expect(await mailTo(address)).toHaveLength(0);
  });

  test('allowed_domains opens accounts for listed domains only', async () => {
    const listed = await insertMailbox({
      unknownSenders: 'allowed_domains',
      allowedDomains: ['partner.test'],
    });
    const inside = `${uniqueName('in')}@Partner.test`;
    const outside = `${uniqueName('out')}@elsewhere.test`;
    const a = await receive(listed, mail([`From: ${inside}`, 'Subject: Hi']));
    const b = await receive(listed, mail([`From: ${outside}`, 'Subject: Hi']));
    expect((await inboundRow(a.id)).outcome).toBe('ticket');
    expect((await inboundRow(b.id)).outcome).toBe('refused');
    expect((await mailTo(outside)).map((message) => message.kind)).toEqual(['mail_refused']);
  });

  test('an account awaiting approval files nothing and hears so; a rejected or deactivated one hears nothing', async () => {
    const open = await insertMailbox({ unknownSenders: 'create_account' });
    const pending = await createUser({ status: 'pending' });
    const p = await receive(open, mail([from(pending), 'Subject: Hi']));
    expect(await inboundRow(p.id)).toMatchObject({ outcome: 'refused', ticketId: null });
    expect((await mailTo(pending.email)).map((message) => message.kind)).toEqual(['mail_account_pending']);
    for (const status of ['rejected', 'inactive'] as const) {
      const closed = await createUser({ status });
      const c = await receive(open, mail([from(closed), 'Subject: Hi']));
      expect(await inboundRow(c.id)).toMatchObject({ outcome: 'refused', ticketId: null });
      expect(await mailTo(closed.email)).toHaveLength(0);
      // No back door: no second account is opened for the address either.
      expect(await sql`select id from users where lower(email) = lower(${closed.email})`).toHaveLength(1);
    }
  });

  test("an unconfirmed account someone registered with the address never receives the owner's mail", async () => {
    const open = await insertMailbox({ unknownSenders: 'create_account' });
    const squatter = await createUser({
      isEmailVerified: false,
      email: `${uniqueName('owner')}@outside.test`,
    });
    const { id } = await receive(open, mail([from(squatter), 'Subject: Private']));
    const row = await inboundRow(id);
    expect(row.outcome).toBe('ticket');
    expect(await ticketsOf(squatter.id)).toHaveLength(0);
  });
});

describe('the flood limit', () => {
  test('more than the limit from one address in the window is held back; a released message is not', async () => {
    const closed = await createUser({ status: 'rejected' });
    const options = { floodLimit: 3 };
    for (let index = 0; index < 3; index += 1) {
      const { id } = await receive(box, mail([from(closed), `Subject: ${index}`]), options);
      expect((await inboundRow(id)).outcome).toBe('refused');
    }
    const { id } = await receive(box, mail([from(closed), 'Subject: one too many']), options);
    const held = await inboundRow(id);
    expect(held).toMatchObject({ status: 'failed', outcome: 'flood', hasRaw: true });
    expect(held.lastError).toContain('Held back');
    // An admin's Retry, as the mailbox admin builds it.
    await sql`update inbound_messages set status = 'pending', released_at = now(), next_attempt_at = now()
              where id = ${id}`;
    const { processInboundMessage } = await import('./intake-service.ts');
    const { intakeEnv } = await import('./intake-test-kit.ts');
    await processInboundMessage(id, intakeEnv(options));
    expect(await inboundRow(id)).toMatchObject({ status: 'done', outcome: 'refused' });
  });
});

describe('files', () => {
  test('an image pasted into an HTML mail becomes an attachment too', async () => {
    const user = await createUser();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const raw = mail(
      [from(user), 'Subject: Pasted', 'MIME-Version: 1.0', 'Content-Type: multipart/related; boundary="rel"'],
      [
        '--rel',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Look: <img src="cid:shot@x"></p>',
        '--rel',
        'Content-Type: image/png; name="image001.png"',
        'Content-Disposition: inline; filename="image001.png"',
        'Content-ID: <shot@x>',
        'Content-Transfer-Encoding: base64',
        '',
        png,
        '--rel--',
      ].join('\r\n'),
    );
    const { id } = await receive(box, raw);
    const files = await attachmentsOf((await inboundRow(id)).ticketId ?? '');
    expect(files.filter((file) => !file.isInternal).map((file) => file.fileName)).toEqual(['image001.png']);
  });

  test('accepted files are attached, refused ones named in a staff note; the original is staff-only', async () => {
    const user = await createUser();
    const boundary = 'files-1';
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const raw = mail(
      [
        from(user),
        'Subject: Screens',
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
      ],
      [
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'See attached.',
        `--${boundary}`,
        'Content-Type: image/png; name="screen.png"',
        'Content-Disposition: attachment; filename="screen.png"',
        'Content-Transfer-Encoding: base64',
        '',
        png,
        `--${boundary}`,
        'Content-Type: application/octet-stream; name="setup.exe"',
        'Content-Disposition: attachment; filename="setup.exe"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('MZ this is a program').toString('base64'),
        `--${boundary}--`,
      ].join('\r\n'),
    );
    const { id } = await receive(box, raw);
    const ticketId = (await inboundRow(id)).ticketId ?? '';
    const files = (await attachmentsOf(ticketId)).sort((a, b) => Number(a.isInternal) - Number(b.isInternal));
    expect(files.map((file) => [file.fileName, file.fileType, file.isInternal])).toEqual([
      ['screen.png', 'image/png', false],
      ['original-message.eml', 'message/rfc822', true],
    ]);
    expect(files[1]?.fileSize).toBe(raw.length);
    const notes = (await commentsOf(ticketId)).filter((comment) => comment.isInternal);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.content).toContain('Not attached: "setup.exe" (this type of file is not accepted)');
  });
});

describe("a round's view of the desk's addresses", () => {
  test('is read once for the whole round; a mailbox added meanwhile is known from the next round', async () => {
    const { roundDeskIdentity } = await import('./intake-service.ts');
    const { LINKS } = await import('./intake-test-kit.ts');
    const round = roundDeskIdentity(LINKS);
    const first = await round();
    const added = await insertMailbox();
    expect(round()).toBe(round());
    expect((await round()).supportAddresses).toEqual(first.supportAddresses);
    expect(first.supportAddresses).not.toContain(added.address);
    expect((await roundDeskIdentity(LINKS)()).supportAddresses).toContain(added.address);
  });
});
