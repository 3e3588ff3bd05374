import { fillServerText, LIMITS, MAIL_IN_MESSAGES, TICKET_LIMITS } from '@helpdesk/contracts';
import { type Db, isDatabaseUnavailable } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { MailLinks } from '../email/prepare.ts';
import { fromAddress, messageIdDomain } from '../email/transport.ts';
import { ApiError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { getEffectiveSettings } from '../settings/service.ts';
import { addComment, fileTicketFromMail, type Viewer } from '../tickets/service.ts';
import { type RefusedFile, recordStagedFiles, removeStagedFiles, stageFiles } from './intake-files.ts';
import {
  type ClaimedInbound,
  claimInbound,
  countRecentFromSender,
  failInbound,
  finishInbound,
  type InboundOutcome,
  type InboundRow,
  insertInternalNote,
  isRequesterOrStaffAddress,
  markOutboxBounced,
  recordInboundHeaders,
  retryInboundLater,
  selectInboundRow,
  selectMailboxAddresses,
  selectTicketIdByNumber,
  selectTicketOfInboundMessageId,
  selectTicketOfOutbox,
} from './intake-queries.ts';
import { type DeskIdentity, isFromDeskMailbox, noAutoReplyReason } from './loops.ts';
import { type InboundMessage, type ParseProblem, parseMessage } from './parse-message.ts';
import { replyText } from './reply-text.ts';
import { answerPending, answerRefused, decideSender, openMailAccount } from './senders.ts';
import { decideThread, outboxIdOf } from './threading.ts';

/** How processing runs: its lease, retries and the per-sender flood limit (tests shorten them). */
export type IntakeOptions = {
  /** Messages claimed per round. */
  batchSize: number;
  /** Messages of a round processed at once (intake-lanes.ts keeps the ones that share a sender or thread in order). */
  concurrency: number;
  /** How long a claim holds a message; past it another worker takes it over. */
  leaseMs: number;
  /** The first retry waits about this long, each later one twice as long, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** After this many failed attempts a message is 'failed' until an admin retries it. */
  maxAttempts: number;
  /** Rounds run at least this often when nothing wakes the task. */
  intervalMs: number;
  /** More messages than this from one address within floodWindowMs are held back. */
  floodLimit: number;
  floodWindowMs: number;
};

export const DEFAULT_INTAKE_OPTIONS: IntakeOptions = {
  batchSize: 20,
  concurrency: 4,
  leaseMs: 5 * 60_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 6,
  intervalMs: 60_000,
  floodLimit: 20,
  floodWindowMs: 10 * 60_000,
};

/** What processing needs from its process: where links point, where files go, where to log. */
export type IntakeEnvironment = {
  links: MailLinks;
  attachmentsDir: string;
  log: Logger;
  options?: Partial<IntakeOptions>;
  /**
   * The desk's addresses as a round read them once (roundDeskIdentity), so a round's messages do
   * not each read the mailboxes and settings again; read per message when absent.
   */
  desk?: () => Promise<DeskIdentity>;
};

/** The Idempotency-Key a message's ticket or comment is written under: processing it again writes nothing twice. */
export const intakeKey = (inboundId: string) => `mail-in:${inboundId}`;

const NO_SUBJECT = '(no subject)';
const NO_TEXT = '(The email had no text.)';
const BOUNCED = MAIL_IN_MESSAGES.bounced;
const INTERRUPTED = MAIL_IN_MESSAGES.interrupted;

const PROBLEM_WORDS: Record<ParseProblem, string> = {
  'too-large': 'the email was too large to read; only its headers were read',
  'unreadable-body': 'the body of the email could not be read',
  'unreadable-headers': 'the headers of the email could not be read',
  'too-many-files': 'the email had more files than are taken',
  'text-truncated': 'the text was cut at its length limit',
  'too-many-references': 'an overlong References header was shortened',
};

const outcome = (
  status: InboundOutcome['status'],
  kind: InboundOutcome['outcome'],
  more: Partial<InboundOutcome> = {},
): InboundOutcome => ({ status, outcome: kind, ticketId: null, commentId: null, lastError: null, ...more });

/** At most `max` characters (code points, as the columns count them). */
function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? characters.slice(0, max).join('') : text;
}

function titleOf(message: InboundMessage): string {
  return cut(message.subject.trim(), LIMITS.ticketTitleMax).trim() || NO_SUBJECT;
}

/** The desk's own addresses: its mailboxes and the company address its mail is sent from. */
async function readDeskIdentity(links: MailLinks): Promise<DeskIdentity> {
  const [addresses, settings] = await Promise.all([selectMailboxAddresses(sql), getEffectiveSettings(sql)]);
  const from = fromAddress(settings, links.appBaseUrl);
  return { supportAddresses: [...addresses, from.address], messageIdDomain: messageIdDomain(from.address) };
}

/**
 * The desk's addresses read at most once for a round (on its first message's use): a mailbox added
 * during a round is known from the next one, a second or so later. A failed read is read again.
 */
export function roundDeskIdentity(links: MailLinks): () => Promise<DeskIdentity> {
  let read: Promise<DeskIdentity> | null = null;
  return () => {
    read ??= readDeskIdentity(links).catch((error: unknown) => {
      read = null;
      throw error;
    });
    return read;
  };
}

/** Where a reply lands: the ticket named by its ids, plus address or number (decideThread), or a new ticket. */
function threadOf(message: InboundMessage, desk: DeskIdentity) {
  return decideThread(message, {
    supportAddresses: desk.supportAddresses,
    ticketByMessageId: (id) => {
      const outboxId = outboxIdOf(id);
      return outboxId === null
        ? selectTicketOfInboundMessageId(sql, id)
        : selectTicketOfOutbox(sql, outboxId);
    },
    ticketByNumber: (number) => selectTicketIdByNumber(sql, number),
    senderMayReply: (ticketId, address) => isRequesterOrStaffAddress(sql, ticketId, address),
  });
}

/** Where the message was written: the ticket and, for a reply, its comment. */
type Written = { ticketId: string; commentId: string | null };

/**
 * Writes the message as a comment on the ticket it answers (public, trimmed of quoted history),
 * or as a new ticket with the whole text and the mailbox's priority, category and team. A reply
 * the writer may not add to that ticket (not its requester, not staff) opens a ticket of theirs
 * instead; a requester's reply too late to reopen becomes the follow-up addComment opens.
 */
async function write(
  row: InboundRow,
  message: InboundMessage,
  writer: Viewer,
  desk: DeskIdentity,
  links: MailLinks,
): Promise<Written> {
  const key = intakeKey(row.id);
  const thread = await threadOf(message, desk);
  if (thread.kind === 'reply') {
    const content = cut(replyText(message.text).text.trim(), TICKET_LIMITS.commentMax).trim() || NO_TEXT;
    try {
      const answer = await addComment(writer, thread.ticketId, { content, isInternal: false }, key, links);
      if ('followUpTicket' in answer.body)
        return { ticketId: answer.body.followUpTicket.id, commentId: null };
      return { ticketId: thread.ticketId, commentId: answer.body.id };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const { mailbox } = row;
  const answer = await fileTicketFromMail(
    writer,
    {
      title: titleOf(message),
      description: cut(message.text.trim(), TICKET_LIMITS.descriptionMax).trim() || NO_TEXT,
      priority: mailbox.priority,
      category: mailbox.category,
      teamId: mailbox.teamId,
    },
    key,
    links,
  );
  return { ticketId: answer.body.id, commentId: null };
}

/** The staff note about what did not come through: refused files, what could not be read. */
function noteOf(refused: readonly RefusedFile[], problems: readonly ParseProblem[]): string | null {
  const lines = [
    ...refused.map((file) => `Not attached: "${file.fileName}" (${file.reason}).`),
    ...problems.map((problem) => `Note: ${PROBLEM_WORDS[problem]}.`),
  ];
  if (lines.length === 0) return null;
  return ['From the email this came in by:', ...lines, 'The original email is attached for staff.'].join(
    '\n',
  );
}

/**
 * The ticket or comment's files, the original for staff and the note, then the row marked done,
 * in one transaction fenced by the claim: a worker whose lease ran out commits none of it (and its
 * files are removed again), the one that holds the row commits it once.
 */
async function finishWritten(
  claim: ClaimedInbound,
  row: InboundRow,
  message: InboundMessage,
  written: Written,
  writer: Viewer,
  env: IntakeEnvironment,
): Promise<InboundOutcome> {
  const target = { ticketId: written.ticketId, uploader: writer };
  const staged = await stageFiles(message.files, row.raw, target, env.attachmentsDir);
  const result = outcome('done', written.commentId === null ? 'ticket' : 'comment', written);
  try {
    await sql.begin(async (tx) => {
      if (!(await finishInbound(tx, claim, result))) throw new LeaseLost();
      await recordStagedFiles(tx, staged, target);
      const note = noteOf(staged.refused, message.problems);
      if (note !== null)
        await insertInternalNote(tx, { ticketId: written.ticketId, authorId: writer.id, content: note });
    });
  } catch (error) {
    await removeStagedFiles(staged);
    throw error;
  }
  return result;
}

/** The claim no longer holds the row: another worker took it over after the lease ran out. */
class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/** Records an outcome that wrote no ticket, in `work`'s transaction (an answer mail commits with it). */
async function finishWithout(
  claim: ClaimedInbound,
  result: InboundOutcome,
  work: (tx: Db) => Promise<void> = async () => {},
): Promise<InboundOutcome> {
  await sql.begin(async (tx) => {
    if (!(await finishInbound(tx, claim, result))) throw new LeaseLost();
    await work(tx);
  });
  return result;
}

/**
 * What a message is when it may create nothing (docs/product.md#email-in), in order: a bounce
 * marks the message it names failed; the desk's own mail, a Message-ID taken in before and
 * automatic mail are recorded; a sender over the flood limit is held back unless an admin
 * released the message. Null when it goes on to who may write.
 */
async function passiveOutcome(
  row: InboundRow,
  message: InboundMessage,
  facts: { desk: DeskIdentity; isFirstOfItsId: boolean; sender: string | null },
  options: IntakeOptions,
): Promise<InboundOutcome | null> {
  if (message.isBounce) {
    const outboxId = message.bouncedMessageId === null ? null : outboxIdOf(message.bouncedMessageId);
    if (outboxId !== null) await markOutboxBounced(sql, outboxId, BOUNCED);
    return outcome('ignored', 'bounce');
  }
  if (isFromDeskMailbox(message, facts.desk)) return outcome('ignored', 'own');
  if (!facts.isFirstOfItsId) return outcome('ignored', 'duplicate');
  if (noAutoReplyReason(message, facts.desk) !== null || facts.sender === null)
    return outcome('ignored', 'auto');
  if (row.releasedAt !== null) return null;
  const since = new Date(Date.parse(row.receivedAt) - options.floodWindowMs);
  if ((await countRecentFromSender(sql, facts.sender, since, row.id)) < options.floodLimit) return null;
  return outcome('failed', 'flood', {
    lastError: fillServerText(MAIL_IN_MESSAGES.heldBack, {
      limit: String(options.floodLimit),
      minutes: String(options.floodWindowMs / 60_000),
    }),
  });
}

/** A claimed message read and parsed: what the rules (processReadInbound) and the round's lanes need. */
export type ReadInbound = { claim: ClaimedInbound; row: InboundRow; message: InboundMessage };

/**
 * The rules, in order: what creates nothing (passiveOutcome), then who may write decides
 * (senders.ts), and the message becomes one ticket or one comment.
 */
async function processRead(read: ReadInbound, env: IntakeEnvironment, options: IntakeOptions) {
  const { claim, row, message } = read;
  // A longer "address" is none (the column holds what an address may be, RFC 5321's 254).
  const from = message.from !== null && message.from.address.length <= 254 ? message.from : null;
  const isFirstOfItsId = await recordInboundHeaders(sql, claim, {
    sender: from?.address ?? null,
    subject: message.subject,
    messageId: message.messageId,
  });
  const desk = await (env.desk?.() ?? readDeskIdentity(env.links));
  const passive = await passiveOutcome(
    row,
    message,
    { desk, isFirstOfItsId, sender: from?.address ?? null },
    options,
  );
  if (passive !== null || from === null) return finishWithout(claim, passive ?? outcome('ignored', 'auto'));
  const decision = await decideSender(row.mailbox, from.address);
  if (decision.kind === 'pending') {
    return finishWithout(claim, outcome('done', 'refused'), (tx) =>
      answerPending(tx, row.id, decision.account),
    );
  }
  if (decision.kind === 'closed') return finishWithout(claim, outcome('done', 'refused'));
  if (decision.kind === 'unknown' && !decision.isAllowed) {
    return finishWithout(claim, outcome('done', 'refused'), (tx) =>
      answerRefused(tx, { inboundId: row.id, address: from.address }, env.links),
    );
  }
  const writer = decision.kind === 'writer' ? decision.viewer : await openMailAccount(from, env.links);
  const written = await write(row, message, writer, desk, env.links);
  return finishWritten(claim, row, message, written, writer, env);
}

/** How long to wait before the next attempt: base x 2^(attempt-1), capped, with equal jitter. */
function retryDelayMs(attempt: number, options: IntakeOptions): number {
  const exponential = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * Math.random());
}

/** A short reason safe to show an admin: an API refusal's own words (say, a rate limit), never a stack or data. */
function safeReason(error: unknown): string {
  if (error instanceof ApiError) return error.message.slice(0, 300);
  if (isDatabaseUnavailable(error)) return MAIL_IN_MESSAGES.databaseUnavailable;
  return MAIL_IN_MESSAGES.processingFailed;
}

/**
 * What happens to a claimed row whose processing threw: it is retried after a backoff, and after
 * maxAttempts it is 'failed' with a short safe reason until an admin retries it.
 */
async function recordFailure(
  claim: ClaimedInbound,
  error: unknown,
  env: IntakeEnvironment,
  options: IntakeOptions,
) {
  if (error instanceof LeaseLost) return;
  const reason = safeReason(error);
  env.log.error(
    `mail intake: processing inbound message ${claim.id} failed (attempt ${claim.attempts})`,
    error,
  );
  if (claim.attempts >= options.maxAttempts) await failInbound(sql, claim, reason);
  else await retryInboundLater(sql, claim, retryDelayMs(claim.attempts, options), reason);
}

/**
 * Reads and parses a claimed row. Null when there is nothing more to do for it: it is gone, it kept
 * stopping halfway (a message that brings its worker down is 'failed'), or it could not be read
 * (then it is retried later, as any failure is).
 */
export async function readClaimedInbound(
  claim: ClaimedInbound,
  env: IntakeEnvironment,
): Promise<ReadInbound | null> {
  const options = { ...DEFAULT_INTAKE_OPTIONS, ...env.options };
  if (claim.wasInterrupted && claim.attempts > options.maxAttempts) {
    await failInbound(sql, claim, INTERRUPTED);
    return null;
  }
  try {
    const row = await selectInboundRow(sql, claim.id);
    if (!row) return null;
    return { claim, row, message: await parseMessage(row.raw ?? Buffer.alloc(0)) };
  } catch (error) {
    await recordFailure(claim, error, env, options);
    return null;
  }
}

/**
 * Makes a read row a ticket, a comment or an outcome that writes neither, whatever happens: a
 * failure is recorded on the row (recordFailure). Answers the outcome, or null when the row was not
 * processed this time.
 */
export async function processReadInbound(
  read: ReadInbound,
  env: IntakeEnvironment,
): Promise<InboundOutcome | null> {
  const options = { ...DEFAULT_INTAKE_OPTIONS, ...env.options };
  try {
    return await processRead(read, env, options);
  } catch (error) {
    await recordFailure(read.claim, error, env, options);
    return null;
  }
}

/** Processes one claimed row, whatever happens (readClaimedInbound, then processReadInbound). */
export async function processClaimedInbound(
  claim: ClaimedInbound,
  env: IntakeEnvironment,
): Promise<InboundOutcome | null> {
  const read = await readClaimedInbound(claim, env);
  return read === null ? null : processReadInbound(read, env);
}

/**
 * Processes one message taken in, by id (`mail:receive` right after taking it in; tests): claims it
 * like the worker does, so a worker that has it already is never raced. Null when it was not due,
 * is held by another worker, or failed this time (it is then retried later).
 */
export async function processInboundMessage(
  id: string,
  env: IntakeEnvironment,
): Promise<InboundOutcome | null> {
  const options = { ...DEFAULT_INTAKE_OPTIONS, ...env.options };
  const claim = await claimInbound(sql, id, options.leaseMs);
  return claim === null ? null : processClaimedInbound(claim, env);
}
