import type { PendingQuery, Row } from 'postgres';
import { sql } from '../db.ts';

/** Far above any page the API serves (tests read whole lists); a bigger number is a bug. */
export const LITERAL_LIMIT_MAX = 1_000_000;

/**
 * A LIMIT written into the statement's text instead of sent as a parameter. PostgreSQL cannot
 * cost a generic plan for `limit $n` (it guesses a tenth of the rows), so a prepared statement
 * with a parameterised LIMIT never settles on its cached generic plan and is planned again on
 * every execution: 0.7 ms for a filtered ticket page at 1M tickets, as much as running it, which
 * halved the list's rate in PostgreSQL (pgbench, docs/performance.md). With the number in the text
 * each (statement, limit) pair is prepared once and reuses its plan. Only integers pass, so nothing
 * a client sends can reach the text.
 */
export function literalLimit(limit: number): PendingQuery<Row[]> {
  if (!Number.isSafeInteger(limit) || limit < 0 || limit > LITERAL_LIMIT_MAX) {
    throw new RangeError(`a LIMIT must be an integer from 0 to ${LITERAL_LIMIT_MAX}, not ${limit}`);
  }
  // A statement uses a few limits (a page, one past it, a window): each is built once
  // (db/fragments.ts says why), and any other number is built as it comes.
  let literal = literals.get(limit);
  if (!literal) {
    literal = sql.unsafe(String(limit));
    if (literals.size < KEPT_LITERALS) literals.set(limit, literal);
  }
  return literal;
}

const KEPT_LITERALS = 1_000;
const literals = new Map<number, PendingQuery<Row[]>>();
