import { describe, expect, test } from 'bun:test';
import { SpentMissBudgets } from './spent-budgets.ts';

describe('SpentMissBudgets', () => {
  test('remembers a reader for the day it was told, and forgets everyone when the day turns', () => {
    let day = '2026-11-28';
    const spent = new SpentMissBudgets({ today: () => day });
    expect(spent.has('a')).toBe(false);
    spent.add('a');
    expect(spent.has('a')).toBe(true);
    expect(spent.has('b')).toBe(false);
    day = '2026-11-29';
    expect(spent.has('a')).toBe(false);
    expect(spent.size).toBe(0);
  });

  test('stays bounded: past its readers it starts again rather than grow', () => {
    const spent = new SpentMissBudgets({ today: () => '2026-11-28', maxReaders: 3 });
    for (const reader of ['a', 'b', 'c']) spent.add(reader);
    expect(spent.size).toBe(3);
    spent.add('d');
    expect(spent.size).toBe(1);
    expect(spent.has('d')).toBe(true);
    expect(spent.has('a')).toBe(false);
    for (let i = 0; i < 1000; i++) spent.add(`reader ${i}`);
    expect(spent.size).toBeLessThanOrEqual(3);
  });
});
