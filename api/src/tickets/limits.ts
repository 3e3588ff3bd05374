import { type TUserRole, WRITE_LIMIT_MESSAGES } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import type { ApiError } from '../errors.ts';
import type { Budget } from '../limits/limiter.ts';
import type { RateCell } from '../limits/queries.ts';
import { enforceRateLimit, rateCellOf, rateRefusal, tryRateLimit } from '../limits/rate-limits.ts';

/**
 * Per-user limits on filing tickets and commenting (docs/security.md#write-limits). Each is one
 * cell: the whole budget may be spent at once (a person filing a few tickets in a row is never
 * slowed), then one more each window / limit, which also caps the hourly rate, so no second,
 * hourly budget is needed. Staff file and answer for callers all day, so theirs are looser.
 */

const MINUTE = 60_000;

const isStaff = (role: TUserRole) => role === 'admin' || role === 'agent';

/** Tickets: end users 5 at once, then one every 2 minutes (at most 35 an hour); staff 30, then one every 20 s. */
export function ticketBudget(user: { id: string; role: TUserRole }): Budget {
  return isStaff(user.role)
    ? { key: `ticket:user:${user.id}`, limit: 30, windowMs: 10 * MINUTE }
    : { key: `ticket:user:${user.id}`, limit: 5, windowMs: 10 * MINUTE };
}

/** Comments: end users 10 at once, then one every 30 s; staff 60, then one every 5 s. */
export function commentBudget(user: { id: string; role: TUserRole }): Budget {
  return isStaff(user.role)
    ? { key: `comment:user:${user.id}`, limit: 60, windowMs: 5 * MINUTE }
    : { key: `comment:user:${user.id}`, limit: 10, windowMs: 5 * MINUTE };
}

/**
 * The ticket confirmation mail: at most one per address every 5 minutes, whoever files for it, so
 * filing tickets for someone (or for oneself) cannot flood a mailbox. The ticket is still filed.
 */
export function confirmationMailBudget(address: string): Budget {
  return { key: `ticket-confirmation:address:${address.toLowerCase()}`, limit: 1, windowMs: 5 * MINUTE };
}

/** Spends one comment of the user's budget, or refuses with 429, Retry-After and the wait in words. */
export async function takeComment(db: Db, user: { id: string; role: TUserRole }): Promise<void> {
  await enforceRateLimit(db, [commentBudget(user)], WRITE_LIMIT_MESSAGES.tooManyComments);
}

/**
 * One ticket filing of the user's budget as a cell the filing's first statement spends (its policy
 * read), so the limit costs no round trip of its own.
 */
export function ticketFilingCell(user: { id: string; role: TUserRole }): RateCell {
  return rateCellOf(ticketBudget(user));
}

/** One comment of the user's budget as a cell the comment's context read spends. */
export function commentCell(user: { id: string; role: TUserRole }): RateCell {
  return rateCellOf(commentBudget(user));
}

/** The 429 for a filing whose cell was refused: Retry-After and the wait in words. */
export function ticketFilingRefusal(db: Db, cell: RateCell): Promise<ApiError> {
  return rateRefusal(db, cell, WRITE_LIMIT_MESSAGES.tooManyTickets);
}

/** The 429 for a comment whose cell was refused, as takeComment refuses. */
export function commentRefusal(db: Db, cell: RateCell): Promise<ApiError> {
  return rateRefusal(db, cell, WRITE_LIMIT_MESSAGES.tooManyComments);
}

/** Whether a confirmation mail may go to the address now (spends the address's budget when it may). */
export async function takeConfirmationMail(db: Db, address: string): Promise<boolean> {
  return tryRateLimit(db, [confirmationMailBudget(address)]);
}
