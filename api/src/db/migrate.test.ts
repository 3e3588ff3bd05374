import { describe, expect, test } from 'bun:test';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../../test/helpers.ts';
import { MIGRATIONS_DIR, migrate, readMigrations } from './migrate.ts';
import { createSql } from './postgres.ts';

function copyOfMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

describe('migrate', () => {
  test('applies every migration once, in order, and records them', async () => {
    const db = await createScratchDatabase({ isMigrated: false });
    try {
      const names = readMigrations().map((m) => m.name);
      expect(names.length).toBeGreaterThan(0);
      expect(await migrate(db.sql)).toEqual(names);
      expect(await migrate(db.sql)).toEqual([]);
      const rows = await db.sql<{ name: string }[]>`select name from schema_migrations order by name`;
      expect(rows.map((r) => r.name)).toEqual(names);
    } finally {
      await db.drop();
    }
  });

  test('two processes migrating at once apply each file exactly once', async () => {
    const db = await createScratchDatabase({ isMigrated: false });
    const other = createSql(db.url, { max: 2 });
    try {
      const [a, b] = await Promise.all([migrate(db.sql), migrate(other)]);
      expect([...a, ...b].sort()).toEqual(readMigrations().map((m) => m.name));
    } finally {
      await other.end();
      await db.drop();
    }
  });

  test('a failing migration rolls back entirely and stops the run', async () => {
    const dir = copyOfMigrations();
    writeFileSync(join(dir, '99998_good.sql'), 'create table probe_good (id int);');
    writeFileSync(
      join(dir, '99999_bad.sql'),
      'create table probe_bad (id int);\nselect * from no_such_table;',
    );
    const db = await createScratchDatabase({ isMigrated: false });
    try {
      await expect(migrate(db.sql, dir)).rejects.toThrow('Migration 99999_bad.sql failed');
      const [row] = await db.sql<{ good: string | null; bad: string | null }[]>`
        select to_regclass('probe_good')::text as good, to_regclass('probe_bad')::text as bad`;
      expect(row).toEqual({ good: 'probe_good', bad: null });
      const applied = await db.sql<
        { name: string }[]
      >`select name from schema_migrations where name like '9999%'`;
      expect(applied.map((r) => r.name)).toEqual(['99998_good.sql']);
    } finally {
      await db.drop();
    }
  });

  test('an applied migration that was edited is refused (forward-only)', async () => {
    const dir = copyOfMigrations();
    const db = await createScratchDatabase({ isMigrated: false });
    try {
      await migrate(db.sql, dir);
      const [first] = readMigrations(dir);
      writeFileSync(join(dir, first?.name ?? ''), `${first?.text}\n-- edited`);
      await expect(migrate(db.sql, dir)).rejects.toThrow(
        `Migration ${first?.name} was changed after it was applied`,
      );
    } finally {
      await db.drop();
    }
  });

  test('file names need a five-digit prefix, one file per prefix', () => {
    const badName = copyOfMigrations();
    writeFileSync(join(badName, '1_oops.sql'), 'select 1;');
    expect(() => readMigrations(badName)).toThrow(
      "Migration file '1_oops.sql' must be named like 00001_what_it_does.sql",
    );
    const duplicate = copyOfMigrations();
    writeFileSync(join(duplicate, '00001_duplicate.sql'), 'select 1;');
    expect(() => readMigrations(duplicate)).toThrow('share the prefix 00001');
  });
});

describe('the schema', () => {
  test('enforces the enums, caps, uniques and foreign keys of the spec', async () => {
    const db = await createScratchDatabase();
    const sql = db.sql;
    try {
      // Confirmed addresses: only those are unique (an unconfirmed claim blocks nobody).
      const insertUser = (username: string, email: string, extra: { role?: string; status?: string } = {}) =>
        sql`insert into users (username, email, password_hash, first_name, last_name, role, status, email_verified_at)
            values (${username}, ${email}, 'hash', 'F', 'L', ${extra.role ?? 'end_user'}, ${extra.status ?? 'pending'},
                    now())
            returning id`;
      const [user] = await insertUser('someone', 'someone@example.test');
      const [defaults] = await sql<{ role: string; status: string }[]>`
        insert into users (username, email, password_hash, first_name, last_name)
        values ('defaults', 'defaults@example.test', 'h', 'F', 'L') returning role, status`;
      expect(defaults).toEqual({ role: 'end_user', status: 'pending' });
      await expect(insertUser('SOMEONE', 'other@example.test')).rejects.toThrow('users_username_lower_key');
      await expect(insertUser('other', 'SomeOne@Example.test')).rejects.toThrow('users_email_lower_key');
      await expect(insertUser('x'.repeat(51), 'long@example.test')).rejects.toThrow();
      await expect(insertUser('ab', 'short@example.test')).rejects.toThrow();
      await expect(insertUser('badrole', 'br@example.test', { role: 'superuser' })).rejects.toThrow('check');
      await expect(insertUser('badstatus', 'bs@example.test', { status: 'banned' })).rejects.toThrow('check');
      const requester = user?.id ?? '';
      const [ticket] = await sql<
        { ticketNumber: string; priority: string; status: string; category: string }[]
      >`
        insert into tickets (title, description, requester_id) values ('Printer', 'Broken', ${requester})
        returning ticket_number as "ticketNumber", priority, status, category`;
      expect(ticket).toMatchObject({ priority: 'medium', status: 'new', category: 'other' });
      expect(ticket?.ticketNumber).toMatch(/^TKT-\d{6}$/);
      await expect(
        sql`insert into tickets (title, description, requester_id, priority) values ('t', 'd', ${requester}, 'urgent')`,
      ).rejects.toThrow('check');
      await expect(
        sql`insert into tickets (title, description, requester_id) values (${'x'.repeat(501)}, 'd', ${requester})`,
      ).rejects.toThrow();
      await expect(
        sql`insert into tickets (title, description, requester_id) values ('t', 'd', ${crypto.randomUUID()})`,
      ).rejects.toThrow('foreign key');
      await expect(
        sql`insert into notifications (user_id, type, title, message) values (${requester}, 'party', 't', 'm')`,
      ).rejects.toThrow('check');
      await expect(
        sql`insert into kb_categories (name, slug, icon) values ('n', 'slug', ${'x'.repeat(51)})`,
      ).rejects.toThrow();
      const [category] = await sql<
        { icon: string }[]
      >`insert into kb_categories (name, slug) values ('n', 'n') returning icon`;
      expect(category?.icon).toBe('BookOpen');
      await expect(sql`insert into kb_categories (name, slug) values ('m', 'n')`).rejects.toThrow('unique');
    } finally {
      await db.drop();
    }
  });

  test('ticket numbers stay unique under concurrent inserts', async () => {
    const db = await createScratchDatabase();
    try {
      const [user] = await db.sql<{ id: string }[]>`
        insert into users (username, email, password_hash, first_name, last_name)
        values ('requester', 'r@example.test', 'h', 'F', 'L') returning id`;
      const numbers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.sql.begin(async (tx) => {
            const [row] = await tx<{ ticketNumber: string }[]>`
              insert into tickets (title, description, requester_id) values (${`t${i}`}, 'd', ${user?.id ?? ''})
              returning ticket_number as "ticketNumber"`;
            return row?.ticketNumber ?? '';
          }),
        ),
      );
      expect(new Set(numbers).size).toBe(20);
    } finally {
      await db.drop();
    }
  });
});
