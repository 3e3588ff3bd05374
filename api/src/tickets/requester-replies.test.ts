/**
 * Where a requester's reply goes (docs/product.md#requester-replies): staff hear of it, a reply
 * within the reopen window reopens a resolved ticket, and a later one, or one to a closed ticket,
 * opens a linked follow-up ticket instead.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  DEFAULT_SETTINGS,
  TICKET_MESSAGES,
  ticketCommentsPath,
  ticketPath,
  ticketSlaStatusPath,
  ZFollowUpAnswer,
  ZSettings,
  ZTicketComment,
  ZTicketDetail,
  ZTicketSlaStatus,
} from '@helpdesk/contracts';
import { errorOf, settingsForm, signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { createTeam, ensureSlaPolicies, insertTicketRow, notificationsAbout } from '../../test/tickets.ts';

type Signed = { user: TestUser; client: TestClient };
let requester: Signed;
let assignee: Signed;
let teammate: Signed;
let otherAgent: Signed;
let admin: Signed;

beforeAll(async () => {
  await ensureSlaPolicies();
  [requester, assignee, teammate, otherAgent, admin] = await Promise.all([
    signedIn('end_user'),
    signedIn('agent'),
    signedIn('agent'),
    signedIn('agent'),
    signedIn('admin'),
  ]);
});

afterAll(async () => {
  await setReopenWindow(DEFAULT_SETTINGS.reopenWindowDays);
});

async function setReopenWindow(days: number): Promise<void> {
  const current = ZSettings.parse((await admin.client.get(ADMIN_API_PATHS.adminSettings)).body);
  const { smtpPasswordSet: _isSet, updatedAt: _at, ...form } = current;
  const response = await admin.client.put(ADMIN_API_PATHS.adminSettings, { ...form, reopenWindowDays: days });
  expect(response.status).toBe(200);
}

/** A ticket of the requester's, an hour old unless told otherwise. */
const requesterTicket = (more: Partial<Parameters<typeof insertTicketRow>[0]> = {}) =>
  insertTicketRow({ requesterId: requester.user.id, createdHoursAgo: 1, ...more });

const reply = (ticketId: string, content = 'It is broken again.', client = requester.client) =>
  client.post(ticketCommentsPath(ticketId), { content });

async function detailOf(ticketId: string, client = admin.client) {
  const response = await client.get(ticketPath(ticketId));
  expect(response.status).toBe(200);
  return ZTicketDetail.parse(response.body);
}

const ticketsOf = async (requesterId: string) =>
  (
    await sql<
      { count: number }[]
    >`select count(*)::int as count from tickets where requester_id = ${requesterId}`
  )[0]?.count ?? 0;

describe("a requester's reply: who hears of it", () => {
  test('the assignee, and nobody else', async () => {
    const ticket = await requesterTicket({
      assigneeId: assignee.user.id,
      status: 'in_progress',
    });
    expect((await reply(ticket.id)).status).toBe(201);
    const heard = await notificationsAbout(assignee.user.id, ticket.id);
    expect(heard).toEqual([
      expect.objectContaining({ type: 'ticket_reply', title: `New reply on ${ticket.ticketNumber}` }),
    ]);
    expect(await notificationsAbout(otherAgent.user.id, ticket.id)).toEqual([]);
  });

  test("unassigned, the team's members", async () => {
    const teamId = await createTeam('Replies desk', [teammate.user.id]);
    const ticket = await requesterTicket({ teamId });
    expect((await reply(ticket.id)).status).toBe(201);
    expect(await notificationsAbout(teammate.user.id, ticket.id)).toEqual([
      expect.objectContaining({ type: 'ticket_reply' }),
    ]);
    expect(await notificationsAbout(otherAgent.user.id, ticket.id)).toEqual([]);
  });

  test('without assignee or team, every active agent', async () => {
    const ticket = await requesterTicket();
    expect((await reply(ticket.id)).status).toBe(201);
    for (const agent of [assignee, teammate, otherAgent]) {
      expect(await notificationsAbout(agent.user.id, ticket.id)).toEqual([
        expect.objectContaining({ type: 'ticket_reply' }),
      ]);
    }
  });

  test("staff's comments ring no reply bell, and a refused comment rings none", async () => {
    const ticket = await requesterTicket({
      assigneeId: assignee.user.id,
    });
    expect((await reply(ticket.id, 'Any news?', otherAgent.client)).status).toBe(201);
    expect((await reply(ticket.id, '', requester.client)).status).toBe(400);
    expect(await notificationsAbout(assignee.user.id, ticket.id)).toEqual([]);
  });
});

describe('a reply to a resolved ticket within the reopen window', () => {
  test('reopens it: in progress, resolvedAt cleared, the timeline says why, the assignee told', async () => {
    const ticket = await requesterTicket({
      assigneeId: assignee.user.id,
      status: 'resolved',
      createdHoursAgo: 48,
      respondedHoursAgo: 47,
      resolvedHoursAgo: 24,
    });
    const response = await reply(ticket.id, 'Still printing blank pages.');
    expect(response.status).toBe(201);
    expect(ZTicketComment.parse(response.body).content).toBe('Still printing blank pages.');
    const detail = await detailOf(ticket.id, requester.client);
    expect(detail.status).toBe('in_progress');
    expect(detail.resolvedAt).toBeNull();
    expect(detail.comments.map((comment) => comment.content)).toEqual(['Still printing blank pages.']);
    expect(detail.events.map((event) => [event.eventType, event.eventData.reason ?? null])).toEqual([
      ['status_changed', 'requester_reply'],
      ['comment_added', null],
    ]);
    expect(detail.events[0]?.eventData).toMatchObject({ from: 'resolved', to: 'in_progress' });
    expect(await notificationsAbout(assignee.user.id, ticket.id)).toEqual([
      expect.objectContaining({ type: 'ticket_reply', title: `${ticket.ticketNumber} reopened by a reply` }),
    ]);
    // Resolution is measured again: no longer met.
    const sla = ZTicketSlaStatus.parse((await requester.client.get(ticketSlaStatusPath(ticket.id))).body);
    expect(sla.resolutionStatus).not.toBe('met');
  });

  test("staff's comments never reopen", async () => {
    const ticket = await requesterTicket({
      status: 'resolved',
      createdHoursAgo: 5,
      resolvedHoursAgo: 1,
    });
    expect((await reply(ticket.id, 'Glad it works.', assignee.client)).status).toBe(201);
    expect((await detailOf(ticket.id)).status).toBe('resolved');
  });
});

describe('a reply too late to reopen', () => {
  test('after the window: a follow-up for the same requester, linked both ways, the old ticket unchanged', async () => {
    const ticket = await requesterTicket({
      status: 'resolved',
      priority: 'high',
      createdHoursAgo: 24 * 30,
      resolvedHoursAgo: 24 * 8,
    });
    const before = await ticketsOf(requester.user.id);
    const response = await reply(ticket.id, 'The fix stopped working.');
    expect(response.status).toBe(201);
    const { followUpTicket } = ZFollowUpAnswer.parse(response.body);
    expect(await ticketsOf(requester.user.id)).toBe(before + 1);

    const followUp = await detailOf(followUpTicket.id, requester.client);
    expect(followUp.ticketNumber).toBe(followUpTicket.ticketNumber);
    expect(followUp.requesterId).toBe(requester.user.id);
    expect(followUp.title).toBe('Re: Inserted ticket');
    expect(followUp.description).toBe('The fix stopped working.');
    expect(followUp.priority).toBe('high');
    expect(followUp.status).toBe('new');
    expect(followUp.followUpOf).toEqual({ id: ticket.id, ticketNumber: ticket.ticketNumber });

    const old = await detailOf(ticket.id, requester.client);
    expect(old.status).toBe('resolved');
    expect(old.comments).toEqual([]);
    expect(old.followUps).toEqual([followUpTicket]);
    // Every agent hears of the new ticket as of any other.
    expect(await notificationsAbout(otherAgent.user.id, followUp.id)).toEqual([
      expect.objectContaining({ type: 'ticket_created' }),
    ]);
  });

  test('a closed ticket: a follow-up at once, however recent', async () => {
    const ticket = await requesterTicket({
      status: 'closed',
      createdHoursAgo: 3,
      resolvedHoursAgo: 2,
      closedHoursAgo: 1,
    });
    const response = await reply(ticket.id);
    expect(response.status).toBe(201);
    const { followUpTicket } = ZFollowUpAnswer.parse(response.body);
    expect((await detailOf(ticket.id)).status).toBe('closed');
    expect((await detailOf(followUpTicket.id)).followUpOf?.id).toBe(ticket.id);
  });

  test('a window of 0 days never reopens; a longer window reopens later', async () => {
    const resolvedDaysAgo = (days: number) =>
      requesterTicket({
        status: 'resolved',
        createdHoursAgo: 24 * 40,
        resolvedHoursAgo: 24 * days,
      });
    await setReopenWindow(0);
    const recent = await resolvedDaysAgo(0.01);
    expect(ZFollowUpAnswer.safeParse((await reply(recent.id)).body).success).toBe(true);
    await setReopenWindow(30);
    const older = await resolvedDaysAgo(20);
    expect((await reply(older.id)).status).toBe(201);
    expect((await detailOf(older.id)).status).toBe('in_progress');
    await setReopenWindow(DEFAULT_SETTINGS.reopenWindowDays);
  });

  test('a retry with the same Idempotency-Key answers the same follow-up and files no second one', async () => {
    const ticket = await requesterTicket({
      status: 'closed',
      createdHoursAgo: 3,
      closedHoursAgo: 1,
    });
    const send = () =>
      requester.client.post(
        ticketCommentsPath(ticket.id),
        { content: 'Again please.' },
        { headers: { 'Idempotency-Key': `follow-up-${ticket.id}` } },
      );
    const first = await send();
    const before = await ticketsOf(requester.user.id);
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await ticketsOf(requester.user.id)).toBe(before);
  });

  test("someone else's closed ticket stays a 404: no follow-up for them", async () => {
    const stranger = await signedIn('end_user');
    const ticket = await requesterTicket({
      status: 'closed',
      createdHoursAgo: 2,
    });
    const response = await reply(ticket.id, 'Mine now?', stranger.client);
    expect(response.status).toBe(404);
    expect(errorOf(response).message).toBe(TICKET_MESSAGES.ticketNotFound);
    expect(await ticketsOf(stranger.user.id)).toBe(0);
  });
});

describe('the reopen window setting', () => {
  test('7 days by default; whole days 0 to 365; bad values are refused and change nothing', async () => {
    await setReopenWindow(DEFAULT_SETTINGS.reopenWindowDays);
    expect(
      ZSettings.parse((await admin.client.get(ADMIN_API_PATHS.adminSettings)).body).reopenWindowDays,
    ).toBe(7);
    for (const bad of [-1, 366, 1.5, '7', null, 1e9]) {
      const response = await admin.client.put(
        ADMIN_API_PATHS.adminSettings,
        settingsForm({ reopenWindowDays: bad as number }),
      );
      expect(response.status).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['reopenWindowDays']);
    }
    expect(
      ZSettings.parse((await admin.client.get(ADMIN_API_PATHS.adminSettings)).body).reopenWindowDays,
    ).toBe(7);
    const saved = await admin.client.put(
      ADMIN_API_PATHS.adminSettings,
      settingsForm({ reopenWindowDays: 365 }),
    );
    expect(ZSettings.parse(saved.body).reopenWindowDays).toBe(365);
    // Absent keeps what is stored.
    const { reopenWindowDays: _days, ...withoutWindow } = settingsForm();
    const kept = await admin.client.put(ADMIN_API_PATHS.adminSettings, withoutWindow);
    expect(ZSettings.parse(kept.body).reopenWindowDays).toBe(365);
    await setReopenWindow(DEFAULT_SETTINGS.reopenWindowDays);
  });

  test('agents and end users cannot change it', async () => {
    for (const client of [assignee.client, requester.client]) {
      const response = await client.put(ADMIN_API_PATHS.adminSettings, settingsForm({ reopenWindowDays: 0 }));
      expect(response.status).toBe(403);
    }
  });
});
