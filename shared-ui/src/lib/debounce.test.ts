import { describe, expect, test } from 'bun:test';
import { createDebouncer } from './debounce.ts';

describe('createDebouncer', () => {
  test('only the last value of a burst settles, once, after the delay', async () => {
    const settled: string[] = [];
    const debouncer = createDebouncer<string>(150, (value) => settled.push(value));
    debouncer.push('v');
    debouncer.push('vp');
    await Bun.sleep(100);
    debouncer.push('vpn');
    expect(settled).toEqual([]);
    await Bun.sleep(60);
    // 160 ms after 'v' but only 60 ms after 'vpn': the burst is still going.
    expect(settled).toEqual([]);
    await Bun.sleep(150);
    expect(settled).toEqual(['vpn']);
  });

  test('values pushed further apart than the delay each settle', async () => {
    const settled: number[] = [];
    const debouncer = createDebouncer<number>(10, (value) => settled.push(value));
    debouncer.push(1);
    await Bun.sleep(30);
    debouncer.push(2);
    await Bun.sleep(30);
    expect(settled).toEqual([1, 2]);
  });

  test('cancel drops the pending value and the debouncer stays usable', async () => {
    const settled: string[] = [];
    const debouncer = createDebouncer<string>(10, (value) => settled.push(value));
    debouncer.push('gone');
    debouncer.cancel();
    await Bun.sleep(30);
    expect(settled).toEqual([]);
    debouncer.push('kept');
    await Bun.sleep(30);
    expect(settled).toEqual(['kept']);
  });
});
