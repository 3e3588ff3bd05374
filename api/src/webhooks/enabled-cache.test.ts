import { describe, expect, test } from 'bun:test';
import { WebhookStateCache } from './enabled-cache.ts';

describe('whether any webhook is enabled, as a process knows it', () => {
  test('an answer a writer read serves every write until a change is heard', () => {
    const cache = new WebhookStateCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    expect(cache.wantsRead).toBe(true);
    expect(cache.current()).toBeNull();
    cache.keep(cache.mark(), false);
    expect(cache.wantsRead).toBe(false);
    expect(cache.current()).toBe(false);
    expect(cache.hits).toBe(1);
    cache.clear();
    expect(cache.current()).toBeNull();
    expect(cache.wantsRead).toBe(true);
  });

  test('nothing is asked for, kept or served while the LISTEN is down, nor after the lifetime', () => {
    let isListening = false;
    let now = 0;
    const cache = new WebhookStateCache({ ttlMs: 1_000, now: () => now });
    cache.follow(() => isListening);
    expect(cache.wantsRead).toBe(false);
    cache.keep(cache.mark(), false);
    isListening = true;
    expect(cache.current()).toBeNull();
    cache.keep(cache.mark(), false);
    expect(cache.current()).toBe(false);
    now = 1_000;
    expect(cache.current()).toBeNull();
    expect(cache.wantsRead).toBe(true);
    isListening = false;
    expect(cache.wantsRead).toBe(false);
  });

  test('a read a change overtook is not kept', () => {
    const cache = new WebhookStateCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    const mark = cache.mark();
    cache.clear();
    cache.keep(mark, false);
    expect(cache.current()).toBeNull();
  });
});
