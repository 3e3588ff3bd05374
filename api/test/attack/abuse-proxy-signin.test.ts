/**
 * Sign-in throttling that strangers cannot turn against an account, a password reset that lifts
 * it, and error answers that do not grow with the request (docs/security.md#sign-in-throttling,
 * docs/security.md#error-bodies). The proxy side is proxy-signin-load.test.ts; streams ending at
 * once are in api/src/realtime/realtime.test.ts.
 */
import { describe, expect, test } from 'bun:test';
import { API_PATHS, RESET_TOKEN_TTL_MS } from '@helpdesk/contracts';
import { insertResetToken } from '../../src/auth/queries.ts';
import { accountDelayMs } from '../../src/auth/sign-in-throttle.ts';
import { MAX_ERROR_FIELDS } from '../../src/errors.ts';
import { randomToken, sha256Hex } from '../../src/session.ts';
import { createUser, sql, TestClient, type TestUser } from '../helpers.ts';

/** One wrong password for the account from each of `count` strangers' addresses, all at once. */
async function strangersFail(username: string, count: number, path: string = API_PATHS.authLogin) {
  const answers = await Promise.all(
    Array.from({ length: count }, () => new TestClient().post(path, { username, password: 'Wrong1234!' })),
  );
  for (const answer of answers) expect(answer.status).toBe(401);
}

async function resetTokenFor(admin: TestUser): Promise<string> {
  const token = randomToken();
  await insertResetToken(sql, { userId: admin.id, tokenHash: sha256Hex(token), ttlMs: RESET_TOKEN_TTL_MS });
  return token;
}

describe('nobody locks an account but its own guessers', () => {
  test("strangers' wrong passwords from many addresses do not keep the owner out", async () => {
    const user = await createUser();
    await strangersFail(user.username, 8);
    const owner = await new TestClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(owner.status).toBe(200);
  });

  test('nor an administrator, at the admin sign-in', async () => {
    const admin = await createUser({ role: 'admin' });
    await strangersFail(admin.username, 8, API_PATHS.authAdminLogin);
    const owner = await new TestClient().post(API_PATHS.authAdminLogin, {
      username: admin.username,
      password: admin.password,
    });
    expect(owner.status).toBe(200);
  });

  test('but every attempt on an account that strangers keep failing on waits before its answer', async () => {
    const user = await createUser();
    await strangersFail(user.username, 7);
    const started = performance.now();
    const slowed = await new TestClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: 'Wrong1234!',
    });
    expect(slowed.status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(accountDelayMs(7) - 5);
    expect(accountDelayMs(4)).toBe(0);
    expect(accountDelayMs(1000)).toBe(8000);
  });

  test('a password reset lifts the lock an address had earned on the account', async () => {
    const admin = await createUser({ role: 'admin' });
    const forgetful = new TestClient();
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await forgetful.post(API_PATHS.authAdminLogin, {
        username: admin.username,
        password: `Forgot${attempt}!x`,
      });
      expect(answer.status).toBe(401);
    }
    const locked = await forgetful.post(API_PATHS.authAdminLogin, {
      username: admin.username,
      password: admin.password,
    });
    expect(locked.status).toBe(429);
    const token = await resetTokenFor(admin);
    const reset = await forgetful.post(API_PATHS.authAdminResetPassword, {
      token,
      password: 'Remembered1!',
      confirmPassword: 'Remembered1!',
    });
    expect(reset.status).toBe(200);
    const signedIn = await forgetful.post(API_PATHS.authAdminLogin, {
      username: admin.username,
      password: 'Remembered1!',
    });
    expect(signedIn.status).toBe(200);
  });
});

describe('error bodies', () => {
  test('a 1 MB body of unknown keys gets a small answer, not one that echoes every key', async () => {
    const entries = ['"username":"someone"'];
    let size = 0;
    for (let index = 0; size < 1_000_000; index++) {
      const entry = `"unknown_key_${index}":"x"`;
      entries.push(entry);
      size += entry.length + 1;
    }
    const text = `{${entries.join(',')}}`;
    // Just under the 1 MB body limit: the whole body is read and validated.
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const answer = await new TestClient().post(API_PATHS.authRegister, undefined, {
      body: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(10_000);
    const fields = (answer.body as { fields?: Record<string, string> }).fields ?? {};
    expect(Object.keys(fields).length).toBeLessThanOrEqual(MAX_ERROR_FIELDS);
  });

  test('a very long unknown key is cut short in the answer', async () => {
    const key = 'k'.repeat(50_000);
    const answer = await new TestClient().post(API_PATHS.authRegister, { [key]: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(2_000);
  });
});
