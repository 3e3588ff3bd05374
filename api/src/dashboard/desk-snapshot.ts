import { ListenedCache } from '../listened-cache.ts';
import { readRealtimeMessage } from '../realtime/publish.ts';

/**
 * How long a desk-wide answer may be reused when nothing was heard to change it. The numbers also
 * move with the clock alone (a deadline passes, a day ends), so an answer is never older than this.
 */
export const DESK_SNAPSHOT_MAX_AGE_MS = 2_000;

/**
 * From this share of the lifetime on, a request that is served an answer also starts its
 * successor's read: the answer changes hands before it expires, and no request waits on the clock.
 */
const REFRESH_AHEAD = 0.75;

type Entry = {
  value: Promise<unknown>;
  mark: number;
  startedAt: number;
  /** The successor's read, started ahead of this answer's expiry. */
  next: Entry | null;
};

/**
 * This process's desk-wide dashboard answers (the metrics, SLA compliance and team activity every
 * staff member sees alike). Every ticket change makes every open staff dashboard refetch all
 * three (shell/src/session/live-updates.ts): with 200 agents that is 600 identical reads per
 * change. Here one read serves them: requests that arrive while it runs wait for it, and its
 * answer is reused until a ticket or a user changes (the realtime and session messages every
 * process hears) or DESK_SNAPSHOT_MAX_AGE_MS passes, whichever comes first. Only a change makes
 * requests wait: an answer nearing its age is read again ahead (REFRESH_AHEAD). A read that started
 * before a change was heard is never handed to a request that arrives after it; listened-cache.ts
 * says the rest.
 */
export class DeskSnapshots extends ListenedCache {
  readonly #entries = new Map<string, Entry>();

  constructor(options: { maxAgeMs: number; now?: () => number }) {
    super({ lifetimeMs: options.maxAgeMs, now: options.now });
  }

  /** The answer for `key`: a fresh one another request read or is reading, else `read()`'s. */
  load<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.isActive) return read();
    const now = this.now();
    let entry = this.#entries.get(key);
    // Expired, with its successor read ahead and nothing heard since: the successor takes over.
    if (entry?.next && now - entry.startedAt >= this.lifetimeMs && this.isCurrent(entry.next.mark)) {
      entry = entry.next;
      this.#entries.set(key, entry);
    }
    if (entry && this.isCurrent(entry.mark) && now - entry.startedAt < this.lifetimeMs) {
      this.countHit();
      if (!entry.next && now - entry.startedAt >= this.lifetimeMs * REFRESH_AHEAD) {
        const current = entry;
        const ahead = this.#start(read, now, () => {
          if (current.next === ahead) current.next = null;
        });
        current.next = ahead;
      }
      return entry.value as Promise<T>;
    }
    const fresh = this.#start(read, now, () => {
      if (this.#entries.get(key) === fresh) this.#entries.delete(key);
    });
    this.#entries.set(key, fresh);
    return fresh.value as Promise<T>;
  }

  /** A read of an answer; `forget` drops it if it fails, so the next request tries again. */
  #start(read: () => Promise<unknown>, now: number, forget: () => void): Entry {
    const entry: Entry = { value: read(), mark: this.mark(), startedAt: now, next: null };
    entry.value.catch(forget);
    return entry;
  }

  /** Drops every answer (something changed, or a change may have been missed). */
  clear(): void {
    this.invalidate();
    this.#entries.clear();
  }

  /** A message of the realtime channel: a ticket changed, or one was created (its broadcast). */
  onRealtime(payload: string | undefined): void {
    // A bell-only or presence message changes no ticket; anything else, nothing (a new LISTEN) or
    // anything unreadable may have.
    const type = readRealtimeMessage(payload)?.type;
    if (type !== 'notifications' && type !== 'presence') this.clear();
  }

  /** A message of the session channel: a user row changed (names and roles show in team activity). */
  onSessionNotification(payload: string | undefined): void {
    if (payload?.startsWith('session:')) return;
    this.clear();
  }
}

let processSnapshots: DeskSnapshots | null = null;

/** This process's desk snapshots; inactive until the process caches' LISTEN is up (process-caches.ts). */
export function deskSnapshots(): DeskSnapshots {
  processSnapshots ??= new DeskSnapshots({ maxAgeMs: 0 });
  return processSnapshots;
}

/** Makes `snapshots` this process's desk snapshots (process-caches.ts, at start-up). */
export function useDeskSnapshots(snapshots: DeskSnapshots): void {
  processSnapshots = snapshots;
}
