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
