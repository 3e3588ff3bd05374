/**
 * A deliberately cautious judge of generated input against the route's schema: 'invalid' only
 * when the schema clearly forbids it (then the API must refuse it), 'unknown' whenever zod and
 * Elysia could reasonably read it either way (coercion, repeated query keys, raw URL tricks).
 */
import { type Json, JsonObject, numberOf, RawNumber } from './json.ts';
import type { JsonSchema } from './openapi.ts';

export type Verdict = 'valid' | 'invalid' | 'unknown';

/** Invalid wins over unknown, unknown over valid. */
export function combine(verdicts: Iterable<Verdict>): Verdict {
  let result: Verdict = 'valid';
  for (const verdict of verdicts) {
    if (verdict === 'invalid') return 'invalid';
    if (verdict === 'unknown') result = 'unknown';
  }
  return result;
}

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

function typeOf(value: Json): JsonType {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number' || value instanceof RawNumber)
    return Number.isInteger(numberOf(value)) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

const isTypeAllowed = (types: readonly string[], type: JsonType) =>
  types.includes(type) || (type === 'integer' && types.includes('number'));

/**
 * A schema's pattern as zod wrote it: with the `u` flag where it parses so (Unicode property
 * classes such as `\p{Cc}` mean nothing without it, and silently match the letters p, C and c),
 * as a plain pattern otherwise.
 */
function patternOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function judgeString(schema: JsonSchema, value: string): Verdict {
  // zod counts UTF-16 code units, as String.length does.
  if (schema.minLength !== undefined && value.length < schema.minLength) return 'invalid';
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    // Over in UTF-16 units but within in characters: a route that counts characters (as the
    // database's varchar does) may take it, so neither answer is wrong.
    return Array.from(value).length <= schema.maxLength ? 'unknown' : 'invalid';
  }
  if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value)) return 'invalid';
  return 'valid';
}

function judgeNumber(schema: JsonSchema, value: number, isInteger: boolean): Verdict {
  if (!Number.isFinite(value)) return 'invalid';
  if (isInteger && !Number.isInteger(value)) return 'invalid';
  if (schema.minimum !== undefined && value < schema.minimum) return 'invalid';
  if (schema.maximum !== undefined && value > schema.maximum) return 'invalid';
  // Past 2^53 a parsed number is no longer the one written; whether zod calls it an int is its business.
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return 'unknown';
  return 'valid';
}

/** A JSON value (a body, or part of one) against its schema. */
export function judge(schema: JsonSchema, value: Json): Verdict {
  if (schema.anyOf) {
    const verdicts = schema.anyOf.map((branch) => judge(branch, value));
    if (verdicts.includes('valid')) return 'valid';
    return verdicts.includes('unknown') ? 'unknown' : 'invalid';
  }
  const type = typeOf(value);
  if (schema.type && !isTypeAllowed(schema.type, type)) return 'invalid';
  if (schema.enum && !schema.enum.some((option) => option === value)) return 'invalid';
  if (schema.hasConst && schema.const !== value) return 'invalid';
  if (typeof value === 'string') return judgeString(schema, value);
  if (typeof value === 'number' || value instanceof RawNumber)
    return judgeNumber(schema, numberOf(value), schema.type?.includes('integer') === true);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return 'invalid';
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return 'invalid';
    const { items } = schema;
    return items ? combine(value.map((item) => judge(items, item))) : 'valid';
  }
  if (value instanceof JsonObject) return judgeObject(schema, value);
  return 'valid';
}

function judgeObject(schema: JsonSchema, value: JsonObject): Verdict {
  const properties = schema.properties ?? {};
  const verdicts: Verdict[] = [];
  for (const key of schema.required ?? []) {
    const property = properties[key];
    // zod lists defaulted keys as required in its output schema; leaving them out is fine.
    if (value.get(key) === undefined && !property?.hasDefault) return 'invalid';
  }
  for (const key of value.keys()) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const item = value.get(key);
    if (item === undefined) continue;
    if (!property) {
      if (schema.isClosed) return 'invalid';
      continue;
    }
    verdicts.push(judge(property, item));
  }
  return combine(verdicts);
}

/**
 * A query parameter as the API receives it: absent, one raw string, or repeated. Numbers go
 * through z.coerce (Number(text)), so '1e1' and ' 5 ' are numbers and '' is 0.
 */
export function judgeQueryValue(
  schema: JsonSchema,
  isRequired: boolean,
  values: readonly string[],
  isRawTrick: boolean,
): Verdict {
  if (values.length === 0) return isRequired && !schema.hasDefault ? 'invalid' : 'valid';
  if (values.length > 1 || isRawTrick) return 'unknown';
  const text = values[0] ?? '';
  const types = schema.type ?? [];
  if (types.includes('integer') || types.includes('number')) {
    return judgeNumber(schema, Number(text), types.includes('integer'));
  }
  return judge(schema, text);
}
