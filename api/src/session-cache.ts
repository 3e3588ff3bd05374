import type { TUser } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { createWakeListener, type WakeListener } from './db/listener.ts';
import type { Logger } from './log.ts';

/** The channel migration 00031's triggers notify on: `user:<id>` or `session:<sid>`. */
export const SESSION_CHANNEL = 'helpdesk_sessions';

/** Entries kept at most; past it the oldest go first. */
const MAX_ENTRIES = 20_000;

type Entry = { user: TUser; deadline: number };

/**
 * This process's cache of session -> user for safe requests (SECURITY.md, Sessions). Correct only
 * while it hears every change: it serves nothing until its LISTEN connection is up, drops all on
 * every (re)LISTEN, and an entry read from the database before an invalidation that arrived while
 * the read was under way is never stored (`mark()` before the read, `set(..., mark)` after).
 */
export class SessionCache {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #sidsByUser = new Map<string, Set<string>>();
  #isListening: () => boolean = () => false;
  #epoch = 0;
  #hits = 0;

  constructor(options: { ttlMs: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  /** Whether entries are served and stored: a positive lifetime and a LISTEN that is up. */
  get isActive(): boolean {
    return this.#ttlMs > 0 && this.#isListening();
  }

  /** Served entries so far (the tests' proof that a request did not read the database). */
  get hits(): number {
    return this.#hits;
  }

  /** Ties the cache to a listener's state: while it is not listening, nothing is served or stored. */
  follow(isListening: () => boolean): void {
    this.#isListening = isListening;
    this.clear();
  }

  /** The user of a live cached session, or null (then read the database). */
  get(sid: string): TUser | null {
    if (!this.isActive) return null;
    const entry = this.#entries.get(sid);
    if (!entry) return null;
    if (entry.deadline <= this.#now()) {
      this.#drop(sid, entry.user.id);
      return null;
    }
    this.#hits += 1;
    return entry.user;
  }

  /** Taken before a database read of a session; `set` refuses the row when anything was invalidated since. */
  mark(): number {
    return this.#epoch;
  }

  /** Keeps a session read at `mark`, for the cache's lifetime but never past the session's own expiry. */
  set(sid: string, user: TUser, validForMs: number, mark: number): void {
    if (!this.isActive || mark !== this.#epoch || validForMs <= 0) return;
    const existing = this.#entries.get(sid);
    if (existing) this.#drop(sid, existing.user.id);
    if (this.#entries.size >= MAX_ENTRIES) this.#evictOldest();
    this.#entries.set(sid, { user, deadline: this.#now() + Math.min(this.#ttlMs, validForMs) });
    let sids = this.#sidsByUser.get(user.id);
    if (!sids) {
      sids = new Set();
      this.#sidsByUser.set(user.id, sids);
    }
    sids.add(sid);
  }

  /** Drops every session of a user (their row changed). */
  forgetUser(userId: string): void {
    this.#epoch += 1;
    for (const sid of this.#sidsByUser.get(userId) ?? []) this.#entries.delete(sid);
    this.#sidsByUser.delete(userId);
  }

  /** Drops one session (it ended). */
  forgetSession(sid: string): void {
    this.#epoch += 1;
    const entry = this.#entries.get(sid);
    if (entry) this.#drop(sid, entry.user.id);
  }

  /** Drops everything (a notification may have been missed). */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#sidsByUser.clear();
  }

  /** Applies one notification of SESSION_CHANNEL; no payload (a new LISTEN) or an unknown one clears all. */
  onNotification(payload: string | undefined): void {
    const [kind, key] = payload?.split(':', 2) ?? [];
    if (kind === 'user' && key) this.forgetUser(key);
    else if (kind === 'session' && key) this.forgetSession(key);
    else this.clear();
  }

  #drop(sid: string, userId: string): void {
    this.#entries.delete(sid);
    const sids = this.#sidsByUser.get(userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.#sidsByUser.delete(userId);
  }

  #evictOldest(): void {
    const oldest = this.#entries.entries().next().value;
    if (oldest) this.#drop(oldest[0], oldest[1].user.id);
  }
}

let processCache: SessionCache | null = null;

/** This process's session cache; inactive until `startSessionCache` has its LISTEN up. */
export function sessionCache(): SessionCache {
  processCache ??= new SessionCache({ ttlMs: 0 });
  return processCache;
}

/**
 * Starts this process's session cache: entries live `ttlMs` at most, and a LISTEN connection of
 * their own drops them on every change. The LISTEN proves itself alive with a ping every few
 * seconds, sent on a connection of its own: through the request pool, a ping waits behind the
 * requests of a saturated API, misses its deadline and switches the cache off exactly when it
 * helps most. Returns what stops it at shutdown, or null when the cache is off (ttlMs 0).
 */
export function startSessionCache(options: {
  ttlMs: number;
  open: () => Sql;
  log: Logger;
  checkMs?: number;
}): { stop: () => Promise<void> } | null {
  if (options.ttlMs <= 0) return null;
  const cache = new SessionCache({ ttlMs: options.ttlMs });
  processCache = cache;
  const pings = options.open();
  const listener: WakeListener = createWakeListener({
    name: 'session cache',
    channels: [SESSION_CHANNEL],
    open: options.open,
    pool: pings,
    onWake: (_channel, payload) => cache.onNotification(payload),
    log: options.log,
    // A LISTEN that died quietly is noticed within seconds; until then entries live at most ttlMs.
    checkMs: options.checkMs ?? 5_000,
  });
  cache.follow(() => listener.isListening());
  listener.start();
  return {
    stop: async () => {
      await listener.stop();
      await pings.end({ timeout: 1 });
    },
  };
}
