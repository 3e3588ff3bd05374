import { describe, expect, test } from 'bun:test';
import { ZApiError } from '@helpdesk/contracts';
import { isPlainRecord, readApiError } from './json-guards.ts';

/** What the schema answers for `value`: the guard must answer the same. */
function schemaAnswer(value: unknown) {
  const parsed = ZApiError.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const WRONG_OR_MISSING: unknown[] = [
  null,
  undefined,
  'VALIDATION_FAILED',
  42,
  true,
  [],
  [{ code: 'X', message: 'm' }],
  {},
  { code: 'X' },
  { message: 'm' },
  { code: 1, message: 'm' },
  { code: 'X', message: null },
  { code: 'X', message: ['m'] },
  { code: 'X', message: 'm', fields: null },
  { code: 'X', message: 'm', fields: 'title: too long' },
  { code: 'X', message: 'm', fields: ['title'] },
  { code: 'X', message: 'm', fields: { title: 5 } },
  { code: 'X', message: 'm', fields: { title: 'ok', body: { nested: 'no' } } },
  { code: 'X', message: 'm', fields: new Map([['title', 'x']]) },
  new Date(0),
];

describe('readApiError', () => {
  test('our error shape is read, unknown keys dropped', () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      fields: { title: 'Required' },
      x: 1,
    };
    expect(readApiError(body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      fields: { title: 'Required' },
    });
    expect(readApiError({ code: 'NOT_FOUND', message: 'Not found' })).toEqual({
      code: 'NOT_FOUND',
      message: 'Not found',
    });
    expect(readApiError(body)).toEqual(schemaAnswer(body));
  });

  test('wrong and missing shapes are refused, as the schema refuses them', () => {
    for (const value of WRONG_OR_MISSING) {
      expect(readApiError(value)).toBeNull();
      expect(schemaAnswer(value)).toBeNull();
    }
  });

  test('hostile bodies: a __proto__ field name is dropped and pollutes nothing', () => {
    const hostile = JSON.parse(
      '{"code":"X","message":"m","fields":{"__proto__":"polluted","constructor":"c","title":"t"},"__proto__":{"isAdmin":true}}',
    );
    const read = readApiError(hostile);
    expect(read).toEqual({ code: 'X', message: 'm', fields: { constructor: 'c', title: 't' } });
    expect(read).toEqual(schemaAnswer(hostile));
    expect(Object.getPrototypeOf(read?.fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // A body the size of a page is still just read, never evaluated.
    const huge = { code: 'X', message: 'm'.repeat(1_000_000), fields: { a: '<script>alert(1)</script>' } };
    expect(readApiError(huge)).toEqual(schemaAnswer(huge));
  });

  test('a class instance or an object with a borrowed prototype is not a record', () => {
    class Body {
      code = 'X';
      message = 'm';
    }
    expect(readApiError(new Body())).toBeNull();
    expect(isPlainRecord(Object.create(null))).toBe(true);
    expect(isPlainRecord(Object.create({ code: 'X' }))).toBe(false);
  });
});
