import { describe, expect, test } from 'bun:test';
import { type Actor, newTicketFacts, planTicketEffects, type TicketFacts } from '../tickets/effects.ts';

/** The webhook events a ticket write's plan names (the statement then queues one delivery per webhook). */

const links = { appBaseUrl: 'https://desk.test' };
const agent: Actor = { id: 'agent-a', role: 'agent', name: 'Ann Agent' };
const requester: Actor = { id: 'user-1', role: 'end_user', name: 'Eve User' };
const settings = { emailNotifications: false, companyName: 'Acme' };

const ticket = (more: Partial<TicketFacts> = {}): TicketFacts => ({
  ...newTicketFacts(
    {
      id: 'ticket-1',
      ticketNumber: 'TKT-000042',
      title: 'Printer offline',
      priority: 'medium',
      category: 'hardware',
      requesterId: requester.id,
      notifyRequester: false,
    },
    null,
  ),
  ...more,
});

const comment = (isInternal: boolean) =>
  planTicketEffects({
    kind: 'commented',
    ticketId: 'ticket-1',
    before: null,
    after: ticket(),
    actor: agent,
    comment: { id: 'comment-1', content: 'Secret or not', isInternal },
    settings,
    links,
  });

describe('webhook events of a ticket write', () => {
  test('a new ticket: ticket.created, its number left for the statement to draw, the people by id only', () => {
    const plan = planTicketEffects({
      kind: 'created',
      ticketId: 'ticket-1',
      before: null,
      after: ticket({ ticketNumber: null }),
      actor: requester,
      comment: null,
      settings: { ...settings, autoAssignment: false },
      links,
    });
    expect(plan.webhooks).toEqual([
      {
        event: 'ticket.created',
        data: {
          ticket: {
            id: 'ticket-1',
            number: null,
            title: 'Printer offline',
            status: 'new',
            priority: 'medium',
            category: 'hardware',
            team: null,
            requesterId: requester.id,
            assigneeId: null,
            url: 'https://desk.test/tickets/ticket-1',
          },
        },
      },
    ]);
  });

  test('a public comment is ticket.commented with its text; an internal note names no event at all', () => {
    expect(comment(false).webhooks.map((each) => [each.event, each.data.comment?.content])).toEqual([
      ['ticket.commented', 'Secret or not'],
    ]);
    expect(comment(true).webhooks).toEqual([]);
  });

  test('an update names the fields that changed; a new assignee is also ticket.assigned; the same values name nothing', () => {
    const update = (after: Partial<TicketFacts>) =>
      planTicketEffects({
        kind: 'updated',
        ticketId: 'ticket-1',
        before: ticket(),
        after: ticket(after),
        actor: agent,
        comment: null,
        settings,
        links,
      });
    const assigned = update({ status: 'in_progress', assigneeId: agent.id, assigneeName: 'Ann Agent' });
    expect(assigned.webhooks.map((each) => each.event)).toEqual(['ticket.updated', 'ticket.assigned']);
    expect(assigned.webhooks[0]?.data.changes).toEqual({
      status: { from: 'new', to: 'in_progress' },
      assignee: { from: null, to: 'Ann Agent' },
    });
    expect(update({ priority: 'high' }).webhooks.map((each) => each.event)).toEqual(['ticket.updated']);
    expect(update({}).webhooks).toEqual([]);
  });
});
