import { describe, expect, test } from 'bun:test';
import { UnreadCountCache } from './count-cache.ts';

const A = '0190a000-0000-7000-8000-00000000000a';
const B = '0190a000-0000-7000-8000-00000000000b';

function listening() {
  let isUp = true;
  let now = 1_000;
  const cache = new UnreadCountCache({ ttlMs: 10_000, now: () => now });
  cache.follow(() => isUp);
  const fill = () => {
    cache.set(A, 1, cache.mark());
    cache.set(B, 2, cache.mark());
  };
  const cached = () => [A, B].filter((userId) => cache.get(userId) !== null);
  return {
    cache,
    fill,
    cached,
    setUp: (value: boolean) => {
      isUp = value;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('UnreadCountCache', () => {
  test('serves and stores nothing while its LISTEN is down, or with no lifetime', () => {
    const { cache, setUp } = listening();
    setUp(false);
    cache.set(A, 3, cache.mark());
    setUp(true);
    expect(cache.get(A)).toBeNull();
    cache.set(A, 3, cache.mark());
    expect(cache.get(A)).toBe(3);
    setUp(false);
    expect(cache.get(A)).toBeNull();

    const off = new UnreadCountCache({ ttlMs: 0 });
    off.follow(() => true);
    off.set(A, 3, off.mark());
    expect(off.get(A)).toBeNull();
  });

  test('a zero count is a count, and an entry lives the lifetime', () => {
    const { cache, advance } = listening();
    cache.set(A, 0, cache.mark());
    advance(9_999);
    expect(cache.get(A)).toBe(0);
    advance(1);
    expect(cache.get(A)).toBeNull();
  });

  test('a count read before an invalidation that arrived during the read is not kept', () => {
    const { cache } = listening();
    const mark = cache.mark();
    cache.onRealtime(JSON.stringify({ type: 'notifications', userIds: [B] }));
    cache.set(A, 5, mark);
    expect(cache.get(A)).toBeNull();
  });

  test('realtime messages drop the users named, everyone on a broadcast, nobody on a ticket', () => {
    const { cache, fill, cached } = listening();
    fill();
    cache.onRealtime(JSON.stringify({ type: 'notifications', userIds: [A] }));
    expect(cached()).toEqual([B]);
    fill();
    cache.onRealtime(JSON.stringify({ type: 'ticket', ticketId: A }));
    expect(cached()).toEqual([A, B]);
    cache.onRealtime(JSON.stringify({ type: 'agentNotifications', exceptUserId: A }));
    expect(cached()).toEqual([]);
    // A new LISTEN (no payload), or anything it cannot read, may hide a missed change.
    for (const payload of [
      undefined,
      '',
      'not json',
      '{"type":"notifications","userIds":[]}',
      '{"type":"notifications","userIds":["x"]}',
      '{"type":"ticket"}',
      '{"type":"other"}',
      '{"__proto__":{"type":"ticket"}}',
    ]) {
      fill();
      cache.onRealtime(payload);
      expect(cached()).toEqual([]);
    }
  });

  test("a changed user row drops that user's count; a session's end drops none", () => {
    const { cache, fill, cached } = listening();
    fill();
    cache.onSessionNotification(`user:${A}`);
    expect(cached()).toEqual([B]);
    fill();
    cache.onSessionNotification('session:abc');
    expect(cached()).toEqual([A, B]);
    for (const payload of [undefined, '', 'user:', 'session:', 'other:x']) {
      fill();
      cache.onSessionNotification(payload);
      expect(cached()).toEqual([]);
    }
  });
});
