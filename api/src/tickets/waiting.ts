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
import { slaPolicyCache, withTicketPolicy } from '../sla/policy-cache.ts';
import { calendarOf } from '../sla/policy-match.ts';
import { type EffectsPlan, planTicketEffects } from './effects.ts';
import { endedHold, type SlaState, slaColumnsOf, slaStateOf, startedHold } from './hold.ts';
import { selectDueHoldsForUpdate, selectTicketHoldContext, type TicketHoldContext } from './queries.ts';
import { isStaff, ticketNotFound, type Viewer } from './service.ts';
import { slaStatusOf } from './sla.ts';
import { writeTicketHold } from './write-statement.ts';

/**
 * Holds on the requester (docs/product.md#sla): an open ticket waits on its requester, its
 * resolution clock stopped, until staff resume it, the requester replies (service.ts's comments),
 * the date it waits until comes (the SLA watch's round) or it is resolved (service.ts's changes).
 * A hold write is decided from the ticket row and written only if the row is still the one it was
 * decided from (or under its lock), so two of them never move one deadline twice.
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

/** What a hold change decided from the ticket as read: the state and plan to write (none: nothing changes), and the answer. */
type HoldChange = { write: { state: SlaState; plan: EffectsPlan } | null; answer: TTicketSlaStatus };

/**
 * The ticket a hold change is decided from (404 when missing), its policy from the process's copy
 * of the active ones when there is one.
 */
async function holdContext(db: Db, ticketId: string, options: { forUpdate: boolean }) {
  const active = slaPolicyCache().current();
  const read = await selectTicketHoldContext(db, ticketId, { ...options, withPolicy: active === null });
  if (!read) throw ticketNotFound();
  return withTicketPolicy(db, read, active);
}

/** Attempts at a hold change decided from the row as read, before one under the row's lock. */
const UNLOCKED_ATTEMPTS = 3;

/**
 * Applies a hold change that `decide` makes from the ticket as it is now (it throws for a ticket
 * the change does not apply to). Decided from the row as read and written only if the row is still
 * that version (its xmin): two statements, no transaction. Had anything changed the row in between
 * (a resume, a reply, a sweep), the write writes nothing and the change is decided again from the
 * new row; after UNLOCKED_ATTEMPTS such races it is decided and written under the row's lock.
 */
async function changeHold(
  ticketId: string,
  decide: (ticket: TicketHoldContext, now: number) => HoldChange,
): Promise<TTicketSlaStatus> {
  for (let attempt = 0; attempt < UNLOCKED_ATTEMPTS; attempt++) {
    const ticket = await holdContext(sql, ticketId, { forUpdate: false });
    const change = decide(ticket, Date.now());
    if (change.write === null) return change.answer;
    const { state, plan } = change.write;
    if (await writeTicketHold(sql, ticketId, state, plan, ticket.version)) return change.answer;
  }
  return sql.begin(async (tx) => {
    const ticket = await holdContext(tx, ticketId, { forUpdate: true });
    const change = decide(ticket, Date.now());
    if (change.write !== null) await writeTicketHold(tx, ticketId, change.write.state, change.write.plan);
    return change.answer;
  });
}

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
  const until = untilOf(body.until, Date.now());
  return changeHold(ticketId, (ticket, now) => {
    if (!isOpen(ticket)) throw conflict(SLA_MESSAGES.notOpen);
    const state = slaStateOf(ticket);
    const isWaiting = state.waitingSince !== null;
    if (isWaiting && state.waitingUntil === until)
      return { write: null, answer: statusAfter(ticket, state, now) };
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
    return { write: { state: next, plan }, answer: statusAfter(ticket, next, now) };
  });
}

/** A ticket's hold ended at `endMs` for `reason`: its new state and the plan with its waiting_ended event. */
function endedHoldOf(
  ticket: TicketHoldContext,
  endMs: number,
  reason: TWaitingEndReason,
  actor: Viewer | null,
): { state: SlaState; plan: EffectsPlan } {
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
  return { state: ended.state, plan };
}

/** Resumes a waiting ticket's resolution clock now (agents and admins); 409 when it is not waiting. */
export async function resumeTicket(viewer: Viewer, ticketId: string): Promise<TTicketSlaStatus> {
  if (!isStaff(viewer)) throw forbidden();
  return changeHold(ticketId, (ticket, now) => {
    if (ticket.waitingSince === null) throw conflict(SLA_MESSAGES.notWaiting);
    const write = endedHoldOf(ticket, now, 'resumed', viewer);
    return { write, answer: statusAfter(ticket, write.state, now) };
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
      const { state, plan } = endedHoldOf(ticket, until, 'date_reached', null);
      await writeTicketHold(tx, ticket.id, state, plan);
    }
    return { ended: due.length, isBatchFull: due.length === limit };
  });
}
