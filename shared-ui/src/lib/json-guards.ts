import type { TApiError } from '@helpdesk/contracts';

// Hand-written checks of our own API's answers on the start-up path: the API client reads every error
// body, and pulling zod (26 KB gzip) into the shell's first render for one three-field shape is not
// worth it. For anything JSON.parse can make they answer what the contracts' schemas answer
// (json-guards.test.ts compares them on wrong, missing and hostile input); they are stricter only about
// class instances, which no JSON body is. Forms and the API keep the schemas.

/** A plain object (what JSON.parse makes of `{...}`): not null, not an array, not a class instance. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The `{ code, message, fields?, details? }` error body (contracts' ZApiError), or null when `value` is not
 * that shape. Unknown keys are dropped; a `__proto__` field name is dropped too (as zod does), so
 * the answer can never carry a prototype of the server's choosing.
 */
export function readApiError(value: unknown): TApiError | null {
  if (!isPlainRecord(value)) return null;
  const { code, message, fields, details } = value;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (details !== undefined && !isPlainRecord(details)) return null;
  const withDetails = details === undefined ? {} : { details: withoutProto(details) };
  if (fields === undefined) return { code, message, ...withDetails };
  if (!isPlainRecord(fields)) return null;
  const copy: Record<string, string> = {};
  for (const [name, text] of Object.entries(fields)) {
    if (typeof text !== 'string') return null;
    if (name !== '__proto__') copy[name] = text;
  }
  return { code, message, fields: copy, ...withDetails };
}

/** A record's own entries but a `__proto__` key, as zod copies a record. */
function withoutProto(record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(record)) if (name !== '__proto__') copy[name] = item;
  return copy;
}
