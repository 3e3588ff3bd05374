import { describe, expect, test } from 'bun:test';
import { forwardRef, memo } from 'react';
import { isRemoteModule, withBackoff } from './load-remote-component.ts';

describe('isRemoteModule', () => {
  test('a module whose default export is a component is accepted', () => {
    expect(isRemoteModule({ default: () => null })).toBe(true);
    expect(isRemoteModule({ default: memo(() => null) })).toBe(true);
    expect(isRemoteModule({ default: forwardRef(() => null) })).toBe(true);
  });

  test('anything else is refused, so a broken remote shows its error instead of crashing React', () => {
    expect(isRemoteModule(undefined)).toBe(false);
    expect(isRemoteModule(null)).toBe(false);
    expect(isRemoteModule(() => null)).toBe(false);
    expect(isRemoteModule({})).toBe(false);
    expect(isRemoteModule({ default: null })).toBe(false);
    expect(isRemoteModule({ default: 'TicketListPage' })).toBe(false);
  });
});

describe('withBackoff', () => {
  test('retries with doubling delays until the task succeeds', async () => {
    const delays: number[] = [];
    const tries: number[] = [];
    const result = await withBackoff(
      async (tryIndex) => {
        tries.push(tryIndex);
        if (tryIndex < 2) throw new Error('down');
        return 'loaded';
      },
      { attempts: 3, firstDelayMs: 500, sleep: async (ms) => void delays.push(ms) },
    );
    expect(result).toBe('loaded');
    expect(tries).toEqual([0, 1, 2]);
    expect(delays).toEqual([500, 1000]);
  });

  test('gives up after the last attempt with the last error', async () => {
    const delays: number[] = [];
    const attempt = withBackoff(
      async (tryIndex) => {
        throw new Error(`down ${tryIndex}`);
      },
      { attempts: 3, firstDelayMs: 500, sleep: async (ms) => void delays.push(ms) },
    );
    await expect(attempt).rejects.toThrow('down 2');
    expect(delays).toEqual([500, 1000]);
  });

  test('an error marked final is thrown at once, without waiting', async () => {
    const delays: number[] = [];
    let tries = 0;
    const attempt = withBackoff(
      async () => {
        tries += 1;
        throw new TypeError('incompatible');
      },
      {
        attempts: 3,
        firstDelayMs: 500,
        isFinal: (error) => error instanceof TypeError,
        sleep: async (ms) => void delays.push(ms),
      },
    );
    await expect(attempt).rejects.toThrow('incompatible');
    expect(tries).toBe(1);
    expect(delays).toEqual([]);
  });
});
