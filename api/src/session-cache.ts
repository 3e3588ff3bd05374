import { DESK_PREFERENCES, type TPersonPreferences, type TUser } from '@helpdesk/contracts';
import { ListenedCache } from './listened-cache.ts';

/** The channel migration 00031's triggers notify on: `user:<id>` or `session:<sid>`. */
export const SESSION_CHANNEL = 'helpdesk_sessions';

/** Entries kept at most; past it the oldest go first. */
const MAX_ENTRIES = 20_000;

/** A session's user and their own language and zone (GET /api/auth/me answers both). */
export type SessionRead = { user: TUser; preferences: TPersonPreferences };

type Entry = SessionRead & { deadline: number };

/**
 * This process's cache of session -> user for safe requests (docs/security.md#sessions-and-cookies), kept honest
 * by migration 00031's notifications as listened-cache.ts describes (`mark()` before the read,
 * `set(..., mark)` after).
 */
export class SessionCache extends ListenedCache {
  readonly #entries = new Map<string, Entry>();
  readonly #sidsByUser = new Map<string, Set<string>>();

  constructor(options: { ttlMs: number; now?: () => number }) {
    super({ lifetimeMs: options.ttlMs, now: options.now });
  }

  /** The user of a live cached session, or null (then read the database). */
  get(sid: string): TUser | null {
    return this.read(sid)?.user ?? null;
  }

  /** The user and preferences of a live cached session, or null (then read the database). */
  read(sid: string): SessionRead | null {
    if (!this.isActive) return null;
    const entry = this.#entries.get(sid);
    if (!entry) return null;
    if (entry.deadline <= this.now()) {
      this.#drop(sid, entry.user.id);
      return null;
    }
    this.countHit();
    return entry;
  }

  /** Keeps a session read at `mark`, for the cache's lifetime but never past the session's own expiry. */
  set(
    sid: string,
    user: TUser,
    validForMs: number,
    mark: number,
    preferences: TPersonPreferences = DESK_PREFERENCES,
  ): void {
    if (!this.isActive || !this.isCurrent(mark) || validForMs <= 0) return;
    const existing = this.#entries.get(sid);
    if (existing) this.#drop(sid, existing.user.id);
    if (this.#entries.size >= MAX_ENTRIES) this.#evictOldest();
    this.#entries.set(sid, {
      user,
      preferences,
      deadline: this.now() + Math.min(this.lifetimeMs, validForMs),
    });
    let sids = this.#sidsByUser.get(user.id);
    if (!sids) {
      sids = new Set();
      this.#sidsByUser.set(user.id, sids);
    }
    sids.add(sid);
  }

  /** Drops every session of a user (their row changed). */
  forgetUser(userId: string): void {
    this.invalidate();
    for (const sid of this.#sidsByUser.get(userId) ?? []) this.#entries.delete(sid);
    this.#sidsByUser.delete(userId);
  }

  /** Drops one session (it ended). */
  forgetSession(sid: string): void {
    this.invalidate();
    const entry = this.#entries.get(sid);
    if (entry) this.#drop(sid, entry.user.id);
  }

  /** Drops everything (a notification may have been missed). */
  clear(): void {
    this.invalidate();
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

/** This process's session cache; inactive until the process caches' LISTEN is up (process-caches.ts). */
export function sessionCache(): SessionCache {
  processCache ??= new SessionCache({ ttlMs: 0 });
  return processCache;
}

/** Makes `cache` this process's session cache (process-caches.ts, at start-up). */
export function useSessionCache(cache: SessionCache): void {
  processCache = cache;
}
