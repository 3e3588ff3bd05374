/**
 * The consequences of ticket writes as tables of rules, without a database: who hears of what,
 * which mail and jobs follow, and what never happens (the actor notified, an internal note mailed).
 */
import { describe, expect, test } from 'bun:test';
import type { TNotificationType } from '@helpdesk/contracts';
import {
  type Actor,
  type EffectSettings,
  INSERTED_TICKET_NUMBER,
  newTicketFacts,
  planTicketEffects,
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
    {
      by: 'the requester',
      actor: endUser,
      isInternal: false,
      settings: mailOn,
      mail: 0,
      touch: { markResponded: false },
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
