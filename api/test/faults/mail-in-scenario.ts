import { API_PATHS } from '@helpdesk/contracts';
import type { createSql } from '../../src/db/postgres.ts';
import { sealSecret } from '../../src/mailboxes/secret-box.ts';
import { startImapServer } from '../imap-server.ts';
import { appendMail, composeMail, newMessageId } from '../mail-client.ts';
import { type ApiProcess, waitForStatus } from './api-process.ts';
import { type FigureSection, figure, formatMs, info } from './figures.ts';

type Sql = ReturnType<typeof createSql>;

type MailInContext = {
  /** Starts an API process that runs the worker tasks (mail fetch and intake among them), on the same port each time. */
  startApi: () => ApiProcess;
  openSql: () => Sql;
  /** The MAIL_SECRET_KEY the API processes are given: the mailbox's password is stored sealed with it. */
  mailSecretKey: Buffer;
  /** Unique to this run, in every subject and text it writes: [a-z0-9] only. */
  runId: string;
  log: (line: string) => void;
};

export type MailInSettings = {
  /** How many messages arrive in the support mailbox. */
  messages: number;
};

const SUPPORT_USER = 'support';
const SUPPORT_PASSWORD = 'faults-support-mailbox';
// Several requesters (new to the desk: the mailbox opens their accounts), so no sender reaches the
// per-sender flood limit, a rule of its own that this test is not about.
const SENDER_DOMAIN = 'faults.test';
const SENDERS = 50;
const APPEND_BATCH = 25;
const REPLY_EVERY = 5;
const SETTLE_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 15_000;
// A new mailbox is found within the fetcher's sync (10 s); a reconnect after the cut backs off 2 s.
const STRIKE_TIMEOUT_MS = 20_000;

async function startReadyApi(context: MailInContext): Promise<ApiProcess> {
  const api = context.startApi();
  await api.waitForLine('API listening', READY_TIMEOUT_MS);
  if ((await waitForStatus(`${api.base}${API_PATHS.ready}`, 200, READY_TIMEOUT_MS)) === null) {
    throw new Error('the API never became ready');
  }
  return api;
}

/** Which message a subject or text is about: `mf<run>n<index>`. */
function markerOf(runId: string, index: number): string {
  return `mf${runId}n${index}`;
}

/** The mailbox's inbound_messages rows: taken in, done, done as a ticket or comment. */
async function countInbound(sql: Sql, mailboxId: string) {
  const [inbound] = await sql<{ rows: number; done: number; linked: number }[]>`
    select count(*)::int as rows,
           count(*) filter (where status = 'done')::int as done,
           count(*) filter (where status = 'done' and outcome in ('ticket', 'comment') and ticket_id is not null)::int as linked
    from inbound_messages where mailbox_id = ${mailboxId}`;
  return inbound ?? { rows: 0, done: 0, linked: 0 };
}

/**
 * How many times each message became a ticket (its marker in the title) or a comment (in the text),
 * and the state of its inbound_messages rows.
 */
async function countOutcomes(sql: Sql, runId: string, mailboxId: string) {
  const pattern = `%mf${runId}n%`;
  const found = await sql<{ text: string; isComment: boolean }[]>`
    select title as text, false as "isComment" from tickets where title like ${pattern}
    union all
    select content as text, true as "isComment" from ticket_comments where content like ${pattern}`;
  const times = new Map<number, number>();
  const markerPattern = new RegExp(`mf${runId}n(\\d+)\\b`);
  for (const { text } of found) {
    const index = Number(markerPattern.exec(text)?.[1] ?? -1);
    times.set(index, (times.get(index) ?? 0) + 1);
  }
  const comments = found.filter((row) => row.isComment).length;
  return { times, comments, tickets: found.length - comments, inbound: await countInbound(sql, mailboxId) };
}

/**
 * Mail arriving through faults: messages are delivered into a Dovecot mailbox in batches while the
 * desk fetches them; a third of the way the IMAP server is restarted (every connection cut), two thirds
 * of the way the API process running the mail tasks is SIGKILLed in the middle of its work and another
 * is started. Afterwards every message must be exactly one ticket or comment, flagged seen on the server,
 * and inbound_messages must agree.
 */
export async function runMailInScenario(
  context: MailInContext,
  settings: MailInSettings,
): Promise<FigureSection> {
  const { runId, log } = context;
  const imap = await startImapServer();
  const sql = context.openSql();
  const apis: ApiProcess[] = [];
  try {
    imap.addUser(SUPPORT_USER, SUPPORT_PASSWORD);
    // Stored before the API starts, so its fetcher finds the mailbox on its first look rather than its
    // next (the admin API that stores it the same way is the e2e flow's and the API tests' part).
    const address = `support-${runId}@${SENDER_DOMAIN}`;
    const [mailbox] = await sql<{ id: string }[]>`
      insert into mailboxes (name, address, kind, imap_host, imap_port, imap_security, imap_username,
                             secret_ciphertext, unknown_senders)
      values (${`Faults ${runId}`}, ${address}, 'imap', ${imap.host}, ${imap.port}, 'none', ${SUPPORT_USER},
              ${sealSecret(context.mailSecretKey, JSON.stringify({ password: SUPPORT_PASSWORD }))}, 'create_account')
      returning id`;
    if (!mailbox) throw new Error('the mailbox was not stored');
    const mailboxId = mailbox.id;
    const first = await startReadyApi(context);
    apis.push(first);

    // Every fifth message answers the one four before it (same sender, In-Reply-To its Message-ID): a
    // comment when that one is a ticket by then, else a ticket of its own. Either way its own marker, once.
    const senderOf = (index: number) => {
      const n = (index % REPLY_EVERY === REPLY_EVERY - 1 ? index - (REPLY_EVERY - 1) : index) % SENDERS;
      return `Requester ${n} <requester${n}.${runId}@${SENDER_DOMAIN}>`;
    };
    const messageIds = Array.from({ length: settings.messages }, (_, index) => newMessageId(senderOf(index)));
    const messages = messageIds.map((messageId, index) => {
      const isReply = index % REPLY_EVERY === REPLY_EVERY - 1;
      const answered = messageIds[index - (REPLY_EVERY - 1)];
      return composeMail({
        from: senderOf(index),
        to: address,
        subject: `${isReply ? 'Re: ' : ''}Printer ${markerOf(runId, index)}`,
        text: `Message ${markerOf(runId, index)} from the fault suite.`,
        messageId,
        ...(isReply && answered ? { inReplyTo: answered, references: [answered] } : {}),
      });
    });

    const startedAt = Date.now();
    const target = { host: imap.host, port: imap.port, user: SUPPORT_USER, password: SUPPORT_PASSWORD };
    const cutAt = Math.floor(settings.messages / 3 / APPEND_BATCH) * APPEND_BATCH;
    const killAt = Math.floor((settings.messages * 2) / 3 / APPEND_BATCH) * APPEND_BATCH;
    const inboundNow = () => countInbound(sql, mailboxId);
    /** Delivers a batch and resolves as soon as the fetcher has begun taking it in: the moment to strike. */
    const deliverWhileFetching = async (start: number) => {
      const before = (await inboundNow()).rows;
      await appendMail(target, messages.slice(start, start + APPEND_BATCH));
      const deadline = Date.now() + STRIKE_TIMEOUT_MS;
      while ((await inboundNow()).rows === before) {
        if (Date.now() > deadline)
          throw new Error(`the fetcher took nothing in within ${formatMs(STRIKE_TIMEOUT_MS)}`);
        await Bun.sleep(5);
      }
      return inboundNow();
    };
    let cut = { restartMs: 0, takenIn: 0, delivered: 0 };
    let killed = { takenIn: 0, done: 0, delivered: 0 };
    for (let start = 0; start < messages.length; start += APPEND_BATCH) {
      const delivered = Math.min(messages.length, start + APPEND_BATCH);
      if (start === cutAt) {
        const { rows } = await deliverWhileFetching(start);
        const before = Date.now();
        await imap.restart();
        cut = { restartMs: Date.now() - before, takenIn: rows, delivered };
        log(`mail in: Dovecot restarted with ${rows} of ${delivered} taken in (${formatMs(cut.restartMs)})`);
      } else if (start === killAt) {
        const { rows, done } = await deliverWhileFetching(start);
        first.signal('SIGKILL');
        await first.exited;
        killed = { takenIn: rows, done, delivered };
        log(`mail in: API killed with ${rows} of ${delivered} taken in, ${done} processed`);
        apis.push(await startReadyApi(context));
      } else {
        await appendMail(target, messages.slice(start, start + APPEND_BATCH));
      }
    }
    const deliveredAt = Date.now();

    let outcome = await countOutcomes(sql, runId, mailboxId);
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (outcome.inbound.done < settings.messages && Date.now() < deadline) {
      await Bun.sleep(250);
      outcome = await countOutcomes(sql, runId, mailboxId);
    }
    const settledAt = Date.now();
    // A straggler doubled after the last row was done would show here.
    await Bun.sleep(500);
    outcome = await countOutcomes(sql, runId, mailboxId);

    const lost = messages.filter((_, index) => !outcome.times.has(index)).length;
    const doubled = [...outcome.times.values()].filter((times) => times > 1).length;
    const seen = (await imap.list(SUPPORT_USER, 'INBOX')).filter((entry) =>
      entry.flags.includes('\\Seen'),
    ).length;
    const stuck = await sql<{ state: string; count: number; lastError: string | null }[]>`
      select status || '/' || coalesce(outcome, '-') as state, count(*)::int as count, max(last_error) as "lastError"
      from inbound_messages where mailbox_id = ${mailboxId} and status <> 'done' group by 1 order by 1`;
    const unexpected = apis.reduce((sum, api) => sum + api.unexpectedErrorCount(), 0);
    const total = settings.messages;
    return {
      title: `Mail in: ${total} messages through a cut IMAP connection and a killed worker`,
      figures: [
        info('messages delivered to the mailbox', total),
        figure(
          'IMAP server restarted mid-fetch (taken in of delivered)',
          `${cut.takenIn} of ${cut.delivered}, down ${formatMs(cut.restartMs)}`,
          'fewer than delivered',
          cut.takenIn < cut.delivered,
        ),
        figure(
          'API with the mail tasks SIGKILLed mid-fetch (taken in of delivered; processed)',
          `${killed.takenIn} of ${killed.delivered}; ${killed.done}`,
          'fewer than delivered',
          killed.takenIn < killed.delivered,
        ),
        info('tickets / comments they became', `${outcome.tickets} / ${outcome.comments}`),
        figure('messages lost (no ticket or comment)', lost, '0', lost === 0),
        figure('messages that became two tickets or comments', doubled, '0', doubled === 0),
        figure(
          'inbound_messages rows: done as a ticket or comment',
          `${outcome.inbound.linked} of ${outcome.inbound.rows}`,
          `${total} of ${total}`,
          outcome.inbound.linked === total && outcome.inbound.rows === total,
        ),
        // One taken in just before the kill is flagged by the next fetcher when it connects.
        figure(
          'messages flagged seen on the server',
          `${seen} of ${total}`,
          `${total} of ${total}`,
          seen === total,
        ),
        figure(
          'last delivery to every message processed',
          formatMs(settledAt - deliveredAt),
          'under 30 s',
          settledAt - deliveredAt < 30_000,
        ),
        info('first delivery to every message processed', formatMs(settledAt - startedAt)),
        figure('unexpected errors in the API log', unexpected, '0', unexpected === 0),
        ...(stuck.length
          ? [
              info(
                'rows not done',
                stuck
                  .map((row) => `${row.state} × ${row.count}${row.lastError ? ` (${row.lastError})` : ''}`)
                  .join(', '),
              ),
            ]
          : []),
      ],
    };
  } finally {
    for (const api of apis) api.signal('SIGKILL');
    await Promise.all(apis.map((api) => api.exited));
    await sql.end({ timeout: 5 });
    await imap.stop();
  }
}
