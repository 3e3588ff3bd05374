import { PRESENCE, type TTicketViewer } from '@helpdesk/contracts';
import { PRESENCE_NAME_MAX, type PresenceMessage } from '../realtime/publish.ts';

/**
 * The caps that keep one process's presence memory bounded whatever is sent to it
 * (docs/security.md#presence): entries of all viewers it knows (its own callers' and those heard
 * from other processes), tickets one user may have open at once, and new tickets one user may
 * open per minute. The first two apply to heard messages too: past them a message is ignored.
 */
export type PresenceCaps = { maxEntries: number; maxTicketsPerUser: number; joinsPerUserPerMinute: number };
export const PRESENCE_CAPS: PresenceCaps = {
  maxEntries: 5_000,
  maxTicketsPerUser: 20,
  joinsPerUserPerMinute: 60,
};

/**
 * How often an unchanged viewer is re-announced to the other processes: well inside
 * PRESENCE.expiresMs, so one lost heartbeat does not make a viewer vanish elsewhere.
 */
const REFRESH_MS = PRESENCE.heartbeatMs / 2;
/** A changed viewer is announced at once, but not more often than this (a flood is coalesced). */
const MIN_CHANGE_MS = 1_000;
const MINUTE_MS = 60_000;

type Entry = {
  ticketId: string;
  userId: string;
  firstName: string;
  lastName: string;
  typing: boolean;
  since: number;
  /** The last heartbeat: from this process's caller, or heard from another process. */
  seenAt: number;
  /** When this process last announced the entry (0: never; entries heard from elsewhere). */
  publishedAt: number;
  /** Changed since it was last announced (a change inside MIN_CHANGE_MS waits for the next beat). */
  isDirty: boolean;
};

export type PresenceCaller = { id: string; firstName: string; lastName: string };
export type Admission = 'ok' | 'user-limit' | 'join-rate' | 'process-limit';

/**
 * Who has which ticket page open, as this process knows it: in memory only, each viewer gone
 * PRESENCE.expiresMs after their last heartbeat (pruned on every read and write), every process
 * told of the others' through presence messages on the realtime channel (service.ts publishes,
 * the realtime hub hears). Bounded by PRESENCE_CAPS.
 */
export class PresenceStore {
  readonly #byTicket = new Map<string, Map<string, Entry>>();
  readonly #ticketsByUser = new Map<string, Set<string>>();
  readonly #joinsByUser = new Map<string, number[]>();
  readonly #now: () => number;
  readonly #caps: PresenceCaps;
  /** This store's id in the messages it announces. */
  readonly origin = crypto.randomUUID();
  #size = 0;
  #prunedAt = 0;

  constructor(options: { now?: () => number; caps?: PresenceCaps } = {}) {
    this.#now = options.now ?? Date.now;
    this.#caps = options.caps ?? PRESENCE_CAPS;
  }

  /** How many viewers this process holds (all tickets). */
  get size(): number {
    this.#pruneAll();
    return this.#size;
  }

  /** Whether this user is a live viewer of the ticket here (their heartbeat needs no new checks). */
  has(userId: string, ticketId: string): boolean {
    const entry = this.#byTicket.get(ticketId)?.get(userId);
    return entry !== undefined && !this.#isExpired(entry, this.#now());
  }

  /** Whether a caller not yet viewing this ticket may start to; counts the attempt against the join rate. */
  admit(userId: string): Admission {
    this.#pruneAll();
    const now = this.#now();
    const joins = (this.#joinsByUser.get(userId) ?? []).filter((at) => at > now - MINUTE_MS);
    if (joins.length >= this.#caps.joinsPerUserPerMinute) {
      this.#joinsByUser.set(userId, joins);
      return 'join-rate';
    }
    joins.push(now);
    this.#joinsByUser.set(userId, joins);
    if ((this.#ticketsByUser.get(userId)?.size ?? 0) >= this.#caps.maxTicketsPerUser) return 'user-limit';
    if (this.#size >= this.#caps.maxEntries) return 'process-limit';
    return 'ok';
  }

  /**
   * A heartbeat of this process's caller (admit() said 'ok' for a new viewer): the message to
   * announce, or null when nothing changed and the last announcement is recent enough (coalesced).
   */
  beat(caller: PresenceCaller, ticketId: string, typing: boolean): PresenceMessage | null {
    const now = this.#now();
    const existing = this.#live(caller.id, ticketId, now);
    const entry = existing ?? this.#insert({ ...namesOf(caller), userId: caller.id, ticketId, since: now });
    entry.seenAt = now;
    entry.isDirty ||= !existing || entry.typing !== typing;
    entry.typing = typing;
    const sinceAnnounced = now - entry.publishedAt;
    if (entry.isDirty ? sinceAnnounced < MIN_CHANGE_MS : sinceAnnounced < REFRESH_MS) return null;
    const changed = entry.isDirty;
    entry.isDirty = false;
    entry.publishedAt = now;
    return this.#messageOf(entry, { left: false, changed });
  }

  /** The caller left the ticket page: the message to announce, or null when they were not viewing it. */
  leave(caller: PresenceCaller, ticketId: string): PresenceMessage | null {
    const entry = this.#live(caller.id, ticketId, this.#now());
    if (!entry) return null;
    this.#remove(entry);
    return this.#messageOf(entry, { left: true, changed: true });
  }

  /**
   * Applies a message another process announced: whether the ticket's viewers changed. Its own
   * messages are skipped: they were applied when made, and an echo arriving after a later leave
   * would bring the viewer back.
   */
  hear(message: PresenceMessage): boolean {
    if (message.origin === this.origin) return false;
    const now = this.#now();
    const existing = this.#live(message.userId, message.ticketId, now);
    if (message.left) {
      if (existing) this.#remove(existing);
      return existing !== null;
    }
    if (!existing) {
      this.#pruneAll();
      const userTickets = this.#ticketsByUser.get(message.userId)?.size ?? 0;
      if (userTickets >= this.#caps.maxTicketsPerUser || this.#size >= this.#caps.maxEntries) return false;
      const entry = this.#insert(message);
      entry.typing = message.typing;
      entry.seenAt = now;
      return true;
    }
    const isChanged = existing.typing !== message.typing;
    existing.typing = message.typing;
    existing.seenAt = now;
    existing.since = Math.min(existing.since, message.since);
    return isChanged;
  }

  /** Everyone but `exceptUserId` viewing the ticket now, who opened it first first. */
  viewers(ticketId: string, exceptUserId: string): TTicketViewer[] {
    const now = this.#now();
    const entries = [...(this.#byTicket.get(ticketId)?.values() ?? [])];
    for (const entry of entries) if (this.#isExpired(entry, now)) this.#remove(entry);
    return entries
      .filter((entry) => entry.userId !== exceptUserId && !this.#isExpired(entry, now))
      .sort((a, b) => a.since - b.since || a.userId.localeCompare(b.userId))
      .map((entry) => ({
        id: entry.userId,
        firstName: entry.firstName,
        lastName: entry.lastName,
        typing: entry.typing,
        since: new Date(entry.since).toISOString(),
      }));
  }

  #messageOf(entry: Entry, flags: { left: boolean; changed: boolean }): PresenceMessage {
    return {
      type: 'presence',
      origin: this.origin,
      ticketId: entry.ticketId,
      userId: entry.userId,
      firstName: entry.firstName,
      lastName: entry.lastName,
      since: entry.since,
      typing: entry.typing,
      ...flags,
    };
  }

  #isExpired(entry: Entry, now: number): boolean {
    return now - entry.seenAt >= PRESENCE.expiresMs;
  }

  #live(userId: string, ticketId: string, now: number): Entry | null {
    const entry = this.#byTicket.get(ticketId)?.get(userId);
    if (!entry) return null;
    if (!this.#isExpired(entry, now)) return entry;
    this.#remove(entry);
    return null;
  }

  #insert(from: {
    ticketId: string;
    userId: string;
    firstName: string;
    lastName: string;
    since: number;
  }): Entry {
    const entry: Entry = {
      ticketId: from.ticketId,
      userId: from.userId,
      firstName: from.firstName,
      lastName: from.lastName,
      typing: false,
      since: from.since,
      seenAt: this.#now(),
      publishedAt: 0,
      isDirty: true,
    };
    let viewers = this.#byTicket.get(entry.ticketId);
    if (!viewers) {
      viewers = new Map();
      this.#byTicket.set(entry.ticketId, viewers);
    }
    viewers.set(entry.userId, entry);
    let tickets = this.#ticketsByUser.get(entry.userId);
    if (!tickets) {
      tickets = new Set();
      this.#ticketsByUser.set(entry.userId, tickets);
    }
    tickets.add(entry.ticketId);
    this.#size += 1;
    return entry;
  }

  #remove(entry: Entry): void {
    const viewers = this.#byTicket.get(entry.ticketId);
    if (viewers?.get(entry.userId) !== entry) return;
    viewers.delete(entry.userId);
    if (viewers.size === 0) this.#byTicket.delete(entry.ticketId);
    const tickets = this.#ticketsByUser.get(entry.userId);
    tickets?.delete(entry.ticketId);
    if (tickets?.size === 0) this.#ticketsByUser.delete(entry.userId);
    this.#size -= 1;
  }

  /** Drops every expired viewer and stale join record, at most once a second (a sweep is O(entries)). */
  #pruneAll(): void {
    const now = this.#now();
    if (now - this.#prunedAt < MIN_CHANGE_MS) return;
    this.#prunedAt = now;
    for (const viewers of [...this.#byTicket.values()]) {
      for (const entry of [...viewers.values()]) if (this.#isExpired(entry, now)) this.#remove(entry);
    }
    for (const [userId, joins] of [...this.#joinsByUser]) {
      if (joins.every((at) => at <= now - MINUTE_MS)) this.#joinsByUser.delete(userId);
    }
  }
}

function namesOf(caller: PresenceCaller) {
  return {
    firstName: caller.firstName.slice(0, PRESENCE_NAME_MAX),
    lastName: caller.lastName.slice(0, PRESENCE_NAME_MAX),
  };
}

let processStore: PresenceStore | null = null;

/** This process's presence store, made on first use. */
export function presenceStore(): PresenceStore {
  processStore ??= new PresenceStore();
  return processStore;
}
