import type { Db } from '../db/postgres.ts';
import { defineJobHandler, JOB_PAYLOADS } from '../jobs/service.ts';
import { getSettings } from '../settings/service.ts';
import { selectTicketStateForUpdate } from '../tickets/queries.ts';
import { assignTicketAsSystem } from '../tickets/service.ts';
import { lockAutoAssignment, selectLeastLoadedAgent, upsertAutoAssignTurn } from './queries.ts';

export type AutoAssignOutcome =
  | { isAssigned: true; assigneeId: string; ticketNumber: string }
  | {
      isAssigned: false;
      reason: 'switched_off' | 'no_ticket' | 'already_assigned' | 'not_open' | 'no_agent';
    };

const OPEN_STATUSES: readonly string[] = ['new', 'in_progress'];

/**
 * Auto assignment of one ticket, inside the caller's transaction, while the setting is on: a
 * ticket with a team goes to the active agent of that team with the fewest open tickets (all
 * agents when the team has none), a ticket without a team to any active agent by the same rule;
 * ties in turn. Skipped when the ticket got an assignee meanwhile or is no longer open. Writes
 * what a manual assignment writes (event and ticket_assigned notification), with no actor.
 */
export async function autoAssignTicket(tx: Db, ticketId: string): Promise<AutoAssignOutcome> {
  if (!(await getSettings(tx)).autoAssignment) return { isAssigned: false, reason: 'switched_off' };
  await lockAutoAssignment(tx);
  const ticket = await selectTicketStateForUpdate(tx, ticketId);
  if (!ticket) return { isAssigned: false, reason: 'no_ticket' };
  if (ticket.assigneeId !== null) return { isAssigned: false, reason: 'already_assigned' };
  if (!OPEN_STATUSES.includes(ticket.status)) return { isAssigned: false, reason: 'not_open' };
  const agent =
    (await selectLeastLoadedAgent(tx, ticket.teamId)) ??
    (ticket.teamId === null ? null : await selectLeastLoadedAgent(tx, null));
  if (!agent) return { isAssigned: false, reason: 'no_agent' };
  await upsertAutoAssignTurn(tx, agent.id);
  await assignTicketAsSystem(tx, ticket, agent);
  return { isAssigned: true, assigneeId: agent.id, ticketNumber: ticket.ticketNumber };
}

/** The 'auto_assign' job: queued by createTicket, done by the jobs task. */
export const autoAssignJobHandler = defineJobHandler(
  JOB_PAYLOADS.auto_assign,
  async ({ ticketId }, { tx, log }) => {
    const outcome = await autoAssignTicket(tx, ticketId);
    if (outcome.isAssigned) {
      log.info('auto assignment: ticket assigned', {
        ticketNumber: outcome.ticketNumber,
        assigneeId: outcome.assigneeId,
      });
    } else {
      log.info('auto assignment: skipped', { ticketId, reason: outcome.reason });
    }
  },
);
