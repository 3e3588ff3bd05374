import {
  fillServerText,
  NOTIFICATION_MESSAGES,
  serverTextParts,
  TRIGGER_MESSAGES,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import type { MailLinks } from '../email/prepare.ts';
import {
  type EffectsPlan,
  INSERTED_TICKET_NUMBER,
  type PlanEvent,
  type PlanNote,
  type PlanNotification,
  type PlanWebhook,
  type TicketFacts,
  webhookTicket,
} from '../tickets/effects.ts';
import { selectTriggerDirectory, selectUserEmail } from './queries.ts';
import { triggerRuleCache } from './rule-cache.ts';
import {
  anyRuleHolds,
  applyTriggers,
  namedIn,
  needsRequesterEmail,
  runsOn,
  type TriggerFacts,
  type TriggerOutcome,
  type TriggerRule,
} from './rules.ts';

/**
 * How a user's ticket write runs the triggers (docs/product.md#triggers): the writer hands the
 * ticket as its change leaves it, gets back the ticket as the rules leave it and folds the rules'
 * events, notes, notifications and webhook calls into its plan, so everything commits in the one
 * statement of the change. The desk's own writes (auto assignment, holds) never call this, and
 * nothing here runs the rules again: no loop.
 */

/** The enabled rules as a writer starts: this process's copy, or null with the mark to keep its own read under. */
export type TriggerRulesRead = { rules: readonly TriggerRule[] | null; mark: number };

/**
 * The enabled rules from this process's copy, or null rules when it keeps none current: the writer
 * then reads them with its own first statement (enabledRulesColumn), in its own transaction, so a
 * write without triggers costs no round trip either way and never waits for a second connection.
 */
export function cachedTriggerRules(): TriggerRulesRead {
  const cache = triggerRuleCache();
  const mark = cache.mark();
  return { rules: cache.current(), mark };
}

/** The rules of a write: the cached ones, else the ones its statement read (kept for the next writes). */
export function triggerRulesOf(
  read: TriggerRulesRead,
  fromStatement: readonly TriggerRule[] | null | undefined,
): readonly TriggerRule[] {
  if (read.rules !== null) return read.rules;
  const rules = fromStatement ?? [];
  if (fromStatement) triggerRuleCache().keep(read.mark, rules);
  return rules;
}

/**
 * The rules' outcome for a write of `kind` leaving the ticket as `ticket`, or null when no rule
 * acted. With no rule of the kind this reads nothing; the requester's address and the named teams
 * and staff are read only when a rule holds and needs them.
 */
export async function runTriggers(
  db: Db,
  kind: 'created' | 'updated',
  ticket: TicketFacts,
  requesterEmail: string | null,
  all: readonly TriggerRule[],
): Promise<TriggerOutcome | null> {
  const rules = all.filter((rule) => runsOn(rule, kind));
  if (rules.length === 0) return null;
  const email =
    requesterEmail ??
    ticket.requesterMail?.email ??
    (needsRequesterEmail(rules) ? await selectUserEmail(db, ticket.requesterId) : null);
  const facts: TriggerFacts = {
    title: ticket.title,
    priority: ticket.priority,
    category: ticket.category,
    teamId: ticket.teamId,
    teamName: ticket.teamName,
    assigneeId: ticket.assigneeId,
    assigneeName: ticket.assigneeName,
    requesterEmail: email,
  };
  if (!anyRuleHolds(kind, facts, rules)) return null;
  const outcome = applyTriggers(kind, facts, rules, await selectTriggerDirectory(db, namedIn(rules)));
  return outcome.applied.length === 0 ? null : outcome;
}

/** The ticket as the rules left it. */
export function factsAfterTriggers(ticket: TicketFacts, outcome: TriggerOutcome | null): TicketFacts {
  if (!outcome) return ticket;
  const { priority, category, teamId, teamName, assigneeId, assigneeName } = outcome.facts;
  return { ...ticket, priority, category, teamId, teamName, assigneeId, assigneeName };
}

/**
 * The writer's plan with what the rules add: a `trigger_applied` event per rule that acted (by the
 * desk, after the writer's own), their internal notes, a bell for the staff they notify and for an
 * agent they assigned, and a `trigger.fired` delivery to each webhook they call. `ticket` is the
 * ticket as the rules left it; `writtenBefore` as the writer's own change left it.
 */
export function withTriggerEffects(
  plan: EffectsPlan,
  outcome: TriggerOutcome | null,
  change: {
    ticket: TicketFacts;
    writtenBefore: TicketFacts;
    actorId: string | null;
    links: MailLinks | null;
  },
): EffectsPlan {
  if (!outcome) return plan;
  const { ticket, actorId } = change;
  const ticketNumber = ticket.ticketNumber ?? INSERTED_TICKET_NUMBER;
  const events: PlanEvent[] = outcome.applied.map((rule) => ({
    type: 'trigger_applied',
    userId: null,
    data: { triggerId: rule.triggerId, triggerName: rule.triggerName, actions: rule.actions },
  }));
  const notes: PlanNote[] = outcome.applied.flatMap((rule) =>
    rule.notes.flatMap((note) => {
      const authorId = note.authorId ?? actorId;
      return authorId === null ? [] : [{ id: crypto.randomUUID(), authorId, content: note.text }];
    }),
  );
  const notifications: PlanNotification[] = [];
  if (ticket.assigneeId !== null && ticket.assigneeId !== change.writtenBefore.assigneeId) {
    notifications.push({
      audience: { userIds: [ticket.assigneeId], teamId: null, allAgents: false },
      actorId: null,
      type: 'ticket_assigned',
      title: serverTextParts(NOTIFICATION_MESSAGES.assignedTitle, { ticketNumber }),
      message: fillServerText(NOTIFICATION_MESSAGES.assignedMessage, { title: ticket.title }),
    });
  }
  for (const rule of outcome.applied) {
    const teams: (string | null)[] = rule.notify.teamIds.length > 0 ? rule.notify.teamIds : [null];
    if (rule.notify.userIds.length === 0 && rule.notify.teamIds.length === 0) continue;
    for (const [index, teamId] of teams.entries()) {
      notifications.push({
        audience: { userIds: index === 0 ? rule.notify.userIds : [], teamId, allAgents: false },
        actorId: null,
        type: 'system_announcement',
        title: serverTextParts(TRIGGER_MESSAGES.notifyTitle, { rule: rule.triggerName, ticketNumber }),
        message: fillServerText(TRIGGER_MESSAGES.notifyMessage, {
          rule: rule.triggerName,
          title: ticket.title,
        }),
      });
    }
  }
  const webhooks: PlanWebhook[] = outcome.applied.flatMap((rule) =>
    rule.webhookIds.map((webhookId) => ({
      event: 'trigger.fired' as const,
      data: {
        ticket: webhookTicket(ticket, change.links),
        trigger: { id: rule.triggerId, name: rule.triggerName },
      },
      onlyWebhookId: webhookId,
    })),
  );
  const hasTicketMessage = plan.live.some((message) => message.type === 'ticket');
  return {
    ...plan,
    events: [...plan.events, ...events],
    notes: [...(plan.notes ?? []), ...notes],
    notifications: [...plan.notifications, ...notifications],
    webhooks: [...plan.webhooks, ...webhooks],
    live: [
      ...plan.live,
      ...(hasTicketMessage ? [] : [{ type: 'ticket' as const, ticketId: plan.ticketId }]),
      ...notifications.map((_, index) => ({
        type: 'bells' as const,
        notification: plan.notifications.length + index,
      })),
    ],
  };
}
