/**
 * Everyone reaches the API through the shell's /api proxy, so the API must count each browser, not
 * the proxy (docs/security.md#client-addresses): an attacker's 1,000 failed sign-ins through the
 * same proxy throttle the attacker and never a real user signing in beside them. The shell's own
 * production proxy (shell/server) stands in front of the test API; the attacker and the user are
 * two loopback addresses (127.0.0.2 and 127.0.0.3), which the proxy appends to X-Forwarded-For.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS } from '@helpdesk/contracts';
import { createStaticHandler, serveStatic } from '../../../shell/server/static-handler.ts';
import { APP_ORIGIN, BASE_URL, createUser, uniqueName } from '../helpers.ts';

const ATTACKER = '127.0.0.2';
const USER = '127.0.0.3';
const ATTACKS = 1000;
// Requests in flight at once: enough to interleave, few enough for a 2-core machine.
const CONCURRENCY = 8;

const root = mkdtempSync(join(tmpdir(), 'proxy-signin-'));
let proxy: ReturnType<typeof serveStatic>;

beforeAll(() => {
  proxy = serveStatic(createStaticHandler({ root, remotes: {}, apiOrigins: [BASE_URL] }), {
    port: 0,
    hostname: '127.0.0.1',
  });
});

afterAll(() => {
  proxy.stop(true);
  rmSync(root, { recursive: true, force: true });
});

/** A sign-in through the proxy from one loopback address; answers the status. */
function signInFrom(localAddress: string, username: string, password: string): Promise<number> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        localAddress,
        method: 'POST',
        path: API_PATHS.authLogin,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin: APP_ORIGIN,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

test('1,000 failed sign-ins through the proxy throttle the attacker, never the real user beside them', async () => {
  const victim = await createUser();
  const bystanders = await Promise.all([createUser({ role: 'admin' }), createUser({ role: 'agent' })]);
  // Made-up names mostly, the victim's and the staff's names among them.
  const targets = [victim.username, ...bystanders.map((user) => user.username)];
  const attackerStatuses: number[] = [];
  const userStatuses: number[] = [];
  let sent = 0;
  const attacker = async () => {
    while (sent < ATTACKS) {
      const index = sent++;
      const username = index % 4 === 0 ? (targets[index % targets.length] ?? '') : uniqueName('made_up');
      attackerStatuses.push(await signInFrom(ATTACKER, username, `Guess${index}!x`));
    }
  };
  const user = async () => {
    while (sent < ATTACKS) {
      userStatuses.push(await signInFrom(USER, victim.username, victim.password));
      await Bun.sleep(50);
    }
  };
  await Promise.all([...Array.from({ length: CONCURRENCY }, attacker), user()]);

  expect(attackerStatuses).toHaveLength(ATTACKS);
  expect(attackerStatuses.filter((status) => status === 429).length).toBeGreaterThan(ATTACKS - 50);
  expect(attackerStatuses.every((status) => status === 401 || status === 429)).toBe(true);
  expect(userStatuses.length).toBeGreaterThanOrEqual(5);
  expect(userStatuses.every((status) => status === 200)).toBe(true);
  // The staff whose names the attacker tried sign in too, from their own address.
  for (const staff of bystanders) expect(await signInFrom(USER, staff.username, staff.password)).toBe(200);
}, 120_000);
