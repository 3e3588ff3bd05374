import {
  ERROR_CODES,
  type TBulkTicketRequest,
  type TBulkTicketResponse,
  TICKET_BULK_MESSAGES,
  WRITE_LIMIT_MESSAGES,
  ZBulkTicketResponse,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import type { MailLinks } from '../email/prepare.ts';
import { ApiError, forbidden } from '../errors.ts';
import { type Answer, runIdempotent } from '../idempotency/service.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimitOf } from '../limits/rate-limits.ts';
import { changeTicketFields, isStaff, type Viewer } from '../tickets/service.ts';
import { selectMissingTicketIds } from './queries.ts';

/**
 * Ticket changes, by count of tickets (docs/security.md#write-limits): 500 at once (five full
 * bulk changes), then one every 1.2 s. A bulk change spends one per ticket it names, so a hundred
 * tickets in one request weigh what a hundred single changes would.
 */
export function ticketChangeBudget(user: { id: string }): Budget {
  return { key: `ticket-change:user:${user.id}`, limit: 500, windowMs: 10 * 60_000 };
}

/** Runs `work` as its own all-or-nothing step: a savepoint inside a transaction, a transaction otherwise. */
function ownStep(db: Db, work: (tx: Db) => Promise<void>): Promise<void> {
  return ('savepoint' in db ? db.savepoint(work) : db.begin(work)) as Promise<void>;
}

/**
 * The same change to many tickets (agents and admins), honouring an Idempotency-Key. Every id must
 * name a ticket (404 with the missing ids in `details.missingIds`, nothing changed); then the
 * caller's ticket-change budget is spent for every ticket (429 otherwise, nothing changed), and
 * each ticket changes in a step of its own through PATCH's own path (changeTicketFields: the same
 * rules, events, notifications, mail and live messages). A refusal is that ticket's result with
 * PATCH's message; the others still change. Steps run in id order, so two bulk changes over the
 * same tickets lock them in one order and never deadlock; results come in request order.
 * Without a key each step is a transaction; with one, each is a savepoint of the key's
 * transaction, so the stored answer commits with exactly the changes it reports.
 */
export function bulkChangeTickets(
  viewer: Viewer,
  request: TBulkTicketRequest,
  idempotencyKey: string | null,
  links: MailLinks,
): Promise<Answer<TBulkTicketResponse>> {
  if (!isStaff(viewer)) throw forbidden();
  return runIdempotent(
    { userId: viewer.id, key: idempotencyKey, scope: 'POST /api/tickets/bulk', body: request },
    ZBulkTicketResponse,
    async (db) => {
      const missingIds = await selectMissingTicketIds(db, request.ids);
      if (missingIds.length > 0) {
        throw new ApiError(
          404,
          ERROR_CODES.notFound,
          TICKET_BULK_MESSAGES.ticketsNotFound,
          undefined,
          undefined,
          {
            missingIds,
          },
        );
      }
      await enforceRateLimitOf(
        db,
        ticketChangeBudget(viewer),
        request.ids.length,
        WRITE_LIMIT_MESSAGES.tooManyTicketChanges,
      );
      const outcomes = new Map<string, string | null>();
      for (const id of [...request.ids].sort()) {
        try {
          await ownStep(db, (tx) => changeTicketFields(tx, viewer, id, request.changes, links));
          outcomes.set(id, null);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          outcomes.set(id, error.message);
        }
      }
      const results = request.ids.map((id) => {
        const error = outcomes.get(id) ?? null;
        return error === null ? { id, ok: true } : { id, ok: false, error };
      });
      return { status: 200, body: { results } };
    },
  );
}
