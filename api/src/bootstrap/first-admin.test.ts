import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { migrate } from '../db/migrate.ts';
import { createSql } from '../db/postgres.ts';
import { verifyPassword } from '../passwords.ts';
import { ensureFirstAdmin, FirstAdminError } from './first-admin.ts';

// A database of its own: the shared test database already has admins made by other tests.
const databaseName = `first_admin_${crypto.randomUUID().replaceAll('-', '')}`;
const serverUrl = process.env.DATABASE_URL ?? '';
let admin: Sql;
let sql: Sql;

beforeAll(async () => {
  admin = createSql(serverUrl, { max: 1 });
  await admin.unsafe(`create database ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  sql = createSql(url.toString(), { max: 2 });
  await migrate(sql);
});

afterAll(async () => {
  await sql.end();
  await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

const GOOD = { ADMIN_USERNAME: 'owner', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Str0ng!Pass' };

async function errorOf(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected an error');
}

async function adminCount() {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from users where role = 'admin'`;
  return row?.n ?? 0;
}

describe('first admin bootstrap', () => {
  test('without the variables and without an admin, nothing is created', async () => {
    expect(await ensureFirstAdmin(sql, {})).toEqual({ outcome: 'not-configured' });
    expect(await adminCount()).toBe(0);
  });

  test('refuses a weak password, naming what is missing and never echoing it', async () => {
    const error = await errorOf(() => ensureFirstAdmin(sql, { ...GOOD, ADMIN_PASSWORD: 'password' }));
    expect(error).toBeInstanceOf(FirstAdminError);
    expect(error.message).toContain('ADMIN_PASSWORD is too weak');
    expect(error.message).toContain('an uppercase letter');
    expect(error.message).not.toContain("'password'");
    expect(await adminCount()).toBe(0);
  });

  test('refuses a short password, a bad email, a bad username and a partial set', async () => {
    const short = await errorOf(() => ensureFirstAdmin(sql, { ...GOOD, ADMIN_PASSWORD: 'Ab1!' }));
    expect(short.message).toContain('ADMIN_PASSWORD: Password must be at least 8 characters');
    const email = await errorOf(() => ensureFirstAdmin(sql, { ...GOOD, ADMIN_EMAIL: 'nope' }));
    expect(email.message).toContain('ADMIN_EMAIL: Invalid email address');
    const username = await errorOf(() => ensureFirstAdmin(sql, { ...GOOD, ADMIN_USERNAME: 'a b' }));
    expect(username.message).toContain('ADMIN_USERNAME: Username may only contain');
    const partial = await errorOf(() => ensureFirstAdmin(sql, { ADMIN_USERNAME: 'owner' }));
    expect(partial.message).toContain('missing: ADMIN_EMAIL, ADMIN_PASSWORD');
    expect(await adminCount()).toBe(0);
  });

  test('creates one active admin whose password works, then never a second', async () => {
    expect(await ensureFirstAdmin(sql, GOOD)).toEqual({ outcome: 'created', username: 'owner' });
    const [row] = await sql<{ role: string; status: string; password_hash: string }[]>`
      select role, status, password_hash from users where username = 'owner'`;
    expect(row?.role).toBe('admin');
    expect(row?.status).toBe('active');
    expect(await verifyPassword(GOOD.ADMIN_PASSWORD, row?.password_hash ?? '')).toBe(true);

    const other = {
      ADMIN_USERNAME: 'second',
      ADMIN_EMAIL: 'second@example.com',
      ADMIN_PASSWORD: 'An0ther!Pass',
    };
    expect(await ensureFirstAdmin(sql, other)).toEqual({ outcome: 'exists' });
    expect(await ensureFirstAdmin(sql, { ...GOOD, ADMIN_PASSWORD: 'weak' })).toEqual({ outcome: 'exists' });
    expect(await adminCount()).toBe(1);
  });

  test('two starts at once create a single admin', async () => {
    await sql`delete from users`;
    const results = await Promise.all([ensureFirstAdmin(sql, GOOD), ensureFirstAdmin(sql, GOOD)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'exists']);
    expect(await adminCount()).toBe(1);
  });
});
