import { fillServerText, NOTIFICATION_MESSAGES, SLA_AT_RISK_FRACTION } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { NotificationAudience } from '../notifications/queries.ts';
import { notifyStaffAboutTicket } from '../notifications/service.ts';
import { resolutionTarget, responseTarget, type SlaTarget, slaTargetStatus } from '../tickets/sla.ts';
import { endDueHolds } from '../tickets/waiting.ts';
import { webhookLinks } from '../webhooks/delivery.ts';
import { selectWebhookTicket } from '../webhooks/queries.ts';
import { enqueueWebhookEvent } from '../webhooks/service.ts';
import type { WorkerTask } from '../worker/task.ts';
import {
  type DueSlaCheck,
  deleteSlaCheck,
  insertSlaAlert,
  type SlaAlertLevel,
  type SlaTargetName,
  selectDueSlaChecks,
  updateSlaCheck,
} from './queries.ts';

/** Tickets looked at per round; a full round runs again at once. */
export const SLA_WATCH_BATCH_SIZE = 100;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const units = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** '45 minutes', '3 hours 5 minutes', '2 days 4 hours'; under a minute: 'less than a minute'. */
export function formatDuration(ms: number): string {
  if (ms < MINUTE_MS) return NOTIFICATION_MESSAGES.lessThanAMinute;
  if (ms < HOUR_MS) return units(Math.floor(ms / MINUTE_MS), 'minute');
  if (ms < DAY_MS) {
    const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
    return `${units(Math.floor(ms / HOUR_MS), 'hour')}${minutes ? ` ${units(minutes, 'minute')}` : ''}`;
  }
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  return `${units(Math.floor(ms / DAY_MS), 'day')}${hours ? ` ${units(hours, 'hour')}` : ''}`;
}

/** The title and message of one warning: ticket number and title, which target, time left or overdue. */
export function slaWarningText(
  ticket: { ticketNumber: string; title: string },
  target: SlaTargetName,
  level: SlaAlertLevel,
  msToDeadline: number,
): { title: string; message: string } {
  const values = { ticketNumber: ticket.ticketNumber, title: ticket.title };
  if (level === 'at_risk') {
    const left = { ...values, leftLabel: formatDuration(msToDeadline) };
    const [title, message] =
      target === 'response'
        ? [NOTIFICATION_MESSAGES.responseAtRiskTitle, NOTIFICATION_MESSAGES.responseAtRiskMessage]
        : [NOTIFICATION_MESSAGES.resolutionAtRiskTitle, NOTIFICATION_MESSAGES.resolutionAtRiskMessage];
    return { title: fillServerText(title, left), message: fillServerText(message, left) };
  }
  const overdue = { ...values, overdueLabel: formatDuration(-msToDeadline) };
  const [title, message] =
    target === 'response'
      ? [NOTIFICATION_MESSAGES.responseBreachedTitle, NOTIFICATION_MESSAGES.responseBreachedMessage]
      : [NOTIFICATION_MESSAGES.resolutionBreachedTitle, NOTIFICATION_MESSAGES.resolutionBreachedMessage];
  return { title: fillServerText(title, overdue), message: fillServerText(message, overdue) };
}

/**
 * Who hears of a ticket's SLA trouble: its assignee, else its team's members, else every agent.
 * Each is tried in turn while it reaches nobody (an assignee or team with no active staff).
 */
function audiencesOf(ticket: DueSlaCheck): NotificationAudience[] {
  const audiences: NotificationAudience[] = [];
  if (ticket.assigneeId) audiences.push({ userIds: [ticket.assigneeId], teamId: null, allAgents: false });
  if (ticket.teamId) audiences.push({ userIds: [], teamId: ticket.teamId, allAgents: false });
  audiences.push({ userIds: [], teamId: null, allAgents: true });
  return audiences;
}

/** `sla.warning` (at risk) or `sla.breached` for the subscribed webhooks, with the ticket and the target's deadline. */
async function enqueueSlaWebhook(
  tx: Db,
  ticket: DueSlaCheck,
  target: SlaTargetName,
  level: SlaAlertLevel,
): Promise<void> {
  const facts = await selectWebhookTicket(tx, ticket.ticketId, webhookLinks().appBaseUrl);
  if (!facts) return;
  await enqueueWebhookEvent(tx, level === 'at_risk' ? 'sla.warning' : 'sla.breached', {
    ticket: facts,
    sla: {
      target: target === 'response' ? 'first_response' : 'resolution',
      dueAt: target === 'response' ? ticket.slaResponseBy : ticket.slaResolveBy,
    },
  });
}

async function warn(
  tx: Db,
  ticket: DueSlaCheck,
  target: SlaTargetName,
  level: SlaAlertLevel,
  msToDeadline: number,
): Promise<void> {
  if (!(await insertSlaAlert(tx, { ticketId: ticket.ticketId, target, level }))) return;
  await enqueueSlaWebhook(tx, ticket, target, level);
  const text = slaWarningText(ticket, target, level, msToDeadline);
  for (const audience of audiencesOf(ticket)) {
    const count = await notifyStaffAboutTicket(tx, {
      audience,
      actorId: null,
      type: 'sla_warning',
      title: text.title,
      message: text.message,
      ticketId: ticket.ticketId,
    });
    if (count > 0) return;
  }
}

/**
 * Warns about one target that is at risk or breached at `now`, and says when it next needs a
 * look: when it becomes at risk (its stored moment, or the wall-clock rule's without one), when
 * it becomes breached, or never (met, breached, no deadline).
 */
async function watchTarget(
  tx: Db,
  ticket: DueSlaCheck,
  target: SlaTargetName,
  times: SlaTarget,
  now: number,
): Promise<number | null> {
  const { status } = slaTargetStatus(times, now);
  if (times.deadline === null || (status !== 'on_track' && status !== 'at_risk' && status !== 'breached')) {
    return null;
  }
  const deadline = Date.parse(times.deadline);
  if (status === 'breached') {
    await warn(tx, ticket, target, 'breached', deadline - now);
    return null;
  }
  if (status === 'at_risk') {
    await warn(tx, ticket, target, 'at_risk', deadline - now);
    return deadline;
  }
  if (times.riskAt) return Date.parse(times.riskAt);
  // The first millisecond at which sla.ts says 'at_risk' (less than the fraction of the window left).
  const windowMs = deadline - Date.parse(times.createdAt);
  return Math.floor(deadline - windowMs * SLA_AT_RISK_FRACTION) + 1;
}

/**
 * One round of the SLA watch. First the holds whose date has come end, each at its date (up to a
 * batch, in a transaction of their own: tickets/waiting.ts); their deadlines are back, so their
 * tickets are due for a look. Then the tickets due for a look (see migration 00027) get exactly
 * one 'at risk' and one 'breached' warning per target, ever (a target already breached when first
 * seen gets only 'breached'), and their next look is scheduled, all in one transaction.
 */
export async function runSlaWatchRound(
  options: { db?: Sql; now?: number; batchSize?: number } = {},
): Promise<{ handled: number; isBatchFull: boolean }> {
  const db = options.db ?? sql;
  const now = options.now ?? Date.now();
  const batchSize = options.batchSize ?? SLA_WATCH_BATCH_SIZE;
  const holds = await endDueHolds(db, now, batchSize);
  const checks = await db.begin(async (tx) => {
    const due = await selectDueSlaChecks(tx, { now: new Date(now), limit: batchSize });
    for (const ticket of due) {
      if (ticket.status !== 'new' && ticket.status !== 'in_progress') {
        await deleteSlaCheck(tx, ticket.ticketId);
        continue;
      }
      const targets = [
        ['response', responseTarget(ticket)],
        ['resolution', resolutionTarget(ticket)],
      ] as const;
      const next: number[] = [];
      for (const [target, times] of targets) {
        const at = await watchTarget(tx, ticket, target, times, now);
        if (at !== null) next.push(at);
      }
      if (next.length === 0) await deleteSlaCheck(tx, ticket.ticketId);
      else await updateSlaCheck(tx, ticket.ticketId, new Date(Math.min(...next)));
    }
    return { handled: due.length, isBatchFull: due.length === batchSize };
  });
  return { handled: holds.ended + checks.handled, isBatchFull: holds.isBatchFull || checks.isBatchFull };
}

/** The SLA watch as a periodic worker task. */
export function createSlaWatchTask(intervalMs: number): WorkerTask {
  return { name: 'sla-watch', intervalMs, run: () => runSlaWatchRound() };
}
