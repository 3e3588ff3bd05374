import { ListenedCache } from '../listened-cache.ts';
import { readRealtimeMessage } from '../realtime/publish.ts';

/** Entries kept at most; past it the oldest go first. */
const MAX_ENTRIES = 20_000;

type Entry = { count: number; deadline: number };

/**
 * This process's cache of each user's unread count. Every page a staff member opens asks for the
 * bell's count, and nothing changes it between two pages most of the time; the answer is cached
 * like a session (session-cache.ts), and kept honest by the messages that already tell every
 * process whose bell changed: a `notifications` message drops the users it names, an
 * `agentNotifications` broadcast drops everyone, a changed user row (role or status moves their
 * broadcast feed) drops that user. listened-cache.ts says what keeps it right between messages
 * (`mark()` before the read, `set(..., mark)` after). The process that marks a user's
 * notifications read drops that user itself before answering (read-your-writes on this process).
 */
export class UnreadCountCache extends ListenedCache {
  readonly #entries = new Map<string, Entry>();

  constructor(options: { ttlMs: number; now?: () => number }) {
    super({ lifetimeMs: options.ttlMs, now: options.now });
  }

  /** The user's cached unread count, or null (then read the database). */
  get(userId: string): number | null {
    if (!this.isActive) return null;
    const entry = this.#entries.get(userId);
    if (!entry) return null;
    if (entry.deadline <= this.now()) {
      this.#entries.delete(userId);
      return null;
    }
    this.countHit();
    return entry.count;
  }

  /** Keeps a count read at `mark` for the cache's lifetime. */
  set(userId: string, count: number, mark: number): void {
    if (!this.isActive || !this.isCurrent(mark)) return;
    this.#entries.delete(userId);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(userId, { count, deadline: this.now() + this.lifetimeMs });
  }

  /** Drops the counts of these users (their bell changed). */
  forgetUsers(userIds: Iterable<string>): void {
    this.invalidate();
    for (const userId of userIds) this.#entries.delete(userId);
  }

  /** Drops every count (a broadcast, or a message that may have been missed). */
  clear(): void {
    this.invalidate();
    this.#entries.clear();
  }

  /**
   * Applies one message of the realtime channel (realtime/publish.ts). No payload (a new LISTEN)
   * or one it cannot read clears all; a ticket's or a presence message changes no bell by itself (its
   * notifications travel as messages of their own).
   */
  onRealtime(payload: string | undefined): void {
    const message = readRealtimeMessage(payload);
    if (message?.type === 'ticket' || message?.type === 'presence') return;
    if (message?.type === 'notifications') this.forgetUsers(message.userIds);
    else this.clear();
  }

  /**
   * Applies one message of the session channel (migration 00031): a changed or deleted user row
   * may start or end their feed of broadcasts (00035), so their count goes; a session's end
   * changes no count. No payload (a new LISTEN) or an unknown one clears all.
   */
  onSessionNotification(payload: string | undefined): void {
    const [kind, key] = payload?.split(':', 2) ?? [];
    if (kind === 'user' && key) this.forgetUsers([key]);
    else if (kind !== 'session' || !key) this.clear();
  }
}

let processCache: UnreadCountCache | null = null;

/** This process's unread count cache; inactive until the process caches' LISTEN is up (process-caches.ts). */
export function unreadCountCache(): UnreadCountCache {
  processCache ??= new UnreadCountCache({ ttlMs: 0 });
  return processCache;
}

/** Makes `cache` this process's count cache (process-caches.ts, at start-up). */
export function useUnreadCountCache(cache: UnreadCountCache): void {
  processCache = cache;
}
