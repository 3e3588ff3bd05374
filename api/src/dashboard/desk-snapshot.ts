import { ListenedCache } from '../listened-cache.ts';
import { readRealtimeMessage } from '../realtime/publish.ts';

/**
 * How long a desk-wide answer may be reused when nothing was heard to change it. The numbers also
 * move with the clock alone (a deadline passes, a day ends), so an answer is never older than this.
 */
export const DESK_SNAPSHOT_MAX_AGE_MS = 2_000;

type Entry = { value: Promise<unknown>; mark: number; startedAt: number };

/**
 * This process's desk-wide dashboard answers (the metrics, SLA compliance and team activity every
 * staff member sees alike). Every ticket change makes every open staff dashboard refetch all
 * three (shell/src/session/live-updates.ts): with 200 agents that is 600 identical reads per
 * change. Here one read serves them: requests that arrive while it runs wait for it, and its
 * answer is reused until a ticket or a user changes (the realtime and session messages every
 * process hears) or DESK_SNAPSHOT_MAX_AGE_MS passes, whichever comes first. A read that started
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
    const entry = this.#entries.get(key);
    if (entry && this.isCurrent(entry.mark) && now - entry.startedAt < this.lifetimeMs) {
      this.countHit();
      return entry.value as Promise<T>;
    }
    const value = read();
    const fresh: Entry = { value, mark: this.mark(), startedAt: now };
    this.#entries.set(key, fresh);
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(key) === fresh) this.#entries.delete(key);
    });
    return value;
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
