import { describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ERROR_CODES,
  notificationReadPath,
  type TNotification,
  ZNotificationListResponse,
} from '@helpdesk/contracts';
import { errorOf, signedIn, sql, TestClient } from '../../test/helpers.ts';
import { ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';

async function addNotifications(
  userId: string,
  count: number,
  options: { isRead?: boolean } = {},
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    user_id: userId,
    type: 'ticket_assigned',
    title: `Notification ${index}`,
    message: `Message ${index}`,
    is_read: options.isRead ?? false,
    read_at: options.isRead ? new Date() : null,
    // One second apart, oldest first, so the expected order is unambiguous.
    created_at: new Date(Date.now() - (count - index) * 1000),
  }));
  const inserted = await sql<{ id: string }[]>`insert into notifications ${sql(rows)} returning id`;
  return inserted.map((row) => row.id);
}

describe('notifications', () => {
  test('GET lists only the caller’s own, newest first, at most 50', async () => {
    const { user, client } = await signedIn('agent');
    const other = await signedIn('agent');
    const ids = await addNotifications(user.id, 55);
    await addNotifications(other.user.id, 3);
    const response = await client.get(API_PATHS.notifications);
    expect(response.status).toBe(200);
    const list = ZNotificationListResponse.parse(response.body);
    expect(list).toHaveLength(50);
    expect(list.every((n) => n.userId === user.id)).toBe(true);
    expect(list.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 50));
  });

  test('count answers the unread count', async () => {
    const { user, client } = await signedIn('admin');
    await addNotifications(user.id, 3);
    await addNotifications(user.id, 2, { isRead: true });
    const response = await client.get(API_PATHS.notificationsCount);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ count: 3 });
  });

  test('mark one read: own only, someone else’s or unknown is 404, bad id 400', async () => {
    const { user, client } = await signedIn('agent');
    const other = await signedIn('agent');
    const [mine] = await addNotifications(user.id, 1);
    const [theirs] = await addNotifications(other.user.id, 1);
    const response = await client.put(notificationReadPath(mine ?? ''));
    expect(response.status).toBe(200);
    const read = response.body as TNotification;
    expect(read).toMatchObject({ id: mine, isRead: true });
    expect(read.readAt).not.toBeNull();
    const again = await client.put(notificationReadPath(mine ?? ''));
    expect((again.body as TNotification).readAt).toBe(read.readAt);
    const foreign = await client.put(notificationReadPath(theirs ?? ''));
    expect(foreign.status).toBe(404);
    const [row] = await sql<
      { isRead: boolean }[]
    >`select is_read as "isRead" from notifications where id = ${theirs ?? ''}`;
    expect(row?.isRead).toBe(false);
    expect((await client.put(notificationReadPath(crypto.randomUUID()))).status).toBe(404);
    const bad = await client.put(notificationReadPath('nope'));
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({
      code: ERROR_CODES.validation,
      message: 'Invalid notification ID format',
    });
  });

  test('read-all marks only the caller’s unread ones', async () => {
    const { user, client } = await signedIn('agent');
    const other = await signedIn('agent');
    await addNotifications(user.id, 4);
    await addNotifications(user.id, 1, { isRead: true });
    await addNotifications(other.user.id, 2);
    const response = await client.put(API_PATHS.notificationsReadAll);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 4 });
    expect((await client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 0 });
    expect((await other.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 2 });
  });

  test('a new ticket reaches every agent’s bell as one broadcast, merged with their own rows', async () => {
    await ensureSlaPolicies();
    const agent = await signedIn('agent');
    const creator = await signedIn('agent');
    const admin = await signedIn('admin');
    const requester = await signedIn('end_user');
    const [own] = await addNotifications(agent.user.id, 1);
    const ticket = await fileTicket(requester.client, { title: 'Fan is loud' });
    const byAgent = await fileTicket(creator.client, { title: 'Agent filed it' });
    const list = ZNotificationListResponse.parse((await agent.client.get(API_PATHS.notifications)).body);
    expect(list.map((n) => n.relatedEntityId ?? n.id)).toEqual([byAgent.id, ticket.id, own ?? '']);
    expect(list[1]).toMatchObject({
      userId: agent.user.id,
      type: 'ticket_created',
      title: `New ticket ${ticket.ticketNumber}`,
      message: 'A new ticket was opened: "Fan is loud".',
      relatedEntityType: 'ticket',
      isRead: false,
      readAt: null,
    });
    expect((await agent.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 3 });
    // The creator does not hear of their own ticket; an admin is not in "every agent".
    const creatorList = ZNotificationListResponse.parse(
      (await creator.client.get(API_PATHS.notifications)).body,
    );
    expect(creatorList.map((n) => n.relatedEntityId)).toEqual([ticket.id]);
    expect((await admin.client.get(API_PATHS.notifications)).body).toEqual([]);
    expect((await admin.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 0 });

    const broadcastId = list[1]?.id ?? '';
    const read = await agent.client.put(notificationReadPath(broadcastId));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: broadcastId, userId: agent.user.id, isRead: true });
    const again = await agent.client.put(notificationReadPath(broadcastId));
    expect((again.body as TNotification).readAt).toBe((read.body as TNotification).readAt);
    expect((await agent.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 2 });
    // The creator's other tab still has theirs unread.
    expect((await creator.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 1 });

    const readAll = await agent.client.put(API_PATHS.notificationsReadAll);
    expect(readAll.body).toEqual({ updated: 2 });
    expect((await agent.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 0 });
    const after = ZNotificationListResponse.parse((await agent.client.get(API_PATHS.notifications)).body);
    expect(after.every((n) => n.isRead && n.readAt !== null)).toBe(true);
    expect((await agent.client.put(API_PATHS.notificationsReadAll)).body).toEqual({ updated: 0 });
    expect((await creator.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 1 });
  });

  test('broadcasts the caller does not see are 404 and change nothing: their own, older than them, an admin’s try', async () => {
    await ensureSlaPolicies();
    const requester = await signedIn('end_user');
    const creator = await signedIn('agent');
    const before = await fileTicket(requester.client, { title: 'Before the newcomer' });
    const newcomer = await signedIn('agent');
    const admin = await signedIn('admin');
    const mine = await fileTicket(newcomer.client, { title: 'Filed by the newcomer' });
    const broadcastOf = async (ticketId: string) => {
      const [row] = await sql<{ id: string }[]>`
        select id from broadcast_notifications where related_entity_id = ${ticketId}`;
      return row?.id ?? '';
    };
    const state = async () =>
      JSON.stringify(
        await sql`select (select json_agg(f order by f.user_id) from broadcast_feeds f
                          where f.user_id in (${newcomer.user.id}, ${creator.user.id})) as feeds,
                         (select count(*) from broadcast_reads) as reads`,
      );
    const snapshot = await state();
    for (const [client, id] of [
      [newcomer.client, await broadcastOf(before.id)],
      [newcomer.client, await broadcastOf(mine.id)],
      [admin.client, await broadcastOf(mine.id)],
    ] as const) {
      const response = await client.put(notificationReadPath(id));
      expect(response.status).toBe(404);
      expect(errorOf(response).code).toBe(ERROR_CODES.notFound);
    }
    expect(await state()).toBe(snapshot);
    expect((await newcomer.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 0 });
    expect((await creator.client.get(API_PATHS.notificationsCount)).body).toEqual({ count: 2 });
  });

  test('end users have no bell; anonymous callers are 401', async () => {
    const { client } = await signedIn('end_user');
    for (const [method, path] of [
      ['GET', API_PATHS.notifications],
      ['GET', API_PATHS.notificationsCount],
      ['PUT', API_PATHS.notificationsReadAll],
      ['PUT', notificationReadPath(crypto.randomUUID())],
    ] as const) {
      expect((await client.request(method, path)).status).toBe(403);
      expect((await new TestClient().request(method, path)).status).toBe(401);
    }
  });
});
