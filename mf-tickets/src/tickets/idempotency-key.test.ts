import { describe, expect, test } from 'bun:test';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { createIdempotencyKeys, isUncertainOutcome, randomIdempotencyKey } from './idempotency-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomIdempotencyKey', () => {
  test('is a v4 UUID, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, randomIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  test('falls back to getRandomValues without randomUUID', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(randomIdempotencyKey()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('createIdempotencyKeys', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  const body = { title: 'VPN', description: 'drops' };

  test('one key per attempt, stable until settled', () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.current(body)).toBe('key-1');
    expect(keys.current({ ...body })).toBe('key-1');
  });

  test('a network failure keeps the key for a retry of the same request', () => {
    const keys = createIdempotencyKeys(counter());
    keys.current(body);
    keys.settle(new TypeError('Failed to fetch'));
    expect(keys.current(body)).toBe('key-1');
  });

  test('a changed request after a network failure is a new attempt', () => {
    const keys = createIdempotencyKeys(counter());
    keys.current(body);
    keys.settle(new TypeError('Failed to fetch'));
    expect(keys.current({ ...body, title: 'VPN keeps dropping' })).toBe('key-2');
  });

  test('a server answer (even 500) or a reset starts a new attempt', () => {
    const keys = createIdempotencyKeys(counter());
    keys.current(body);
    keys.settle(new ApiRequestError(400, 'Bad Request', ''));
    expect(keys.current(body)).toBe('key-2');
    keys.settle(new ApiRequestError(500, 'Internal Server Error', ''));
    expect(keys.current(body)).toBe('key-3');
    keys.reset();
    expect(keys.current(body)).toBe('key-4');
  });

  test('only failures without an HTTP answer are uncertain', () => {
    expect(isUncertainOutcome(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isUncertainOutcome(new ApiRequestError(503, 'Service Unavailable', ''))).toBe(false);
    expect(isUncertainOutcome(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
  });
});
