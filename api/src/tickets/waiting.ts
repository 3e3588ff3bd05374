import {
  SLA_MESSAGES,
  type TTicketSlaStatus,
  type TWaitingEndReason,
  type TWaitOnRequesterRequest,
  WAIT_UNTIL_MAX_DAYS,
} from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { calendarOf } from '../sla/policy-match.ts';
import { planTicketEffects } from './effects.ts';
import { endedHold, type SlaState, slaColumnsOf, slaStateOf, startedHold } from './hold.ts';
import {
  selectDueHoldsForUpdate,
  selectTicketHoldContextForUpdate,
  type TicketHoldContext,
} from './queries.ts';
import { isStaff, ticketNotFound, type Viewer } from './service.ts';
import { slaStatusOf } from './sla.ts';
import { writeTicketHold } from './write-statement.ts';

/**
 * Holds on the requester (docs/product.md#sla): an open ticket waits on its requester, its
 * resolution clock stopped, until staff resume it, the requester replies (service.ts's comments),
 * the date it waits until comes (the SLA watch's round) or it is resolved (service.ts's changes).
 * Every hold write locks the ticket row first, so two of them never move one deadline twice.
 */

const DAY_MS = 86_400_000;

/** The instant a hold waits until: null for none; 400 when not a date, not ahead, or too far ahead. */
function untilOf(until: string | null | undefined, now: number): number | null {
  if (until === undefined || until === null) return null;
  const at = Date.parse(until);
  if (Number.isNaN(at)) throw badRequest('until must be an ISO date-time', { until: 'Not a date' });
  if (at <= now) throw badRequest(SLA_MESSAGES.untilInPast, { until: SLA_MESSAGES.untilInPast });
  if (at > now + WAIT_UNTIL_MAX_DAYS * DAY_MS) {
    throw badRequest(SLA_MESSAGES.untilTooFar, { until: SLA_MESSAGES.untilTooFar });
  }
  return at;
}

const isOpen = (ticket: TicketHoldContext) => ticket.status === 'new' || ticket.status === 'in_progress';

/** The SLA status a hold write answers: the locked ticket with its new state. */
const statusAfter = (ticket: TicketHoldContext, state: SlaState, now: number) =>
  slaStatusOf({ ...ticket, ...slaColumnsOf(state) }, now);

/**
 * Puts an open ticket on hold for its requester, optionally until a date (agents and admins). On
 * a ticket already waiting only the date changes: no second event. Answers its SLA status.
 */
export async function waitOnRequester(
  viewer: Viewer,
  ticketId: string,
  body: TWaitOnRequesterRequest,
): Promise<TTicketSlaStatus> {
  if (!isStaff(viewer)) throw forbidden();
  const now = Date.now();
  const until = untilOf(body.until, now);
  return sql.begin(async (tx) => {
    const ticket = await selectTicketHoldContextForUpdate(tx, ticketId);
    if (!ticket) throw ticketNotFound();
    if (!isOpen(ticket)) throw conflict(SLA_MESSAGES.notOpen);
    const state = slaStateOf(ticket);
    const isWaiting = state.waitingSince !== null;
    if (isWaiting && state.waitingUntil === until) return statusAfter(ticket, state, now);
    const next = isWaiting ? { ...state, waitingUntil: until } : startedHold(state, now, until);
    const plan = planTicketEffects({
      kind: 'waiting',
      ticketId,
      before: null,
      after: null,
      actor: { id: viewer.id, role: viewer.role, name: null },
      comment: null,
      settings: {},
      links: null,
      holdStarted: isWaiting ? null : { until: until === null ? null : new Date(until).toISOString() },
    });
    await writeTicketHold(tx, ticketId, next, plan);
    return statusAfter(ticket, next, now);
  });
}

/** Ends a locked ticket's hold at `endMs` for `reason`, with its waiting_ended event; answers the new state. */
async function endHoldOf(
  tx: Db,
  ticket: TicketHoldContext,
  endMs: number,
  reason: TWaitingEndReason,
  actor: Viewer | null,
): Promise<SlaState> {
  const ended = endedHold(slaStateOf(ticket), calendarOf(ticket.policy), endMs, reason);
  const plan = planTicketEffects({
    kind: 'waiting',
    ticketId: ticket.id,
    before: null,
    after: null,
    actor: actor && { id: actor.id, role: actor.role, name: null },
    comment: null,
    settings: {},
    links: null,
    holdEnded: ended.event,
  });
  await writeTicketHold(tx, ticket.id, ended.state, plan);
  return ended.state;
}

/** Resumes a waiting ticket's resolution clock now (agents and admins); 409 when it is not waiting. */
export async function resumeTicket(viewer: Viewer, ticketId: string): Promise<TTicketSlaStatus> {
  if (!isStaff(viewer)) throw forbidden();
  return sql.begin(async (tx) => {
    const ticket = await selectTicketHoldContextForUpdate(tx, ticketId);
    if (!ticket) throw ticketNotFound();
    if (ticket.waitingSince === null) throw conflict(SLA_MESSAGES.notWaiting);
    const now = Date.now();
    const state = await endHoldOf(tx, ticket, now, 'resumed', viewer);
    return statusAfter(ticket, state, now);
  });
}

/**
 * Ends up to `limit` holds whose date has come by `now`, each at its own date (reason
 * date_reached), in one transaction; true when the batch was full (more may be due).
 */
export function endDueHolds(
  db: Sql,
  now: number,
  limit: number,
): Promise<{ ended: number; isBatchFull: boolean }> {
  return db.begin(async (tx) => {
    const due = await selectDueHoldsForUpdate(tx, { now: new Date(now), limit });
    for (const ticket of due) {
      const until = ticket.waitingUntil === null ? now : Date.parse(ticket.waitingUntil);
      await endHoldOf(tx, ticket, until, 'date_reached', null);
    }
    return { ended: due.length, isBatchFull: due.length === limit };
  });
}
