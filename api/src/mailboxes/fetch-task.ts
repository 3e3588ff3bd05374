import type { Sql } from 'postgres';
import { createSql } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { ApiError, conflict } from '../errors.ts';
import type { Logger } from '../log.ts';
import {
  describeImapError,
  type ImapFolder,
  type ImapSettings,
  openImapFolder,
} from '../mail-in/imap-fetch.ts';
import { insertInboundMessage } from '../mail-in/inbound-queries.ts';
import type { WorkerContext, WorkerTask } from '../worker/task.ts';
import { OAuthError } from './oauth.ts';
import {
  advanceLastUid,
  type MailboxRow,
  recordFetchOutcome,
  replaceSecret,
  resetFetchState,
  selectFetchableMailboxes,
  selectFetchState,
  selectMailboxById,
} from './queries.ts';
import { sealSecret } from './secret-box.ts';
import { imapSettingsOf, readMailboxSecret } from './service.ts';

/**
 * The IMAP fetcher (docs/product.md#mailboxes, docs/reliability.md): one long round that keeps a
 * session per active IMAP mailbox. A session holds a PostgreSQL advisory lock on its own connection,
 * so of several workers exactly one fetches a mailbox, and a killed worker's lock (its connection)
 * goes with it, so another takes the mailbox over within a sync. It takes messages in (one insert
 * and the new last UID per transaction), then marks, moves or deletes them on the server, and waits
 * with IDLE (or polls) for more. Exactly once does not rest on the lock: the insert is unique per
 * mailbox, UIDVALIDITY and UID.
 */

export type MailFetchOptions = {
  /** Messages per fetch; the last UID is stored after each message. */
  batchSize?: number;
  /** How often the round looks for new, changed or removed mailboxes (and retries a lock held elsewhere). */
  syncMs?: number;
  /** The longest IDLE before the folder is checked anyway; well under the 30 minutes servers allow. */
  maxWaitMs?: number;
  /** The NOOP interval on a server without IDLE. */
  pollMs?: number;
  /** How often a session proves it still holds its lock. */
  heartbeatMs?: number;
  /** Reconnect waits: `first`, doubling per failure in a row, at most `max`. */
  backoffMs?: { first: number; max: number };
  /** The lock connection; default a one-connection pool on DATABASE_URL. */
  openLockConnection?: (databaseUrl: string) => Sql;
};

const DEFAULTS = {
  batchSize: 50,
  syncMs: 10_000,
  maxWaitMs: 5 * 60_000,
  pollMs: 30_000,
  heartbeatMs: 10_000,
  backoffMs: { first: 2_000, max: 5 * 60_000 },
};

/** Resolves after `ms`, or at once when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** What went wrong, safe for an admin to read: never a secret, never a stack. */
function safeMessage(error: unknown, settings: ImapSettings | null): string {
  if (error instanceof OAuthError || error instanceof ApiError) return error.message;
  if (settings) return describeImapError(error, settings);
  return 'The mailbox could not be read; see the worker log.';
}

const lockKey = (mailboxId: string) => `mail-fetch:${mailboxId}`;

type Session = { fingerprint: string; stop: AbortController; done: Promise<void> };

/** The `mail-fetch` worker task. */
export function createMailFetchTask(options: MailFetchOptions = {}): WorkerTask {
  const settings = { ...DEFAULTS, ...options };
  const openLock = options.openLockConnection ?? ((url: string) => createSql(url, { max: 1 }));

  async function afterProcessing(folder: ImapFolder, mailbox: MailboxRow, uid: number): Promise<void> {
    if (mailbox.afterProcessing === 'move' && mailbox.moveToFolder)
      await folder.moveTo(uid, mailbox.moveToFolder);
    else if (mailbox.afterProcessing === 'delete') await folder.deleteMessage(uid);
    else await folder.markSeen(uid);
  }

  /** One connection's life: open, take in, wait, until it fails or the session stops. */
  async function fetchUntilStopped(
    context: WorkerContext,
    mailboxId: string,
    stop: AbortSignal,
    proveLock: () => Promise<void>,
  ): Promise<void> {
    const mailbox = await selectMailboxById(sql, mailboxId);
    if (!mailbox?.secretCiphertext || mailbox.kind !== 'imap' || !mailbox.isActive) {
      throw conflict('The mailbox has no password or token saved.');
    }
    const sealed = mailbox.secretCiphertext;
    const secret = readMailboxSecret(context.config.mailSecretKey, sealed);
    let imap: ImapSettings | null = null;
    let folder: ImapFolder | null = null;
    const closeOnStop = () => void folder?.close().catch(() => {});
    stop.addEventListener('abort', closeOnStop);
    try {
      imap = await imapSettingsOf(mailbox, secret, {
        signal: stop,
        onNewRefreshToken: async (refreshToken) => {
          if (!('clientSecret' in secret)) return;
          const next = sealSecret(context.config.mailSecretKey, JSON.stringify({ ...secret, refreshToken }));
          await replaceSecret(sql, mailboxId, sealed, next);
        },
      });
      folder = await openImapFolder(imap, { pollMs: settings.pollMs });
      if (stop.aborted) return;
      const uidValidity = folder.uidValidity;
      const state = await selectFetchState(sql, mailboxId);
      if (!state) return;
      let lastUid = state.lastUid;
      if (state.uidValidity !== uidValidity.toString()) {
        await resetFetchState(sql, mailboxId, uidValidity);
        lastUid = 0;
      }
      // A worker stopped between storing a message and marking, moving or deleting it on the server
      // left it behind: finish that first, so what was taken in never stays unread or in place.
      for (const uid of await folder.uidsUpTo(lastUid, mailbox.afterProcessing === 'seen')) {
        if (stop.aborted) return;
        await afterProcessing(folder, mailbox, uid);
      }
      await recordFetchOutcome(sql, mailboxId, null);
      while (!stop.aborted) {
        await proveLock();
        const batch = await folder.fetchAfter(lastUid, settings.batchSize);
        for (const message of batch) {
          if (stop.aborted) return;
          await sql.begin(async (tx) => {
            await insertInboundMessage(tx, { mailboxId, uidValidity, uid: message.uid }, message.source);
            await advanceLastUid(tx, mailboxId, uidValidity, message.uid);
          });
          lastUid = message.uid;
          await afterProcessing(folder, mailbox, message.uid);
        }
        await recordFetchOutcome(sql, mailboxId, null);
        if (batch.length < settings.batchSize) await folder.waitForNew(settings.maxWaitMs);
      }
    } catch (error) {
      if (stop.aborted) return;
      const message = safeMessage(error, imap);
      // Not a connection's failure (the database, a bug): the admin sees a pointer, the log the cause.
      if (!imap && !(error instanceof OAuthError || error instanceof ApiError)) {
        context.log.error(`mail-fetch: mailbox ${mailboxId} could not be prepared`, error);
      }
      await recordFetchOutcome(sql, mailboxId, message).catch(() => {});
      throw new Error(message);
    } finally {
      stop.removeEventListener('abort', closeOnStop);
      await folder?.close().catch(() => {});
    }
  }

  /** A mailbox's session: its lock, then connections with backoff between failures, until stopped. */
  async function runSession(context: WorkerContext, mailboxId: string, stop: AbortController): Promise<void> {
    const lock = openLock(context.config.databaseUrl);
    const takeLock = async () => {
      const [row] = await lock<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtextextended(${lockKey(mailboxId)}, 0)) as locked`;
      return row?.locked === true;
    };
    try {
      if (!(await takeLock())) return;
      // Re-taking is a no-op while the lock's connection lives; a false means the connection was
      // replaced and another worker holds the mailbox now, so this mailbox's fetching stops here.
      const proveLock = async () => {
        if (!(await takeLock())) throw new Error('the fetch lock went to another worker');
      };
      const heartbeat = setInterval(() => {
        proveLock().catch(() => stop.abort());
      }, settings.heartbeatMs);
      try {
        let failures = 0;
        while (!stop.signal.aborted) {
          try {
            await fetchUntilStopped(context, mailboxId, stop.signal, proveLock);
          } catch (error) {
            if (stop.signal.aborted) break;
            failures += 1;
            const waitMs = Math.min(settings.backoffMs.first * 2 ** (failures - 1), settings.backoffMs.max);
            logFailure(context.log, mailboxId, error, waitMs);
            await pause(waitMs, stop.signal);
          }
        }
      } finally {
        clearInterval(heartbeat);
      }
    } finally {
      await lock.end({ timeout: 1 }).catch(() => {});
    }
  }

  return {
    name: 'mail-fetch',
    intervalMs: settings.syncMs,
    // A round lasts until the worker stops: it keeps one session per mailbox and syncs them with the table.
    run: async (context) => {
      const sessions = new Map<string, Session>();
      let started = 0;
      const stopSession = async (id: string) => {
        const session = sessions.get(id);
        if (!session) return;
        session.stop.abort();
        await session.done;
        sessions.delete(id);
      };
      try {
        while (!context.signal.aborted) {
          const wanted = new Map((await selectFetchableMailboxes(sql)).map((m) => [m.id, m.fingerprint]));
          for (const [id, session] of sessions) {
            if (wanted.get(id) !== session.fingerprint) await stopSession(id);
          }
          for (const [id, fingerprint] of wanted) {
            if (sessions.has(id)) continue;
            const stop = new AbortController();
            const session: Session = { fingerprint, stop, done: Promise.resolve() };
            session.done = runSession(context, id, stop)
              .catch((error: unknown) => context.log.error(`mail-fetch: mailbox ${id} stopped`, error))
              .finally(() => {
                if (sessions.get(id) === session) sessions.delete(id);
              });
            sessions.set(id, session);
            started += 1;
          }
          await pause(settings.syncMs, context.signal);
        }
      } finally {
        await Promise.all([...sessions.keys()].map(stopSession));
      }
      return { handled: started, isBatchFull: false };
    },
  };
}

function logFailure(log: Logger, mailboxId: string, error: unknown, waitMs: number): void {
  const message = error instanceof Error ? error.message : 'unknown error';
  log.info(`mail-fetch: mailbox ${mailboxId} failed: ${message}; reconnecting in ${waitMs} ms`);
}

export const mailFetchTask = createMailFetchTask();
