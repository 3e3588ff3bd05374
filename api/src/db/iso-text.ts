import type { PendingQuery, Row } from 'postgres';
import { sql } from '../db.ts';

/**
 * A timestamptz as the API writes dates (toISOString: UTC, milliseconds, 'Z'), for values built
 * into JSON in SQL, where postgres.js's own timestamp parsing never sees them. Milliseconds are
 * truncated, as isoFromTimestamptz (db/postgres.ts) does for the values it parses.
 */
export const isoText = (column: PendingQuery<Row[]>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
