import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from 'postgres';

export const MIGRATIONS_DIR = join(import.meta.dir, '../../migrations');

const MIGRATION_NAME = /^\d{5}_[a-z0-9_-]+\.sql$/;

// Any fixed 64-bit number shared by every process that migrates this database.
const ADVISORY_LOCK_KEY = 740_212_001;

type MigrationFile = { name: string; checksum: string; text: string };

/** Reads api/migrations: five-digit prefix, one prefix per file, in order. */
export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const seenPrefixes = new Map<string, string>();
  return names.map((name) => {
    if (!MIGRATION_NAME.test(name)) {
      throw new Error(`Migration file '${name}' must be named like 00001_what_it_does.sql`);
    }
    const prefix = name.slice(0, 5);
    const other = seenPrefixes.get(prefix);
    if (other) throw new Error(`Migrations '${other}' and '${name}' share the prefix ${prefix}`);
    seenPrefixes.set(prefix, name);
    const text = readFileSync(join(dir, name), 'utf8');
    return { name, text, checksum: createHash('sha256').update(text).digest('hex') };
  });
}

/**
 * Applies pending migrations, each file in its own transaction, and returns the names it applied.
 * Every transaction first takes an advisory lock, so two processes migrating at once queue up
 * and the second sees what the first applied. Forward-only: an applied file that changed is an error.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readMigrations(dir);
  const applied: string[] = [];
  for (;;) {
    const next = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEY})`;
      await tx`
        create table if not exists schema_migrations (
          name text primary key,
          checksum text not null,
          applied_at timestamptz not null default now()
        )`;
      const rows = await tx<
        { name: string; checksum: string }[]
      >`select name, checksum from schema_migrations`;
      const done = new Map(rows.map((row) => [row.name, row.checksum]));
      for (const file of files) {
        const checksum = done.get(file.name);
        if (checksum !== undefined && checksum !== file.checksum) {
          throw new Error(
            `Migration ${file.name} was changed after it was applied. Migrations are forward-only: add a new file instead.`,
          );
        }
      }
      const pending = files.find((file) => !done.has(file.name));
      if (!pending) return null;
      try {
        // Migration files are trusted code from this repository, never input.
        await tx.unsafe(pending.text);
      } catch (error) {
        throw new Error(
          `Migration ${pending.name} failed: ${error instanceof Error ? error.message : String(error)}`,
          {
            cause: error,
          },
        );
      }
      await tx`insert into schema_migrations (name, checksum) values (${pending.name}, ${pending.checksum})`;
      return pending.name;
    });
    if (next === null) return applied;
    applied.push(next);
  }
}
