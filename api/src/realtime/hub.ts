import type { TUserRole } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import type { Logger } from '../log.ts';
import { SESSION_CHANNEL } from '../session-cache.ts';
import { type PresenceMessage, REALTIME_CHANNEL, type RealtimeMessage, ZRealtimeMessage } from './publish.ts';

/** One open event stream as the hub sees it: who it belongs to, and how to write to or end it. */
export type HubStream = {
  readonly userId: string;
  /** The hash of the session that opened it: re-checked on every heartbeat. */
  readonly sid: string;
  readonly role: TUserRole;
  /** Queues text on the stream; false when it is closed (or was closed for not reading). */
  write: (text: string) => boolean;
  /** Ends the stream from the server side. */
  close: () => void;
};

export type HubOptions = {
  sql: Sql;
  log: Logger;
  heartbeatMs: number;
  maxStreams: number;
  maxStreamsPerUser: number;
  /** Called on every heartbeat with the open streams; answers the ones that must end. */
  verify: (streams: readonly HubStream[]) => Promise<Iterable<HubStream>>;
  /**
   * Called with each message before any stream hears of it: a client refetching on an event
   * must not be answered from a cache this process has not yet dropped (process-caches.ts).
   */
  beforeDeliver?: (payload: string) => void;
  /** Applies a presence message (api/src/presence/store.ts): true when the ticket's viewers changed here. */
  onPresence?: (message: PresenceMessage) => boolean;
};

export type Admission = 'ok' | 'user-limit' | 'process-limit' | 'stopped';

const isStaffRole = (role: TUserRole) => role === 'admin' || role === 'agent';

/** The text of one Server-Sent Event. */
export function sseEvent(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * This process's fan-out: ONE `LISTEN` connection for all of its streams (postgres.js re-listens
 * after a reconnect), started by the first stream and ended by stop(). Each NOTIFY goes to the
 * streams it concerns: `notifications` to the named users, `agentNotifications` to every agent
 * but the one named, `ticket` to agents and admins only, `presence` (after the presence store has
 * applied it) to agents and admins when the ticket's viewers changed, not for a mere refresh.
 * The same connection hears the session channel (migration 00031): a session that ends closes its
 * streams at once, and a changed user row has that user's streams re-checked through `verify`, so
 * logout, a password change or a role or status change ends a stream before any later event.
 * A heartbeat comment keeps proxies from closing idle streams, and each heartbeat re-checks every
 * stream (session, role, the push switch) through `verify` as well.
 */
export class RealtimeHub {
  readonly #options: HubOptions;
  readonly #streams = new Set<HubStream>();
  readonly #byUser = new Map<string, Set<HubStream>>();
  readonly #bySid = new Map<string, Set<HubStream>>();
  #listening: Promise<void> | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #listenCount = 0;
  #timer: ReturnType<typeof setInterval> | null = null;
  #isTicking = false;
  #isStopped = false;

  constructor(options: HubOptions) {
    this.#options = options;
  }

  /** How many streams are open in this process (for one user when given). */
  count(userId?: string): number {
    return userId === undefined ? this.#streams.size : (this.#byUser.get(userId)?.size ?? 0);
  }

  /** Whether one more stream of this user fits under the per-user and per-process caps. */
  admit(userId: string): Admission {
    if (this.#isStopped) return 'stopped';
    if (this.#streams.size >= this.#options.maxStreams) return 'process-limit';
    if (this.count(userId) >= this.#options.maxStreamsPerUser) return 'user-limit';
    return 'ok';
  }

  /** Resolves once this process LISTENs (at once after the first time); rejects while the database is unreachable. */
  listen(): Promise<void> {
    if (this.#isStopped) return Promise.reject(new Error('the realtime hub is stopped'));
    this.#listening ??= Promise.all([
      this.#options.sql.listen(
        REALTIME_CHANNEL,
        (payload) => this.#deliver(payload),
        () => this.#onListen(),
      ),
      this.#options.sql.listen(SESSION_CHANNEL, (payload) => void this.#onSessionChange(payload)),
    ]).then(
      ([events, sessions]) => {
        this.#unlisten = () => Promise.all([events.unlisten(), sessions.unlisten()]).then(() => {});
        this.#timer ??= setInterval(() => void this.#tick(), this.#options.heartbeatMs);
      },
      (error: unknown) => {
        // The next stream tries again; this one is told the service is unavailable.
        this.#listening = null;
        throw error;
      },
    );
    return this.#listening;
  }

  /** Registers an open stream (admit() said 'ok' in the same tick). */
  add(stream: HubStream): void {
    this.#streams.add(stream);
    let mine = this.#byUser.get(stream.userId);
    if (!mine) {
      mine = new Set();
      this.#byUser.set(stream.userId, mine);
    }
    mine.add(stream);
    let ofSession = this.#bySid.get(stream.sid);
    if (!ofSession) {
      ofSession = new Set();
      this.#bySid.set(stream.sid, ofSession);
    }
    ofSession.add(stream);
  }

  /** Forgets a stream (it closed, or its client went away). */
  remove(stream: HubStream): void {
    this.#streams.delete(stream);
    const mine = this.#byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.#byUser.delete(stream.userId);
    const ofSession = this.#bySid.get(stream.sid);
    ofSession?.delete(stream);
    if (ofSession?.size === 0) this.#bySid.delete(stream.sid);
  }

  /** Ends every stream of one user in this process (their account was deactivated). */
  closeUser(userId: string): void {
    for (const stream of [...(this.#byUser.get(userId) ?? [])]) stream.close();
  }

  /** Ends every stream and the LISTEN; new streams are refused from now on. */
  stop(): void {
    this.#isStopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#closeAll();
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    this.#listening = null;
    // Not awaited: with the database away it would wait for a connection; closing the pool ends it anyway.
    if (unlisten) void unlisten().catch(() => {});
  }

  #closeAll(): void {
    for (const stream of [...this.#streams]) stream.close();
  }

  #onListen(): void {
    this.#listenCount += 1;
    if (this.#listenCount === 1) return;
    // Between the lost connection and this LISTEN, notifications went unheard: ending the streams
    // makes every client reconnect and refetch what it shows.
    this.#options.log.info(
      'realtime: LISTEN connection re-established; ending open streams so clients resync',
      {
        streams: this.#streams.size,
      },
    );
    this.#closeAll();
  }

  /** `session:<sid>` ended a session: its streams end. `user:<id>` changed a user: their streams are re-checked. */
  async #onSessionChange(payload: string | undefined): Promise<void> {
    const [kind, key] = payload?.split(':', 2) ?? [];
    if (kind === 'session' && key) {
      for (const stream of [...(this.#bySid.get(key) ?? [])]) stream.close();
      return;
    }
    if (kind !== 'user' || !key) return;
    const streams = [...(this.#byUser.get(key) ?? [])];
    if (streams.length === 0) return;
    try {
      for (const stream of await this.#options.verify(streams)) stream.close();
    } catch (error) {
      // The next heartbeat re-checks every stream anyway.
      this.#options.log.error('realtime: could not re-check a changed user’s streams', error);
    }
  }

  #deliver(payload: string): void {
    this.#options.beforeDeliver?.(payload);
    let message: RealtimeMessage;
    try {
      message = ZRealtimeMessage.parse(JSON.parse(payload));
    } catch {
      this.#options.log.error(`realtime: ignored a malformed message on ${REALTIME_CHANNEL}`);
      return;
    }
    if (message.type === 'notifications') {
      const text = sseEvent('notifications', {});
      for (const userId of message.userIds) {
        for (const stream of [...(this.#byUser.get(userId) ?? [])]) stream.write(text);
      }
      return;
    }
    if (message.type === 'agentNotifications') {
      // The stream's role is re-checked on every heartbeat (a changed role ends the stream), so an
      // agent's stream is an active agent's, give or take one heartbeat: the bell only refetches.
      const text = sseEvent('notifications', {});
      for (const stream of [...this.#streams]) {
        if (stream.role === 'agent' && stream.userId !== message.exceptUserId) stream.write(text);
      }
      return;
    }
    if (message.type === 'presence') {
      const isChanged = this.#options.onPresence?.(message) ?? false;
      if (message.changed || isChanged) this.#toStaff(sseEvent('presence', { ticketId: message.ticketId }));
      return;
    }
    this.#toStaff(sseEvent('ticket', { ticketId: message.ticketId }));
  }

  #toStaff(text: string): void {
    for (const stream of [...this.#streams]) {
      if (isStaffRole(stream.role)) stream.write(text);
    }
  }

  async #tick(): Promise<void> {
    if (this.#isTicking || this.#streams.size === 0) return;
    this.#isTicking = true;
    try {
      const ended = await this.#options.verify([...this.#streams]);
      for (const stream of ended) stream.close();
    } catch (error) {
      // The database is unreachable: nothing can be published either, so the streams stay open.
      this.#options.log.error('realtime: could not re-check the open streams', error);
    } finally {
      this.#isTicking = false;
    }
    for (const stream of [...this.#streams]) stream.write(': heartbeat\n\n');
  }
}
