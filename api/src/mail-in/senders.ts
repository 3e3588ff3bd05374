import { issuePasswordLink } from '../auth/password-links.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { enqueueMailAccountPending, enqueueMailRefused } from '../email/outbox.ts';
import type { MailLinks } from '../email/prepare.ts';
import { tryRateLimit } from '../limits/rate-limits.ts';
import type { Viewer } from '../tickets/service.ts';
import {
  type IntakeMailbox,
  insertMailAccount,
  lockSenderAddress,
  type SenderAccount,
  selectSenderAccount,
} from './intake-queries.ts';
import type { MailAddress } from './parse-message.ts';

/**
 * Who may write to the desk by mail (docs/product.md#email-in): an active account by its address;
 * an unknown address as its mailbox says (a new account, a polite refusal, or a new account only
 * for listed domains); an account awaiting approval files nothing and hears so; a rejected or
 * deactivated account files nothing and hears nothing.
 */
export type SenderDecision =
  | { kind: 'writer'; viewer: Viewer }
  | { kind: 'pending'; account: SenderAccount }
  | { kind: 'closed' }
  | { kind: 'unknown'; isAllowed: boolean };

const HOUR = 3_600_000;

/** The answers to one address (a refusal, the pending note): one an hour, so a stream of mail gets one answer, not a stream. */
const answerBudget = (address: string) => ({
  key: `mail-in:answer:${address.toLowerCase()}`,
  limit: 1,
  windowMs: HOUR,
});

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether an unknown address may get an account by mail to this mailbox. */
function mayOpenAccount(mailbox: IntakeMailbox, address: string): boolean {
  if (mailbox.unknownSenders === 'create_account') return true;
  if (mailbox.unknownSenders === 'refuse') return false;
  const domain = domainOf(address);
  return mailbox.allowedDomains.some((allowed) => allowed.trim().toLowerCase().replace(/^@/, '') === domain);
}

const asViewer = (account: SenderAccount): Viewer => ({
  id: account.id,
  role: account.role,
  email: account.email,
});

/** What the desk does with mail from this address, by its account and the mailbox's rule for strangers. */
export async function decideSender(mailbox: IntakeMailbox, address: string): Promise<SenderDecision> {
  const account = await selectSenderAccount(sql, address);
  if (!account) return { kind: 'unknown', isAllowed: mayOpenAccount(mailbox, address) };
  if (account.status === 'active') return { kind: 'writer', viewer: asViewer(account) };
  if (account.status === 'pending') return { kind: 'pending', account };
  return { kind: 'closed' };
}

/** Names for an account from the message's display name, else from the address's local part. */
export function namesOf(from: MailAddress): { firstName: string; lastName: string } {
  const words = from.name
    .replace(/["<>@]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  const local = from.address.slice(0, from.address.lastIndexOf('@'));
  const first = words[0] ?? local.split(/[._+-]/).find((part) => part !== '') ?? local;
  const last = words.length > 1 ? words.slice(1).join(' ') : '-';
  return { firstName: first.slice(0, 100), lastName: last.slice(0, 100) };
}

/** A username from the address's local part (letters, digits, . _ -) with a random suffix against clashes. */
export function usernameOf(address: string): string {
  const local = address
    .slice(0, address.lastIndexOf('@'))
    .replace(/[^a-zA-Z0-9._-]/g, '')
    .slice(0, 40);
  return `${local || 'mail'}-${crypto.randomUUID().slice(0, 6)}`;
}

/**
 * Opens an active end-user account for a stranger's address, with the single-use link to set a
 * password mailed to it (the invitation flow; using the link confirms the address). One account
 * per address however many messages race: the address is locked and looked up again first.
 */
export async function openMailAccount(from: MailAddress, links: MailLinks): Promise<Viewer> {
  return sql.begin(async (tx) => {
    await lockSenderAddress(tx, from.address);
    const existing = await selectSenderAccount(tx, from.address);
    if (existing) return asViewer(existing);
    const account = await insertMailAccount(tx, {
      email: from.address,
      username: usernameOf(from.address),
      ...namesOf(from),
    });
    await issuePasswordLink(tx, 'invitation', { ...account, emailVerified: false }, links, account.username);
    return asViewer(account);
  }) as Promise<Viewer>;
}

/** The polite refusal to a stranger's address, at most one an hour per address (inside `tx`). */
export async function answerRefused(
  tx: Db,
  refusal: { inboundId: string; address: string },
  links: MailLinks,
): Promise<void> {
  if (await tryRateLimit(tx, [answerBudget(refusal.address)])) await enqueueMailRefused(tx, refusal, links);
}

/** The note to an account awaiting approval that its mail filed nothing, at most one an hour (inside `tx`). */
export async function answerPending(tx: Db, inboundId: string, account: SenderAccount): Promise<void> {
  if (await tryRateLimit(tx, [answerBudget(account.email)])) {
    await enqueueMailAccountPending(tx, { inboundId, to: account });
  }
}
