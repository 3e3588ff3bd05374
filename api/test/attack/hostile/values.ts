/**
 * fast-check arbitraries driven by a route's JSON Schema: values that pass it (so one mutation
 * at a time reaches deep validation and the service), and hostile values (wrong types, boundary
 * lengths at N-1, N and N+1, huge strings, unicode, injection-looking text, prototype-pollution
 * keys at every level, numbers at and past their limits, bad uuids).
 */
import fc from 'fast-check';
import {
  BAD_UUIDS,
  HUGE_ASCII,
  HUGE_ASTRAL,
  INJECTION_STRINGS,
  LARGE_ASCII,
  NUMBERISH_STRINGS,
  RAW_NUMBERS,
  UNICODE_STRINGS,
} from './corpus.ts';
import { type Json, JsonObject, RawNumber } from './json.ts';
import type { JsonSchema } from './openapi.ts';

/** Ids of real rows, so a path or body can name something that exists. */
export type IdPool = {
  readonly all: readonly string[];
  readonly byKind: Readonly<Record<string, readonly string[]>>;
};

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Objects that would pollute a prototype if a merge walked them. */
const pollutionPayload = (): JsonObject =>
  new JsonObject([
    ['role', 'admin'],
    ['isAdmin', true],
    ['status', 'active'],
    ['polluted', 'yes'],
    ['prototype', new JsonObject([['polluted', 'yes']])],
  ]);

const pollutionObject: fc.Arbitrary<JsonObject> = fc
  .constantFrom(...POLLUTION_KEYS)
  .map((key) => new JsonObject([[key, pollutionPayload()]]));

/** Hostile text of every kind that fits in a URL or a header: no megabyte strings. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...INJECTION_STRINGS), weight: 6 },
  { arbitrary: fc.constantFrom(...UNICODE_STRINGS), weight: 5 },
  { arbitrary: fc.constantFrom(...NUMBERISH_STRINGS), weight: 2 },
  { arbitrary: fc.constantFrom(...BAD_UUIDS), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...INJECTION_STRINGS), fc.constantFrom(...UNICODE_STRINGS))
      .map(([a, b]) => `${b}${a}${b}`),
    weight: 2,
  },
);

/** Hostile text for bodies: the same, and now and then a string of a megabyte or so. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileText, weight: 19 },
  { arbitrary: fc.constantFrom(HUGE_ASCII, HUGE_ASTRAL, LARGE_ASCII), weight: 1 },
);

/** A key nobody declared: pollution keys, injection text, unicode, or plain words. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...POLLUTION_KEYS), weight: 4 },
  { arbitrary: fc.constantFrom(...INJECTION_STRINGS), weight: 2 },
  { arbitrary: fc.constantFrom(...UNICODE_STRINGS.filter((text) => text !== '')), weight: 1 },
  {
    arbitrary: fc.constantFrom('role', 'status', 'isAdmin', 'id', 'userId', 'requesterId', 'authorId'),
    weight: 2,
  },
);

const rawNumber = fc.constantFrom(...RAW_NUMBERS).map((text) => new RawNumber(text));

/** Any JSON value, hostile where it can be, nested a little. */
export const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: rawNumber, weight: 2 },
    { arbitrary: hostileString, weight: 4 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    {
      arbitrary: fc
        .array(fc.tuple(hostileKey, tie('value')), { maxLength: 3 })
        .map((entries) => new JsonObject(entries)),
      weight: 1,
    },
    { arbitrary: pollutionObject, weight: 1 },
  ),
})).value;

/** A string of exactly `length` UTF-16 units built from one kind of character. */
function stringOfLength(length: number, kind: 'ascii' | 'astral' | 'combining' | 'rtl'): string {
  if (length <= 0) return '';
  const unit = { ascii: 'a', astral: '\u{1F600}', combining: 'e\u0301', rtl: '\u05D0' }[kind];
  const repeated = unit.repeat(Math.ceil(length / unit.length));
  // Cutting an astral pair in half leaves a lone surrogate at the end: hostile too, and still the length asked.
  return repeated.slice(0, length);
}

/** Candidates that also match the field's pattern, where we know how to build one. */
function patternedOfLength(schema: JsonSchema, length: number): string[] {
  const local = Math.max(1, length - '@example.com'.length);
  return [
    'a'.repeat(length),
    `${'a'.repeat(local)}@example.com`,
    stringOfLength(length, 'ascii').replace(/^./, 'b'),
  ].filter((text) => text.length === length && (!schema.pattern || new RegExp(schema.pattern).test(text)));
}

/** Strings at N-1, N and N+1 of both length limits, plain and in multi-unit characters. */
function boundaryStrings(schema: JsonSchema): string[] {
  const lengths = new Set<number>();
  for (const limit of [schema.minLength, schema.maxLength]) {
    if (limit === undefined) continue;
    for (const length of [limit - 1, limit, limit + 1]) if (length >= 0) lengths.add(length);
  }
  const strings: string[] = [];
  for (const length of lengths) {
    strings.push(...patternedOfLength(schema, length).slice(0, 1));
    for (const kind of ['ascii', 'astral', 'combining', 'rtl'] as const)
      strings.push(stringOfLength(length, kind));
  }
  return strings;
}

/** Numbers at and just past both limits, and the ones JSON cannot say exactly. */
function boundaryNumbers(schema: JsonSchema): Json[] {
  const numbers: Json[] = [0, -1, 0.5, new RawNumber('-0')];
  for (const limit of [schema.minimum, schema.maximum]) {
    if (limit === undefined) continue;
    numbers.push(limit - 1, limit, limit + 1, limit + 0.5);
  }
  return numbers;
}

const typesOf = (schema: JsonSchema): string[] => [
  ...new Set([...(schema.type ?? []), ...(schema.anyOf ?? []).flatMap(typesOf)]),
];

const isUuid = (schema: JsonSchema) =>
  schema.format === 'uuid' || (schema.anyOf ?? []).some((branch) => branch.format === 'uuid');

/** The path or body name an id most likely refers to (`/api/teams/:id` -> teams). */
export function idsFor(pool: IdPool, kind: string | undefined): fc.Arbitrary<string> {
  const specific = kind ? pool.byKind[kind] : undefined;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(specific?.length ? specific : pool.all)), weight: 3 },
    { arbitrary: fc.constantFrom(...pool.all), weight: 1 },
    { arbitrary: fc.uuid({ version: 4 }), weight: 2 },
  );
}

/** A value the schema accepts (best effort: 'unknown' formats get plain strings). */
export function validValue(schema: JsonSchema, pool: IdPool, kind?: string): fc.Arbitrary<Json> {
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((branch) => validValue(branch, pool, kind)));
  const options = schema.enum?.filter(isPrimitive) ?? [];
  if (options.length) return fc.constantFrom(...options);
  if (schema.hasConst && isPrimitive(schema.const)) return fc.constant(schema.const);
  const type = schema.type?.find((item) => item !== 'null') ?? schema.type?.[0] ?? 'string';
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'array': {
      const items = schema.items ?? { hasConst: false, isClosed: false, hasDefault: false };
      return fc.array(validValue(items, pool, kind), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object':
      return validObject(schema, pool);
    default:
      return validString(schema, pool, kind);
  }
}

function isPrimitive(value: unknown): value is null | string | number | boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function validString(schema: JsonSchema, pool: IdPool, kind?: string): fc.Arbitrary<Json> {
  if (isUuid(schema)) return idsFor(pool, kind);
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 60;
  // Fitted by padding and cutting, never by filtering: a filter that rarely passes stalls the run.
  const fit = (text: string) => (text.length < min ? text.padEnd(min, text || 'a') : text).slice(0, max);
  if (schema.format === 'email')
    return fc.stringMatching(/^[a-z0-9]{1,20}$/).map((local) => `${local}.hostile@example.com`);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const built = patternedOfLength(schema, Math.max(min, Math.min(max, 12)));
    const fallback = built[0] ?? 'a'.repeat(min);
    return fc.oneof(
      fc.stringMatching(pattern).map((text) => {
        const fitted = fit(text);
        return pattern.test(fitted) ? fitted : fallback;
      }),
      fc.constant(fallback),
    );
  }
  return fc
    .string({ unit: 'grapheme-composite', minLength: min, maxLength: Math.max(min, Math.min(max, 30)) })
    .map(fit);
}

/** An object with every required key (defaulted ones now and then left out) and some optional ones. */
export function validObject(schema: JsonSchema, pool: IdPool): fc.Arbitrary<JsonObject> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return fc.constant(new JsonObject([]));
  const required = new Set(schema.required ?? []);
  return fc
    .tuple(
      ...properties.map(([key, property]) =>
        fc.tuple(
          fc.constant(key),
          validValue(property, pool, key),
          required.has(key) && !property.hasDefault ? fc.constant(true) : fc.boolean(),
        ),
      ),
    )
    .map(
      (entries) =>
        new JsonObject(entries.filter(([, , isKept]) => isKept).map(([key, value]) => [key, value])),
    );
}

/** A value for a field that is wrong, at a boundary, or merely nasty. */
export function hostileValueFor(schema: JsonSchema, pool: IdPool, kind?: string): fc.Arbitrary<Json> {
  const types = typesOf(schema);
  const options: fc.WeightedArbitrary<Json>[] = [
    { arbitrary: hostileJson, weight: 3 },
    { arbitrary: hostileString, weight: 3 },
    {
      arbitrary: fc.constantFrom<Json>(
        null,
        true,
        0,
        '',
        [],
        new JsonObject([]),
        [null],
        new RawNumber('1e309'),
      ),
      weight: 2,
    },
    { arbitrary: pollutionObject, weight: 1 },
  ];
  if (types.includes('string') || types.length === 0) {
    const boundaries = boundaryStrings(schema);
    if (boundaries.length) options.push({ arbitrary: fc.constantFrom(...boundaries), weight: 4 });
  }
  if (types.includes('integer') || types.includes('number')) {
    options.push({ arbitrary: fc.constantFrom(...boundaryNumbers(schema)), weight: 4 });
    options.push({ arbitrary: rawNumber, weight: 2 });
    options.push({ arbitrary: fc.constantFrom(...NUMBERISH_STRINGS), weight: 1 });
  }
  if (isUuid(schema) || schema.items?.format === 'uuid') {
    options.push({ arbitrary: fc.constantFrom(...BAD_UUIDS), weight: 3 });
    options.push({
      arbitrary: fc.array(fc.constantFrom(...BAD_UUIDS), { minLength: 1, maxLength: 3 }),
      weight: 1,
    });
  }
  if (schema.enum?.length) {
    const words = schema.enum.filter((option): option is string => typeof option === 'string');
    const near = words.flatMap((word) => [word.toUpperCase(), ` ${word}`, `${word}\u0000`, `${word}\u200B`]);
    if (near.length) options.push({ arbitrary: fc.constantFrom(...near), weight: 3 });
  }
  if (types.includes('array')) {
    const items = schema.items ?? { hasConst: false, isClosed: false, hasDefault: false };
    const count = (schema.maxItems ?? 20) + 1;
    options.push({
      arbitrary: fc.oneof(
        fc.constant<Json>([]),
        validValue(items, pool, kind).map((item) => Array.from({ length: count }, () => item)),
        fc.array(hostileValueFor(items, pool, kind), { minLength: 1, maxLength: 3 }),
      ),
      weight: 3,
    });
  }
  if (types.includes('object') && schema.properties)
    options.push({ arbitrary: hostileObject(schema, pool), weight: 3 });
  return fc.oneof(...options);
}

type Mutation = (object: JsonObject) => fc.Arbitrary<JsonObject>;

/**
 * A valid object with one to three hostile changes: a field replaced, dropped or duplicated,
 * an undeclared key added, or a pollution key put at this level or one below.
 */
export function hostileObject(schema: JsonSchema, pool: IdPool): fc.Arbitrary<Json> {
  const properties = Object.entries(schema.properties ?? {});
  const keys = properties.map(([key]) => key);
  const mutations: fc.Arbitrary<Mutation>[] = [
    fc.tuple(hostileKey, hostileJson).map(
      ([key, value]): Mutation =>
        (object) =>
          fc.constant(object.append(key, value)),
    ),
    fc.constantFrom(...POLLUTION_KEYS).map(
      (key): Mutation =>
        (object) =>
          fc.constant(object.append(key, pollutionPayload())),
    ),
  ];
  if (keys.length) {
    mutations.push(
      fc.constantFrom(...properties).map(
        ([key, property]): Mutation =>
          (object) =>
            hostileValueFor(property, pool, key).map((value) => object.with(key, value)),
      ),
      fc.constantFrom(...keys).map(
        (key): Mutation =>
          (object) =>
            fc.constant(object.without(key)),
      ),
      fc.constantFrom(...properties).map(
        ([key, property]): Mutation =>
          (object) =>
            hostileValueFor(property, pool, key).map((value) => object.append(key, value)),
      ),
      fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...POLLUTION_KEYS)).map(
        ([key, pollution]): Mutation =>
          (object) =>
            fc.constant(object.with(key, new JsonObject([[pollution, pollutionPayload()]]))),
      ),
    );
  }
  const mutation = fc.oneof(...mutations);
  return fc
    .tuple(validObject(schema, pool), fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .chain(([start, changes]) =>
      changes.reduce<fc.Arbitrary<JsonObject>>(
        (object, change) => object.chain((current) => change(current)),
        fc.constant(start),
      ),
    );
}

/** What to send as a JSON body: mostly a mutated object, sometimes something that is not an object at all. */
export function hostileBody(schema: JsonSchema, pool: IdPool): fc.Arbitrary<Json> {
  const isObject = schema.type?.includes('object') === true || schema.properties !== undefined;
  const notAnObject = fc.constantFrom<Json>(
    null,
    [],
    'text',
    0,
    true,
    new RawNumber('1e309'),
    [new JsonObject([])],
    new JsonObject([]),
  );
  if (!isObject) return fc.oneof(hostileJson, notAnObject, validValue(schema, pool));
  return fc.oneof(
    { arbitrary: hostileObject(schema, pool), weight: 12 },
    { arbitrary: validObject(schema, pool), weight: 1 },
    { arbitrary: notAnObject, weight: 2 },
    { arbitrary: pollutionObject, weight: 1 },
    { arbitrary: validObject(schema, pool).map((object) => [object]), weight: 1 },
  );
}
