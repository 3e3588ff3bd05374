/**
 * The bell's unread count comes from counters a trigger keeps (migration 00032). These tests hold
 * them to the definition, count(*) of the user's unread notifications: after random sequences of
 * writes (team-wide notifications, bulk inserts, marking one or all read, deletes, rolled-back
 * transactions), concurrent writers on separate pools, user deletion, truncation and the
 * migration's backfill, the counters must equal a recount for every user.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { raceTransactions, randomTransactions } from '../../test/race.ts';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts';
import type { Db } from '../db/postgres.ts';
import { createRandom, type Random } from '../seed/random.ts';
import { insertPerson, insertTeam } from '../worker/test-fixtures.ts';
import {
  countUnreadNotifications,
  insertStaffNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;
type Count = { userId: string; unread: number };

let scratch: Scratch;
let db: Sql;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
}, 60_000);

afterAll(async () => {
  await scratch?.drop();
});

/** Every user's count as the counters say it, users with zero left out. */
async function counted(sql: Sql): Promise<Count[]> {
  return [
    ...(await sql<Count[]>`
      select user_id as "userId", sum(unread)::int as unread from notification_counters
      group by user_id having sum(unread) <> 0 order by user_id`),
  ];
}

/** The same, recounted from the notifications themselves. */
async function recounted(sql: Sql): Promise<Count[]> {
  return [
    ...(await sql<Count[]>`
      select user_id as "userId", count(*)::int as unread from notifications where not is_read
      group by user_id order by user_id`),
  ];
}

async function expectExact(sql: Sql, userIds: readonly string[]): Promise<void> {
  expect(await counted(sql)).toEqual(await recounted(sql));
  // And what the bell answers, user by user (zero for a user without notifications).
  for (const userId of userIds) {
    const [row] = await sql<{ unread: number }[]>`
      select count(*)::int as unread from notifications where user_id = ${userId} and not is_read`;
    expect(await countUnreadNotifications(sql, userId)).toBe(row?.unread ?? -1);
  }
}

async function insertNotifications(
  sql: Db,
  userId: string,
  count: number,
  options: { isRead: boolean },
): Promise<void> {
  await sql`
    insert into notifications (user_id, type, title, message, is_read, read_at)
    select ${userId}, 'ticket_created', 'Bulk ' || n, 'Generated', ${options.isRead},
           case when ${options.isRead}::boolean then now() end
    from generate_series(1, ${count}) n`;
}

/**
 * One random write, as the product makes them (or a test of the edges: deletes, bulk, read ones).
 * `kinds` narrows the choice: 0-2 only add rows, 3-4 are the product's two ways of reading, 5-6
 * change several existing rows in a random order.
 */
async function randomWrite(
  sql: Db,
  random: Random,
  staff: readonly string[],
  teamId: string,
  kinds: readonly number[] = [0, 1, 2, 3, 4, 5, 6],
) {
  const someone = random.pick(staff);
  switch (random.pick(kinds)) {
    case 0:
      await insertStaffNotifications(sql, {
        audience: { userIds: [], teamId: null, allAgents: true },
        actorId: random.chance(0.5) ? someone : null,
        type: 'ticket_created',
        title: 'New ticket',
        message: 'Every agent hears of it.',
        relatedEntityId: crypto.randomUUID(),
        relatedEntityType: 'ticket',
      });
      break;
    case 1:
      await insertStaffNotifications(sql, {
        audience: { userIds: [someone], teamId, allAgents: false },
        actorId: null,
        type: 'ticket_assigned',
        title: 'Assigned',
        message: 'To you and your team.',
        relatedEntityId: crypto.randomUUID(),
        relatedEntityType: 'ticket',
      });
      break;
    case 2:
      await insertNotifications(sql, someone, 1 + random.int(20), { isRead: random.chance(0.3) });
      break;
    case 3: {
      const [one] = await sql<{ id: string }[]>`
        select id from notifications where user_id = ${someone} order by random() limit 1`;
      if (one) await markNotificationRead(sql, someone, one.id);
      break;
    }
    case 4:
      await markAllNotificationsRead(sql, someone);
      break;
    case 5:
      await sql`delete from notifications where id in (
                  select id from notifications where user_id = ${someone} order by random() limit 3)`;
      break;
    default:
      // Back to unread: not something the product does, but the counters must follow any update.
      await sql`update notifications set is_read = false, read_at = null where id in (
                  select id from notifications where user_id = ${someone} and is_read order by random() limit 2)`;
  }
}

describe('unread notification counters', () => {
  test('no notifications: no counter rows, and the bell says 0', async () => {
    const userId = await insertPerson(db, { role: 'agent' });
    expect(await countUnreadNotifications(db, userId)).toBe(0);
    expect(await db`select 1 from notification_counters where user_id = ${userId}`).toHaveLength(0);
  });

  for (const seed of [1, 2, 3]) {
    test(`random writes (seed ${seed}), some rolled back: the counters equal the recount after each`, async () => {
      const random = createRandom(seed);
      const staff = await Promise.all(
        Array.from({ length: 6 }, (_, index) => insertPerson(db, { role: index === 0 ? 'admin' : 'agent' })),
      );
      const teamId = await insertTeam(db, staff.slice(0, 3));
      await randomTransactions({
        db,
        random,
        steps: 60,
        work: async (tx) => {
          for (let write = 0; write < 1 + random.int(3); write++)
            await randomWrite(tx, random, staff, teamId);
        },
        check: () => expectExact(db, staff),
      });
    }, 60_000);
  }

  test('marking read writes only the users whose count moved; reading again writes nothing', async () => {
    const userId = await insertPerson(db, { role: 'agent' });
    await insertNotifications(db, userId, 3, { isRead: false });
    const [first] = await db<
      { id: string }[]
    >`select id from notifications where user_id = ${userId} limit 1`;
    const written = await db.begin(async (tx) => {
      const read = async () => {
        const [row] = await tx<{ writes: number }[]>`
          select (n_tup_ins + n_tup_upd)::int as writes from pg_stat_xact_user_tables
          where relname = 'notification_counters'`;
        return row?.writes ?? 0;
      };
      const before = await read();
      await markNotificationRead(tx, userId, first?.id ?? '');
      const afterFirst = await read();
      await markNotificationRead(tx, userId, first?.id ?? '');
      return [afterFirst - before, (await read()) - afterFirst];
    });
    expect(written).toEqual([1, 0]);
    expect(await countUnreadNotifications(db, userId)).toBe(2);
  });

  test('deleting a user takes their notifications and counter rows with them', async () => {
    const userId = await insertPerson(db, { role: 'agent' });
    await insertNotifications(db, userId, 4, { isRead: false });
    expect(await countUnreadNotifications(db, userId)).toBe(4);
    await db`delete from users where id = ${userId}`;
    expect(await db`select 1 from notification_counters where user_id = ${userId}`).toHaveLength(0);
    expect(await counted(db)).toEqual(await recounted(db));
  });

  test('truncating notifications empties the counters', async () => {
    const desk = await createScratchDatabase();
    try {
      const userId = await insertPerson(desk.sql, { role: 'agent' });
      await insertNotifications(desk.sql, userId, 5, { isRead: false });
      expect(await countUnreadNotifications(desk.sql, userId)).toBe(5);
      await desk.sql`truncate notifications`;
      expect(await countUnreadNotifications(desk.sql, userId)).toBe(0);
      expect(await desk.sql`select 1 from notification_counters`).toHaveLength(0);
    } finally {
      await desk.drop();
    }
  }, 60_000);
});

describe('unread notification counters under concurrent writers', () => {
  test('six pools notifying and reading the same users at once: no deadlock, no drift', async () => {
    const staff = await Promise.all(Array.from({ length: 8 }, () => insertPerson(db, { role: 'agent' })));
    const teamId = await insertTeam(db, staff.slice(0, 4));
    // Every writer notifies the same users in multi-statement transactions, and then marks one or
    // all of someone's read, as a create and a click on the bell do. (Updating several shared
    // notification rows in random orders would deadlock on those rows themselves, whatever the
    // counters do: the product never does that.)
    const { committed, rolledBack, writers } = await raceTransactions({
      url: scratch.url,
      writers: 6,
      rounds: 40,
      seed: 200,
      work: async (tx, random) => {
        for (let write = 0; write < 2; write++) await randomWrite(tx, random, staff, teamId, [0, 1, 2]);
        await randomWrite(tx, random, staff, teamId, [3, 4]);
      },
    });
    expect(committed + rolledBack).toBe(240);
    expect(committed).toBeGreaterThan(150);
    await expectExact(db, staff);
    // Slots grow only while writers hold each other's: never beyond the number of writers at once.
    const [widest] = await db<{ slots: number }[]>`
      select max(n)::int as slots from (select count(*) as n from notification_counters group by user_id) s`;
    expect(widest?.slots ?? 0).toBeLessThanOrEqual(writers * 2);
  }, 120_000);
});

describe('the migration counts the notifications already there', () => {
  test('a desk with notifications, migrated to 00032: counters equal the recount', async () => {
    const before = mkdtempSync(join(tmpdir(), 'helpdesk-migrations-'));
    const desk = await createScratchDatabase({ isMigrated: false });
    try {
      for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => file < '00032')) {
        symlinkSync(join(MIGRATIONS_DIR, name), join(before, name));
      }
      await migrate(desk.sql, before);
      const staff = await Promise.all(
        Array.from({ length: 5 }, () => insertPerson(desk.sql, { role: 'agent' })),
      );
      const random = createRandom(11);
      for (const userId of staff) {
        await insertNotifications(desk.sql, userId, random.int(40), { isRead: false });
        await insertNotifications(desk.sql, userId, random.int(40), { isRead: true });
      }
      expect(await desk.sql`select 1 from pg_class where relname = 'notification_counters'`).toHaveLength(0);
      await migrate(desk.sql);
      expect((await recounted(desk.sql)).length).toBeGreaterThan(0);
      await expectExact(desk.sql, staff);
    } finally {
      await desk.drop();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
