import { describe, expect, test } from 'bun:test';
import { DeskSnapshots } from './desk-snapshot.ts';

function listening(maxAgeMs = 2_000) {
  let isUp = true;
  let now = 1_000;
  const snapshots = new DeskSnapshots({ maxAgeMs, now: () => now });
  snapshots.follow(() => isUp);
  let reads = 0;
  const read = async () => {
    reads += 1;
    return reads;
  };
  return {
    snapshots,
    read,
    reads: () => reads,
    setUp: (value: boolean) => {
      isUp = value;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A read that finishes when told, to put a change in the middle of it. */
function pendingRead() {
  let finish: (value: string) => void = () => {};
  const value = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return { read: () => value, finish };
}

describe('DeskSnapshots', () => {
  test('one read serves every request until it is older than the limit', async () => {
    const { snapshots, read, reads, advance } = listening();
    expect(await snapshots.load('metrics', read)).toBe(1);
    advance(1_999);
    expect(await snapshots.load('metrics', read)).toBe(1);
    expect(snapshots.hits).toBe(1);
    advance(1);
    expect(await snapshots.load('metrics', read)).toBe(2);
    expect(reads()).toBe(2);
  });

  test('an answer nearing its age is read again ahead: nobody waits on the clock, one read serves', async () => {
    const { snapshots, advance } = listening();
    expect(await snapshots.load('metrics', async () => 'first')).toBe('first');
    advance(1_499);
    let reads = 0;
    const ahead = pendingRead();
    const readAhead = () => {
      reads += 1;
      return ahead.read();
    };
    expect(await snapshots.load('metrics', readAhead)).toBe('first');
    expect(reads).toBe(0);
    advance(1);
    // Three quarters of the way: still the answer in hand, and one read of its successor starts.
    expect(await snapshots.load('metrics', readAhead)).toBe('first');
    expect(await snapshots.load('metrics', readAhead)).toBe('first');
    expect(reads).toBe(1);
    // Past the age, the successor is handed out, waited for if it is still being read.
    advance(500);
    const expired = snapshots.load('metrics', readAhead);
    ahead.finish('second');
    expect(await expired).toBe('second');
    expect(reads).toBe(1);
    // It is an answer like any other: its age counts from when its read started.
    advance(999);
    expect(await snapshots.load('metrics', readAhead)).toBe('second');
    expect(reads).toBe(1);
  });

  test('a change heard while the successor is read ahead: the successor is never handed out', async () => {
    const { snapshots, advance } = listening();
    await snapshots.load('metrics', async () => 'before');
    advance(1_600);
    const ahead = pendingRead();
    expect(await snapshots.load('metrics', ahead.read)).toBe('before');
    snapshots.onRealtime(JSON.stringify({ type: 'ticket', ticketId: crypto.randomUUID() }));
    ahead.finish('read across the change');
    expect(await snapshots.load('metrics', async () => 'after the change')).toBe('after the change');
    advance(1_000);
    expect(await snapshots.load('metrics', async () => 'not read')).toBe('after the change');
  });

  test('a read ahead that fails: the answer in hand serves until its age, then a new read', async () => {
    const { snapshots, advance } = listening();
    await snapshots.load('metrics', async () => 'first');
    advance(1_600);
    const failing = (): Promise<string> => Promise.reject(new Error('down'));
    expect(await snapshots.load('metrics', failing)).toBe('first');
    await Bun.sleep(0);
    advance(100);
    // The failed read is forgotten, so the next request tries again ahead.
    expect(await snapshots.load('metrics', async () => 'second')).toBe('first');
    advance(300);
    expect(await snapshots.load('metrics', async () => 'not read')).toBe('second');
  });

  test('keys are separate answers', async () => {
    const { snapshots, read } = listening();
    expect(await snapshots.load('metrics', read)).toBe(1);
    expect(await snapshots.load('sla-counts', read)).toBe(2);
    expect(await snapshots.load('metrics', read)).toBe(1);
  });

  test('requests during a read wait for it instead of reading again', async () => {
    const { snapshots } = listening();
    const pending = pendingRead();
    const first = snapshots.load('metrics', pending.read);
    const second = snapshots.load('metrics', () => Promise.resolve('a second read'));
    pending.finish('one read');
    expect(await first).toBe('one read');
    expect(await second).toBe('one read');
  });

  test('a read that started before a change is never handed to a request after it', async () => {
    const { snapshots } = listening();
    const pending = pendingRead();
    const before = snapshots.load('metrics', pending.read);
    snapshots.onRealtime(JSON.stringify({ type: 'ticket', ticketId: crypto.randomUUID() }));
    const after = snapshots.load('metrics', () => Promise.resolve('after the change'));
    pending.finish('before the change');
    expect(await before).toBe('before the change');
    expect(await after).toBe('after the change');
    expect(await snapshots.load('metrics', () => Promise.resolve('a third read'))).toBe('after the change');
  });

  test('a failed read is not kept', async () => {
    const { snapshots, read } = listening();
    await expect(snapshots.load('metrics', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await snapshots.load('metrics', read)).toBe(1);
  });

  test('every request reads while the LISTEN is down, or with no lifetime', async () => {
    const { snapshots, read, reads, setUp } = listening();
    setUp(false);
    await snapshots.load('metrics', read);
    await snapshots.load('metrics', read);
    expect(reads()).toBe(2);

    const off = listening(0);
    await off.snapshots.load('metrics', off.read);
    await off.snapshots.load('metrics', off.read);
    expect(off.reads()).toBe(2);
  });

  test('what drops the answers: ticket and user changes, a new LISTEN, anything unreadable', async () => {
    const { snapshots, read, reads } = listening();
    const readsAfter = async (change: () => void) => {
      await snapshots.load('metrics', read);
      const before = reads();
      change();
      await snapshots.load('metrics', read);
      return reads() - before;
    };
    const ticket = JSON.stringify({ type: 'ticket', ticketId: crypto.randomUUID() });
    const broadcast = JSON.stringify({ type: 'agentNotifications', exceptUserId: null });
    const bell = JSON.stringify({ type: 'notifications', userIds: [crypto.randomUUID()] });
    expect(await readsAfter(() => snapshots.onRealtime(ticket))).toBe(1);
    expect(await readsAfter(() => snapshots.onRealtime(broadcast))).toBe(1);
    expect(await readsAfter(() => snapshots.onRealtime(undefined))).toBe(1);
    expect(await readsAfter(() => snapshots.onRealtime('{"type":"ticket"'))).toBe(1);
    expect(await readsAfter(() => snapshots.onSessionNotification(`user:${crypto.randomUUID()}`))).toBe(1);
    expect(await readsAfter(() => snapshots.onSessionNotification(undefined))).toBe(1);
    // A bell or a session's end changes no desk number.
    expect(await readsAfter(() => snapshots.onRealtime(bell))).toBe(0);
    expect(await readsAfter(() => snapshots.onSessionNotification('session:abc'))).toBe(0);
  });
});
