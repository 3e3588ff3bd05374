/** What the mail intake tests share: mailboxes and messages made straight in the test database. */
import { logLines, sql, testConfig, uniqueName } from '../../test/helpers.ts';
import { insertInboundMessage } from './inbound-queries.ts';
import type { InboundOutcome } from './intake-queries.ts';
import { type IntakeEnvironment, type IntakeOptions, processInboundMessage } from './intake-service.ts';

export const LINKS = { appBaseUrl: 'http://localhost:3000' };

/** Processing as the worker runs it, against the test app's attachments directory. */
export function intakeEnv(options: Partial<IntakeOptions> = {}): IntakeEnvironment {
  return {
    links: LINKS,
    attachmentsDir: testConfig.attachmentsDir,
    log: {
      info: (line) => logLines.push(line),
      error: (line, error) => logLines.push(`${line} ${String(error)}`),
    },
    options,
  };
}

export type TestMailbox = { id: string; address: string };

/** A pipe mailbox (no IMAP settings) on its own domain, with the given rules. */
export async function insertMailbox(
  options: {
    unknownSenders?: 'create_account' | 'refuse' | 'allowed_domains';
    allowedDomains?: string[];
    teamId?: string | null;
    priority?: string;
    category?: string;
    plusAddressing?: boolean;
  } = {},
): Promise<TestMailbox> {
  const name = uniqueName('box');
  const [row] = await sql<TestMailbox[]>`
    insert into mailboxes (name, address, kind, unknown_senders, allowed_domains, team_id, priority, category, plus_addressing)
    values (${name}, ${`support-${name}@desk.test`}, 'pipe', ${options.unknownSenders ?? 'refuse'},
            ${options.allowedDomains ?? []}, ${options.teamId ?? null}, ${options.priority ?? 'medium'},
            ${options.category ?? 'other'}, ${options.plusAddressing ?? true})
    returning id, address`;
  if (!row) throw new Error('mailbox not inserted');
  return row;
}

/** A message as a mail server hands it over: header lines, a blank line, the body (CRLF). */
export function mail(headers: string[], body = 'Hello, the printer is broken.'): Buffer {
  const hasId = headers.some((line) => /^message-id:/i.test(line));
  const id = hasId ? [] : [`Message-ID: <${crypto.randomUUID()}@client.test>`];
  return Buffer.from(`${[...headers, ...id].join('\r\n')}\r\n\r\n${body}\r\n`);
}

/** Takes a message in through a pipe mailbox, as `mail:receive` does. */
export async function takeIn(mailbox: TestMailbox, raw: Buffer): Promise<string> {
  const id = await insertInboundMessage(sql, { mailboxId: mailbox.id, uidValidity: null, uid: null }, raw);
  if (id === null) throw new Error('message not taken in');
  return id;
}

/** Takes a message in and processes it at once. */
export async function receive(
  mailbox: TestMailbox,
  raw: Buffer,
  options: Partial<IntakeOptions> = {},
): Promise<{ id: string; result: InboundOutcome | null }> {
  const id = await takeIn(mailbox, raw);
  return { id, result: await processInboundMessage(id, intakeEnv(options)) };
}

export type InboundState = {
  status: string;
  outcome: string | null;
  ticketId: string | null;
  commentId: string | null;
  attempts: number;
  lastError: string | null;
  hasRaw: boolean;
  sender: string | null;
};

export async function inboundRow(id: string): Promise<InboundState> {
  const [row] = await sql<InboundState[]>`
    select status, outcome, ticket_id as "ticketId", comment_id as "commentId", attempts,
           last_error as "lastError", raw is not null as "hasRaw", sender
    from inbound_messages where id = ${id}`;
  if (!row) throw new Error(`no inbound message ${id}`);
  return row;
}

/** The outbox rows to an address, oldest first. */
export function mailTo(address: string) {
  return sql<{ id: string; kind: string; ticketId: string | null; textBody: string }[]>`
    select id, kind, ticket_id as "ticketId", text_body as "textBody" from email_outbox
    where lower(recipient) = lower(${address}) order by created_at, id`;
}

export function ticketsOf(requesterId: string) {
  return sql<
    {
      id: string;
      title: string;
      description: string;
      priority: string;
      category: string;
      teamId: string | null;
    }[]
  >`
    select id, title, description, priority, category, team_id as "teamId" from tickets
    where requester_id = ${requesterId} order by created_at, id`;
}

export function commentsOf(ticketId: string) {
  return sql<{ id: string; content: string; isInternal: boolean; authorId: string }[]>`
    select id, content, is_internal as "isInternal", author_id as "authorId" from ticket_comments
    where ticket_id = ${ticketId} order by created_at, id`;
}

export function attachmentsOf(ticketId: string) {
  return sql<{ id: string; fileName: string; fileType: string; fileSize: number; isInternal: boolean }[]>`
    select id, file_name as "fileName", file_type as "fileType", file_size as "fileSize", is_internal as "isInternal"
    from attachments where ticket_id = ${ticketId} order by created_at, id`;
}
