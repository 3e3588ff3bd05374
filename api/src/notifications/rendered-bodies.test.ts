import { beforeAll, describe, expect, test } from 'bun:test';
import { API_PATHS, type TNotification, ZNotificationListResponse } from '@helpdesk/contracts';
import { signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { checkJsonText } from '../json-text.ts';
import { uniqueWord } from '../kb/test-fixtures.ts';
import { selectNotifications, selectNotificationsJson } from './queries.ts';
import { listNotifications } from './service.ts';

/**
 * The bell's list is a body PostgreSQL renders: on fixtures with another person's notifications and
 * an agents' broadcast, each staff scope's body passes its contract strictly, holds the caller's own
 * rows only (and the broadcasts they see), never a password hash; end users have no bell.
 */

type Signed = { user: TestUser; client: TestClient };
let agent: Signed;
let otherAgent: Signed;
let admin: Signed;
let endUser: Signed;
const theirs = uniqueWord('theirnote');

async function notify(userId: string, title: string, isRead = false): Promise<void> {
  await sql`
    insert into notifications (user_id, type, title, message, is_read, read_at)
    values (${userId}, 'ticket_created', ${title}, 'Rendered bodies', ${isRead}, case when ${isRead}::boolean then now() end)`;
}

beforeAll(async () => {
  [agent, otherAgent, admin, endUser] = await Promise.all([
    signedIn('agent'),
    signedIn('agent'),
    signedIn('admin'),
    signedIn('end_user'),
  ]);
  for (const signed of [agent, admin]) {
    await notify(signed.user.id, `Yours unread ${signed.user.username}`);
    await notify(signed.user.id, `Yours read ${signed.user.username}`, true);
  }
  await notify(otherAgent.user.id, `Not yours ${theirs}`);
});

async function passwordHashes(): Promise<string[]> {
  const ids = [agent, otherAgent, admin, endUser].map((signed) => signed.user.id);
  return (
    await sql<{ hash: string }[]>`select password_hash as hash from users where id = any(${ids}::uuid[])`
  ).map((row) => row.hash);
}

describe('GET /api/notifications renders only the caller’s bell', () => {
  for (const role of ['agent', 'admin'] as const) {
    test(`${role === 'agent' ? 'an agent' : 'an admin'}: own rows, never another's, never a hash`, async () => {
      const signed = role === 'agent' ? agent : admin;
      const text = await (await listNotifications(signed.user.id)).text();
      const body = checkJsonText(ZNotificationListResponse, text) as TNotification[];
      expect(body.length).toBeGreaterThanOrEqual(2);
      expect(body.every((notification) => notification.userId === signed.user.id)).toBe(true);
      expect(text).not.toContain(theirs);
      for (const hash of await passwordHashes()) expect(text).not.toContain(hash);
    });
  }

  test('the rendered list holds the same values as the rows path (dates as the API writes them)', async () => {
    for (const signed of [agent, admin]) {
      const text = await selectNotificationsJson(sql, signed.user.id, 50);
      expect(JSON.parse(text)).toEqual(await selectNotifications(sql, signed.user.id, 50));
    }
  });

  test('nobody with no notifications gets an empty list; an end user has no bell', async () => {
    const fresh = await signedIn('agent');
    expect(
      checkJsonText(ZNotificationListResponse, await selectNotificationsJson(sql, fresh.user.id, 50)),
    ).toEqual(await selectNotifications(sql, fresh.user.id, 50));
    expect((await endUser.client.get(API_PATHS.notifications)).status).toBe(403);
  });
});
