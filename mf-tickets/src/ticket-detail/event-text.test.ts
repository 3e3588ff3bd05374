import { describe, expect, test } from 'bun:test';
import { TICKET_EVENT_TYPES, type TTicketEvent } from '@helpdesk/contracts';
import { eventActor, eventDescription } from './event-text.ts';

const event = (eventType: string, eventData: TTicketEvent['eventData'] = {}) => ({ eventType, eventData });

describe('eventDescription', () => {
  test('every event type of the contracts has its own sentence', () => {
    const sentences = TICKET_EVENT_TYPES.map((type) => eventDescription(event(type)));
    expect(new Set(sentences).size).toBe(TICKET_EVENT_TYPES.length);
    for (const sentence of sentences) expect(sentence).not.toContain('_');
  });

  test('status and priority changes use the screen labels', () => {
    expect(eventDescription(event('status_changed', { from: 'new', to: 'in_progress' }))).toBe(
      'changed the status from New to In Progress',
    );
    expect(eventDescription(event('priority_changed', { from: 'medium', to: 'critical' }))).toBe(
      'changed the priority from Medium to Critical',
    );
  });

  test('assignment and team name the new holder, or say it was cleared', () => {
    expect(eventDescription(event('assigned', { to: 'u1', toName: 'Sam Agent' }))).toBe(
      'assigned the ticket to Sam Agent',
    );
    expect(eventDescription(event('assigned', { to: null, toName: null }))).toBe('unassigned the ticket');
    expect(eventDescription(event('team_changed', { toName: 'Network' }))).toBe(
      'moved the ticket to the Network team',
    );
    expect(eventDescription(event('team_changed', { toName: null }))).toBe('removed the team');
  });

  test('comments and attachments', () => {
    expect(eventDescription(event('comment_added', { isInternal: false }))).toBe('added a comment');
    expect(eventDescription(event('comment_added', { isInternal: true }))).toBe('added an internal note');
    expect(eventDescription(event('attachment_added', { fileName: 'screen.png' }))).toBe(
      'attached screen.png',
    );
  });

  test('an unknown type is shown readably, and wrong data never crashes', () => {
    expect(eventDescription(event('sla_warning'))).toBe('sla warning');
    expect(eventDescription(event('status_changed', { from: 42, to: 'weird' }))).toBe(
      'changed the status from none to weird',
    );
  });
});

describe('eventActor', () => {
  test("the user's name, or System", () => {
    expect(eventActor({ user: { id: 'x', firstName: 'Ann', lastName: 'Lee' } })).toBe('Ann Lee');
    expect(eventActor({ user: null })).toBe('System');
  });
});

describe('eventDescription with its actor', () => {
  const jordan = { id: 'u1', firstName: 'Jordan', lastName: 'Lee' };
  const withActor = (
    eventType: string,
    eventData: TTicketEvent['eventData'],
    user: TTicketEvent['user'],
  ) => ({
    eventType,
    eventData,
    user,
  });

  test.each([
    {
      rule: 'to themselves',
      data: { to: 'u1', toName: 'Jordan Lee' },
      user: jordan,
      text: 'assigned the ticket to themselves',
    },
    {
      rule: 'to someone else',
      data: { to: 'u2', toName: 'Sam Agent' },
      user: jordan,
      text: 'assigned the ticket to Sam Agent',
    },
    {
      rule: 'by the desk itself',
      data: { to: 'u1', toName: 'Jordan Lee' },
      user: null,
      text: 'assigned the ticket to Jordan Lee',
    },
    {
      rule: 'unassigning themselves',
      data: { to: null, toName: null },
      user: jordan,
      text: 'unassigned the ticket',
    },
  ])('an assignment $rule', ({ data, user, text }) => {
    const event = withActor('assigned', data, user);
    expect(eventDescription(event)).toBe(text);
    if (user)
      expect(`${eventActor(event)} ${eventDescription(event)}`).not.toContain(
        'Jordan Lee assigned the ticket to Jordan Lee',
      );
  });

  test("a requester's reply that reopened the ticket says so", () => {
    const event = withActor(
      'status_changed',
      { from: 'resolved', to: 'in_progress', reason: 'requester_reply' },
      jordan,
    );
    expect(eventDescription(event)).toBe('reopened the ticket with their reply (Resolved to In Progress)');
  });
});

describe('holds on the timeline', () => {
  test('the start of a hold says until when, if it has a date', () => {
    const until = new Date(2026, 11, 8, 12, 0).toISOString();
    expect(eventDescription(event('waiting_started', { until }))).toBe(
      'started waiting on the requester (until Dec 8, 2026 12:00)',
    );
    expect(eventDescription(event('waiting_started', { until: null }))).toBe(
      'started waiting on the requester',
    );
  });

  test('the end of a hold says why, how long it lasted and how far the deadline moved', () => {
    const ended = (reason: string, wallMinutes: number, pausedMinutes: number) =>
      eventDescription(event('waiting_ended', { reason, wallMinutes, pausedMinutes, since: null }));
    expect(ended('requester_reply', 125, 120)).toBe(
      'resumed the clock: the requester replied — waited 2 h 5 m, the resolution deadline moved by 2 h of working time',
    );
    expect(ended('date_reached', 3 * 24 * 60 + 30, 960)).toBe(
      'resumed the clock: the date came — waited 3 d, the resolution deadline moved by 16 h of working time',
    );
    expect(ended('resumed', 45, 0)).toBe(
      'resumed the clock — waited 45 m, the resolution deadline did not move',
    );
    expect(ended('resolved', 10, 10)).toBe(
      'resumed the clock: the ticket was resolved — waited 10 m, the resolution deadline moved by 10 m of working time',
    );
    expect(eventDescription(event('waiting_ended', { reason: 'unknown' }))).toBe('resumed the clock');
  });
});

describe('a trigger on the timeline', () => {
  test('names the rule and says what each action did', () => {
    const applied = event('trigger_applied', {
      triggerId: 'a1',
      triggerName: 'Printers to Hardware',
      actions: [
        { type: 'assign_team', teamId: 't1', name: 'Hardware' },
        { type: 'set_priority', priority: 'high' },
        { type: 'set_category', category: 'hardware' },
        { type: 'assign_agent', userId: 'u1', name: 'Ada Lovelace' },
        { type: 'add_note' },
        { type: 'notify_team', name: 'Network' },
        { type: 'webhook' },
        { type: 'something_new' },
      ],
    });
    expect(eventDescription(applied)).toBe(
      'applied the rule "Printers to Hardware": moved the ticket to the Hardware team, set the priority to High, ' +
        'set the category to Hardware Issue, assigned it to Ada Lovelace, added an internal note, notified Network, called a webhook',
    );
    expect(eventActor({ user: null })).toBe('System');
  });
});
