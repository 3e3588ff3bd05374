/**
 * The notifications that keep every process's copy of the checklist's facts right (migration 00105):
 * each change to what the facts are read from is heard, and the people's changes that move no fact
 * (a sign-in, an end user's registration) are not, so a busy desk does not keep emptying the copy.
 * Sentinel notifications sent before and after a change bound what it said: one session's
 * notifications arrive in commit order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_SETTINGS } from '@helpdesk/contracts';
import { eventually } from '../../test/eventually.ts';
import { createScratchDatabase } from '../../test/helpers.ts';
import { insertDefaultSettingsIfMissing } from '../settings/queries.ts';
import { ONBOARDING_CHANNEL } from './facts-cache.ts';

const scratch = await createScratchDatabase();
const heard: string[] = [];
let unlisten: () => Promise<void> = async () => {};

beforeAll(async () => {
  const listening = await scratch.sql.listen(ONBOARDING_CHANNEL, (payload) => heard.push(payload));
  unlisten = listening.unlisten;
});

afterAll(async () => {
  await unlisten();
  await scratch.drop();
});

/** Waits for a notification sent now: everything committed before it has been heard by then. */
async function sentinel(): Promise<string> {
  const payload = `sentinel ${crypto.randomUUID()}`;
  await scratch.sql`select pg_notify(${ONBOARDING_CHANNEL}, ${payload})`;
  await eventually(() => heard.includes(payload), 3_000, 'the sentinel notification');
  return payload;
}

/** What `change` made the database say on the channel, between a sentinel before it and one after. */
async function heardFrom(change: () => Promise<unknown>): Promise<string[]> {
  const before = await sentinel();
  await change();
  const after = await sentinel();
  return heard.slice(heard.indexOf(before) + 1, heard.indexOf(after));
}

async function insertUser(role: 'agent' | 'end_user'): Promise<string> {
  const name = `${role}${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await scratch.sql<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values (${name}, ${`${name}@example.test`}, 'x', 'First', 'Last', ${role}, 'active')
    returning id`;
  return row?.id ?? '';
}

describe("the first-day checklist's notifications", () => {
  test('every change to what the facts are read from is heard once it commits', async () => {
    await insertDefaultSettingsIfMissing(scratch.sql, DEFAULT_SETTINGS);
    const changes: [string, () => Promise<unknown>][] = [
      ['the company name', () => scratch.sql`update settings set company_name = 'Northwind IT'`],
      [
        'a test mail',
        () => scratch.sql`insert into desk_onboarding (test_mail_server) values ('smtp.test:25')`,
      ],
      ['a team', () => scratch.sql`insert into teams (name) values ('Network')`],
      [
        'a service level',
        () =>
          scratch.sql`update sla_policies set is_active = not is_active where id = (select id from sla_policies limit 1)`,
      ],
      [
        'a knowledge base category',
        () => scratch.sql`insert into kb_categories (name, slug) values ('Printing', 'printing')`,
      ],
      ['an agent', () => insertUser('agent')],
    ];
    for (const [what, change] of changes) {
      expect({ what, heard: await heardFrom(change) }).toEqual({ what, heard: ['changed'] });
    }
  });

  test("an agent's approval, role and removal are heard", async () => {
    const agentId = await insertUser('agent');
    const endUserId = await insertUser('end_user');
    expect(
      await heardFrom(() => scratch.sql`update users set status = 'inactive' where id = ${agentId}`),
    ).toEqual(['changed']);
    expect(
      await heardFrom(() => scratch.sql`update users set role = 'agent' where id = ${endUserId}`),
    ).toEqual(['changed']);
    expect(await heardFrom(() => scratch.sql`delete from users where id = ${agentId}`)).toEqual(['changed']);
  });

  test("a sign-in, an end user's registration and a team's new name say nothing", async () => {
    const agentId = await insertUser('agent');
    const [team] = await scratch.sql<{ id: string }[]>`insert into teams (name) values ('Desk') returning id`;
    const quiet = await heardFrom(async () => {
      await scratch.sql`update users set last_login_at = now() where id = ${agentId}`;
      await insertUser('end_user');
      await scratch.sql`update teams set name = 'Service desk' where id = ${team?.id ?? ''}`;
    });
    expect(quiet).toEqual([]);
  });
});
