import type { Sql } from 'postgres';
import { readDatabasePoolMax } from './config.ts';
import { createSql } from './db/postgres.ts';

function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is required, e.g. postgres://user:password@localhost:5432/helpdesk');
  return url;
}

/** DATABASE_URL. index.ts checks the whole config before this module loads. */
export const databaseUrl = requireDatabaseUrl();

/** The API process's pool, DATABASE_POOL_MAX connections (search has a small one of its own, search/pool.ts). */
export const sql: Sql = createSql(databaseUrl, { max: readDatabasePoolMax(process.env) });
