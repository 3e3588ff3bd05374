/**
 * One generated request for an operation: path parameters, query string, headers and body, each
 * hostile or valid by chance, with the judge's verdict on whether the schema allows it.
 */
import { ATTACHMENT_UPLOAD_FIELD, LIMITS } from '@helpdesk/contracts';
import fc from 'fast-check';
import { BAD_UUIDS, HEADER_SAFE_STRINGS, NUMBERISH_STRINGS } from './corpus.ts';
import { type Json, preview, serialize } from './json.ts';
import { combine, judge, judgeQueryValue, type Verdict } from './judge.ts';
import type { JsonSchema, Operation, Parameter } from './openapi.ts';
import { hostileBody, hostileText, type IdPool, idsFor, validObject, validValue } from './values.ts';

export type HostileBody =
  | { kind: 'none' }
  | { kind: 'json'; text: string; bytes: number }
  | { kind: 'multipart'; form: FormData; summary: string };

export type HostileRequest = {
  method: string;
  /** Path and query, percent-encoded, ready to append to the base URL. */
  url: string;
  headers: Record<string, string>;
  body: HostileBody;
  /** 'invalid' when the schema clearly forbids something in it: the API must refuse it. */
  verdict: Verdict;
  /** Whether a refusal is certain for a reason other than the schema (a forbidden file type). */
  mustRefuse: boolean;
  describe: () => string;
};

/**
 * Percent-encodes text as UTF-8. encodeURIComponent throws on a lone surrogate; TextEncoder
 * writes it as U+FFFD, which is what any client would send.
 */
export function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...new TextEncoder().encode(text)]
      .map((byte) =>
        /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
          ? String.fromCharCode(byte)
          : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
      )
      .join('');
  }
}

/** Segments sent as they are, unencoded: broken escapes, encoded traversal, NUL. */
const RAW_SEGMENTS: readonly string[] = [
  '%zz',
  '%',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%252e%252e%252f',
  '..%5C..%5Cwindows',
  'a%0D%0ASet-Cookie:%20x=1',
  '%F0%9F%92%A9',
  '%FF%FE',
];

type Part = { text: string; verdict: Verdict; note: string };

/** The collection a path parameter names: the segment before it (`/api/teams/:id` -> teams). */
function kindOf(path: string, name: string): string | undefined {
  const segments = path.split('/');
  const index = segments.indexOf(`:${name}`);
  return index > 0 ? segments[index - 1] : undefined;
}

function pathParamArbitrary(
  operation: Operation,
  parameter: Parameter,
  pool: IdPool,
  isHostile: boolean,
): fc.Arbitrary<Part> {
  // An empty segment makes the URL name another route (`/api/kb/articles/` is the list). A path
  // parameter is text that a numeric schema reads as a number, exactly like a query value.
  const judged = (value: string, note: string): Part => ({
    text: encodePart(value),
    verdict: value === '' ? 'unknown' : judgeQueryValue(parameter.schema, true, [value], false),
    note,
  });
  const ids = idsFor(pool, kindOf(operation.path, parameter.name)).map((id) => judged(id, 'id'));
  if (!isHostile) return ids;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...BAD_UUIDS).map((value) => judged(value, 'bad uuid')), weight: 3 },
    { arbitrary: hostileText.map((value) => judged(value, 'hostile')), weight: 3 },
    {
      arbitrary: fc
        .constantFrom(...RAW_SEGMENTS, 'x'.repeat(10_000))
        .map((text): Part => ({ text, verdict: 'unknown', note: 'raw' })),
      weight: 1,
    },
  );
}

/** One query parameter: absent, valid, hostile, numberish, repeated or in bracket syntax. */
function queryParamArbitrary(parameter: Parameter, pool: IdPool, isHostile: boolean): fc.Arbitrary<Part> {
  const name = encodePart(parameter.name);
  const one = (value: string, isRawTrick = false): Part => ({
    text: `${name}=${isRawTrick ? value : encodePart(value)}`,
    verdict: judgeQueryValue(parameter.schema, parameter.isRequired, [value], isRawTrick),
    note: '',
  });
  const asText = (value: Json) => (typeof value === 'string' ? value : serialize(value));
  const boundaries = queryBoundaries(parameter.schema);
  const absent = fc.constant<Part>({
    text: '',
    verdict: judgeQueryValue(parameter.schema, parameter.isRequired, [], false),
    note: '',
  });
  const valid = validValue(parameter.schema, pool, parameter.name).map((value) => one(asText(value)));
  if (!isHostile)
    return parameter.isRequired && !parameter.schema.hasDefault ? valid : fc.oneof(absent, valid);
  return fc.oneof(
    { arbitrary: absent, weight: 1 },
    { arbitrary: hostileText.map((value) => one(value)), weight: 3 },
    // Long, but inside the 16 KB Bun allows for a request head (past it Bun answers 431 itself).
    { arbitrary: fc.constantFrom('L'.repeat(10_000)).map((value) => one(value)), weight: 1 },
    { arbitrary: fc.constantFrom(...NUMBERISH_STRINGS).map((value) => one(value)), weight: 2 },
    ...(boundaries.length
      ? [{ arbitrary: fc.constantFrom(...boundaries).map((value) => one(value)), weight: 3 }]
      : []),
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((value) => one(value, true)), weight: 1 },
    {
      arbitrary: fc.tuple(hostileText, hostileText).map(
        ([a, b]): Part => ({
          text: `${name}=${encodePart(a)}&${name}=${encodePart(b)}`,
          verdict: 'unknown',
          note: 'repeated',
        }),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom('[]', '[0]', '[__proto__]', '[a][b]').map(
        (suffix): Part => ({
          text: `${name}${encodePart(suffix)}=1`,
          verdict: 'unknown',
          note: 'brackets',
        }),
      ),
      weight: 1,
    },
  );
}

/** Query values at N-1, N and N+1 of a parameter's limits (as text, since a query is text). */
function queryBoundaries(schema: JsonSchema): string[] {
  const values: string[] = [];
  for (const limit of [schema.minimum, schema.maximum]) {
    if (limit !== undefined) values.push(String(limit - 1), String(limit), String(limit + 1));
  }
  for (const limit of [schema.minLength, schema.maxLength]) {
    if (limit === undefined) continue;
    for (const length of [limit - 1, limit, limit + 1]) if (length >= 0) values.push('q'.repeat(length));
  }
  return values;
}

/** Query parameters nobody declared, pollution-shaped ones included. */
const extraQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__=x',
    '__proto__%5Brole%5D=admin',
    'constructor%5Bprototype%5D%5Bpolluted%5D=1',
    'prototype=1',
    `${'k'.repeat(50)}=${'v'.repeat(4000)}`,
    '=',
    '&&&',
    'a=1&a=2&a=3',
  ),
  fc.tuple(hostileText, hostileText).map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`),
);

function headerArbitrary(
  parameter: Parameter,
  isHostile: boolean,
): fc.Arbitrary<[string, string | null, Verdict]> {
  const limit = parameter.schema.maxLength;
  const lengths = limit === undefined ? [] : [limit - 1, limit, limit + 1];
  // fetch trims a header value, so the judge sees it trimmed too.
  const judged = (value: string): [string, string | null, Verdict] => [
    parameter.name,
    value,
    judge(parameter.schema, value.trim()),
  ];
  const benign = fc.oneof(
    fc.constant<[string, string | null, Verdict]>([parameter.name, null, 'valid']),
    fc.uuid({ version: 4 }).map(judged),
  );
  if (!isHostile) return benign;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HEADER_SAFE_STRINGS).map(judged), weight: 2 },
    ...(lengths.length
      ? [
          {
            arbitrary: fc.constantFrom(...lengths.map((length) => 'k'.repeat(length))).map(judged),
            weight: 2,
          },
        ]
      : []),
  );
}

/** Upload bodies: allowed files with hostile names, forbidden types, broken forms. */
const FORBIDDEN_FILES: readonly { name: string; type: string; content: string }[] = [
  { name: 'page.html', type: 'text/html', content: '<!doctype html><html><script>alert(1)</script></html>' },
  {
    name: 'image.svg',
    type: 'image/svg+xml',
    content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  },
  { name: 'report.pdf.exe', type: 'application/pdf', content: 'MZ\u0090\u0000\u0003\u0000\u0000\u0000' },
  { name: 'photo.png', type: 'image/png', content: '\u007fELF\u0002\u0001\u0001\u0000' },
  { name: 'notes.txt', type: 'text/plain', content: '<html><body onload=alert(1)>' },
];

const FILE_NAMES: readonly string[] = [
  '../../../../etc/passwd',
  '..\\..\\boot.ini',
  'a\r\nContent-Type: text/html.txt',
  '\u202Etxt.exe',
  'nul\u0000.txt',
  `${'n'.repeat(300)}.txt`,
  '',
  '.',
  '..',
  'CON',
  '<script>alert(1)</script>.txt',
  '\u{1F600}.txt',
];

type Upload = { body: HostileBody; mustRefuse: boolean };

/** An allowed file (plain text) under the given name. */
function textUpload(name: string, text: string): GeneratedBody {
  const form = new FormData();
  form.append(ATTACHMENT_UPLOAD_FIELD, new File([`plain text ${text}`], name, { type: 'text/plain' }));
  return {
    body: { kind: 'multipart', form, summary: `text file named ${preview(name, 60)}` },
    verdict: 'valid',
    mustRefuse: false,
  };
}

const multipartBody: fc.Arbitrary<Upload> = fc.oneof(
  fc.tuple(fc.constantFrom(...FILE_NAMES), hostileText).map(([name, text]): Upload => textUpload(name, text)),
  fc.constantFrom(...FORBIDDEN_FILES).map((file): Upload => {
    const form = new FormData();
    form.append(ATTACHMENT_UPLOAD_FIELD, new File([file.content], file.name, { type: file.type }));
    return { body: { kind: 'multipart', form, summary: `forbidden ${file.name}` }, mustRefuse: true };
  }),
  fc
    .constantFrom('two files', 'wrong field', 'string field', 'empty file', 'no fields')
    .map((shape): Upload => {
      const form = new FormData();
      const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
      if (shape === 'two files') {
        form.append(ATTACHMENT_UPLOAD_FIELD, file);
        form.append(ATTACHMENT_UPLOAD_FIELD, file);
      } else if (shape === 'wrong field') form.append('__proto__', file);
      else if (shape === 'string field') form.append(ATTACHMENT_UPLOAD_FIELD, 'not a file');
      else if (shape === 'empty file') form.append(ATTACHMENT_UPLOAD_FIELD, new File([], 'empty.txt'));
      return { body: { kind: 'multipart', form, summary: shape }, mustRefuse: true };
    }),
);

function jsonBody(value: Json): HostileBody {
  const text = serialize(value);
  return { kind: 'json', text, bytes: Buffer.byteLength(text) };
}

type GeneratedBody = { body: HostileBody; verdict: Verdict; mustRefuse: boolean };

const ANY: JsonSchema = { hasConst: false, isClosed: false, hasDefault: false };
const NO_BODY: GeneratedBody = { body: { kind: 'none' }, verdict: 'valid', mustRefuse: false };

/** The body: hostile JSON from the route's schema, upload forms, or (where none is expected) mostly nothing. */
function bodyArbitrary(operation: Operation, pool: IdPool, isHostile: boolean): fc.Arbitrary<GeneratedBody> {
  const spec = operation.body;
  if (!isHostile) {
    if (spec.kind === 'json')
      return validObject(spec.schema, pool).map(
        (value): GeneratedBody => ({
          body: jsonBody(value),
          verdict: judge(spec.schema, value),
          mustRefuse: false,
        }),
      );
    if (spec.kind === 'multipart') return fc.constant(textUpload('benign.txt', 'plain text'));
    return fc.constant(NO_BODY);
  }
  if (spec.kind === 'json') {
    return fc.oneof(
      {
        arbitrary: hostileBody(spec.schema, pool).map(
          (value): GeneratedBody => ({
            body: jsonBody(value),
            verdict: judge(spec.schema, value),
            mustRefuse: false,
          }),
        ),
        weight: 20,
      },
      { arbitrary: fc.constant<GeneratedBody>({ ...NO_BODY, verdict: 'unknown' }), weight: 1 },
    );
  }
  if (spec.kind === 'multipart') {
    return fc.oneof(
      { arbitrary: multipartBody.map((item): GeneratedBody => ({ ...item, verdict: 'valid' })), weight: 5 },
      // JSON where only multipart is taken: 415.
      {
        arbitrary: hostileBody(ANY, pool).map(
          (value): GeneratedBody => ({ body: jsonBody(value), verdict: 'valid', mustRefuse: true }),
        ),
        weight: 1,
      },
    );
  }
  if (operation.method === 'GET') return fc.constant(NO_BODY);
  return fc.oneof(
    { arbitrary: fc.constant(NO_BODY), weight: 2 },
    // A body where none is expected: ignored or refused, never a crash.
    {
      arbitrary: hostileBody(ANY, pool).map(
        (value): GeneratedBody => ({ body: jsonBody(value), verdict: 'unknown', mustRefuse: false }),
      ),
      weight: 1,
    },
  );
}

/** Every part of a request for the operation, generated together. */
export function requestArbitrary(operation: Operation, pool: IdPool): fc.Arbitrary<HostileRequest> {
  // Each request attacks one part (a path parameter, a query parameter, a header, the body or
  // undeclared query keys) and, one time in six, any other part too; the rest stay benign, so an
  // attack on one field is not always stopped by another field's validation first.
  const hasBodySlot = operation.method !== 'GET';
  const slots =
    operation.pathParams.length +
    operation.query.length +
    operation.headers.length +
    (hasBodySlot ? 1 : 0) +
    1;
  const plan = fc.tuple(fc.nat(slots - 1), fc.array(fc.nat(5), { minLength: slots, maxLength: slots }));
  return plan
    .chain(([target, dice]) => {
      let slot = 0;
      const nextIsHostile = () => {
        const isHostile = slot === target || dice[slot] === 0;
        slot += 1;
        return isHostile;
      };
      const pathParts = fc.tuple(
        ...operation.pathParams.map((parameter) =>
          pathParamArbitrary(operation, parameter, pool, nextIsHostile()).map(
            (part) => [parameter.name, part] as const,
          ),
        ),
      );
      const queryParts = fc.tuple(
        ...operation.query.map((parameter) => queryParamArbitrary(parameter, pool, nextIsHostile())),
      );
      const headers = fc.tuple(
        ...operation.headers.map((parameter) => headerArbitrary(parameter, nextIsHostile())),
      );
      const body = bodyArbitrary(operation, pool, hasBodySlot && nextIsHostile());
      const extras = nextIsHostile() ? fc.array(extraQuery, { minLength: 1, maxLength: 2 }) : fc.constant([]);
      return fc.record({ pathParts, queryParts, extras, headers, body });
    })
    .map(({ pathParts, queryParts, extras, headers, body }) => {
      let path = operation.path;
      for (const [name, part] of pathParts) path = path.replace(`:${name}`, part.text);
      const query = [...queryParts.map((part) => part.text), ...extras].filter(Boolean).join('&');
      const headerValues: Record<string, string> = {};
      for (const [name, value] of headers) if (value !== null) headerValues[name] = value;
      const verdict = combine([
        ...pathParts.map(([, part]) => part.verdict),
        ...queryParts.map((part) => part.verdict),
        ...headers.map(([, , headerVerdict]) => headerVerdict),
        body.verdict,
      ]);
      const url = query ? `${path}?${query}` : path;
      const request: HostileRequest & { [fc.toStringMethod]: () => string } = {
        method: operation.method,
        url,
        headers: headerValues,
        body: body.body,
        verdict,
        mustRefuse: body.mustRefuse,
        describe: () => {
          const shownBody =
            body.body.kind === 'json'
              ? ` body ${preview(body.body.text)}`
              : body.body.kind === 'multipart'
                ? ` multipart (${body.body.summary})`
                : '';
          const shownHeaders = Object.keys(headerValues).length
            ? ` headers ${preview(JSON.stringify(headerValues), 120)}`
            : '';
          return `${operation.method} ${preview(url, 300)}${shownHeaders}${shownBody} [schema: ${verdict}]`;
        },
        // fast-check prints a counterexample with this: a short description, not a megabyte of body.
        [fc.toStringMethod]: () => request.describe(),
      };
      return request;
    });
}

/** True when the JSON body is over the limit the parser enforces (it must answer 413). */
export const isOverJsonLimit = (request: HostileRequest) =>
  request.body.kind === 'json' && request.body.bytes > LIMITS.maxJsonBodyBytes;
