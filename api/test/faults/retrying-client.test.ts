import { afterAll, describe, expect, test } from 'bun:test';
import { isRetryable, retryDelay, sendUntilAcknowledged } from './retrying-client.ts';

/** A clock that only moves when the client sleeps, so deadlines are exact and tests instant. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('retryDelay', () => {
  test('doubles from the initial delay and stops at the maximum', () => {
    const options = { initialDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((retry) => retryDelay(retry, options))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  test('a huge retry count stays at the maximum instead of overflowing', () => {
    expect(retryDelay(10_000, { initialDelayMs: 100, maxDelayMs: 1000 })).toBe(1000);
  });
});

describe('isRetryable', () => {
  test('503, network errors and timeouts are retried; other answers are final', () => {
    expect(isRetryable(503)).toBe(true);
    expect(isRetryable('network')).toBe(true);
    expect(isRetryable('timeout')).toBe(true);
    for (const status of [200, 201, 400, 401, 409, 413, 429, 500, 502, 504])
      expect(isRetryable(status)).toBe(false);
  });
});

describe('sendUntilAcknowledged', () => {
  test('a first 2xx is the acknowledgement, with its body', async () => {
    const clock = fakeClock();
    const result = await sendUntilAcknowledged(async () => json(201, { id: 'a' }), {
      deadline: clock.now() + 10_000,
      attemptTimeoutMs: 1000,
      initialDelayMs: 100,
      maxDelayMs: 1000,
      ...clock,
    });
    expect(result).toMatchObject({ isAcknowledged: true, status: 201, body: { id: 'a' } });
    expect(result.attempts.map((a) => a.outcome)).toEqual([201]);
    expect(clock.sleeps).toEqual([]);
  });

  test('retries through 503s and network errors, backing off, until acknowledged', async () => {
    const clock = fakeClock();
    const script: Array<() => Promise<Response>> = [
      async () => json(503, { code: 'unavailable' }),
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => json(503, { code: 'unavailable' }),
      async () => json(201, { id: 'b' }),
    ];
    let calls = 0;
    const result = await sendUntilAcknowledged(
      () => {
        const next = script[calls++];
        if (!next) throw new Error('called too often');
        return next();
      },
      {
        deadline: clock.now() + 10_000,
        attemptTimeoutMs: 1000,
        initialDelayMs: 100,
        maxDelayMs: 250,
        ...clock,
      },
    );
    expect(result.isAcknowledged).toBe(true);
    expect(result.attempts.map((a) => a.outcome)).toEqual([503, 'network', 503, 201]);
    expect(clock.sleeps).toEqual([100, 200, 250]);
  });

  test('a refusal other than 503 is final and not retried', async () => {
    for (const status of [400, 409, 500]) {
      const clock = fakeClock();
      let calls = 0;
      const result = await sendUntilAcknowledged(
        async () => {
          calls++;
          return json(status, { code: 'x' });
        },
        {
          deadline: clock.now() + 10_000,
          attemptTimeoutMs: 1000,
          initialDelayMs: 100,
          maxDelayMs: 1000,
          ...clock,
        },
      );
      expect(result).toMatchObject({ isAcknowledged: false, reason: `refused with ${status}` });
      expect(calls).toBe(1);
    }
  });

  test('gives up when the next retry would start after the deadline', async () => {
    const clock = fakeClock();
    let calls = 0;
    const result = await sendUntilAcknowledged(
      async () => {
        calls++;
        return json(503, {});
      },
      {
        deadline: clock.now() + 1000,
        attemptTimeoutMs: 1000,
        initialDelayMs: 100,
        maxDelayMs: 1000,
        ...clock,
      },
    );
    expect(result).toMatchObject({ isAcknowledged: false, reason: 'deadline passed while retrying' });
    // Sleeps of 100 + 200 + 400 fit in the second; the next (800) would not.
    expect(calls).toBe(4);
    expect(clock.sleeps).toEqual([100, 200, 400]);
  });

  test('an attempt without an answer is aborted and counted as a timeout, then retried', async () => {
    let calls = 0;
    const result = await sendUntilAcknowledged(
      (signal) => {
        calls++;
        if (calls > 1) return Promise.resolve(json(201, { id: 'c' }));
        return new Promise<Response>((_, reject) => {
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      },
      { deadline: Date.now() + 5000, attemptTimeoutMs: 30, initialDelayMs: 1, maxDelayMs: 1 },
    );
    expect(result.isAcknowledged).toBe(true);
    expect(result.attempts.map((a) => a.outcome)).toEqual(['timeout', 201]);
    expect(result.attempts[0]?.ms).toBeGreaterThanOrEqual(25);
  });

  test('a 2xx without a JSON body is still acknowledged, with a null body', async () => {
    const clock = fakeClock();
    const result = await sendUntilAcknowledged(async () => new Response('not json', { status: 200 }), {
      deadline: clock.now() + 1000,
      attemptTimeoutMs: 1000,
      initialDelayMs: 10,
      maxDelayMs: 10,
      ...clock,
    });
    expect(result).toMatchObject({ isAcknowledged: true, status: 200, body: null });
  });
});

describe('against a real HTTP server that is unavailable twice', () => {
  const seen: Array<{ key: string | null; body: string }> = [];
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      seen.push({ key: request.headers.get('idempotency-key'), body: await request.text() });
      return seen.length <= 2 ? json(503, { code: 'unavailable' }) : json(201, { id: 'd' });
    },
  });
  afterAll(() => server.stop(true));

  test('every retry sends the same body and the same Idempotency-Key', async () => {
    const body = JSON.stringify({ content: 'the same every time' });
    const result = await sendUntilAcknowledged(
      (signal) =>
        fetch(`http://127.0.0.1:${server.port}/write`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'key-1' },
          body,
          signal,
        }),
      { deadline: Date.now() + 5000, attemptTimeoutMs: 2000, initialDelayMs: 5, maxDelayMs: 10 },
    );
    expect(result).toMatchObject({ isAcknowledged: true, status: 201, body: { id: 'd' } });
    expect(seen).toEqual([
      { key: 'key-1', body },
      { key: 'key-1', body },
      { key: 'key-1', body },
    ]);
  });
});
