/**
 * The fetching side of a support mailbox: one IMAP connection (imapflow) on one folder, read by UID.
 * What becomes of a message (ticket, comment, refusal) is decided elsewhere; this module only fetches,
 * flags or moves, waits for new mail, and says in plain words why a mailbox cannot be reached.
 */
import { rootCertificates } from 'node:tls';
import { fillServerText, MAIL_IN_MESSAGES } from '@helpdesk/contracts';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';

/** TLS from the first byte (usually port 993), STARTTLS required (usually 143), or none at all. */
export type ImapSecurity = 'tls' | 'starttls' | 'none';

export type ImapSettings = {
  host: string;
  port: number;
  security: ImapSecurity;
  user: string;
  /** A password, or an OAuth2 access token sent with XOAUTH2 (Microsoft 365, Google). */
  secret: { password: string } | { accessToken: string };
  /** The folder mail arrives in, such as INBOX. */
  folder: string;
  /** Certificates (PEM) trusted besides the system's, for a server with a private or self-signed one. */
  ca?: string;
  /** Budget for the connection and for the server's greeting, each; 15 s by default. */
  timeoutMs?: number;
};

export type FetchedMessage = {
  uid: number;
  flags: string[];
  /** The whole RFC 822 message as the server stores it. */
  source: Buffer;
};

export type ImapFolder = {
  path: string;
  /** Changes when the server renumbers the folder: every UID remembered under the old value is void. */
  readonly uidValidity: bigint;
  /** Whether the server offers IDLE; without it waitForNew polls. */
  readonly canIdle: boolean;
  /** Up to `limit` messages with a UID above `afterUid`, lowest UID first. */
  fetchAfter: (afterUid: number, limit: number) => Promise<FetchedMessage[]>;
  markSeen: (uid: number) => Promise<void>;
  /**
   * The UIDs up to `uid` still in the folder (only the unseen ones with `isUnseenOnly`): messages
   * already taken in whose flag, move or delete never happened (a worker killed in between).
   */
  uidsUpTo: (uid: number, isUnseenOnly: boolean) => Promise<number[]>;
  /** Moves one message to another folder of the same mailbox (which must exist). */
  moveTo: (uid: number, folder: string) => Promise<void>;
  /** Deletes one message (flagged deleted and expunged): only when an admin chose delete. */
  deleteMessage: (uid: number) => Promise<void>;
  /**
   * Resolves 'new' once the folder has grown (at once if it grew since the last fetch), or 'timeout' after
   * `maxWaitMs`; rejects when the connection drops. Uses IDLE where offered, else a NOOP every `pollMs`.
   */
  waitForNew: (maxWaitMs: number) => Promise<'new' | 'timeout'>;
  close: () => Promise<void>;
};

export type ImapConnectionResult = { ok: true } | { ok: false; message: string };

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_POLL_MS = 30_000;

/** The error fields imapflow and Node's sockets set; every one may be missing. */
type ImapFailure = Error & {
  code?: string;
  authenticationFailed?: boolean;
  tlsFailed?: boolean;
  mailboxMissing?: boolean;
  responseText?: string;
};

function clientOptions(settings: ImapSettings): ImapFlowOptions {
  const timeout = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    // Never a silent downgrade: STARTTLS is either required or not attempted.
    doSTARTTLS: settings.security === 'starttls',
    auth:
      'password' in settings.secret
        ? { user: settings.user, pass: settings.secret.password }
        : { user: settings.user, accessToken: settings.secret.accessToken },
    // Node's `ca` replaces the system's list, so an extra certificate is added to it, not swapped in.
    tls: settings.ca ? { ca: [...rootCertificates, settings.ca] } : {},
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    // The session logs would carry addresses and subjects; failures come back as errors instead.
    logger: false,
    // IDLE only while waitForNew waits, so no command ever has to break an IDLE it did not ask for.
    disableAutoIdle: true,
  };
}

async function connect(settings: ImapSettings): Promise<ImapFlow> {
  const client = new ImapFlow(clientOptions(settings));
  // Emitted once when an open connection fails; the pending command rejects with it as well.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Connects, opens the settings' folder and keeps the connection for fetching; close() ends it. */
export async function openImapFolder(
  settings: ImapSettings,
  options: { pollMs?: number } = {},
): Promise<ImapFolder> {
  const client = await connect(settings);
  let mailbox: Awaited<ReturnType<ImapFlow['mailboxOpen']>>;
  try {
    mailbox = await client.mailboxOpen(settings.folder);
  } catch (error) {
    await client.logout().catch(() => {});
    throw error;
  }
  const canIdle = client.capabilities.has('IDLE');
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  // Set by any EXISTS that grew the folder, also one that arrived with another command's answer.
  let grown = false;
  client.on('exists', (event) => {
    if (event.count > event.prevCount) grown = true;
  });
  client.on('mailboxOpen', (reopened) => {
    mailbox = reopened;
  });

  const waitForNew = (maxWaitMs: number) =>
    new Promise<'new' | 'timeout'>((resolve, reject) => {
      if (grown) {
        resolve('new');
        return;
      }
      let finished = false;
      const finish = () => {
        finished = true;
        clearTimeout(timer);
        client.off('exists', onExists);
        client.off('close', onClose);
      };
      const onExists = () => {
        if (!grown || finished) return;
        finish();
        resolve('new');
      };
      const onClose = () => {
        if (finished) return;
        finish();
        reject(new Error('the IMAP connection closed while waiting for new mail'));
      };
      const timer = setTimeout(() => {
        finish();
        resolve('timeout');
      }, maxWaitMs);
      client.on('exists', onExists);
      client.on('close', onClose);
      if (canIdle) {
        // Runs until the next command (the fetch that follows) ends it.
        client.idle().catch(onClose);
        return;
      }
      const poll = async () => {
        while (!finished) {
          await Bun.sleep(Math.min(pollMs, maxWaitMs));
          if (finished) return;
          // A NOOP is where a server without IDLE reports what arrived.
          await client.noop();
        }
      };
      poll().catch(onClose);
    });

  return {
    path: mailbox.path,
    get uidValidity() {
      return mailbox.uidValidity;
    },
    canIdle,
    async fetchAfter(afterUid, limit) {
      grown = false;
      // `n:*` always matches the highest UID, even one below n: the filter keeps only the new ones.
      const found = await client.search({ uid: `${afterUid + 1}:*` }, { uid: true });
      const uids = (found || [])
        .filter((uid) => uid > afterUid)
        .sort((a, b) => a - b)
        .slice(0, limit);
      if (uids.length === 0) return [];
      const messages = await client.fetchAll(uids, { uid: true, flags: true, source: true }, { uid: true });
      return messages
        .filter((message) => message.source !== undefined)
        .map((message) => ({
          uid: message.uid,
          // \Recent says which session saw a message first, nothing about the message (gone in IMAP4rev2).
          flags: [...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort(),
          source: message.source as Buffer,
        }))
        .sort((a, b) => a.uid - b.uid);
    },
    async uidsUpTo(uid, isUnseenOnly) {
      if (uid < 1) return [];
      const found = await client.search(
        isUnseenOnly ? { uid: `1:${uid}`, seen: false } : { uid: `1:${uid}` },
        { uid: true },
      );
      // `1:n` matches the highest UID even above n when the folder has nothing lower: filter again.
      return (found || []).filter((found) => found <= uid).sort((a, b) => a - b);
    },
    async markSeen(uid) {
      const done = await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      if (!done) throw new Error(`the server did not flag message ${uid} as seen`);
    },
    async moveTo(uid, target) {
      const moved = await client.messageMove(String(uid), target, { uid: true });
      if (!moved) throw new Error(`the server did not move message ${uid} to "${target}"`);
    },
    async deleteMessage(uid) {
      const deleted = await client.messageDelete(String(uid), { uid: true });
      if (!deleted) throw new Error(`the server did not delete message ${uid}`);
    },
    waitForNew,
    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(GET|VERIFY)_)/;

/** Why a mailbox could not be used, in words an admin can act on (never the secret itself). */
export function describeImapError(error: unknown, settings: ImapSettings): string {
  const failure = (error instanceof Error ? error : new Error(String(error))) as ImapFailure;
  const code = failure.code ?? '';
  const where = `${settings.host}:${settings.port}`;
  const text = (template: string) =>
    fillServerText(template, { where, host: settings.host, folder: settings.folder });
  const isPassword = 'password' in settings.secret;
  if (failure.authenticationFailed) {
    return text(isPassword ? MAIL_IN_MESSAGES.passwordRefused : MAIL_IN_MESSAGES.tokenRefused);
  }
  if (/unsupported authentication mechanism/i.test(failure.message)) {
    return text(isPassword ? MAIL_IN_MESSAGES.noPasswordSignIn : MAIL_IN_MESSAGES.noOAuthSignIn);
  }
  if (failure.mailboxMissing) return text(MAIL_IN_MESSAGES.folderMissing);
  if (code === 'ECONNREFUSED') return text(MAIL_IN_MESSAGES.connectionRefused);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return text(MAIL_IN_MESSAGES.hostNotFound);
  if (code === 'GREETING_TIMEOUT') return text(MAIL_IN_MESSAGES.noGreeting);
  if (['CONNECT_TIMEOUT', 'ETIMEDOUT', 'ETIMEOUT'].includes(code)) return text(MAIL_IN_MESSAGES.timedOut);
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return text(MAIL_IN_MESSAGES.certificateName);
  if (/CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code))
    return text(MAIL_IN_MESSAGES.certificateUntrusted);
  if (failure.tlsFailed || TLS_CODE.test(code) || /ssl|tls/i.test(failure.message)) {
    return text(settings.security === 'tls' ? MAIL_IN_MESSAGES.tlsFailed : MAIL_IN_MESSAGES.starttlsRefused);
  }
  if (code === 'ClosedAfterConnectText' || code === 'ClosedAfterConnectTLS' || code === 'EConnectionClosed') {
    return text(MAIL_IN_MESSAGES.connectionClosed);
  }
  return fillServerText(MAIL_IN_MESSAGES.unreachable, { reason: failure.responseText ?? failure.message });
}

/** Connects, signs in and opens the folder once: the admin's "Test connection". */
export async function testImapConnection(settings: ImapSettings): Promise<ImapConnectionResult> {
  try {
    const opened = await openImapFolder(settings);
    await opened.close();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: describeImapError(error, settings) };
  }
}
