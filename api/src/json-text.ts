import type { z } from 'zod';
import { fullResponseChecks } from './response-shape.ts';

/**
 * Bodies PostgreSQL renders (docs/performance.md#pages-rendered-by-postgresql). A read that answers
 * many rows (a list page, the ticket page, search results) has its statement build the response's
 * JSON text with json_build_object and json_agg, dates already in the API's ISO format, and the
 * route passes that text through: no row objects are built in JavaScript and none is stringified
 * again. That is most of what a list page cost the API.
 *
 * The contract still holds, because nothing strips keys on this path: outside production every
 * such body is parsed and checked by the route's zod schema, strictly (a key the schema does not
 * declare, at any depth, fails the response like a wrong type does), and each statement's JSON is
 * checked the same way on fixtures by its tests. In production the text leaves as PostgreSQL wrote it.
 */

/** A body that failed its schema: the error handler answers 500 (the message names the path, in the log only). */
export class JsonTextShapeError extends Error {
  override readonly name = 'JsonTextShapeError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first key of `raw` that zod's output `parsed` does not have, as a path: zod drops undeclared
 * keys from what it returns (and keeps the keys of records and loose objects), so any key left
 * behind is one the contract never declared.
 */
function undeclaredKey(raw: unknown, parsed: unknown, path: (string | number)[]): string | null {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    for (let i = 0; i < raw.length; i++) {
      const found = undeclaredKey(raw[i], parsed[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(raw) && isRecord(parsed)) {
    for (const key of Object.keys(raw)) {
      if (!Object.hasOwn(parsed, key)) return [...path, key].join('.');
      const found = undeclaredKey(raw[key], parsed[key], [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Parses `text` and checks it against `schema` strictly: every value of the declared kind and
 * format, and no key the schema does not declare. Throws JsonTextShapeError saying where.
 */
export function checkJsonText(schema: z.ZodType, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonTextShapeError(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new JsonTextShapeError(`${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}`);
  }
  const extra = undeclaredKey(value, result.data, []);
  if (extra) throw new JsonTextShapeError(`${extra}: a key the contract does not declare`);
  return value;
}

/**
 * The route's answer for a body PostgreSQL rendered: the text as it is, as `application/json`.
 * Outside production it is checked first (checkJsonText), so the suites catch any drift between
 * a statement and its contract.
 */
export function jsonText(schema: z.ZodType, text: string, status = 200): Response {
  if (fullResponseChecks()) checkJsonText(schema, text);
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
}

/** `"text"` or `null` as JSON, for the few values a route adds around a rendered part. */
export const jsonValue = (value: string | number | boolean | null): string => JSON.stringify(value);
