import { describe, expect, test } from 'bun:test';
import { laneKeysOf, runInLanes } from './intake-lanes.ts';
import { parseMessage } from './parse-message.ts';

type Item = { name: string; keys: string[] };

/** Runs items whose work waits for the test to let it finish, and records what ran alongside what. */
function harness(items: Item[], concurrency: number, shouldStop: (name: string) => boolean = () => false) {
  const started: string[] = [];
  const finished: string[] = [];
  const release = new Map<string, () => void>();
  let inFlight = 0;
  let mostInFlight = 0;
  let next = 0;
  const run = runInLanes(items, {
    concurrency,
    prepare: async (item) => item,
    keysOf: (item) => item.keys,
    work: async (item) => {
      started.push(item.name);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise<void>((resolve) => release.set(item.name, resolve));
      inFlight -= 1;
      finished.push(item.name);
    },
    shouldStop: () => shouldStop(items[next++]?.name ?? ''),
  });
  /** Lets every started item finish, one turn at a time, until the run ends. */
  const drain = async () => {
    let isDone = false;
    void run.then(() => {
      isDone = true;
    });
    while (!isDone) {
      await Bun.sleep(1);
      for (const [name, resolve] of release) {
        release.delete(name);
        resolve();
      }
    }
    return run;
  };
  return { started, finished, release, drain, mostInFlight: () => mostInFlight };
}

const settle = () => Bun.sleep(5);

describe('runInLanes', () => {
  test('items that share nothing run side by side, up to the concurrency and never more', async () => {
    const items = Array.from({ length: 10 }, (_, index) => ({ name: `m${index}`, keys: [`from:${index}`] }));
    const run = harness(items, 4);
    await settle();
    expect(run.started).toEqual(['m0', 'm1', 'm2', 'm3']);
    await run.drain();
    expect(run.mostInFlight()).toBe(4);
    expect(run.finished.toSorted()).toEqual(items.map((item) => item.name).toSorted());
  });

  test('an item waits for every earlier item it shares a key with, and runs after them in order', async () => {
    const items = [
      { name: 'a', keys: ['from:x'] },
      { name: 'b', keys: ['from:y', 'id:b'] },
      { name: 'c', keys: ['from:x', 'id:b'] },
      { name: 'd', keys: ['from:z'] },
    ];
    const run = harness(items, 4);
    await settle();
    // c shares its sender with a and a thread with b: it has not started; d shares nothing.
    expect(run.started).toEqual(['a', 'b', 'd']);
    run.release.get('a')?.();
    run.release.delete('a');
    await settle();
    expect(run.started).toEqual(['a', 'b', 'd']);
    run.release.get('b')?.();
    run.release.delete('b');
    await settle();
    expect(run.started).toEqual(['a', 'b', 'd', 'c']);
    await run.drain();
  });

  test('a chain of one sender runs one at a time, in the order the items came', async () => {
    const items = Array.from({ length: 6 }, (_, index) => ({ name: `m${index}`, keys: ['from:same'] }));
    const run = harness(items, 4);
    await run.drain();
    expect(run.mostInFlight()).toBe(1);
    expect(run.finished).toEqual(items.map((item) => item.name));
  });

  test('a stopping run prepares nothing more and answers what it did not start', async () => {
    const items = Array.from({ length: 5 }, (_, index) => ({ name: `m${index}`, keys: [`from:${index}`] }));
    const run = harness(items, 1, (name) => name === 'm2');
    const { notStarted } = await run.drain();
    expect(run.finished).toEqual(['m0', 'm1']);
    expect(notStarted.map((item) => item.name)).toEqual(['m2', 'm3', 'm4']);
  });

  test('an item prepared as nothing is skipped', async () => {
    const worked: number[] = [];
    await runInLanes([1, 2, 3], {
      concurrency: 2,
      prepare: async (item) => (item === 2 ? null : item),
      keysOf: () => [],
      work: async (item) => {
        worked.push(item);
      },
      shouldStop: () => false,
    });
    expect(worked.toSorted()).toEqual([1, 3]);
  });

  test('an error that escapes is thrown once the started items are done, and nothing new starts', async () => {
    const worked: number[] = [];
    const run = runInLanes([1, 2, 3, 4, 5], {
      concurrency: 2,
      prepare: async (item) => item,
      keysOf: (item) => [`from:${item}`],
      work: async (item) => {
        if (item === 1) throw new Error('database gone');
        await Bun.sleep(5);
        worked.push(item);
      },
      shouldStop: () => false,
    });
    expect(run).rejects.toThrow('database gone');
    await run.catch(() => {});
    // 2 was running beside 1 and finished; 3 may have started in 1's place; 4 and 5 never did.
    expect(worked).toContain(2);
    expect(worked).not.toContain(4);
    expect(worked).not.toContain(5);
  });
});

describe('laneKeysOf', () => {
  test("names the sender's address in any case, the message's own id and every id it answers", async () => {
    const message = await parseMessage(
      Buffer.from(
        [
          'From: Ann <Ann@Example.COM>',
          'Subject: Re: printer',
          'Message-ID: <b@client.test>',
          'In-Reply-To: <a@client.test>',
          'References: <root@client.test> <a@client.test>',
          '',
          'Still broken.',
          '',
        ].join('\r\n'),
      ),
    );
    expect(laneKeysOf(message).toSorted()).toEqual(
      [
        'from:ann@example.com',
        'id:<a@client.test>',
        'id:<b@client.test>',
        'id:<root@client.test>',
      ].toSorted(),
    );
  });

  test('a message with no sender and no ids ties to nothing', async () => {
    const message = await parseMessage(Buffer.from('Subject: nothing\r\n\r\nhello\r\n'));
    expect(laneKeysOf(message)).toEqual([]);
  });
});
