/**
 * Attacks on sign-in and password reset (docs/reliability.md#authentication-attacks), beyond what api/src/auth/auth.test.ts
 * already covers (5 failures -> 429, per-IP spraying with unknown names, pending/rejected only
 * after the right password, single use, expiry, supersession, reset ends sessions): answers
 * identical byte for byte (headers included) for every kind of wrong, timing within a tolerance
 * with the dummy hash proven, lockouts that do not reveal accounts, spraying real accounts, the
 * change-password oracle, concurrent token use, the raw token nowhere in the database, and no
 * secret in the log.
 */
import { afterAll, afterEach, describe, expect, spyOn, test } from 'bun:test';
import {
  API_PATHS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  adminUserSessionsPath,
  CANNED_REPLY_PATHS,
  cannedReplyPath,
  ERROR_CODES,
  ownSessionPath,
  SERVER_MESSAGES,
  SESSION_PATHS,
  SSO_PATHS,
  ssoStartPath,
  TICKET_BULK_PATH,
  TICKET_VIEWS_PATH,
  type TSessionListResponse,
  TWO_FACTOR_PATHS,
  ticketPresencePath,
  ticketWaitingPath,
} from '@helpdesk/contracts';
import { issueApiToken } from '../api-tokens.ts';
import {
  createUser,
  logLines,
  signIn,
  sql,
  type TestUser,
  testConfig,
  uniqueName,
  withRateLimitScale,
} from '../helpers.ts';
import { runPasswordResetJobs } from '../password-reset-jobs.ts';
import { ensureSlaPolicies, fileTicket, insertTicketRow } from '../tickets.ts';
import { CHALLENGE_COOKIE, enableTwoFactor, totpCode, wrongCode } from '../two-factor.ts';
import { type Answer, freshIp, send, writeFigures } from './harness.ts';

const tally = { checks: 0, passed: 0 };
/** Passwords and tokens this file used: none may ever reach the log. */
const secretsUsed: string[] = [];

/** One named check: counted for the figures, passed only when every expectation in it held. */
function check(name: string, body: () => Promise<void>): void {
  test(name, async () => {
    tally.checks += 1;
    await body();
    tally.passed += 1;
  });
}

/** Headers that change from one request to the next whatever the answer says. */
const VOLATILE_HEADERS = new Set(['date', 'x-request-id']);

/** Status, every header but the volatile ones, and the body: what an attacker can compare. */
function fingerprint(answer: Answer, ignore: readonly string[] = []): string {
  const headers = [...answer.headers.entries()]
    .filter(([name]) => !VOLATILE_HEADERS.has(name) && !ignore.includes(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort();
  return [String(answer.status), ...headers, '', answer.text].join('\n');
}

const login = (username: string, password: string, ip = freshIp(), path: string = API_PATHS.authLogin) => {
  secretsUsed.push(password);
  return send('POST', path, { ip, json: { username, password } });
};

async function sessionCount(userId: string): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from sessions where user_id = ${userId}`;
  return row?.count ?? 0;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<Answer>): Promise<number> {
  const started = performance.now();
  const answer = await run();
  expect(answer.status).toBe(401);
  return performance.now() - started;
}

/** The reset links queued for an address (the email's plain-text body), oldest first. */
async function resetTokensFor(email: string): Promise<string[]> {
  await runPasswordResetJobs();
  const rows = await sql<{ textBody: string }[]>`
    select text_body as "textBody" from email_outbox
    where kind = 'password_reset' and lower(recipient) = lower(${email}) order by created_at, id`;
  return rows.flatMap((row) =>
    [...row.textBody.matchAll(/reset-password\?token=([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? ''),
  );
}

async function requestResetToken(admin: TestUser): Promise<string> {
  const response = await send('POST', API_PATHS.authAdminForgotPassword, { json: { email: admin.email } });
  expect(response.status).toBe(200);
  const token = (await resetTokensFor(admin.email)).at(-1);
  if (!token) throw new Error('no reset link was queued');
  secretsUsed.push(token);
  return token;
}

const reset = (token: string, password: string) => {
  secretsUsed.push(password);
  return send('POST', API_PATHS.authAdminResetPassword, {
    json: { token, password, confirmPassword: password },
  });
};

afterEach(() => {
  // A spy left behind would let a later check pass for the wrong reason.
  for (const mock of [verifySpy]) mock?.mockRestore();
  verifySpy = null;
});
let verifySpy: ReturnType<typeof spyOn> | null = null;

describe('sign-in answers give nothing away', () => {
  check(
    'unknown user, wrong password, over-long password, pending or rejected with a wrong one: identical answers',
    async () => {
      const active = await createUser();
      const pending = await createUser({ status: 'pending' });
      const rejected = await createUser({ status: 'rejected' });
      const answers = {
        unknown: await login(uniqueName('ghost'), 'Wrong1234!'),
        wrongPassword: await login(active.username, 'Wrong1234!'),
        // Over 1 KB of UTF-8 but within the schema's length: refused before hashing, like a wrong one.
        overLong: await login(active.username, 'é'.repeat(600)),
        pendingWrong: await login(pending.username, 'Wrong1234!'),
        rejectedWrong: await login(rejected.username, 'Wrong1234!'),
      };
      const reference = fingerprint(answers.unknown);
      expect(answers.unknown.status).toBe(401);
      expect(JSON.parse(answers.unknown.text)).toEqual({
        code: ERROR_CODES.unauthenticated,
        message: SERVER_MESSAGES.invalidCredentials,
      });
      for (const [name, answer] of Object.entries(answers))
        expect(`${name}\n${fingerprint(answer)}`).toBe(`${name}\n${reference}`);
      expect(answers.unknown.headers.get('set-cookie')).toBeNull();
      // Longer than the schema allows: a 400 about the field, the same whoever the name is.
      // A unique head: other suites share this process's log and may log a run of x's of their own.
      const overLong = `${crypto.randomUUID()}${'x'.repeat(5000)}`;
      const schemaKnown = await login(active.username, overLong);
      const schemaUnknown = await login(uniqueName('ghost'), overLong);
      expect(schemaKnown.status).toBe(400);
      expect(fingerprint(schemaKnown)).toBe(fingerprint(schemaUnknown));
    },
  );

  check(
    'admin sign-in: unknown, wrong password, and a non-admin’s right password answer identically',
    async () => {
      const agent = await createUser({ role: 'agent' });
      const admin = await createUser({ role: 'admin' });
      const unknown = await login(uniqueName('ghost'), 'Wrong1234!', freshIp(), API_PATHS.authAdminLogin);
      const wrong = await login(admin.username, 'Wrong1234!', freshIp(), API_PATHS.authAdminLogin);
      const notAdmin = await login(agent.username, agent.password, freshIp(), API_PATHS.authAdminLogin);
      expect(unknown.status).toBe(401);
      expect(fingerprint(wrong)).toBe(fingerprint(unknown));
      expect(fingerprint(notAdmin)).toBe(fingerprint(unknown));
      expect(await sessionCount(agent.id)).toBe(0);
    },
  );

  check('an unknown user verifies a dummy argon2id hash with the real parameters', async () => {
    const user = await createUser();
    const [stored] = await sql<
      { hash: string }[]
    >`select password_hash as hash from users where id = ${user.id}`;
    const parameters = (stored?.hash ?? '').split('$').slice(0, 4).join('$');
    expect(parameters).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    verifySpy = spyOn(Bun.password, 'verify');
    expect((await login(uniqueName('ghost'), 'Wrong1234!')).status).toBe(401);
    expect(verifySpy).toHaveBeenCalledTimes(1);
    const dummy = String(verifySpy.mock.calls[0]?.[1] ?? '');
    expect(dummy.startsWith(`${parameters}$`)).toBe(true);
    const [owner] = await sql<{ count: number }[]>`
      select count(*)::int as count from users where password_hash = ${dummy}`;
    expect(owner?.count).toBe(0);
    verifySpy.mockClear();
    expect((await login(user.username, 'Wrong1234!')).status).toBe(401);
    expect(verifySpy).toHaveBeenCalledTimes(1);
    expect(verifySpy.mock.calls[0]?.[1]).toBe(stored?.hash);
  });

  check('an unknown user takes as long as a wrong password: medians within 25% (or 10 ms)', async () => {
    // Interleaved rounds and medians ride out a loaded machine; a missing dummy verification makes
    // the unknown case about ten times faster, which no retry hides.
    const rounds = 9;
    const users = await Promise.all(Array.from({ length: rounds }, () => createUser()));
    let last = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      await timed(() => login(uniqueName('warm'), 'Wrong1234!'));
      const known: number[] = [];
      const unknown: number[] = [];
      for (const user of users) {
        known.push(await timed(() => login(user.username, 'Wrong1234!')));
        unknown.push(await timed(() => login(uniqueName('ghost'), 'Wrong1234!')));
      }
      const [k, u] = [median(known), median(unknown)];
      last = `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`;
      if (Math.abs(k - u) <= Math.max(0.25 * k, 10)) return;
      // A failed attempt left each known account with one more failure: new accounts for the next.
      users.splice(0, users.length, ...(await Promise.all(users.map(() => createUser()))));
    }
    throw new Error(`sign-in timing differs: ${last}`);
  });
});

describe('throttling', () => {
  check(
    'a locked-out unknown name answers exactly like a locked-out account (lockouts do not reveal accounts)',
    async () => {
      const user = await createUser();
      const ghost = uniqueName('ghost');
      // One guessing address: an account's lockout is for the address that failed on it.
      const guesser = freshIp();
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login(user.username, 'Wrong1234!', guesser)).status).toBe(401);
        expect((await login(ghost, 'Wrong1234!', guesser)).status).toBe(401);
      }
      const lockedAccount = await login(user.username, user.password, guesser);
      const lockedGhost = await login(ghost, 'Wrong1234!', guesser);
      expect(lockedAccount.status).toBe(429);
      for (const answer of [lockedAccount, lockedGhost]) {
        const retryAfter = Number(answer.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(14 * 60);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      }
      expect(fingerprint(lockedGhost, ['retry-after'])).toBe(fingerprint(lockedAccount, ['retry-after']));
    },
  );

  check('the right password while locked out creates no session and changes no sign-in time', async () => {
    const user = await createUser();
    const guesser = freshIp();
    for (let attempt = 0; attempt < 5; attempt++) await login(user.username, 'Wrong1234!', guesser);
    const blocked = await login(user.username, user.password, guesser);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('set-cookie')).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    const [row] = await sql<{ lastLoginAt: Date | null }[]>`
      select last_login_at as "lastLoginAt" from users where id = ${user.id}`;
    expect(row?.lastLoginAt).toBeNull();
  });

  check('spraying one password over 31 real accounts from one IP is stopped at the 31st', async () => {
    const accounts = await Promise.all(Array.from({ length: 31 }, () => createUser()));
    const sprayer = freshIp();
    const statuses: number[] = [];
    for (const account of accounts.slice(0, 30))
      statuses.push((await login(account.username, 'Spring2025!', sprayer)).status);
    expect(statuses).toEqual(Array(30).fill(401));
    const last = accounts[30];
    if (!last) throw new Error('no 31st account');
    // Even the right password of a fresh account: the address is what is throttled.
    const blocked = await login(last.username, last.password, sprayer);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sessionCount(last.id)).toBe(0);
    // One failure each did not lock the accounts themselves: their owners still sign in elsewhere.
    const first = accounts[0];
    if (!first) throw new Error('no first account');
    expect((await login(first.username, first.password)).status).toBe(200);
  });

  check('guessing the current password through change-password is throttled like sign-in', async () => {
    const user = await createUser();
    const client = await signIn(user);
    const cookie = client.cookie;
    const ip = freshIp();
    const attempt = (currentPassword: string) => {
      secretsUsed.push(currentPassword);
      return send('POST', API_PATHS.authChangePassword, {
        cookie,
        ip,
        json: { currentPassword, newPassword: 'Changed123!', confirmPassword: 'Changed123!' },
      });
    };
    for (let guess = 0; guess < 5; guess++) expect((await attempt(`Guess${guess}pass!`)).status).toBe(400);
    const blocked = await attempt(user.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // One counter per account and address: sign-in from that address is locked too.
    expect((await login(user.username, user.password, ip)).status).toBe(429);
    const [row] = await sql<
      { hash: string }[]
    >`select password_hash as hash from users where id = ${user.id}`;
    expect(await Bun.password.verify(user.password, row?.hash ?? '')).toBe(true);
  });
});

describe('password reset tokens', () => {
  check(
    'forgot-password answers identically for an admin, a pending admin, an agent and an unknown address',
    async () => {
      const admin = await createUser({ role: 'admin' });
      const pendingAdmin = await createUser({ role: 'admin', status: 'pending' });
      const agent = await createUser({ role: 'agent' });
      const emails = [
        admin.email,
        admin.email.toUpperCase(),
        pendingAdmin.email,
        agent.email,
        `${uniqueName()}@example.test`,
      ];
      const answers = [];
      for (const email of emails)
        answers.push(await send('POST', API_PATHS.authAdminForgotPassword, { json: { email } }));
      const reference = fingerprint(answers[0] as Answer);
      for (const answer of answers) expect(fingerprint(answer)).toBe(reference);
      expect(answers[0]?.status).toBe(200);
      // Only the active admin got links (two requests, two links).
      expect((await resetTokensFor(admin.email)).length).toBe(2);
      expect((await resetTokensFor(pendingAdmin.email)).length).toBe(0);
      expect((await resetTokensFor(agent.email)).length).toBe(0);
    },
  );

  check('five concurrent resets with one token: exactly one succeeds', async () => {
    const admin = await createUser({ role: 'admin' });
    const token = await requestResetToken(admin);
    const passwords = Array.from({ length: 5 }, (_, i) => `Concurrent${i}!a`);
    const answers = await Promise.all(passwords.map((password) => reset(token, password)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(JSON.parse(answer.text).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
    }
    // The password is the winner's, and only the winner's.
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)] ?? '';
    const [row] = await sql<
      { hash: string }[]
    >`select password_hash as hash from users where id = ${admin.id}`;
    const matches = await Promise.all(passwords.map((p) => Bun.password.verify(p, row?.hash ?? '')));
    expect(matches.filter(Boolean).length).toBe(1);
    expect(await Bun.password.verify(winner, row?.hash ?? '')).toBe(true);
  });

  check('the raw token is nowhere in the database but the email that carries it', async () => {
    const admin = await createUser({ role: 'admin' });
    const token = await requestResetToken(admin);
    const tables = await sql<{ name: string }[]>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
    expect(tables.length).toBeGreaterThan(10);
    const holders: string[] = [];
    for (const { name } of tables) {
      // Every column of every row, as text: wherever the token hides, strpos finds it.
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from ${sql(name)} t where strpos(t::text, ${token}) > 0`;
      if ((row?.count ?? 0) > 0) holders.push(`${name} × ${row?.count}`);
    }
    expect(holders).toEqual(['email_outbox × 1']);
    const [outbox] = await sql<{ kind: string; recipient: string }[]>`
      select kind, recipient from email_outbox where strpos(text_body, ${token}) > 0`;
    expect(outbox).toEqual({ kind: 'password_reset', recipient: admin.email });
  });

  check('a reset ends every session of the admin, whichever way each began', async () => {
    const admin = await createUser({ role: 'admin' });
    const viaLogin = await signIn(admin);
    const viaAdminLogin = await login(admin.username, admin.password, freshIp(), API_PATHS.authAdminLogin);
    expect(viaAdminLogin.status).toBe(200);
    const third = await signIn(admin);
    expect(await sessionCount(admin.id)).toBe(3);
    const token = await requestResetToken(admin);
    expect((await reset(token, 'AfterReset1!')).status).toBe(200);
    expect(await sessionCount(admin.id)).toBe(0);
    for (const client of [viaLogin, third]) expect((await client.get(API_PATHS.authMe)).status).toBe(401);
  });

  check(
    'a token dies with the admin’s rights: demoted or rejected after asking, the token is refused',
    async () => {
      for (const change of ['demote', 'reject'] as const) {
        const admin = await createUser({ role: 'admin' });
        const token = await requestResetToken(admin);
        if (change === 'demote') await sql`update users set role = 'agent' where id = ${admin.id}`;
        else await sql`update users set status = 'rejected' where id = ${admin.id}`;
        const answer = await reset(token, 'Takeover12!');
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.text).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
        const [row] = await sql<
          { hash: string }[]
        >`select password_hash as hash from users where id = ${admin.id}`;
        expect(await Bun.password.verify(admin.password, row?.hash ?? '')).toBe(true);
      }
    },
  );

  check('an expired token is refused even on its first use, and stays unused', async () => {
    const admin = await createUser({ role: 'admin' });
    const token = await requestResetToken(admin);
    await sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${admin.id}`;
    const answer = await reset(token, 'TooLate123!');
    expect(answer.status).toBe(400);
    const [row] = await sql<
      { used: boolean }[]
    >`select used from password_reset_tokens where user_id = ${admin.id}`;
    expect(row?.used).toBe(false);
  });
});

/** An agent's cookie kept after signing out, and a signed-in agent since demoted to end user. */
async function staleAgentCookies() {
  const signedOut = await signIn(await createUser({ role: 'agent' }));
  const stolen = signedOut.cookie;
  expect((await signedOut.post(API_PATHS.authLogout)).status).toBeLessThan(300);
  const demoted = await createUser({ role: 'agent' });
  const demotedClient = await signIn(demoted);
  await sql`update users set role = 'end_user' where id = ${demoted.id}`;
  return { stolen, demoted, demotedClient };
}

/** An agent's cookie kept after signing out (401 from now on), and a demoted agent's live one (403). */
async function outlivedAgentCookies(): Promise<readonly (readonly [string | null, 401 | 403])[]> {
  const { stolen, demotedClient } = await staleAgentCookies();
  return [
    [stolen, 401],
    [demotedClient.cookie, 403],
  ];
}

describe('sessions that outlive their rights', () => {
  check(
    "a signed-out or demoted agent's cookie cannot put a ticket on hold or resume it; the ticket is untouched",
    async () => {
      await ensureSlaPolicies();
      const requester = await createUser();
      const ticket = await fileTicket(await signIn(requester));
      const snapshot = async () =>
        JSON.stringify(
          await sql`select waiting_since, waiting_until, waiting_resolve_by, sla_resolve_by,
                           (select count(*) from ticket_events e where e.ticket_id = t.id) as events
                    from tickets t where t.id = ${ticket.id}`,
        );
      const before = await snapshot();
      for (const [cookie, expected] of await outlivedAgentCookies()) {
        for (const method of ['PUT', 'DELETE']) {
          const answer = await send(method, ticketWaitingPath(ticket.id), {
            cookie,
            ...(method === 'PUT' ? { json: {} } : {}),
          });
          expect(answer.status).toBe(expected);
        }
      }
      expect(await snapshot()).toBe(before);
    },
  );
});

describe('canned replies from sessions that outlive their rights', () => {
  check(
    "a signed-out or demoted agent's cookie cannot list, add, change or delete canned replies, their own included",
    async () => {
      const { stolen, demoted, demotedClient } = await staleAgentCookies();
      const [own] = await sql<{ id: string }[]>`
        insert into canned_replies (owner_id, title, body, created_by)
        values (${demoted.id}, 'Kept reply', 'Kept body', ${demoted.id}) returning id`;
      const replyPath = cannedReplyPath(own?.id ?? '');
      const snapshot = async () =>
        JSON.stringify(await sql`select * from canned_replies where created_by = ${demoted.id} order by id`);
      const before = await snapshot();
      const cases = [
        [stolen, 401],
        [demotedClient.cookie, 403],
      ] as const;
      for (const [cookie, expected] of cases) {
        const answers = [
          await send('GET', CANNED_REPLY_PATHS.list, { cookie }),
          await send('POST', CANNED_REPLY_PATHS.list, {
            cookie,
            json: { title: 'New', body: 'Body', isShared: true },
          }),
          await send('PATCH', replyPath, { cookie, json: { title: 'Changed', isShared: true } }),
          await send('DELETE', replyPath, { cookie }),
        ];
        expect(answers.map((answer) => answer.status)).toEqual([expected, expected, expected, expected]);
        for (const answer of answers) expect(answer.text).not.toContain('Kept');
      }
      expect(await snapshot()).toBe(before);
    },
  );
});

describe('sessions ended from another device', () => {
  check(
    'an ended session is refused on its next read and write; a stale cookie cannot list or end sessions',
    async () => {
      const owner = await createUser();
      const [kept, ended] = [await signIn(owner), await signIn(owner)];
      const listed = await send('GET', SESSION_PATHS.own, { cookie: kept.cookie });
      const other = (JSON.parse(listed.text) as TSessionListResponse).sessions.find((s) => !s.isCurrent);
      const end = await send('DELETE', ownSessionPath(other?.id ?? ''), { cookie: kept.cookie });
      expect(end.status).toBe(200);
      expect((await send('GET', API_PATHS.authMe, { cookie: ended.cookie })).status).toBe(401);
      const write = await send('PATCH', API_PATHS.authProfile, {
        cookie: ended.cookie,
        json: { firstName: 'Ended', lastName: 'Session', email: owner.email },
      });
      expect(write.status).toBe(401);
      // The ended browser cannot take revenge: signing the owner's other sessions out needs a live one.
      expect((await send('DELETE', SESSION_PATHS.ownOthers, { cookie: ended.cookie })).status).toBe(401);
      expect((await send('GET', API_PATHS.authMe, { cookie: kept.cookie })).status).toBe(200);
      const { stolen, demotedClient } = await staleAgentCookies();
      const victim = await createUser();
      await signIn(victim);
      const before = await sessionCount(victim.id);
      for (const [cookie, expected] of [
        [stolen, 401],
        [demotedClient.cookie, 403],
      ] as const) {
        const answer = await send('DELETE', adminUserSessionsPath(victim.id), { cookie });
        expect(answer.status).toBe(expected);
      }
      expect((await send('GET', SESSION_PATHS.own, { cookie: stolen })).status).toBe(401);
      expect(await sessionCount(victim.id)).toBe(before);
    },
  );
});

describe('presence from sessions that outlive their rights', () => {
  check(
    "a signed-out or demoted agent's cookie cannot appear on, read or leave a ticket's presence",
    async () => {
      const requester = await createUser();
      const ticket = await fileTicket(await signIn(requester));
      const watcher = await signIn(await createUser({ role: 'agent' }));
      const viewersOf = async () => (await watcher.get(ticketPresencePath(ticket.id))).text;
      expect(await viewersOf()).toBe(JSON.stringify({ viewers: [] }));
      for (const [cookie, expected] of await outlivedAgentCookies()) {
        for (const method of ['PUT', 'GET', 'DELETE']) {
          const answer = await send(method, ticketPresencePath(ticket.id), {
            cookie,
            ...(method === 'PUT' ? { json: { typing: true } } : {}),
          });
          expect(answer.status).toBe(expected);
        }
      }
      expect(await viewersOf()).toBe(JSON.stringify({ viewers: [] }));
    },
  );
});

describe('bulk changes and view counts with stale rights', () => {
  check(
    "a signed-out or demoted agent's cookie cannot bulk-change tickets or read the staff views' counts",
    async () => {
      const requesterId = (await createUser()).id;
      const ids = [
        (await insertTicketRow({ requesterId, createdHoursAgo: 1 })).id,
        (await insertTicketRow({ requesterId, createdHoursAgo: 2 })).id,
      ];
      const ticketsNow = () => sql`
        select id, status, priority, assignee_id, updated_at,
               (select count(*) from ticket_events e where e.ticket_id = t.id) as events
        from tickets t where t.id in ${sql(ids)} order by id`;
      const before = JSON.stringify(await ticketsNow());
      const { stolen, demoted, demotedClient } = await staleAgentCookies();
      for (const [cookie, expected] of [
        [stolen, 401],
        [demotedClient.cookie, 403],
      ] as const) {
        const answer = await send('POST', TICKET_BULK_PATH, {
          cookie,
          json: { ids, changes: { status: 'closed', assigneeId: demoted.id } },
          headers: { 'Idempotency-Key': `stale-${crypto.randomUUID()}` },
        });
        expect(answer.status).toBe(expected);
      }
      // Counts: signed out 401; demoted, only their own tickets (none), never the staff views.
      expect((await send('GET', TICKET_VIEWS_PATH, { cookie: stolen })).status).toBe(401);
      const counts = await send('GET', TICKET_VIEWS_PATH, { cookie: demotedClient.cookie });
      expect(JSON.parse(counts.text)).toEqual({ views: { open: 0, all: 0 }, capped: [] });
      expect(JSON.stringify(await ticketsNow())).toBe(before);
    },
  );
});

describe("everyone's reset and invitations", () => {
  check(
    'forgot-password answers identically for a user, an inactive, an invited and an unknown address',
    async () => {
      const user = await createUser();
      const inactive = await createUser({ status: 'inactive' });
      const unconfirmed = await createUser({ isEmailVerified: false });
      const emails = [user.email, inactive.email, unconfirmed.email, `${uniqueName()}@example.test`];
      const answers = [];
      for (const email of emails)
        answers.push(await send('POST', API_PATHS.authForgotPassword, { json: { email } }));
      const reference = fingerprint(answers[0] as Answer);
      for (const answer of answers) expect(fingerprint(answer)).toBe(reference);
      expect(answers[0]?.status).toBe(200);
      expect((await resetTokensFor(user.email)).length).toBe(1);
      expect((await resetTokensFor(inactive.email)).length).toBe(0);
      expect((await resetTokensFor(unconfirmed.email)).length).toBe(0);
    },
  );

  check(
    'a user reset token: the administrator page refuses it, five concurrent uses give one success',
    async () => {
      const user = await createUser({ role: 'agent' });
      expect((await send('POST', API_PATHS.authForgotPassword, { json: { email: user.email } })).status).toBe(
        200,
      );
      const token = (await resetTokensFor(user.email)).at(-1) ?? '';
      secretsUsed.push(token);
      expect((await reset(token, 'Admin-page1!')).status).toBe(400);
      const answers = await Promise.all(
        ['Race-one-1!', 'Race-two-2!', 'Race-three-3!', 'Race-four-4!', 'Race-five-5!'].map((password) => {
          secretsUsed.push(password);
          return send('POST', API_PATHS.authResetPassword, {
            json: { token, password, confirmPassword: password },
          });
        }),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400]);
    },
  );

  check('the set-password page takes no reset token and no guessed one', async () => {
    const user = await createUser();
    await send('POST', API_PATHS.authForgotPassword, { json: { email: user.email } });
    const token = (await resetTokensFor(user.email)).at(-1) ?? '';
    secretsUsed.push(token);
    for (const guess of [token, 'A'.repeat(43), token.slice(0, -1)]) {
      const answer = await send('POST', API_PATHS.authSetPassword, {
        json: { token: guess, password: 'Guess-pass1!', confirmPassword: 'Guess-pass1!' },
      });
      expect(answer.status).toBe(400);
    }
  });
});

describe('single sign-on', () => {
  const SSO_COOKIE = 'helpdesk_sso';
  const callbackOf = (providerId: string) => SSO_PATHS.callback.replace(':provider', providerId);

  /** Two providers straight in the table: one enabled, one disabled (at a closed port: nothing is fetched). */
  async function providers(): Promise<{ enabled: string; disabled: string }> {
    const tag = crypto.randomUUID().slice(0, 8);
    const enabled = `aa-on-${tag}`;
    const disabled = `aa-off-${tag}`;
    await sql`
      insert into sso_providers (id, label, issuer, client_id, enabled, create_accounts)
      values (${enabled}, 'On', 'http://127.0.0.1:9', 'desk', true, 'active-end-users'),
             (${disabled}, 'Off', 'http://127.0.0.1:9', 'desk', false, 'active-end-users')`;
    return { enabled, disabled };
  }

  check(
    'failed callbacks answer alike for an enabled, a disabled and an unknown provider, with or without a forged cookie: no session',
    async () => {
      const { enabled, disabled } = await providers();
      const before = (await sql<{ n: number }[]>`select count(*)::int as n from sessions`)[0]?.n;
      const forged = `${SSO_COOKIE}=${'A'.repeat(43)}`;
      const answers = [enabled, disabled, 'no-such-provider'].flatMap((id) => [
        send('GET', `${callbackOf(id)}?code=c&state=s`),
        send('GET', `${callbackOf(id)}?code=c&state=s`, { headers: { cookie: forged } }),
      ]);
      const settled = await Promise.all(answers);
      const reference = fingerprint(settled[0] as Answer);
      for (const answer of settled) {
        expect(answer.status).toBe(302);
        expect(answer.headers.get('location')).toBe('/login?sso_error=invalid_state');
        expect(answer.headers.getSetCookie().every((line) => line.startsWith(`${SSO_COOKIE}=;`))).toBe(true);
        expect(fingerprint(answer)).toBe(reference);
      }
      const after = (await sql<{ n: number }[]>`select count(*)::int as n from sessions`)[0]?.n;
      expect(after).toBe(before);
    },
  );

  check(
    'a disabled and an unknown provider start alike; the raw start key is nowhere in the database',
    async () => {
      const { enabled, disabled } = await providers();
      const off = await send('GET', ssoStartPath(disabled));
      const unknown = await send('GET', ssoStartPath('no-such-provider'));
      expect(off.headers.get('location')).toBe('/login?sso_error=provider_unavailable');
      expect(fingerprint(off)).toBe(fingerprint(unknown));
      // Down: a clear code, no pending sign-in kept, no cookie.
      const down = await send('GET', ssoStartPath(enabled));
      expect(down.headers.get('location')).toBe('/login?sso_error=provider_unreachable');
      expect(down.headers.getSetCookie()).toEqual([]);
    },
  );

  check('floods of starts and of callbacks from one address hear 429', () =>
    withRateLimitScale(1, async () => {
      const flooder = freshIp();
      const statuses: number[] = [];
      for (let n = 0; n < 31; n++)
        statuses.push((await send('GET', ssoStartPath('no-such'), { ip: flooder })).status);
      expect(statuses.at(-1)).toBe(429);
      const callbacks: number[] = [];
      for (let n = 0; n < 31; n++)
        callbacks.push((await send('GET', callbackOf('no-such'), { ip: flooder })).status);
      expect(callbacks.slice(0, 30).every((status) => status === 302)).toBe(true);
      expect(callbacks.at(-1)).toBe(429);
    }),
  );

  check(
    'a password sign-in to an SSO-only account is a counted failure: five lock the address out',
    async () => {
      const user = await createUser();
      const { enabled } = await providers();
      await sql`update users set password_hash = null where id = ${user.id}`;
      await sql`insert into user_identities (provider_id, subject, user_id) values (${enabled}, ${user.id}, ${user.id})`;
      const guesser = freshIp();
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await login(user.username, 'Wrong1234!', guesser);
        expect(answer.status).toBe(401);
        expect(answer.text).toContain('OAuth');
        expect(answer.headers.get('set-cookie')).toBeNull();
      }
      expect((await login(user.username, 'Wrong1234!', guesser)).status).toBe(429);
      expect(await sessionCount(user.id)).toBe(0);
    },
  );
});

describe('the two-factor step', () => {
  /** A user with two-factor on; its secret and recovery codes join the secrets the log must never hold. */
  async function userWithTwoFactor() {
    const user = await createUser();
    const client = await signIn(user);
    const enabled = await enableTwoFactor(client);
    await client.post(API_PATHS.authLogout);
    secretsUsed.push(enabled.secret, ...enabled.recoveryCodes);
    return { user, ...enabled };
  }

  /** The right password: the code step and its challenge token, never a session. */
  async function passwordStep(user: TestUser, ip = freshIp()): Promise<string> {
    const answer = await login(user.username, user.password, ip);
    expect(JSON.parse(answer.text)).toEqual({ twoFactor: 'code' });
    const setCookies = answer.headers.getSetCookie();
    expect(setCookies.some((cookie) => cookie.startsWith(`${testConfig.sessionCookie.name}=`))).toBe(false);
    const challenge = setCookies
      .map((cookie) => Bun.Cookie.parse(cookie))
      .find((c) => c.name === CHALLENGE_COOKIE);
    if (!challenge?.value) throw new Error('no challenge cookie');
    secretsUsed.push(challenge.value);
    return challenge.value;
  }

  const verify = (challenge: string | null, json: unknown, ip = freshIp()) =>
    send('POST', TWO_FACTOR_PATHS.challengeVerify, {
      ip,
      json,
      headers: challenge ? { cookie: `${CHALLENGE_COOKIE}=${challenge}` } : {},
    });

  check(
    'every wrong answer at the code step is identical byte for byte, sets no cookie and starts no session',
    async () => {
      const { user, secret, recoveryCodes } = await userWithTwoFactor();
      const [spent = '', spare = ''] = recoveryCodes;
      const used = await passwordStep(user);
      expect((await verify(used, { recoveryCode: spent })).status).toBe(200);
      const sessionsBefore = await sessionCount(user.id);
      const live = await passwordStep(user);
      const expired = await passwordStep(await userWithTwoFactor().then((other) => other.user));
      await sql`update two_factor_challenges set expires_at = now() - interval '1 second'
              where token_hash = ${Bun.SHA256.hash(expired, 'hex')}`;
      const answers = [
        await verify(null, { code: totpCode(secret, 1) }),
        await verify('A'.repeat(43), { code: totpCode(secret, 1) }),
        await verify(used, { recoveryCode: spare }),
        await verify(live, { code: wrongCode(secret) }),
        await verify(live, { recoveryCode: spent }),
        await verify(live, { recoveryCode: totpCode(secret, 1) }),
        await verify(live, { code: spare }),
        await verify(expired, { code: '123456' }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.headers.get('set-cookie')).toBeNull();
      }
      expect(new Set(answers.map((answer) => fingerprint(answer))).size).toBe(1);
      expect(await sessionCount(user.id)).toBe(sessionsBefore);
    },
  );

  check(
    'wrong codes are throttled with the password failures: the challenge ends, the address gets 429',
    async () => {
      const { user, secret } = await userWithTwoFactor();
      const guesser = freshIp();
      const challenge = await passwordStep(user, guesser);
      for (let guess = 0; guess < 5; guess++) {
        expect((await verify(challenge, { code: wrongCode(secret) }, guesser)).status).toBe(400);
      }
      // The challenge is over, even with the right code.
      expect((await verify(challenge, { code: totpCode(secret, 1) }, guesser)).status).toBe(400);
      const blocked = await login(user.username, user.password, guesser);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await sessionCount(user.id)).toBe(0);
    },
  );

  check('five parallel uses of one recovery code on one challenge give exactly one session', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const challenge = await passwordStep(user);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => verify(challenge, { recoveryCode: recoveryCodes[0] })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await sessionCount(user.id)).toBe(1);
  });

  check(
    'the raw challenge token, the secret and the recovery codes are nowhere in the database',
    async () => {
      const { user, secret, recoveryCodes } = await userWithTwoFactor();
      const challenge = await passwordStep(user);
      const [row] = await sql<{ dump: string }[]>`
      select (select json_agg(t)::text from two_factor_challenges t where user_id = ${user.id}) ||
             (select json_agg(f)::text from user_two_factor f where user_id = ${user.id}) ||
             (select json_agg(r)::text from user_recovery_codes r where user_id = ${user.id}) as dump`;
      const dump = row?.dump ?? '';
      expect(dump).toContain(Bun.SHA256.hash(challenge, 'hex'));
      for (const secretText of [
        challenge,
        secret,
        ...recoveryCodes,
        ...recoveryCodes.map((c) => c.replace('-', '')),
      ]) {
        expect(dump).not.toContain(secretText);
      }
    },
  );
});

describe('API tokens', () => {
  check(
    'every kind of bad token gets the same 401, byte for byte, and never falls back to the cookie',
    async () => {
      const owner = await createUser({ role: 'admin' });
      const browser = await signIn(owner);
      const live = await issueApiToken(browser, ['tickets:read']);
      const revoked = await issueApiToken(browser, ['tickets:read']);
      const expired = await issueApiToken(browser, ['tickets:read']);
      secretsUsed.push(live.secret, revoked.secret, expired.secret);
      await sql`update api_tokens set revoked_at = now() where id = ${revoked.id}`;
      await sql`
      update api_tokens set created_at = now() - interval '2 days', expires_at = now() - interval '1 hour'
      where id = ${expired.id}`;
      // One character changed: the hash lookup is exact, a near miss is as unknown as anything.
      const last = live.secret.at(-1) === 'A' ? 'B' : 'A';
      const headers = [
        `Bearer ${revoked.secret}`,
        `Bearer ${expired.secret}`,
        `Bearer ${live.secret.slice(0, -1)}${last}`,
        `Bearer ${live.secret.slice(3)}`,
        `Bearer ${browser.cookie}`,
        'Bearer',
        `Bearer ${'x'.repeat(8000)}`,
        `Bearer hd_${'é'.repeat(43)}`,
      ];
      const fingerprints = new Set<string>();
      for (const authorization of headers) {
        // The signed-in browser's own cookie rides along: a Bearer header is the only credential read.
        const answer = await send('GET', API_PATHS.authMe, {
          cookie: browser.cookie,
          headers: { authorization },
        });
        expect(answer.status).toBe(401);
        expect(JSON.parse(answer.text).message).toBe(API_TOKEN_MESSAGES.tokenInvalid);
        expect(answer.headers.get('set-cookie')).toBeNull();
        fingerprints.add(fingerprint(answer));
      }
      expect(fingerprints.size).toBe(1);
      expect(
        (await send('GET', API_PATHS.authMe, { headers: { authorization: `bearer ${live.secret}` } })).status,
      ).toBe(200);
      // A session cookie is still a session: the browser was never signed out by any of the above.
      expect((await send('GET', API_PATHS.authMe, { cookie: browser.cookie })).status).toBe(200);
    },
  );

  check('a token cannot mint another token, nor extend its own life, whatever its scopes', async () => {
    const owner = await createUser({ role: 'admin' });
    const token = await issueApiToken(await signIn(owner), [
      'tickets:read',
      'tickets:write',
      'kb:read',
      'kb:write',
      'admin',
    ]);
    secretsUsed.push(token.secret);
    const before = await sql`select id, expires_at, scopes from api_tokens where user_id = ${owner.id}`;
    const mint = await send('POST', API_TOKEN_PATHS.own, {
      headers: { authorization: `Bearer ${token.secret}` },
      json: { name: 'Forever', expiresInDays: 365, scopes: ['admin'] },
    });
    expect(mint.status).toBe(403);
    const signInAttempt = await send('POST', API_PATHS.authLogin, {
      headers: { authorization: `Bearer ${token.secret}` },
      json: { username: owner.username, password: 'not-the-password' },
    });
    expect(signInAttempt.status).toBe(401);
    expect(signInAttempt.headers.get('set-cookie')).toBeNull();
    expect(await sql`select id, expires_at, scopes from api_tokens where user_id = ${owner.id}`).toEqual(
      before,
    );
  });
});

describe('the log', () => {
  check('no password or reset token used above ever reached the log', async () => {
    expect(secretsUsed.length).toBeGreaterThan(20);
    const log = logLines.join('\n');
    const leaked = [...new Set(secretsUsed)].filter((secret) => secret.length >= 8 && log.includes(secret));
    expect(leaked).toEqual([]);
  });
});

afterAll(() => {
  writeFigures(
    'auth',
    'Authentication attacks',
    [
      { name: 'authentication checks run', value: tally.checks, target: { op: '>=', value: 15 } },
      {
        name: 'authentication checks failed',
        value: tally.checks - tally.passed,
        target: { op: '=', value: 0 },
      },
    ],
    [
      'Identical answers (status, headers, body) for unknown user / wrong / over-long password / pending or rejected with a wrong one; admin sign-in likewise; timing medians within 25% with the dummy argon2id hash proven by a spy.',
      'Throttling: lockouts identical for real and unknown names, no session while locked, spraying 31 real accounts from one IP, change-password guessing.',
      'Reset tokens: identical forgot-password answers, 5 concurrent uses -> exactly one, raw token only in its email, every session ended, demoted or rejected admins’ tokens refused, expiry. No secret in the log.',
      'Two-factor: every wrong answer at the code step identical (no cookie, forged, spent, wrong, expired), no cookie or session on failure, wrong codes throttled with the password failures, one session from five parallel uses of a recovery code, no raw token, secret or code in the database or the log.',
      'Single sign-on: failed callbacks identical for enabled, disabled and unknown providers with or without a forged cookie, no session; starts alike for disabled and unknown; floods of starts and callbacks -> 429; the SSO-only password answer counted as a failure.',
      'Also covered in api/src/auth/auth.test.ts: 5 failures -> 429 with Retry-After, spraying unknown names, pending/rejected only after the right password, single use, supersession.',
    ],
  );
});
