/**
 * Every notification text the API writes is one of the contracts' NOTIFICATION_MESSAGES filled in: the
 * screens find a stored title or message by that English to show it in the reader's language, so a text
 * worded anywhere else would stay English. Walks the builders (ticket effects, SLA warnings) through
 * every kind of change they word.
 */
import { describe, expect, test } from 'bun:test';
import {
  ACTIVITY_MESSAGES,
  fillServerText,
  NOTIFICATION_MESSAGES,
  TICKET_STATUSES,
  type TTicketStatus,
} from '@helpdesk/contracts';
import { activityLine, describeEvent, relativeTime } from '../dashboard/activity-text.ts';
import type { SlaAlertLevel, SlaTargetName } from '../sla-watch/queries.ts';
import { formatDuration, slaWarningText } from '../sla-watch/service.ts';
import {
  type Actor,
  INSERTED_TICKET_NUMBER,
  newTicketFacts,
  type PlanText,
  planTicketEffects,
  type TicketChange,
  type TicketFacts,
} from '../tickets/effects.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patternsOf = (table: Record<string, string>) =>
  Object.values(table).map((template) => ({
    template,
    pattern: new RegExp(
      `^${template
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('.+?')}$`,
      's',
    ),
  }));

const TEMPLATES = patternsOf(NOTIFICATION_MESSAGES);

/** The templates `text` may have been filled from. */
const templatesOf = (text: string, templates = TEMPLATES): string[] =>
  templates.filter(({ pattern }) => pattern.test(text)).map(({ template }) => template);

// Regex specials, braces, a backslash and quotes: a title is a value, whatever it holds.
const TITLE = 'Printer {offline} $1 "again" \\ (.*)';
const agent: Actor = { id: 'agent-a', role: 'agent', name: 'Ann Agent' };
const requester: Actor = { id: 'user-1', role: 'end_user', name: 'Eve User' };

const ticket = (more: Partial<TicketFacts> = {}): TicketFacts => ({
  ...newTicketFacts(
    {
      id: 'ticket-1',
      ticketNumber: 'TKT-000042',
      title: TITLE,
      priority: 'medium',
      category: 'hardware',
      requesterId: requester.id,
      notifyRequester: false,
    },
    null,
  ),
  ...more,
});

const change = (more: Partial<TicketChange>): TicketChange => ({
  kind: 'updated',
  ticketId: 'ticket-1',
  before: null,
  after: null,
  actor: agent,
  comment: null,
  settings: { emailNotifications: false, companyName: 'Acme', autoAssignment: false },
  links: null,
  ...more,
});

const textOf = (text: PlanText) =>
  text.map((part) => (part === INSERTED_TICKET_NUMBER ? 'TKT-000043' : part)).join('');

/** Every ticket change that words a notification. */
function ticketChanges(): TicketChange[] {
  const changes: TicketChange[] = [
    change({ kind: 'created', after: ticket({ ticketNumber: null }) }),
    change({ kind: 'created', after: ticket() }),
  ];
  const reply = { id: 'comment-1', content: 'Still broken', isInternal: false };
  for (const assignee of [{ assigneeId: agent.id }, { teamId: 'team-1' }, {}]) {
    changes.push(change({ kind: 'commented', after: ticket(assignee), actor: requester, comment: reply }));
    changes.push(
      change({
        kind: 'commented',
        before: ticket({ ...assignee, status: 'resolved' }),
        after: ticket({ ...assignee, status: 'in_progress' }),
        actor: requester,
        comment: reply,
      }),
    );
  }
  changes.push(change({ before: ticket(), after: ticket({ assigneeId: 'agent-b' }) }));
  for (const from of TICKET_STATUSES) {
    for (const to of TICKET_STATUSES) {
      if (from === to) continue;
      const facts = { assigneeId: 'agent-b' };
      changes.push(
        change({
          before: ticket({ ...facts, status: from }),
          after: ticket({ ...facts, status: to as TTicketStatus }),
        }),
      );
    }
  }
  return changes;
}

/** Every SLA warning, at the durations its words differ by. */
function slaTexts(): { title: string; message: string }[] {
  const texts: { title: string; message: string }[] = [];
  for (const target of ['response', 'resolution'] as SlaTargetName[]) {
    for (const level of ['at_risk', 'breached'] as SlaAlertLevel[]) {
      for (const minutes of [0.5, 1, 45, 185, 60 * 24 * 2 + 240]) {
        const ms = minutes * 60_000 * (level === 'at_risk' ? 1 : -1);
        texts.push(slaWarningText({ ticketNumber: 'TKT-000042', title: TITLE }, target, level, ms));
      }
    }
  }
  return texts;
}

describe('the notification texts the API writes', () => {
  const written = [
    ...ticketChanges().flatMap((each) =>
      planTicketEffects(each).notifications.flatMap((notification) => [
        textOf(notification.title),
        notification.message,
      ]),
    ),
    ...slaTexts().flatMap(({ title, message }) => [title, message]),
  ];

  test('the walk reaches every kind of ticket and SLA notification', () => {
    const used = new Set(written.flatMap((text) => templatesOf(text)));
    const wordedByBuilders = Object.entries(NOTIFICATION_MESSAGES)
      .filter(([key]) => !key.startsWith('demo') && key !== 'lessThanAMinute')
      // Resolving has its own title, so "is resolved" is never written.
      .filter(([key]) => key !== 'statusResolvedTitle')
      .map(([, template]) => template);
    expect(wordedByBuilders.filter((template) => !used.has(template))).toEqual([]);
  });

  test('each is a template of NOTIFICATION_MESSAGES filled in', () => {
    expect(written.filter((text) => templatesOf(text).length === 0)).toEqual([]);
  });

  test('a title with regex specials, braces and a backslash is written exactly', () => {
    expect(written).toContain(`A new ticket was opened: "${TITLE}".`);
    expect(fillServerText(NOTIFICATION_MESSAGES.assignedMessage, { title: TITLE })).toBe(
      `You were assigned "${TITLE}".`,
    );
  });

  test('a template missing a value is refused rather than stored with its placeholder', () => {
    expect(() => fillServerText(NOTIFICATION_MESSAGES.assignedMessage)).toThrow('{title}');
  });

  test('durations: "less than a minute" is the table\'s', () => {
    expect(formatDuration(30_000)).toBe(NOTIFICATION_MESSAGES.lessThanAMinute);
  });
});

describe('the team activity lines the API writes', () => {
  const events: [string, Record<string, unknown>][] = [
    ['created', {}],
    ['status_changed', { reason: 'requester_reply' }],
    ...TICKET_STATUSES.map((to): [string, Record<string, unknown>] => ['status_changed', { to }]),
    ['status_changed', { to: 'elsewhere' }],
    ['priority_changed', {}],
    ['assigned', { toName: TITLE }],
    ['assigned', { toName: null }],
    ['team_changed', { toName: TITLE }],
    ['team_changed', {}],
    ['comment_added', { isInternal: true }],
    ['comment_added', { isInternal: false }],
    ['attachment_added', {}],
    ['something_new', {}],
  ];
  const now = Date.parse('2026-01-10T12:00:00Z');
  const whens = [0, 1, 5, 60, 150, 60 * 24, 60 * 24 * 3].map((minutes) =>
    relativeTime(now - minutes * 60_000, now),
  );
  const described = events.map(([type, data]) => describeEvent(type, data, 'TKT-000042'));
  const activityTemplates = patternsOf(ACTIVITY_MESSAGES);

  test('each part and each line is a template of ACTIVITY_MESSAGES filled in', () => {
    const lines = described.flatMap((event) => whens.map((when) => activityLine(event, when)));
    const written = [...described, ...whens, ...lines];
    expect(written.filter((text) => templatesOf(text, activityTemplates).length === 0)).toEqual([]);
    const used = new Set(written.flatMap((text) => templatesOf(text, activityTemplates)));
    expect(Object.values(ACTIVITY_MESSAGES).filter((template) => !used.has(template))).toEqual([]);
  });
});
