/**
 * The one value a ticket write needs and an admin rarely changes (the enabled triggers, whether any
 * webhook is enabled, the active SLA policies: each a ListenedValue), as a process keeps it.
 */
import { describe, expect, test } from 'bun:test';
import { ListenedValue } from './listened-cache.ts';

describe('a value a process keeps while it hears its changes', () => {
  test('a value a writer read serves every write until a change is heard, falsy values too', () => {
    const cache = new ListenedValue<boolean>({ ttlMs: 60_000 });
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
    const cache = new ListenedValue<readonly string[]>({ ttlMs: 1_000, now: () => now });
    cache.follow(() => isListening);
    expect(cache.wantsRead).toBe(false);
    cache.keep(cache.mark(), ['a']);
    isListening = true;
    expect(cache.current()).toBeNull();
    cache.keep(cache.mark(), ['a']);
    expect(cache.current()).toEqual(['a']);
    now = 1_000;
    expect(cache.current()).toBeNull();
    expect(cache.wantsRead).toBe(true);
    isListening = false;
    expect(cache.wantsRead).toBe(false);
  });

  test('a read a change overtook is not kept', () => {
    const cache = new ListenedValue<readonly string[]>({ ttlMs: 60_000 });
    cache.follow(() => true);
    const mark = cache.mark();
    cache.clear();
    cache.keep(mark, ['old']);
    expect(cache.current()).toBeNull();
  });

  test('a cache with no lifetime is off: it never asks, keeps or serves', () => {
    const cache = new ListenedValue<boolean>({ ttlMs: 0 });
    cache.follow(() => true);
    expect(cache.wantsRead).toBe(false);
    cache.keep(cache.mark(), true);
    expect(cache.current()).toBeNull();
  });
});
