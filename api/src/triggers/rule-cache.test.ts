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

function counted(rules: TriggerRule[]) {
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return Promise.resolve(rules);
    },
    reads: () => reads,
  };
}

describe('the enabled triggers of a process', () => {
  test('one read serves every write until a change is heard', async () => {
    const cache = new TriggerRuleCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    const source = counted([rule('a')]);
    await cache.load(source.read);
    expect(await cache.load(source.read)).toEqual([rule('a')]);
    expect(source.reads()).toBe(1);
    expect(cache.hits).toBe(1);
    cache.clear();
    await cache.load(source.read);
    expect(source.reads()).toBe(2);
  });

  test('nothing is served while the LISTEN is down, nor after the lifetime', async () => {
    let isListening = false;
    let now = 0;
    const cache = new TriggerRuleCache({ ttlMs: 1_000, now: () => now });
    cache.follow(() => isListening);
    const source = counted([]);
    await cache.load(source.read);
    await cache.load(source.read);
    expect(source.reads()).toBe(2);
    isListening = true;
    await cache.load(source.read);
    await cache.load(source.read);
    expect(source.reads()).toBe(3);
    now = 1_000;
    await cache.load(source.read);
    expect(source.reads()).toBe(4);
  });

  test('a read a change overtook is not kept', async () => {
    const cache = new TriggerRuleCache({ ttlMs: 60_000 });
    cache.follow(() => true);
    let release: (rules: TriggerRule[]) => void = () => {};
    const slow = cache.load(() => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release([rule('old')]);
    await slow;
    const source = counted([rule('new')]);
    expect(await cache.load(source.read)).toEqual([rule('new')]);
  });
});
