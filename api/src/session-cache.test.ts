import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { API_PATHS, adminUserRolePath, type TUser } from '@helpdesk/contracts';
import { sampleUser } from '@helpdesk/contracts/testing';
import { eventually } from '../test/eventually.ts';
import { createUser, signedIn, sql, type TestClient, type TestResponse } from '../test/helpers.ts';
import { startListeningCaches } from '../test/process-caches.ts';
import { sha256Hex } from './session.ts';
import { SessionCache, sessionCache } from './session-cache.ts';

const userOf = (response: TestResponse) => (response.body as { user: TUser }).user;

const someUser = (id: string) => sampleUser({ id });

describe('SessionCache', () => {
  const listening = () => {
    let isUp = true;
    let now = 1_000;
    const cache = new SessionCache({ ttlMs: 10_000, now: () => now });
    cache.follow(() => isUp);
    return {
      cache,
      setUp: (value: boolean) => {
        isUp = value;
      },
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  test('serves and stores nothing while its LISTEN is down, or with no lifetime', () => {
    const { cache, setUp } = listening();
    setUp(false);
    cache.set('s1', someUser('u1'), 60_000, cache.mark());
    setUp(true);
    expect(cache.get('s1')).toBeNull();
    cache.set('s1', someUser('u1'), 60_000, cache.mark());
    expect(cache.get('s1')?.id).toBe('u1');
    setUp(false);
    expect(cache.get('s1')).toBeNull();

    const off = new SessionCache({ ttlMs: 0 });
    off.follow(() => true);
    off.set('s1', someUser('u1'), 60_000, off.mark());
    expect(off.get('s1')).toBeNull();
  });

  test("an entry lives the cache's lifetime, never past the session's own expiry", () => {
    const { cache, advance } = listening();
    cache.set('long', someUser('u1'), 60_000, cache.mark());
    cache.set('short', someUser('u2'), 3_000, cache.mark());
    advance(2_999);
    expect(cache.get('short')?.id).toBe('u2');
    advance(1);
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')?.id).toBe('u1');
    advance(7_000);
    expect(cache.get('long')).toBeNull();
  });

  test('a row read before an invalidation that arrived during the read is not kept', () => {
    const { cache } = listening();
    const mark = cache.mark();
    cache.onNotification('user:someone-else');
    cache.set('s1', someUser('u1'), 60_000, mark);
    expect(cache.get('s1')).toBeNull();
    cache.set('s1', someUser('u1'), 60_000, cache.mark());
    expect(cache.get('s1')?.id).toBe('u1');
  });

  test('notifications drop one user, one session, or everything', () => {
    const { cache } = listening();
    const fill = () => {
      for (const [sid, userId] of [
        ['a1', 'a'],
        ['a2', 'a'],
        ['b1', 'b'],
      ] as const) {
        cache.set(sid, someUser(userId), 60_000, cache.mark());
      }
    };
    const cached = () => ['a1', 'a2', 'b1'].filter((sid) => cache.get(sid) !== null);
    fill();
    cache.onNotification('user:a');
    expect(cached()).toEqual(['b1']);
    fill();
    cache.onNotification('session:a2');
    expect(cached()).toEqual(['a1', 'b1']);
    for (const payload of [undefined, '', 'user:', 'something else']) {
      fill();
      cache.onNotification(payload);
      expect(cached()).toEqual([]);
    }
  });
});

// The API the tests share, with the cache on as production runs it: entries would live a minute,
// so only the invalidations can make these tests see a change in time.
describe('the session cache in the API', () => {
  let stopCaches: () => Promise<void> = async () => {};

  beforeAll(async () => {
    stopCaches = await startListeningCaches(() => sessionCache().isActive);
  });

  afterAll(async () => {
    await stopCaches();
    expect(sessionCache().isActive).toBe(false);
  });

  /** Reads until the answer came from the cache (the sign-in's own notification may drop the first entry). */
  async function cachedAs(client: TestClient, path: string = API_PATHS.authMe): Promise<TestResponse> {
    let response: TestResponse | null = null;
    await eventually(
      async () => {
        const hits = sessionCache().hits;
        response = await client.get(path);
        return sessionCache().hits === hits + 1;
      },
      3_000,
      `${path} answered from the cache`,
    );
    if (!response) throw new Error('no response');
    return response;
  }

  test('a repeated safe request is answered from the cache', async () => {
    const { user, client } = await signedIn('agent');
    expect(userOf(await cachedAs(client)).id).toBe(user.id);
  });

  test('a role changed in the database reaches the cache: the next reads run with the new role', async () => {
    const { user, client } = await signedIn('admin');
    expect((await cachedAs(client, API_PATHS.adminUsers)).status).toBe(200);
    await sql`update users set role = 'end_user' where id = ${user.id}`;
    await eventually(
      async () => (await client.get(API_PATHS.adminUsers)).status === 403,
      3_000,
      'the demotion',
    );
    expect(userOf(await client.get(API_PATHS.authMe)).role).toBe('end_user');
  });

  test('a write always reads the database: a demotion a moment ago already refuses it', async () => {
    const { user, client } = await signedIn('admin');
    expect((await cachedAs(client, API_PATHS.adminUsers)).status).toBe(200);
    await sql`update users set role = 'agent' where id = ${user.id}`;
    expect((await client.post(API_PATHS.adminUsers, {})).status).toBe(403);
  });

  test("an admin's role change is in effect on the user's very next request in this process", async () => {
    const { client: admin } = await signedIn('admin');
    const { user, client } = await signedIn('admin');
    expect((await cachedAs(client, API_PATHS.adminUsers)).status).toBe(200);
    expect((await admin.patch(adminUserRolePath(user.id), { role: 'end_user' })).status).toBe(200);
    expect((await client.get(API_PATHS.adminUsers)).status).toBe(403);
  });

  test('sessions ended in the database, deleted or expired, stop working', async () => {
    const deleted = await signedIn('agent');
    const expired = await signedIn('agent');
    await cachedAs(deleted.client);
    await cachedAs(expired.client);
    await sql`delete from sessions where sid = ${sha256Hex(deleted.client.cookie ?? '')}`;
    await sql`update sessions set expire = now() - interval '1 second' where sid = ${sha256Hex(expired.client.cookie ?? '')}`;
    await eventually(
      async () => (await deleted.client.get(API_PATHS.authMe)).status === 401,
      3_000,
      'the deletion',
    );
    await eventually(
      async () => (await expired.client.get(API_PATHS.authMe)).status === 401,
      3_000,
      'the expiry',
    );
  });

  test('a user made inactive in the database is signed out', async () => {
    const { user, client } = await signedIn('end_user');
    await cachedAs(client);
    await sql`update users set status = 'rejected' where id = ${user.id}`;
    await eventually(async () => (await client.get(API_PATHS.authMe)).status === 401, 3_000, 'the rejection');
  });

  test('sign-out and a profile change are in effect at once, without waiting for the database', async () => {
    const { user, client } = await signedIn('end_user');
    const token = client.cookie;
    await cachedAs(client);
    const renamed = await client.patch(API_PATHS.authProfile, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `${crypto.randomUUID()}@example.test`,
      currentPassword: user.password,
    });
    expect(renamed.status).toBe(200);
    expect(userOf(await client.get(API_PATHS.authMe)).firstName).toBe('Grace');
    expect((await client.post(API_PATHS.authLogout)).status).toBe(200);
    client.cookie = token;
    expect((await client.get(API_PATHS.authMe)).status).toBe(401);
  });

  test('a change rolled back says nothing; other users keep their entries', async () => {
    const { user, client } = await signedIn('agent');
    const other = await createUser();
    await cachedAs(client);
    await sql
      .begin(async (tx) => {
        await tx`update users set role = 'end_user' where id = ${user.id}`;
        throw new Error('roll back');
      })
      .catch(() => {});
    await sql`update users set first_name = 'Changed' where id = ${other.id}`;
    await Bun.sleep(100);
    const hits = sessionCache().hits;
    expect(userOf(await client.get(API_PATHS.authMe)).role).toBe('agent');
    expect(sessionCache().hits).toBe(hits + 1);
  });

  test('while the LISTEN is down nothing is served from the cache', async () => {
    const { user, client } = await signedIn('admin');
    await cachedAs(client, API_PATHS.adminUsers);
    await stopCaches();
    await sql`update users set role = 'agent' where id = ${user.id}`;
    expect((await client.get(API_PATHS.adminUsers)).status).toBe(403);
  });
});
