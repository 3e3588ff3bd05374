import { describe, expect, test } from 'bun:test';
import { TriggerRuleCache } from './rule-cache.ts';
import type { TriggerRule } from './rules.ts';

const rule = (name: string): TriggerRule => ({
  id: name,
  name,
  position: 0,
  runOn: 'both',
  conditions: [],
  actions: [{ type: 'set_priority', priority: 'high' }],
  createdBy: null,
});

describe('the enabled triggers of a process', () => {
  test('rules a writer read serve every write until a change is heard', () => {
    const cache = new TriggerRuleCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    expect(cache.current()).toBeNull();
    cache.keep(cache.mark(), [rule('a')]);
    expect(cache.current()).toEqual([rule('a')]);
    expect(cache.hits).toBe(1);
    cache.clear();
    expect(cache.current()).toBeNull();
  });

  test('nothing is kept or served while the LISTEN is down, nor after the lifetime', () => {
    let isListening = false;
    let now = 0;
    const cache = new TriggerRuleCache({ ttlMs: 1_000, now: () => now });
    cache.follow(() => isListening);
    cache.keep(cache.mark(), [rule('a')]);
    isListening = true;
    expect(cache.current()).toBeNull();
    cache.keep(cache.mark(), [rule('a')]);
    expect(cache.current()).toEqual([rule('a')]);
    now = 1_000;
    expect(cache.current()).toBeNull();
  });

  test('a read a change overtook is not kept', () => {
    const cache = new TriggerRuleCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    const mark = cache.mark();
    cache.clear();
    cache.keep(mark, [rule('old')]);
    expect(cache.current()).toBeNull();
  });
});
