import { describe, expect, test } from 'bun:test';
import { createOnDemandLoader } from './on-demand-loader.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createOnDemandLoader', () => {
  test('nothing is fetched until the first load', () => {
    const attempts: number[] = [];
    const loader = createOnDemandLoader(async (attempt) => {
      attempts.push(attempt);
      return 'dialog';
    });
    expect(loader.getState()).toEqual({ status: 'idle' });
    expect(attempts).toEqual([]);
  });

  test('concurrent loads share one fetch, and a success is kept', async () => {
    const attempts: number[] = [];
    const pending = deferred<string>();
    const loader = createOnDemandLoader((attempt) => {
      attempts.push(attempt);
      return pending.promise;
    });
    const first = loader.load();
    const second = loader.load();
    expect(loader.getState()).toEqual({ status: 'loading' });
    pending.resolve('dialog');
    expect(await first).toBe('dialog');
    expect(await second).toBe('dialog');
    expect(await loader.load()).toBe('dialog');
    expect(attempts).toEqual([0]);
    expect(loader.getState()).toEqual({ status: 'ready', value: 'dialog' });
  });

  test('a failure resolves to null and the next load fetches again with the next attempt', async () => {
    const attempts: number[] = [];
    let isDown = true;
    const loader = createOnDemandLoader(async (attempt) => {
      attempts.push(attempt);
      if (isDown) throw new Error('remote down');
      return 'dialog';
    });
    expect(await loader.load()).toBeNull();
    const failed = loader.getState();
    expect(failed.status).toBe('failed');
    expect(failed.status === 'failed' && failed.error.message).toBe('remote down');

    isDown = false;
    expect(await loader.load()).toBe('dialog');
    expect(attempts).toEqual([0, 1]);
  });

  test('a non-Error rejection is still reported as an Error', async () => {
    const loader = createOnDemandLoader(() => Promise.reject('boom'));
    await loader.load();
    const state = loader.getState();
    expect(state.status === 'failed' && state.error).toBeInstanceOf(Error);
  });

  test('fail() after a success makes the next load fetch again', async () => {
    const attempts: number[] = [];
    const loader = createOnDemandLoader(async (attempt) => {
      attempts.push(attempt);
      return `dialog ${attempt}`;
    });
    await loader.load();
    loader.fail(new Error('render crashed'));
    expect(loader.getState().status).toBe('failed');
    expect(await loader.load()).toBe('dialog 1');
    expect(attempts).toEqual([0, 1]);
  });

  test('subscribers hear every change and can unsubscribe', async () => {
    const loader = createOnDemandLoader(async () => 'dialog');
    const seen: string[] = [];
    const unsubscribe = loader.subscribe(() => seen.push(loader.getState().status));
    await loader.load();
    unsubscribe();
    loader.fail(new Error('x'));
    expect(seen).toEqual(['loading', 'ready']);
  });
});
