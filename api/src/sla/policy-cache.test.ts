import { describe, expect, test } from 'bun:test';
import { SlaPolicyCache } from './policy-cache.ts';
import type { ActivePolicy } from './queries.ts';

const policy = (name: string): ActivePolicy => ({
  id: name,
  name,
  responseMinutes: 60,
  resolutionMinutes: 480,
  calendar: null,
  priority: 'medium',
  teamId: null,
  category: null,
});

describe('the active SLA policies of a process', () => {
  test('policies a filing read serve every filing until a change is heard', () => {
    const cache = new SlaPolicyCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    expect(cache.wantsRead).toBe(true);
    expect(cache.current()).toBeNull();
    cache.keep(cache.mark(), [policy('a')]);
    expect(cache.wantsRead).toBe(false);
    expect(cache.current()).toEqual([policy('a')]);
    expect(cache.hits).toBe(1);
    cache.clear();
    expect(cache.current()).toBeNull();
    expect(cache.wantsRead).toBe(true);
  });

  test('nothing is wanted, kept or served while the LISTEN is down, nor after the lifetime', () => {
    let isListening = false;
    let now = 0;
    const cache = new SlaPolicyCache({ ttlMs: 1_000, now: () => now });
    cache.follow(() => isListening);
    expect(cache.wantsRead).toBe(false);
    cache.keep(cache.mark(), [policy('a')]);
    isListening = true;
    expect(cache.current()).toBeNull();
    cache.keep(cache.mark(), [policy('a')]);
    expect(cache.current()).toEqual([policy('a')]);
    now = 1_000;
    expect(cache.current()).toBeNull();
    expect(cache.wantsRead).toBe(true);
  });

  test('a read a change overtook is not kept', () => {
    const cache = new SlaPolicyCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    const mark = cache.mark();
    cache.clear();
    cache.keep(mark, [policy('old')]);
    expect(cache.current()).toBeNull();
  });
});
