/**
 * Broadcast notifications (migration 00035): a new ticket notifies every active agent but its
 * creator with ONE row, and each agent's read state lives in their feed. These tests hold the
 * bell to its definition, the list: after random and concurrent creates, reads, Mark all reads,
 * role and status changes (some rolled back), every user's count must equal the unread entries
 * of their full list, and the list must show exactly what an agent should see.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TNotification, TUserRole } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { eventually } from '../../test/eventually.ts';
import { createScratchDatabase } from '../../test/helpers.ts';
import { raceTransactions, randomTransactions } from '../../test/race.ts';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts';
import { createSql, type Db } from '../db/postgres.ts';
import { createRandom, type Random } from '../seed/random.ts';
import { newTicketFacts, planTicketEffects } from '../tickets/effects.ts';
import { newSlaState } from '../tickets/hold.ts';
import { writeNewTicket } from '../tickets/write-statement.ts';
import { insertPerson } from '../worker/test-fixtures.ts';
import {
  countUnreadNotifications,
  deleteBroadcastReads,
  insertStaffNotifications,
  markAllNotificationsRead,
  markBroadcastRead,
  markNotificationRead,
  moveBroadcastWatermark,
  selectNotifications,
} from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let scratch: Scratch;
let db: Sql;
let requesterId = '';

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
  requesterId = await insertPerson(db, { role: 'end_user' });
}, 60_000);

afterAll(async () => {
  await scratch?.drop();
});

/** Files a ticket as the product does (one statement): its ticket_created broadcast included. */
async function fileTicket(sql: Db, actorId: string, requester = requesterId): Promise<string> {
  const ticket = {
    id: crypto.randomUUID(),
    ticketNumber: null,
    title: 'Printer on fire',
    description: 'Smoke.',
    priority: 'medium' as const,
    category: 'hardware' as const,
    requesterId: requester,
    notifyRequester: false,
  };
  const plan = planTicketEffects({
    kind: 'created',
    ticketId: ticket.id,
    before: null,
    after: newTicketFacts(ticket, null),
    actor: { id: actorId, role: 'agent', name: null },
    comment: null,
    settings: { autoAssignment: false },
    links: null,
  });
  const createdAt = Date.now();
  await writeNewTicket(sql, ticket, { createdAt, state: newSlaState(null, createdAt) }, plan);
  const { id } = ticket;
  return id;
}

/** The broadcast about a ticket. */
async function broadcastOf(sql: Db, ticketId: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select id from broadcast_notifications where related_entity_id = ${ticketId}`;
  if (!row) throw new Error('no broadcast');
  return row.id;
}

/** Mark all read, as the service does it. */
async function readAll(sql: Db, userId: string): Promise<number> {
  const own = await markAllNotificationsRead(sql, userId);
  const broadcasts = await moveBroadcastWatermark(sql, userId);
  if (broadcasts !== null) await deleteBroadcastReads(sql, userId);
  return own + (broadcasts ?? 0);
}

/** A user's whole list (far past the bell's 50). */
const listOf = (sql: Db, userId: string): Promise<TNotification[]> =>
  selectNotifications(sql, userId, 100_000);

const aboutTicket = async (sql: Db, userId: string, ticketId: string) =>
  (await listOf(sql, userId)).filter((n) => n.relatedEntityId === ticketId);

async function expectExact(sql: Sql, userIds: readonly string[]): Promise<void> {
  const failures: string[] = [];
  for (const userId of userIds) {
    const list = await listOf(sql, userId);
    const unread = list.filter((n) => !n.isRead).length;
    const count = await countUnreadNotifications(sql, userId);
    if (count !== unread) failures.push(`${userId}: count ${count}, list ${unread}`);
    if (new Set(list.map((n) => n.id)).size !== list.length) failures.push(`${userId}: an id listed twice`);
    if (list.some((n) => n.isRead !== (n.readAt !== null))) failures.push(`${userId}: isRead without readAt`);
  }
  // What each listed broadcast must be: after the feed's visible_from, never the reader's own.
  const [wrong] = await sql<{ count: number }[]>`
    select count(*)::int as count from broadcast_feeds f
    join broadcast_reads r on r.user_id = f.user_id
    join broadcast_notifications b on b.id = r.broadcast_id
    where b.created_at <= f.visible_from or b.actor_id = f.user_id`;
  if (wrong?.count) failures.push(`${wrong.count} marks on broadcasts their reader cannot see`);
  // Feeds exist exactly for the active agents.
  const [feeds] = await sql<{ missing: number; extra: number }[]>`
    select (select count(*)::int from users u where u.role = 'agent' and u.status = 'active'
              and not exists (select from broadcast_feeds f where f.user_id = u.id)) as missing,
           (select count(*)::int from broadcast_feeds f join users u on u.id = f.user_id
            where not (u.role = 'agent' and u.status = 'active')) as extra`;
  if (feeds?.missing || feeds?.extra) failures.push(`feeds: ${JSON.stringify(feeds)}`);
  expect(failures).toEqual([]);
}

async function setRole(sql: Db, userId: string, role: TUserRole): Promise<void> {
  // As a role change does it (users/service.ts): the active admins locked first, then the target.
  await sql`select id from users where role = 'admin' and status = 'active' order by id for update`;
  await sql`update users set role = ${role} where id = ${userId}`;
}

async function setStatus(sql: Db, userId: string, status: 'active' | 'rejected' | 'pending'): Promise<void> {
  await sql`update users set status = ${status} where id = ${userId}`;
}

async function pickListed(sql: Db, random: Random, userId: string): Promise<string | null> {
  const broadcasts = (await listOf(sql, userId)).filter((n) => n.type === 'ticket_created');
  return broadcasts.length ? random.pick(broadcasts).id : null;
}

/**
 * One product operation that touches broadcasts (one per transaction, as each request is), maybe
 * with per-user rows around it. `kinds` narrows the choice.
 */
async function randomWrite(
  sql: Db,
  random: Random,
  people: readonly string[],
  kinds: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7],
): Promise<void> {
  const someone = random.pick(people);
  switch (random.pick(kinds)) {
    case 0:
    case 1:
      await fileTicket(sql, someone);
      break;
    case 2: {
      const id = await pickListed(sql, random, someone);
      if (id) await markBroadcastRead(sql, someone, id);
      break;
    }
    case 3: {
      // Any broadcast at all: one the user may not see must change nothing.
      const [any] = await sql<{ id: string }[]>`
        select id from broadcast_notifications order by random() limit 1`;
      if (any) await markBroadcastRead(sql, someone, any.id);
      break;
    }
    case 4:
      await readAll(sql, someone);
      break;
    case 5:
      await setRole(sql, someone, random.pick(['agent', 'agent', 'admin', 'end_user'] as const));
      break;
    case 6:
      await setStatus(sql, someone, random.pick(['active', 'active', 'rejected', 'pending'] as const));
      break;
    default: {
      await insertStaffNotifications(sql, {
        audience: { userIds: [someone], teamId: null, allAgents: random.chance(0.3) },
        actorId: null,
        type: 'ticket_assigned',
        title: 'Assigned',
        message: 'Per-user rows still count.',
        relatedEntityId: crypto.randomUUID(),
        relatedEntityType: 'ticket',
      });
      const [own] = await sql<{ id: string }[]>`
        select id from notifications where user_id = ${someone} order by random() limit 1`;
      if (own && random.chance(0.5)) await markNotificationRead(sql, someone, own.id);
    }
  }
}

async function people(sql: Sql, agents: number): Promise<string[]> {
  return Promise.all([
    ...Array.from({ length: agents }, () => insertPerson(sql, { role: 'agent' })),
    insertPerson(sql, { role: 'admin' }),
    insertPerson(sql, { role: 'end_user' }),
  ]);
}

describe('broadcast notifications', () => {
  test('a create writes one notification row whatever the number of agents; all of them but the creator hear of it', async () => {
    const agents = await Promise.all(Array.from({ length: 50 }, () => insertPerson(db, { role: 'agent' })));
    const [admin, endUser, inactive] = await Promise.all([
      insertPerson(db, { role: 'admin' }),
      insertPerson(db, { role: 'end_user' }),
      insertPerson(db, { role: 'agent', status: 'rejected' }),
    ]);
    const creator = agents[0] ?? '';
    const before = await countsOf(db);
    const counted = await Promise.all(agents.map((id) => countUnreadNotifications(db, id)));
    const ticketId = await fileTicket(db, creator);
    const after = await countsOf(db);
    expect(after.notifications - before.notifications).toBe(0);
    expect(after.broadcasts - before.broadcasts).toBe(1);
    expect(after.reads - before.reads).toBe(0);
    for (const [index, agent] of agents.entries()) {
      const expected = agent === creator ? 0 : 1;
      expect(await countUnreadNotifications(db, agent)).toBe((counted[index] ?? 0) + expected);
      const listed = await aboutTicket(db, agent, ticketId);
      expect(listed).toHaveLength(expected);
      if (expected) {
        expect(listed[0]).toMatchObject({
          userId: agent,
          type: 'ticket_created',
          isRead: false,
          readAt: null,
        });
        expect(listed[0]?.title).toStartWith('New ticket TKT-');
      }
    }
    for (const nobody of [admin, endUser, inactive]) {
      expect(await aboutTicket(db, nobody, ticketId)).toEqual([]);
      expect(await countUnreadNotifications(db, nobody)).toBe(0);
    }
    await expectExact(db, [...agents, admin, endUser, inactive]);
  });

  test('a new agent sees no older broadcast; an admin never gets one; the creator never sees theirs', async () => {
    const [agent, admin] = await Promise.all([
      insertPerson(db, { role: 'agent' }),
      insertPerson(db, { role: 'admin' }),
    ]);
    const older = await fileTicket(db, admin);
    const latecomer = await insertPerson(db, { role: 'agent' });
    const newer = await fileTicket(db, agent);
    expect(await aboutTicket(db, latecomer, older)).toEqual([]);
    expect(await aboutTicket(db, latecomer, newer)).toHaveLength(1);
    expect(await countUnreadNotifications(db, latecomer)).toBe(1);
    expect(await aboutTicket(db, agent, older)).toHaveLength(1);
    expect(await aboutTicket(db, agent, newer)).toEqual([]);
    expect(await countUnreadNotifications(db, agent)).toBe(1);
    expect(await listOf(db, admin)).toEqual([]);
    expect(await countUnreadNotifications(db, admin)).toBe(0);
    // And none of them can mark what they do not see.
    expect(await markBroadcastRead(db, latecomer, await broadcastOf(db, older))).toBeNull();
    expect(await markBroadcastRead(db, agent, await broadcastOf(db, newer))).toBeNull();
    expect(await markBroadcastRead(db, admin, await broadcastOf(db, newer))).toBeNull();
    await expectExact(db, [agent, admin, latecomer]);
  });

  test('deactivated, then reactivated: nothing from before, nothing from the time away', async () => {
    const [agent, creator] = await Promise.all([
      insertPerson(db, { role: 'agent' }),
      insertPerson(db, { role: 'agent' }),
    ]);
    const first = await fileTicket(db, creator);
    await markBroadcastRead(db, agent, await broadcastOf(db, first));
    expect(await aboutTicket(db, agent, first)).toHaveLength(1);
    await setStatus(db, agent, 'rejected');
    expect(await listOf(db, agent)).toEqual([]);
    expect(await countUnreadNotifications(db, agent)).toBe(0);
    expect(await db`select 1 from broadcast_reads where user_id = ${agent}`).toHaveLength(0);
    const away = await fileTicket(db, creator);
    await setStatus(db, agent, 'active');
    expect(await listOf(db, agent)).toEqual([]);
    expect(await countUnreadNotifications(db, agent)).toBe(0);
    const back = await fileTicket(db, creator);
    expect((await listOf(db, agent)).map((n) => n.relatedEntityId)).toEqual([back]);
    expect(await countUnreadNotifications(db, agent)).toBe(1);
    expect(await markBroadcastRead(db, agent, await broadcastOf(db, away))).toBeNull();
    // The same through a role: an agent made admin and back.
    await setRole(db, agent, 'admin');
    expect(await listOf(db, agent)).toEqual([]);
    await setRole(db, agent, 'agent');
    expect(await countUnreadNotifications(db, agent)).toBe(0);
    await expectExact(db, [agent, creator]);
  });

  test('marking one read twice counts once and keeps its read time; Mark all read covers the rest', async () => {
    const [agent, creator] = await Promise.all([
      insertPerson(db, { role: 'agent' }),
      insertPerson(db, { role: 'agent' }),
    ]);
    const tickets = [
      await fileTicket(db, creator),
      await fileTicket(db, creator),
      await fileTicket(db, creator),
    ];
    const [one, two] = await Promise.all(tickets.slice(0, 2).map((id) => broadcastOf(db, id)));
    expect(await countUnreadNotifications(db, agent)).toBe(3);
    const read = await markBroadcastRead(db, agent, one ?? '');
    expect(read).toMatchObject({ id: one, userId: agent, isRead: true });
    expect(read?.readAt).not.toBeNull();
    const again = await markBroadcastRead(db, agent, one ?? '');
    expect(again?.readAt).toBe(read?.readAt ?? '');
    expect(await countUnreadNotifications(db, agent)).toBe(2);
    await db.begin(async (tx) => {
      await markBroadcastRead(tx, agent, two ?? '');
      await markBroadcastRead(tx, agent, two ?? '');
    });
    expect(await countUnreadNotifications(db, agent)).toBe(1);
    expect(await readAll(db, agent)).toBe(1);
    expect(await countUnreadNotifications(db, agent)).toBe(0);
    expect(await db`select 1 from broadcast_reads where user_id = ${agent}`).toHaveLength(0);
    const listed = await listOf(db, agent);
    expect(listed.every((n) => n.isRead && n.readAt !== null)).toBe(true);
    // Read through the watermark: marking it again changes nothing.
    expect(await markBroadcastRead(db, agent, one ?? '')).toMatchObject({ id: one, isRead: true });
    expect(await countUnreadNotifications(db, agent)).toBe(0);
    expect(await readAll(db, agent)).toBe(0);
    await fileTicket(db, creator);
    expect(await countUnreadNotifications(db, agent)).toBe(1);
    await expectExact(db, [agent, creator]);
  });

  test('ids the user cannot see change nothing: someone else’s row, their own broadcast, one from before', async () => {
    const [agent, other, creator] = await Promise.all([
      insertPerson(db, { role: 'agent' }),
      insertPerson(db, { role: 'agent' }),
      insertPerson(db, { role: 'agent' }),
    ]);
    await insertStaffNotifications(db, {
      audience: { userIds: [other], teamId: null, allAgents: false },
      actorId: null,
      type: 'ticket_assigned',
      title: 'Theirs',
      message: 'Not yours.',
      relatedEntityId: crypto.randomUUID(),
      relatedEntityType: 'ticket',
    });
    const [theirs] = await db<{ id: string }[]>`select id from notifications where user_id = ${other}`;
    const before = await fileTicket(db, creator);
    const latecomer = await insertPerson(db, { role: 'agent' });
    const mine = await fileTicket(db, latecomer);
    const state = () =>
      db`select (select json_agg(f order by f.user_id) from broadcast_feeds f) as feeds,
                (select json_agg(r order by r.user_id, r.broadcast_id) from broadcast_reads r) as reads,
                (select json_agg(n order by n.id) from notifications n) as notifications`;
    const snapshot = JSON.stringify(await state());
    for (const id of [
      theirs?.id ?? '',
      await broadcastOf(db, before),
      await broadcastOf(db, mine),
      crypto.randomUUID(),
    ]) {
      expect(await markNotificationRead(db, latecomer, id)).toBeNull();
      expect(await markBroadcastRead(db, latecomer, id)).toBeNull();
    }
    expect(JSON.stringify(await state())).toBe(snapshot);
    await expectExact(db, [agent, other, creator, latecomer]);
  });

  for (const seed of [1, 2, 3]) {
    test(`random writes (seed ${seed}), some rolled back: every count equals the list after each`, async () => {
      const random = createRandom(seed);
      const staff = await people(db, 6);
      await randomTransactions({
        db,
        random,
        steps: 80,
        work: async (tx) => {
          await randomWrite(tx, random, staff);
          if (random.chance(0.3)) await randomWrite(tx, random, staff, [7]);
        },
        check: () => expectExact(db, staff),
      });
    }, 60_000);
  }

  test('deleting broadcasts (the benchmark’s cleanup) and truncating keep every count exact', async () => {
    const desk = await createScratchDatabase();
    try {
      const staff = await people(desk.sql, 4);
      const requester = await insertPerson(desk.sql, { role: 'end_user' });
      const random = createRandom(7);
      for (let step = 0; step < 40; step++) {
        const someone = random.pick(staff);
        const choice = random.int(4);
        if (choice === 0) await readAll(desk.sql, someone);
        else if (choice === 1) {
          const id = await pickListed(desk.sql, random, someone);
          if (id) await markBroadcastRead(desk.sql, someone, id);
        } else await fileTicket(desk.sql, someone, requester);
      }
      await expectExact(desk.sql, staff);
      await desk.sql`delete from broadcast_notifications where id in (
                       select id from broadcast_notifications order by random() limit 15)`;
      await expectExact(desk.sql, staff);
      await desk.sql`truncate broadcast_notifications cascade`;
      await expectExact(desk.sql, staff);
      await fileTicket(desk.sql, requester, requester);
      for (const agent of staff.slice(0, 4)) expect(await countUnreadNotifications(desk.sql, agent)).toBe(1);
    } finally {
      await desk.drop();
    }
  }, 60_000);
});

async function countsOf(sql: Sql) {
  const [row] = await sql<{ notifications: number; broadcasts: number; reads: number }[]>`
    select (select count(*)::int from notifications) as notifications,
           (select count(*)::int from broadcast_notifications) as broadcasts,
           (select count(*)::int from broadcast_reads) as reads`;
  return row ?? { notifications: -1, broadcasts: -1, reads: -1 };
}

describe('broadcast notifications under concurrent writers', () => {
  test('six pools creating, reading, reading all and changing roles at once: no deadlock, no drift', async () => {
    const staff = await people(db, 8);
    const { committed, rolledBack } = await raceTransactions({
      url: scratch.url,
      writers: 6,
      rounds: 50,
      seed: 300,
      // One operation per transaction, as one request is: a transaction that holds the fence
      // shared (a create) and then waits for a row that a Mark all read holds while it waits for
      // the fence would deadlock, and the product never makes one.
      work: (tx, random) => randomWrite(tx, random, staff),
    });
    expect(committed + rolledBack).toBe(300);
    expect(committed).toBeGreaterThan(200);
    await expectExact(db, staff);
    const [broadcasts] = await db<
      { count: number }[]
    >`select count(*)::int as count from broadcast_notifications`;
    expect(broadcasts?.count ?? 0).toBeGreaterThan(30);
  }, 120_000);

  test('creates racing Mark all read and new agents: every count exact at every step', async () => {
    const staff = await people(db, 4);
    const joined: string[] = [];
    const { committed } = await raceTransactions({
      url: scratch.url,
      writers: 6,
      rounds: 30,
      seed: 400,
      work: async (tx, random, writer) => {
        if (writer < 3) await fileTicket(tx, random.pick(staff));
        else if (writer === 3) {
          const [row] = await tx<{ id: string }[]>`
            insert into users (username, email, password_hash, first_name, last_name, role, status)
            values (${`late_${crypto.randomUUID()}`}, ${`${crypto.randomUUID()}@example.test`}, 'x', 'Late', 'Agent',
                    'agent', 'active')
            returning id`;
          if (row) joined.push(row.id);
        } else await readAll(tx, random.pick([...staff, ...joined]));
      },
    });
    expect(committed).toBeGreaterThan(100);
    // A fifth of the new agents were rolled back.
    const kept = await db<{ id: string }[]>`select id from users where id in ${db(joined)}`;
    expect(kept.length).toBeGreaterThan(10);
    await expectExact(db, [...staff, ...kept.map((row) => row.id)]);
  }, 120_000);
});

describe('the users rows a create locks', () => {
  test('are taken in id order, as a role change takes the admins: an admin filing for an admin never holds one while waiting for the other', async () => {
    const [low, high] = [
      await insertPerson(db, { role: 'admin' }),
      await insertPerson(db, { role: 'admin' }),
    ].sort();
    if (!low || !high) throw new Error('two admins expected');
    // The lower id's row moves to the table's end, so read in the table's order the higher comes first.
    await db`update users set first_name = first_name where id = ${low}`;
    const filer = createSql(scratch.url, {
      max: 1,
      settings: { enable_indexscan: 'off', enable_bitmapscan: 'off', application_name: 'lock-order-filer' },
    });
    const roleChange = await db.reserve();
    let filing: Promise<unknown> = Promise.resolve();
    try {
      // A role change midway: it holds the lower admin and is about to take the higher.
      await roleChange`begin`;
      await roleChange`select id from users where id = ${low} for update`;
      filing = fileTicket(filer, high, low);
      await eventually(
        async () => {
          const [waiting] = await db<{ count: number }[]>`
          select count(*)::int as count from pg_stat_activity
          where application_name = 'lock-order-filer' and wait_event_type = 'Lock'`;
          return waiting?.count === 1;
        },
        5_000,
        'the filing waiting for a lock',
      );
      // The filing waits for the lower admin and holds nothing: the role change can take the higher.
      const taken = await db`select id from users where id = ${high} for update nowait`.then(
        () => 'free',
        (error: { code?: string }) => error.code,
      );
      expect(taken).toBe('free');
    } finally {
      await roleChange`rollback`;
      roleChange.release();
      await filing;
      await filer.end();
    }
  });
});

describe('the migration starts a feed for every active agent', () => {
  test('a desk migrated to 00035: feeds for active agents only, zero broadcasts unread, then counted', async () => {
    const before = mkdtempSync(join(tmpdir(), 'helpdesk-migrations-'));
    const desk = await createScratchDatabase({ isMigrated: false });
    try {
      for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => file < '00035')) {
        symlinkSync(join(MIGRATIONS_DIR, name), join(before, name));
      }
      await migrate(desk.sql, before);
      const [agent, admin, inactive, endUser] = await Promise.all([
        insertPerson(desk.sql, { role: 'agent' }),
        insertPerson(desk.sql, { role: 'admin' }),
        insertPerson(desk.sql, { role: 'agent', status: 'pending' }),
        insertPerson(desk.sql, { role: 'end_user' }),
      ]);
      await migrate(desk.sql);
      const feeds = await desk.sql<{ userId: string }[]>`select user_id as "userId" from broadcast_feeds`;
      expect(feeds.map((row) => row.userId)).toEqual([agent]);
      expect(await countUnreadNotifications(desk.sql, agent)).toBe(0);
      await fileTicket(desk.sql, admin, endUser);
      expect(await countUnreadNotifications(desk.sql, agent)).toBe(1);
      await expectExact(desk.sql, [agent, admin, inactive, endUser]);
    } finally {
      await desk.drop();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
