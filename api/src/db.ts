import type { Sql } from 'postgres';
import { createSql } from './db/postgres.ts';

function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is required, e.g. postgres://user:password@localhost:5432/helpdesk');
  return url;
}

/** The one pool of the API process. index.ts checks the whole config before this module loads. */
export const sql: Sql = createSql(requireDatabaseUrl());
