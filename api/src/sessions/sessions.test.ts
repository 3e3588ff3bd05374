import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  adminUserSessionsPath,
  ERROR_CODES,
  ownSessionPath,
  SESSION_MESSAGES,
  SESSION_PATHS,
  type TSessionListResponse,
  type TSessionSummary,
} from '@helpdesk/contracts';
import { sampleUser } from '@helpdesk/contracts/testing';
import { eventually } from '../../test/eventually.ts';
import {
  createUser,
  sql,
  TestClient,
  type TestResponse,
  type TestUser,
  testConfig,
} from '../../test/helpers.ts';
import { startListeningCaches } from '../../test/process-caches.ts';
import { createSql } from '../db/postgres.ts';
import { sha256Hex } from '../session.ts';
import { SESSION_CHANNEL, SessionCache, sessionCache } from '../session-cache.ts';
import { deviceOf } from './device.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A client signed in through the real sign-in route, from a browser of its own. */
async function signInFrom(user: TestUser, userAgent: string): Promise<TestClient> {
  const client = new TestClient();
  const response = await client.post(
    '/api/auth/login',
    { username: user.username, password: user.password },
    { headers: { 'user-agent': userAgent } },
  );
  expect(response.status).toBe(200);
  return client;
}

const sessionsOf = (response: TestResponse) => (response.body as TSessionListResponse).sessions;

async function sessionRows(userId: string): Promise<{ sid: string; publicId: string }[]> {
  const rows = await sql<{ sid: string; publicId: string }[]>`
    select sid, public_id as "publicId" from sessions where user_id = ${userId} order by sid`;
  return [...rows];
}

describe('deviceOf', () => {
  test('reads browser, system and kind from a user agent; nothing from none', () => {
    expect(deviceOf(PHONE)).toEqual({ browser: 'Safari', os: 'iOS', kind: 'mobile' });
    expect(deviceOf(LAPTOP)).toEqual({ browser: 'Chrome', os: 'Windows', kind: 'desktop' });
    expect(deviceOf(null)).toEqual({ browser: null, os: null, kind: 'other' });
    expect(deviceOf('   ')).toEqual({ browser: null, os: null, kind: 'other' });
    expect(deviceOf('curl/8.5.0').kind).toBe('other');
  });
});

describe('own sessions', () => {
  test('the list shows each live session by public id, the current one first, never a sid', async () => {
    const user = await createUser();
    const laptop = await signInFrom(user, LAPTOP);
    const phone = await signInFrom(user, PHONE);
    await sql`update sessions set sess = '{"method":"sso"}' where sid = ${sha256Hex(phone.cookie ?? '')}`;
    const answer = await laptop.get(SESSION_PATHS.own);
    expect(answer.status).toBe(200);
    const [first, second, ...rest] = sessionsOf(answer);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      isCurrent: true,
      method: 'password',
      device: { browser: 'Chrome', os: 'Windows', kind: 'desktop' },
    });
    expect(second).toMatchObject({ isCurrent: false, method: 'sso', device: { kind: 'mobile' } });
    const rows = await sessionRows(user.id);
    expect(
      sessionsOf(answer)
        .map((s) => s.id)
        .sort(),
    ).toEqual(rows.map((row) => row.publicId).sort());
    for (const row of rows) expect(answer.text).not.toContain(row.sid);
    for (const session of [first, second] as TSessionSummary[]) {
      expect(session.ipAddress).toBeString();
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
      expect(Date.parse(session.lastUsedAt)).toBeLessThanOrEqual(Date.now() + 1_000);
    }
  });

  test('last use comes from the sliding expiry: expire minus the idle span, never before sign-in', async () => {
    const user = await createUser();
    const client = await signInFrom(user, LAPTOP);
    const other = await signInFrom(user, PHONE);
    const otherSid = sha256Hex(other.cookie ?? '');
    await sql`update sessions set created_at = now() - interval '3 hours',
                expire = now() + interval '6 hours' where sid = ${otherSid}`;
    const [, listed] = sessionsOf(await client.get(SESSION_PATHS.own));
    const hoursAgo = (Date.now() - Date.parse(listed?.lastUsedAt ?? '')) / 3_600_000;
    expect(hoursAgo).toBeGreaterThan(1.9);
    expect(hoursAgo).toBeLessThan(2.1);
    await sql`update sessions set created_at = now() - interval '10 minutes',
                expire = now() + interval '1 hour' where sid = ${otherSid}`;
    const [, capped] = sessionsOf(await client.get(SESSION_PATHS.own));
    expect(capped?.lastUsedAt).toBe(capped?.signedInAt);
  });

  test('ending another session by its public id signs that browser out at once; the caller stays', async () => {
    const user = await createUser();
    const laptop = await signInFrom(user, LAPTOP);
    const phone = await signInFrom(user, PHONE);
    const phoneEntry = sessionsOf(await laptop.get(SESSION_PATHS.own)).find((s) => !s.isCurrent);
    const ended = await laptop.request('DELETE', ownSessionPath(phoneEntry?.id ?? ''));
    expect([ended.status, ended.body]).toEqual([200, { ended: 1 }]);
    expect(ended.headers.get('set-cookie')).toBeNull();
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    expect(sessionsOf(await laptop.get(SESSION_PATHS.own))).toHaveLength(1);
  });

  test('ending the current session by its id is signing out: the cookie is cleared', async () => {
    const user = await createUser();
    const client = await signInFrom(user, LAPTOP);
    const [current] = sessionsOf(await client.get(SESSION_PATHS.own));
    const ended = await client.request('DELETE', ownSessionPath(current?.id ?? ''));
    expect(ended.status).toBe(200);
    expect(ended.headers.get('set-cookie') ?? '').toMatch(/Max-Age=0/i);
    expect(await sessionRows(user.id)).toEqual([]);
  });

  test('"sign out of all other sessions" keeps only the current one', async () => {
    const user = await createUser();
    const keep = await signInFrom(user, LAPTOP);
    const others = [await signInFrom(user, PHONE), await signInFrom(user, PHONE)];
    const answer = await keep.request('DELETE', SESSION_PATHS.ownOthers);
    expect([answer.status, answer.body]).toEqual([200, { ended: 2 }]);
    for (const other of others) expect((await other.get('/api/auth/me')).status).toBe(401);
    expect(await sessionRows(user.id)).toEqual([
      { sid: sha256Hex(keep.cookie ?? ''), publicId: expect.any(String) },
    ]);
    expect((await keep.request('DELETE', SESSION_PATHS.ownOthers)).body).toEqual({ ended: 0 });
  });

  test("someone else's session answers exactly like an unknown one (404) and survives", async () => {
    const [attacker, victim] = [await createUser(), await createUser({ role: 'admin' })];
    const attackerClient = await signInFrom(attacker, LAPTOP);
    const victimClient = await signInFrom(victim, PHONE);
    const [victimRow] = await sessionRows(victim.id);
    const probe = await attackerClient.request('DELETE', ownSessionPath(victimRow?.publicId ?? ''));
    const unknown = await attackerClient.request('DELETE', ownSessionPath(crypto.randomUUID()));
    expect(probe.status).toBe(404);
    expect(probe.text).toBe(unknown.text);
    expect(probe.body).toEqual({ code: ERROR_CODES.notFound, message: SESSION_MESSAGES.sessionNotFound });
    expect(await sessionRows(victim.id)).toEqual(victimRow ? [victimRow] : []);
    expect((await victimClient.get('/api/auth/me')).status).toBe(200);
    // The sid (or the cookie itself) in place of a public id is no key either.
    for (const wrong of [victimRow?.sid ?? '', victimClient.cookie ?? '']) {
      expect((await attackerClient.request('DELETE', ownSessionPath(wrong))).status).toBe(400);
    }
    expect(await sessionRows(victim.id)).toEqual(victimRow ? [victimRow] : []);
  });

  test('a malformed id is a 400 that says so, and ends nothing', async () => {
    const user = await createUser();
    const client = await signInFrom(user, LAPTOP);
    const before = await sessionRows(user.id);
    for (const bad of ['not-a-uuid', '1', "' or 1=1 --", '%00', 'a'.repeat(300)]) {
      const answer = await client.request('DELETE', ownSessionPath(bad));
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toBe(SESSION_MESSAGES.invalidSessionId);
    }
    expect(await sessionRows(user.id)).toEqual(before);
  });

  test('signed out, every sessions route answers 401', async () => {
    const anonymous = new TestClient();
    expect((await anonymous.get(SESSION_PATHS.own)).status).toBe(401);
    expect((await anonymous.request('DELETE', SESSION_PATHS.ownOthers)).status).toBe(401);
    expect((await anonymous.request('DELETE', ownSessionPath(crypto.randomUUID()))).status).toBe(401);
  });
});

describe("an admin and a user's sessions", () => {
  test('an admin lists a user’s sessions and ends them all, audited; the user is signed out everywhere', async () => {
    const admin = await createUser({ role: 'admin' });
    const adminClient = await signInFrom(admin, LAPTOP);
    const agent = await createUser({ role: 'agent' });
    const agentClients = [await signInFrom(agent, LAPTOP), await signInFrom(agent, PHONE)];
    const listed = await adminClient.get(adminUserSessionsPath(agent.id));
    expect(listed.status).toBe(200);
    expect(sessionsOf(listed).map((s) => s.isCurrent)).toEqual([false, false]);
    const ended = await adminClient.request('DELETE', adminUserSessionsPath(agent.id));
    expect([ended.status, ended.body]).toEqual([200, { ended: 2 }]);
    for (const client of agentClients) expect((await client.get('/api/auth/me')).status).toBe(401);
    const audit = await sql<{ adminUserId: string; action: string; details: unknown }[]>`
      select admin_user_id as "adminUserId", action, details from admin_audit_logs
      where target_user_id = ${agent.id}`;
    expect([...audit]).toEqual([
      {
        adminUserId: admin.id,
        action: 'user.sessions_ended',
        details: { username: agent.username, ended: 2 },
      },
    ]);
    expect((await adminClient.get('/api/auth/me')).status).toBe(200);
  });

  test('an admin naming themselves ends their other sessions and keeps this one', async () => {
    const admin = await createUser({ role: 'admin' });
    const here = await signInFrom(admin, LAPTOP);
    const elsewhere = await signInFrom(admin, PHONE);
    const listed = sessionsOf(await here.get(adminUserSessionsPath(admin.id)));
    expect(listed.map((s) => s.isCurrent)).toEqual([true, false]);
    const ended = await here.request('DELETE', adminUserSessionsPath(admin.id));
    expect(ended.body).toEqual({ ended: 1 });
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/auth/me')).status).toBe(200);
  });

  test('not an admin: 403 and nothing ends; an unknown user 404; a malformed id 400', async () => {
    const victim = await createUser();
    const victimClient = await signInFrom(victim, PHONE);
    const agentClient = await signInFrom(await createUser({ role: 'agent' }), LAPTOP);
    expect((await agentClient.request('DELETE', adminUserSessionsPath(victim.id))).status).toBe(403);
    expect((await agentClient.get(adminUserSessionsPath(victim.id))).status).toBe(403);
    expect((await victimClient.get('/api/auth/me')).status).toBe(200);
    const adminClient = await signInFrom(await createUser({ role: 'admin' }), LAPTOP);
    expect((await adminClient.request('DELETE', adminUserSessionsPath(crypto.randomUUID()))).status).toBe(
      404,
    );
    expect((await adminClient.get(adminUserSessionsPath(crypto.randomUUID()))).status).toBe(404);
    expect((await adminClient.request('DELETE', adminUserSessionsPath('nope'))).status).toBe(400);
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from admin_audit_logs where action = 'user.sessions_ended'
        and target_user_id = ${victim.id}`;
    expect(row?.count).toBe(0);
  });
});

describe('ending takes effect in every API process at once', () => {
  let stopCaches: () => Promise<void> = async () => {};
  /** Another API process's cache: its own LISTEN, fed only by the database's notifications. */
  const elsewhere = new SessionCache({ ttlMs: 60_000 });
  const otherConnection = createSql(testConfig.databaseUrl, { max: 1 });

  beforeAll(async () => {
    stopCaches = await startListeningCaches(() => sessionCache().isActive);
    elsewhere.follow(() => true);
    await otherConnection.listen(SESSION_CHANNEL, (payload) => elsewhere.onNotification(payload));
  });

  afterAll(async () => {
    await stopCaches();
    await otherConnection.end({ timeout: 1 });
  });

  test('a session served from the caches is refused on its next request once ended, here and elsewhere', async () => {
    const user = await createUser();
    const keep = await signInFrom(user, LAPTOP);
    const ending = await signInFrom(user, PHONE);
    const endingSid = sha256Hex(ending.cookie ?? '');
    const keptSid = sha256Hex(keep.cookie ?? '');
    // Served from this process's cache: a read that the database no longer decides.
    await eventually(
      async () => {
        const hits = sessionCache().hits;
        expect((await ending.get('/api/auth/me')).status).toBe(200);
        return sessionCache().hits === hits + 1;
      },
      3_000,
      'the phone is answered from the cache',
    );
    elsewhere.set(endingSid, sampleUser({ id: user.id }), 60_000, elsewhere.mark());
    elsewhere.set(keptSid, sampleUser({ id: user.id }), 60_000, elsewhere.mark());
    const phoneId = sessionsOf(await keep.get(SESSION_PATHS.own)).find((s) => !s.isCurrent)?.id ?? '';
    expect((await keep.request('DELETE', ownSessionPath(phoneId))).status).toBe(200);
    expect((await ending.get('/api/auth/me')).status).toBe(401);
    await eventually(() => elsewhere.get(endingSid) === null, 3_000, 'the other process dropped the session');
    expect(elsewhere.get(keptSid)?.id).toBe(user.id);
  });
});
