/**
 * The consequences of ticket writes as tables of rules, without a database: who hears of what,
 * which mail and jobs follow, and what never happens (the actor notified, an internal note mailed).
 */
import { describe, expect, test } from 'bun:test';
import type { TNotificationType, TTicketStatus } from '@helpdesk/contracts';
import {
  type Actor,
  type EffectSettings,
  followUpTitle,
  INSERTED_TICKET_NUMBER,
  newTicketFacts,
  planTicketEffects,
  type ReplyDestination,
  replyDestination,
  type TicketChange,
  type TicketFacts,
} from './effects.ts';

const links = { appBaseUrl: 'https://desk.test' };
const mailOn: EffectSettings = { emailNotifications: true, companyName: 'Acme' };
const mailOff: EffectSettings = { emailNotifications: false, companyName: 'Acme' };

const agentA: Actor = { id: 'agent-a', role: 'agent', name: 'Ann Agent' };
const agentB: Actor = { id: 'agent-b', role: 'agent', name: 'Bob Agent' };
const admin: Actor = { id: 'admin-1', role: 'admin', name: 'Ada Admin' };
const endUser: Actor = { id: 'user-1', role: 'end_user', name: 'Eve User' };
const TEAM = 'team-1';

const ticket = (more: Partial<TicketFacts> = {}): TicketFacts => ({
  ...newTicketFacts(
    {
      id: 'ticket-1',
      ticketNumber: 'TKT-000042',
      title: 'Printer offline',
      priority: 'medium',
      category: 'hardware',
      requesterId: endUser.id,
      notifyRequester: false,
    },
    { email: 'eve@example.test', firstName: 'Eve', emailVerified: true },
  ),
  ...more,
});

const update = (
  actor: Actor | null,
  before: Partial<TicketFacts>,
  after: Partial<TicketFacts>,
  settings: EffectSettings = mailOn,
) =>
  planTicketEffects({
    kind: 'updated',
    ticketId: 'ticket-1',
    before: ticket(before),
    after: ticket({ ...before, ...after }),
    actor,
    comment: null,
    settings,
    links,
  });

const who = (plan: ReturnType<typeof planTicketEffects>) =>
  plan.notifications.map((notification) => ({
    type: notification.type,
    audience: notification.audience,
    actorId: notification.actorId,
  }));

/** A notification to staff as `who` lists it. */
const heardBy = (
  type: TNotificationType,
  userIds: string[],
  teamId: string | null,
  actorId: string | null,
) => ({
  type,
  audience: { userIds, teamId, allAgents: false },
  actorId,
});

describe('an update: who hears of it', () => {
  test.each([
    {
      rule: 'a new assignee hears of the assignment',
      actor: agentA,
      before: {},
      after: { assigneeId: agentB.id, assigneeName: 'Bob Agent' },
      heard: [heardBy('ticket_assigned', [agentB.id], null, agentA.id)],
    },
    {
      rule: 'who assigns themselves hears nothing',
      actor: agentA,
      before: {},
      after: { assigneeId: agentA.id, assigneeName: 'Ann Agent' },
      heard: [],
    },
    {
      rule: 'unassigning notifies nobody',
      actor: agentA,
      before: { assigneeId: agentB.id },
      after: { assigneeId: null },
      heard: [],
    },
    {
      rule: 'a status change reaches the assignee and the team',
      actor: agentA,
      before: { assigneeId: agentB.id, teamId: TEAM },
      after: { status: 'in_progress' as const },
      heard: [heardBy('ticket_status_changed', [agentB.id], TEAM, agentA.id)],
    },
    {
      rule: 'a status change by the assignee reaches the team only (the statement leaves the actor out of it)',
      actor: agentB,
      before: { assigneeId: agentB.id, teamId: TEAM },
      after: { status: 'in_progress' as const },
      heard: [heardBy('ticket_status_changed', [], TEAM, agentB.id)],
    },
    {
      rule: 'a status change by the assignee of a ticket without team reaches nobody',
      actor: agentB,
      before: { assigneeId: agentB.id },
      after: { status: 'in_progress' as const },
      heard: [],
    },
    {
      rule: 'a resolution is ticket_resolved',
      actor: admin,
      before: { assigneeId: agentB.id, status: 'in_progress' as const },
      after: { status: 'resolved' as const },
      heard: [heardBy('ticket_resolved', [agentB.id], null, admin.id)],
    },
    {
      rule: 'an assignment with a status change: both, the new assignee in each',
      actor: agentA,
      before: { teamId: TEAM },
      after: { assigneeId: agentB.id, assigneeName: 'Bob Agent', status: 'in_progress' as const },
      heard: [
        heardBy('ticket_assigned', [agentB.id], null, agentA.id),
        heardBy('ticket_status_changed', [agentB.id], TEAM, agentA.id),
      ],
    },
    {
      rule: 'the desk assigning (auto assignment) leaves nobody out',
      actor: null,
      before: {},
      after: { assigneeId: agentB.id, assigneeName: 'Bob Agent' },
      heard: [heardBy('ticket_assigned', [agentB.id], null, null)],
    },
    {
      rule: 'a new priority or team alone notifies nobody',
      actor: agentA,
      before: { assigneeId: agentB.id },
      after: { priority: 'critical' as const, teamId: TEAM, teamName: 'Hardware' },
      heard: [],
    },
  ])('$rule', ({ actor, before, after, heard }) => {
    const plan = update(actor, before, after);
    expect(who(plan)).toEqual([...heard]);
    expect(plan.live).toEqual([
      { type: 'ticket', ticketId: 'ticket-1' },
      ...heard.map((_, notification) => ({ type: 'bells' as const, notification })),
    ]);
  });

  test('the texts of an assignment and a status change', () => {
    const plan = update(agentA, { teamId: TEAM }, { assigneeId: agentB.id, status: 'closed' });
    expect(plan.notifications.map(({ title, message }) => ({ title, message }))).toEqual([
      { title: ['TKT-000042 assigned to you'], message: 'You were assigned "Printer offline".' },
      { title: ['TKT-000042 is closed'], message: '"Printer offline" moved from New to Closed.' },
    ]);
    const resolved = update(agentA, { teamId: TEAM }, { status: 'resolved' });
    expect(resolved.notifications.map(({ title, message }) => ({ title, message }))).toEqual([
      { title: ['TKT-000042 resolved'], message: '"Printer offline" was resolved.' },
    ]);
  });
});

describe('an update: events, touch and mail', () => {
  test.each([
    {
      change: 'status',
      after: { status: 'in_progress' as const },
      events: ['status_changed'],
      markResponded: true,
    },
    {
      change: 'priority',
      after: { priority: 'high' as const },
      events: ['priority_changed'],
      markResponded: false,
    },
    {
      change: 'everything',
      after: {
        status: 'in_progress' as const,
        priority: 'high' as const,
        assigneeId: agentB.id,
        teamId: TEAM,
      },
      events: ['assigned', 'team_changed', 'status_changed', 'priority_changed'],
      markResponded: true,
    },
  ])(
    'a change of $change: its events in order; a status change is a response',
    ({ after, events, markResponded }) => {
      const plan = update(agentA, {}, after);
      expect(plan.events.map((event) => event.type)).toEqual([...events]);
      expect(plan.events.every((event) => event.userId === agentA.id)).toBe(true);
      expect(plan.touch).toEqual({ markResponded });
    },
  );

  test('the same values again: no event, no notification, nothing heard', () => {
    const plan = update(agentA, { status: 'in_progress', assigneeId: agentB.id }, {});
    expect(plan).toEqual({
      ticketId: 'ticket-1',
      events: [],
      touch: null,
      notifications: [],
      mail: [],
      jobs: [],
      live: [],
      webhooks: [],
    });
  });

  test('the assignment event names both people as the timeline shows them', () => {
    const plan = update(
      agentA,
      { assigneeId: agentA.id, assigneeName: 'Ann Agent' },
      { assigneeId: agentB.id, assigneeName: 'Bob Agent' },
    );
    expect(plan.events[0]?.data).toEqual({
      from: agentA.id,
      to: agentB.id,
      fromName: 'Ann Agent',
      toName: 'Bob Agent',
    });
  });

  test.each([
    {
      from: 'in_progress' as const,
      to: 'resolved' as const,
      settings: mailOn,
      mails: ['ticket.resolved:ticket-1:3'],
    },
    { from: 'in_progress' as const, to: 'resolved' as const, settings: mailOff, mails: [] },
    { from: 'resolved' as const, to: 'closed' as const, settings: mailOn, mails: [] },
    { from: 'new' as const, to: 'in_progress' as const, settings: mailOn, mails: [] },
  ])(
    '$from to $to with email notifications $settings.emailNotifications: mail $mails',
    ({ from, to, settings, mails }) => {
      const plan = update(agentA, { status: from, resolutions: 2 }, { status: to }, settings);
      expect(plan.mail.map((message) => message.dedupeKey)).toEqual([...mails]);
      for (const message of plan.mail) {
        expect(message).toMatchObject({ kind: 'ticket_resolved', recipient: 'eve@example.test' });
        expect(message.subject).toContain('TKT-000042');
        expect(message.textBody).toContain('https://desk.test/tickets/ticket-1');
      }
    },
  );
});

const comment = (
  actor: Actor,
  isInternal: boolean,
  settings: EffectSettings = mailOn,
  requesterId = endUser.id,
) =>
  planTicketEffects({
    kind: 'commented',
    ticketId: 'ticket-1',
    before: null,
    after: ticket({ requesterId }),
    actor,
    comment: { id: 'comment-1', content: 'Have you tried turning it off and on?', isInternal },
    settings,
    links,
  });

describe('a comment', () => {
  test.each([
    {
      by: 'an agent',
      actor: agentA,
      isInternal: false,
      settings: mailOn,
      mail: 1,
      touch: { markResponded: true },
    },
    {
      by: 'an admin',
      actor: admin,
      isInternal: false,
      settings: mailOn,
      mail: 1,
      touch: { markResponded: true },
    },
    {
      by: 'an agent',
      actor: agentA,
      isInternal: false,
      settings: mailOff,
      mail: 0,
      touch: { markResponded: true },
    },
    { by: 'an agent', actor: agentA, isInternal: true, settings: mailOn, mail: 0, touch: null },
    { by: 'an admin', actor: admin, isInternal: true, settings: mailOn, mail: 0, touch: null },
  ])(
    '$by, internal $isInternal, email notifications $settings.emailNotifications: $mail mail, touch $touch',
    ({ actor, isInternal, settings, mail, touch }) => {
      const plan = comment(actor, isInternal, settings);
      expect(plan.mail).toHaveLength(mail);
      expect(plan.touch).toEqual(touch);
      expect(plan.events).toEqual([
        { type: 'comment_added', userId: actor.id, data: { commentId: 'comment-1', isInternal } },
      ]);
      expect(plan.notifications).toEqual([]);
      expect(plan.jobs).toEqual([]);
      expect(plan.live).toEqual([{ type: 'ticket', ticketId: 'ticket-1' }]);
    },
  );

  test('staff who requested the ticket get no reply mail of their own comment, and it still counts as a response', () => {
    const plan = comment(agentA, false, mailOn, agentA.id);
    expect(plan.mail).toEqual([]);
    expect(plan.touch).toEqual({ markResponded: true });
  });

  test('the reply mail goes to the requester with the comment and its author', () => {
    const [message] = comment(agentB, false).mail;
    expect(message).toMatchObject({
      kind: 'ticket_reply',
      dedupeKey: 'comment.public:comment-1',
      recipient: 'eve@example.test',
    });
    expect(message?.textBody).toContain('Have you tried turning it off and on?');
    expect(message?.textBody).toContain('Bob Agent');
  });

  test('a staff note needs nothing read: no mail, no touch, an event marked internal (end users never see it)', () => {
    const plan = planTicketEffects({
      kind: 'commented',
      ticketId: 'ticket-1',
      before: null,
      after: null,
      actor: { ...agentA, name: null },
      comment: { id: 'comment-2', content: 'Internal', isInternal: true },
      settings: {},
      links,
    });
    expect(plan.mail).toEqual([]);
    expect(plan.touch).toBeNull();
    expect(plan.events[0]?.data).toEqual({ commentId: 'comment-2', isInternal: true });
  });
});

const create = (options: {
  actor?: Actor;
  settings?: EffectSettings;
  notifyRequester?: boolean;
  ticketNumber?: string | null;
}) => {
  const facts = newTicketFacts(
    {
      id: 'ticket-9',
      ticketNumber: options.ticketNumber ?? null,
      title: 'VPN drops',
      priority: 'high',
      category: 'other',
      requesterId: endUser.id,
      notifyRequester: options.notifyRequester ?? false,
    },
    { email: 'eve@example.test', firstName: 'Eve', emailVerified: true },
  );
  const change: TicketChange = {
    kind: 'created',
    ticketId: facts.id,
    before: null,
    after: facts,
    actor: options.actor ?? agentA,
    comment: null,
    settings: options.settings ?? {},
    links,
  };
  return planTicketEffects(change);
};

describe('a new ticket', () => {
  test.each([
    { by: 'an agent', actor: agentA },
    { by: 'an end user', actor: endUser },
  ])('filed by $by: one broadcast to every active agent but the creator, and its event', ({ actor }) => {
    const plan = create({ actor });
    expect(plan.notifications).toEqual([
      {
        audience: 'every_active_agent',
        actorId: actor.id,
        type: 'ticket_created',
        title: ['New ticket ', INSERTED_TICKET_NUMBER],
        message: 'A new ticket was opened: "VPN drops".',
      },
    ]);
    expect(plan.events).toEqual([
      { type: 'created', userId: actor.id, data: { priority: 'high', category: 'other' } },
    ]);
    expect(plan.live).toEqual([
      { type: 'ticket', ticketId: 'ticket-9' },
      { type: 'bells', notification: 0 },
    ]);
    expect(plan.touch).toBeNull();
  });

  test.each([
    {
      autoAssignment: undefined,
      onlyIf: [{ setting: 'autoAssignment', whileUnsaved: true }, { insertedTicket: 'unassigned' }],
    },
    { autoAssignment: true, onlyIf: [{ insertedTicket: 'unassigned' }] },
    { autoAssignment: false, onlyIf: null },
  ])(
    'auto assignment $autoAssignment: the job and what the statement checks',
    ({ autoAssignment, onlyIf }) => {
      const plan = create({ settings: autoAssignment === undefined ? {} : { autoAssignment } });
      expect(plan.jobs).toEqual(
        onlyIf === null
          ? []
          : [
              {
                kind: 'auto_assign',
                payload: { ticketId: 'ticket-9' },
                dedupeKey: 'auto_assign:ticket-9',
                onlyIf,
              },
            ],
      );
    },
  );

  test.each([
    { notifyRequester: true, settings: mailOn, mails: ['ticket.confirmation:ticket-9'] },
    { notifyRequester: true, settings: mailOff, mails: [] },
    { notifyRequester: false, settings: mailOn, mails: [] },
  ])(
    'confirmation asked $notifyRequester, email notifications $settings.emailNotifications: mail $mails',
    ({ notifyRequester, settings, mails }) => {
      const plan = create({ notifyRequester, settings, ticketNumber: 'TKT-000777' });
      expect(plan.mail.map((message) => message.dedupeKey)).toEqual([...mails]);
      for (const message of plan.mail) {
        expect(message).toMatchObject({ kind: 'ticket_confirmation', recipient: 'eve@example.test' });
        expect(message.subject).toContain('TKT-000777');
      }
    },
  );

  test('with its number drawn up front the broadcast names it as plain text', () => {
    const plan = create({ ticketNumber: 'TKT-000777', settings: mailOn });
    expect(plan.notifications[0]?.title).toEqual(['New ticket ', 'TKT-000777']);
  });

  test('a confirmation without the mail settings read is a writer mistake, not a silent skip', () => {
    expect(() => create({ notifyRequester: true, ticketNumber: 'TKT-000777' })).toThrow(
      'the email notifications setting',
    );
  });
});

describe('never the actor', () => {
  const actors = [agentA, agentB, admin];
  const changes = actors.flatMap((actor) => [
    update(actor, {}, { assigneeId: actor.id }),
    update(actor, { assigneeId: actor.id }, { status: 'resolved' }),
    update(actor, { assigneeId: actor.id, teamId: TEAM }, { status: 'closed' }),
    create({ actor }),
  ]);
  test.each(changes.map((plan, index) => ({ plan, index })))('change $index', ({ plan, index }) => {
    const actor = actors[Math.floor(index / 4)];
    for (const notification of plan.notifications) {
      expect(notification.actorId).toBe(actor?.id ?? '');
      if (notification.audience !== 'every_active_agent') {
        expect(notification.audience.userIds).not.toContain(actor?.id ?? '');
      }
    }
  });
});

const reply = (facts: Partial<TicketFacts>, options: { reopens?: boolean; actor?: Actor } = {}) =>
  planTicketEffects({
    kind: 'commented',
    ticketId: 'ticket-1',
    before: options.reopens ? ticket({ ...facts, status: 'resolved' }) : null,
    after: ticket({ ...facts, ...(options.reopens ? { status: 'in_progress' as const } : {}) }),
    actor: options.actor ?? endUser,
    comment: { id: 'comment-3', content: 'Still broken, sorry', isInternal: false },
    settings: mailOn,
    links,
  });

describe("a requester's reply", () => {
  test.each([
    {
      rule: 'reaches the assignee',
      facts: { assigneeId: agentB.id },
      heard: heardBy('ticket_reply', [agentB.id], null, endUser.id),
    },
    {
      rule: 'reaches only the assignee when there is a team too',
      facts: { assigneeId: agentB.id, teamId: TEAM },
      heard: heardBy('ticket_reply', [agentB.id], null, endUser.id),
    },
    {
      rule: "reaches the team's members when nobody is assigned",
      facts: { teamId: TEAM },
      heard: heardBy('ticket_reply', [], TEAM, endUser.id),
    },
    {
      rule: 'reaches every active agent (as a new ticket does) without assignee or team',
      facts: {},
      heard: { type: 'ticket_reply', audience: 'every_active_agent', actorId: endUser.id },
    },
  ])('$rule', ({ facts, heard }) => {
    const plan = reply(facts);
    expect(who(plan)).toEqual([heard]);
    // Their own reply is no mail to themselves; it is no first response either.
    expect(plan.mail).toEqual([]);
    expect(plan.touch).toEqual({ markResponded: false });
    expect(plan.events).toEqual([
      { type: 'comment_added', userId: endUser.id, data: { commentId: 'comment-3', isInternal: false } },
    ]);
    // The ticket's open pages and the list refresh, and the bell rings live.
    expect(plan.live).toEqual([
      { type: 'ticket', ticketId: 'ticket-1' },
      { type: 'bells', notification: 0 },
    ]);
  });

  test('the notification names the ticket and the author', () => {
    const [notification] = reply({ assigneeId: agentB.id }).notifications;
    expect(notification?.title).toEqual(['New reply on TKT-000042']);
    expect(notification?.message).toBe('Eve User replied to "Printer offline".');
  });

  test('staff who requested the ticket ring nobody with their own comment', () => {
    const plan = comment(agentA, false, mailOn, agentA.id);
    expect(plan.notifications).toEqual([]);
    expect(plan.live).toEqual([{ type: 'ticket', ticketId: 'ticket-1' }]);
  });

  test('a reply within the window reopens: the status event first, the ticket back in progress, the assignee told', () => {
    const plan = reply({ assigneeId: agentB.id }, { reopens: true });
    expect(plan.events).toEqual([
      {
        type: 'status_changed',
        userId: endUser.id,
        data: { from: 'resolved', to: 'in_progress', reason: 'requester_reply' },
      },
      { type: 'comment_added', userId: endUser.id, data: { commentId: 'comment-3', isInternal: false } },
    ]);
    expect(plan.touch).toEqual({ markResponded: false, reopen: true });
    expect(who(plan)).toEqual([heardBy('ticket_reply', [agentB.id], null, endUser.id)]);
    expect(plan.notifications[0]?.title).toEqual(['TKT-000042 reopened by a reply']);
  });

  test('staff never reopen: a plan that says so is a writer mistake', () => {
    expect(() => reply({}, { reopens: true, actor: agentA })).toThrow();
  });
});

type DestinationRow = {
  rule: string;
  status: TTicketStatus;
  resolved: string | null;
  destination: ReplyDestination;
  actor?: Actor;
  requesterId?: string;
  window?: number;
  isInternal?: boolean;
};

describe('where a comment goes', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = Date.parse('2026-06-30T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const staffRequester: Actor = { ...agentA };
  test.each([
    {
      rule: 'a reply a day after resolution reopens',
      status: 'resolved',
      resolved: ago(DAY),
      destination: 'reopen',
    },
    {
      rule: 'on the last moment of the window still reopens',
      status: 'resolved',
      resolved: ago(7 * DAY),
      destination: 'reopen',
    },
    {
      rule: 'after the window opens a follow-up',
      status: 'resolved',
      resolved: ago(7 * DAY + 1000),
      destination: 'follow_up',
    },
    {
      rule: 'a window of 0 days never reopens',
      status: 'resolved',
      resolved: ago(1000),
      window: 0,
      destination: 'follow_up',
    },
    {
      rule: 'a longer window reopens later',
      status: 'resolved',
      resolved: ago(30 * DAY),
      window: 31,
      destination: 'reopen',
    },
    {
      rule: 'a resolved ticket without its time reopens',
      status: 'resolved',
      resolved: null,
      destination: 'reopen',
    },
    {
      rule: 'a closed ticket opens a follow-up at once',
      status: 'closed',
      resolved: ago(1000),
      destination: 'follow_up',
    },
    { rule: 'an open ticket takes the reply', status: 'in_progress', resolved: null, destination: 'ticket' },
    { rule: 'a new ticket takes the reply', status: 'new', resolved: null, destination: 'ticket' },
    {
      rule: "an agent's comment never reopens",
      status: 'resolved',
      resolved: ago(DAY),
      actor: agentB,
      destination: 'ticket',
    },
    {
      rule: "an admin's comment on a closed ticket stays on it",
      status: 'closed',
      resolved: ago(DAY),
      actor: admin,
      destination: 'ticket',
    },
    {
      rule: 'staff who requested the ticket never reopen it',
      status: 'resolved',
      resolved: ago(DAY),
      actor: staffRequester,
      requesterId: agentA.id,
      destination: 'ticket',
    },
    {
      rule: 'an internal note never moves the ticket',
      status: 'closed',
      resolved: ago(DAY),
      isInternal: true,
      destination: 'ticket',
    },
    {
      rule: "someone else's reply does not count as the requester's",
      status: 'resolved',
      resolved: ago(DAY),
      actor: { ...endUser, id: 'user-2' },
      destination: 'ticket',
    },
  ] satisfies DestinationRow[])('$rule', (row: DestinationRow) => {
    const destination = replyDestination({
      ticket: { status: row.status, requesterId: row.requesterId ?? endUser.id },
      resolvedAt: row.resolved,
      actor: row.actor ?? endUser,
      isInternal: row.isInternal ?? false,
      reopenWindowDays: row.window ?? 7,
      now,
    });
    expect(destination).toBe(row.destination);
  });
});

describe('a follow-up ticket', () => {
  test.each([
    { rule: 'the old title prefixed', title: 'Printer offline', expected: 'Re: Printer offline' },
    { rule: 'never Re: Re:', title: 'Re: Printer offline', expected: 'Re: Printer offline' },
    { rule: 'cut to the cap', title: 'x'.repeat(500), expected: `Re: ${'x'.repeat(496)}` },
    { rule: 'never inside a character', title: '🙂'.repeat(250), expected: `Re: ${'🙂'.repeat(248)}` },
    {
      rule: 'an odd cut drops the whole character',
      title: `x${'🙂'.repeat(249)}`,
      expected: `Re: x${'🙂'.repeat(247)}`,
    },
  ])('title: $rule', ({ title, expected }) => {
    expect(followUpTitle(title)).toBe(expected);
  });

  test("its filing refreshes the old ticket's open pages too (the new link)", () => {
    const facts = ticket({ id: 'ticket-10', ticketNumber: null, status: 'new' });
    const plan = planTicketEffects({
      kind: 'created',
      ticketId: facts.id,
      before: null,
      after: facts,
      actor: endUser,
      comment: null,
      settings: {},
      links,
      followUpOf: 'ticket-1',
    });
    expect(plan.live).toContainEqual({ type: 'ticket', ticketId: 'ticket-1' });
    expect(plan.live[0]).toEqual({ type: 'ticket', ticketId: 'ticket-10' });
  });
});

describe('holds on the requester', () => {
  const ended = {
    since: '2026-11-17T15:00:00.000Z',
    reason: 'resumed',
    wallMinutes: 60,
    pausedMinutes: 60,
    resolveBy: '2026-11-19T09:00:00.000Z',
  };
  const waiting = (more: Partial<TicketChange>) =>
    planTicketEffects({
      kind: 'waiting',
      ticketId: 'ticket-1',
      before: null,
      after: null,
      actor: agentA,
      comment: null,
      settings: {},
      links: null,
      ...more,
    });

  test('a hold begins or ends: its event, the ticket refreshed on open screens, nobody notified or mailed', () => {
    const started = waiting({ holdStarted: { until: null } });
    expect(started.events).toEqual([{ type: 'waiting_started', userId: agentA.id, data: { until: null } }]);
    expect(started.live).toEqual([{ type: 'ticket', ticketId: 'ticket-1' }]);
    expect([started.notifications, started.mail, started.jobs, started.touch]).toEqual([[], [], [], null]);
    const resumed = waiting({ holdEnded: ended });
    expect(resumed.events).toEqual([{ type: 'waiting_ended', userId: agentA.id, data: ended }]);
    // The date reached: the desk itself ends it.
    expect(waiting({ actor: null, holdEnded: ended }).events[0]?.userId).toBeNull();
    // Only the date changed: no event, the open screens still refresh.
    expect(waiting({}).events).toEqual([]);
    expect(waiting({}).live).toEqual([{ type: 'ticket', ticketId: 'ticket-1' }]);
  });

  test('resolving a waiting ticket: the hold ends before the status changes', () => {
    const plan = planTicketEffects({
      kind: 'updated',
      ticketId: 'ticket-1',
      before: ticket({ status: 'in_progress' }),
      after: ticket({ status: 'resolved' }),
      actor: agentA,
      comment: null,
      settings: mailOff,
      links,
      holdEnded: { ...ended, reason: 'resolved' },
    });
    expect(plan.events.map((event) => event.type)).toEqual(['waiting_ended', 'status_changed']);
  });

  test("the requester's reply ends the hold: its comment, then the hold's end, by the requester", () => {
    const plan = planTicketEffects({
      kind: 'commented',
      ticketId: 'ticket-1',
      before: null,
      after: ticket({ status: 'in_progress', requesterId: endUser.id }),
      actor: endUser,
      comment: { id: 'comment-1', content: 'Here it is.', isInternal: false },
      settings: mailOff,
      links,
      holdEnded: { ...ended, reason: 'requester_reply' },
    });
    expect(plan.events.map((event) => [event.type, event.userId])).toEqual([
      ['comment_added', endUser.id],
      ['waiting_ended', endUser.id],
    ]);
  });
});
