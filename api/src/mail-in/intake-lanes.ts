/**
 * Several messages of a round at once, without changing what any of them becomes. Two messages can
 * change each other's outcome only through what they share: a sender (the flood limit counts the
 * sender's earlier messages, an unknown sender's account is opened once, a reply by ticket number is
 * checked against its sender) or a thread (a reply to a message of the same round lands on the ticket
 * that message opens; a Message-ID seen twice is a duplicate). So each message waits for every earlier
 * message of the round it shares a key with, and the rest run side by side: the worker's database
 * round trips overlap instead of queueing one message behind another.
 */
import type { InboundMessage } from './parse-message.ts';

/** What ties a message to others of its round: its sender's address and every Message-ID it names. */
export function laneKeysOf(message: InboundMessage): string[] {
  const keys = new Set<string>();
  if (message.from !== null) keys.add(`from:${message.from.address.toLowerCase()}`);
  for (const id of [message.messageId, message.inReplyTo, ...message.references])
    if (id !== null) keys.add(`id:${id}`);
  return [...keys];
}

export type LaneOptions<TItem, TPrepared> = {
  /** At most this many items are prepared or worked on at once (waiting for an earlier one counts). */
  concurrency: number;
  /** Reads an item, in the items' order; null when there is nothing more to do for it. */
  prepare: (item: TItem) => Promise<TPrepared | null>;
  keysOf: (prepared: TPrepared) => readonly string[];
  /** An item's failure is its own to record; one that escapes is rethrown once the rest are done. */
  work: (prepared: TPrepared) => Promise<void>;
  /** Asked before each item is prepared: a stopping worker starts nothing more. */
  shouldStop: () => boolean;
};

/**
 * Runs every item through `prepare` and `work`, in the items' order but up to `concurrency` at once,
 * an item's work starting only after the work of every earlier item that shares one of its keys.
 * Answers the items never prepared because `shouldStop` said so, for the caller to hand back. An
 * error that escapes `prepare` or `work` stops new items from starting and is thrown once the items
 * already started are done (a database gone away is the runner's to back off from, as with one at a time).
 */
export async function runInLanes<TItem, TPrepared>(
  items: readonly TItem[],
  options: LaneOptions<TItem, TPrepared>,
): Promise<{ notStarted: TItem[] }> {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const inFlight = new Set<Promise<void>>();
  const lastOfKey = new Map<string, Promise<void>>();
  const escaped: unknown[] = [];
  const settle = async () => {
    await Promise.all(inFlight);
    if (escaped.length > 0) throw escaped[0];
  };
  for (const [index, item] of items.entries()) {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (escaped.length > 0) break;
    if (options.shouldStop()) {
      await settle();
      return { notStarted: items.slice(index) };
    }
    let prepared: TPrepared | null;
    try {
      prepared = await options.prepare(item);
    } catch (error) {
      escaped.push(error);
      break;
    }
    if (prepared === null) continue;
    const ready = prepared;
    const keys = [...new Set(options.keysOf(ready))];
    const earlier = keys.flatMap((key) => lastOfKey.get(key) ?? []);
    const done: Promise<void> = Promise.all(earlier)
      .then(() => options.work(ready))
      .catch((error: unknown) => {
        escaped.push(error);
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
    for (const key of keys) lastOfKey.set(key, done);
  }
  await settle();
  return { notStarted: [] };
}
