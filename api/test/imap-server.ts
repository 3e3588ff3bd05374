/**
 * A real IMAP server for tests: Dovecot from Debian (`.ci/run` installs it), started in a fresh temp dir on
 * free loopback ports with no system configuration, the way the preload starts the embedded PostgreSQL.
 * Users live in a passwd-file, mail in Maildir under the temp dir; the log is `dovecot.log` there.
 *
 * Dovecot refuses to run its login processes as root and to open mail as uid 0, so as root the login and
 * internal processes run as the package's `dovenull`/`dovecot` users and mail belongs to `nobody`. As any
 * other user everything runs as that user (Dovecot's rootless layout) and no chroot is used.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './processes.ts';

export type ImapTestServerOptions = {
  /** Also listen for IMAPS, with a self-signed certificate made by openssl for `localhost`. */
  tls?: boolean;
  /** Advertise IDLE (the default). Off, clients have to poll: the fallback path. */
  idle?: boolean;
  /** Plain IMAP on this port instead of a free one (the e2e stack's ports follow E2E_PORT_BASE). */
  port?: number;
};

export type FolderEntry = { uid: number; flags: string[]; subject: string };

export type ImapTestServer = {
  host: string;
  /** Plain IMAP (no STARTTLS offered unless `tls` was asked for). */
  port: number;
  /** IMAPS, or null without `tls`. */
  tlsPort: number | null;
  /** The IMAPS certificate (PEM), for a client to trust; null without `tls`. */
  certificate: string | null;
  dir: string;
  /** Adds a login with an empty INBOX (created on first login). */
  addUser: (user: string, password: string) => void;
  createFolder: (user: string, folder: string) => Promise<void>;
  /** Delivers an RFC 822 message by IMAP APPEND, as a mail server's delivery would; returns its UID. */
  append: (user: string, folder: string, message: string | Buffer, flags?: string[]) => Promise<number>;
  /** What a folder holds now, in UID order. */
  list: (user: string, folder: string) => Promise<FolderEntry[]>;
  /** Dovecot's log so far (for a failing test's message). */
  log: () => string;
  /**
   * Kills the processes serving logged-in clients (SIGKILL): every connection drops at once, as on a
   * network cut, and new logins work as before. Resolves with how many connections were cut.
   */
  cutConnections: () => number;
  /** Stops Dovecot and starts it again on the same ports and mail, cutting every connection first. */
  restart: () => Promise<void>;
  /** Stops Dovecot and removes the temp dir. */
  stop: () => Promise<void>;
};

const HOST = '127.0.0.1';
// Test logins only: passwords are kept in clear. A user name is also a file name (see passdb below).
const USER_NAME = /^[A-Za-z0-9_+@-][A-Za-z0-9._+@-]*$/;
const PASSWORD = /^[^:\s]+$/;

function dovecotBinary(): string {
  // /usr/sbin is often not on a normal user's PATH.
  const path = process.env.DOVECOT_PATH ?? Bun.which('dovecot') ?? '/usr/sbin/dovecot';
  if (!existsSync(path)) {
    throw new Error(`Dovecot is not installed at ${path}: apt-get install dovecot-imapd (as .ci/run does)`);
  }
  return path;
}

function commandOutput(command: string[]): string {
  return Bun.spawnSync(command).stdout.toString().trim();
}

/** Who each Dovecot process runs as, and who owns the mail, for the current user. */
function processUsers() {
  const me = userInfo();
  if (me.uid === 0) {
    return {
      internalUser: 'dovecot',
      internalGroup: 'dovecot',
      loginUser: 'dovenull',
      mailUid: 65534,
      mailGid: 65534,
      firstValidUid: 500,
    };
  }
  return {
    // By name from id(1): os.userInfo() may not know the name of a user without a HOME.
    internalUser: commandOutput(['id', '-un']),
    internalGroup: commandOutput(['id', '-gn']),
    loginUser: commandOutput(['id', '-un']),
    mailUid: me.uid,
    mailGid: me.gid,
    firstValidUid: Math.min(me.uid, 500),
  };
}

function makeCertificate(dir: string): string {
  const result = Bun.spawnSync(
    [
      'openssl',
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stderr: 'pipe' },
  );
  if (result.exitCode !== 0)
    throw new Error(`openssl could not make a certificate: ${result.stderr.toString()}`);
  return readFileSync(join(dir, 'cert.pem'), 'utf8');
}

function config(dir: string, ports: { imap: number; imaps: number }, options: ImapTestServerOptions): string {
  const users = processUsers();
  const tls = options.tls === true;
  return `# Generated by api/test/imap-server.ts for one test run.
protocols = imap
listen = ${HOST}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
default_internal_user = ${users.internalUser}
default_internal_group = ${users.internalGroup}
default_login_user = ${users.loginUser}
first_valid_uid = ${users.firstValidUid}
disable_plaintext_auth = no
auth_mechanisms = plain login
# Tests try wrong passwords on purpose: no delay and no growing penalty for them.
auth_failure_delay = 0
${tls ? `ssl = yes\nssl_cert = <${dir}/cert.pem\nssl_key = <${dir}/key.pem` : 'ssl = no'}
${options.idle === false ? 'imap_capability = IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE UIDPLUS MOVE NAMESPACE' : ''}
# IDLE hears new mail through inotify; the short check is the fallback where inotify has run out.
mailbox_idle_check_interval = 1 secs
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  separator = /
}
# A passwd-file per user: Dovecot rereads a changed file at most once a second, a new file at once.
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users/%u
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users/%u
  default_fields = uid=${users.mailUid} gid=${users.mailGid}
}
service anvil {
  chroot =
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = ${HOST}
    port = ${ports.imap}
  }
  inet_listener imaps {
    address = ${HOST}
    port = ${tls ? ports.imaps : 0}
  }
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

async function waitForGreeting(port: number, dovecot: Bun.Subprocess, readLog: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (dovecot.exitCode !== null) throw new Error(`Dovecot exited (${dovecot.exitCode}):\n${readLog()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, HOST);
      socket.once('data', (data) => {
        resolve(data.toString().startsWith('* OK'));
        socket.destroy();
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (greeted) return;
    await Bun.sleep(100);
  }
  throw new Error(`Dovecot did not greet on port ${port} within 10 s:\n${readLog()}`);
}

/** The processes whose parent is `pid`, with their command names (Linux /proc). */
function childProcesses(pid: number): { pid: number; name: string }[] {
  const children: { pid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (name) state ppid ...": the name may hold spaces and parentheses, so read from the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const parent = Number(stat.slice(close + 2).split(' ')[1]);
      if (parent === pid)
        children.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // Gone while reading.
    }
  }
  return children;
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** Starts Dovecot as described above; call stop() when done (an afterAll). */
export async function startImapServer(options: ImapTestServerOptions = {}): Promise<ImapTestServer> {
  const binary = dovecotBinary();
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-test-imap-'));
  const users = processUsers();
  const mailRoot = join(dir, 'mail');
  mkdirSync(mailRoot);
  if (userInfo().uid === 0) {
    // The login and mail processes run as other users: they must reach the sockets and the mail.
    chmodSync(dir, 0o711);
    chownSync(mailRoot, users.mailUid, users.mailGid);
  }
  const usersDir = join(dir, 'users');
  mkdirSync(usersDir, { mode: 0o755 });
  const certificate = options.tls ? makeCertificate(dir) : null;
  const ports = { imap: options.port ?? freePort(), imaps: freePort() };
  const confPath = join(dir, 'dovecot.conf');
  writeFileSync(confPath, config(dir, ports, options));

  const logPath = join(dir, 'dovecot.log');
  const stderrPath = join(dir, 'stderr.log');
  const readLog = () => {
    const read = (path: string) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return '';
      }
    };
    return read(logPath) + read(stderrPath);
  };
  const spawnDovecot = () =>
    Bun.spawn([binary, '-c', confPath, '-F'], {
      stdin: 'ignore',
      stdout: 'ignore',
      stderr: Bun.file(stderrPath),
    });
  let dovecot = spawnDovecot();
  // A test run that ends without stop() (a failed beforeAll, an uncaught error) still takes Dovecot along.
  const killOnExit = () => {
    try {
      process.kill(dovecot.pid, 'SIGTERM');
    } catch {
      // Gone already (a signal to the whole process group reached it first).
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', killOnExit);
  const halt = async () => {
    if (dovecot.exitCode === null && dovecot.signalCode === null) {
      dovecot.kill('SIGTERM');
      await dovecot.exited;
    }
  };
  const stop = async () => {
    process.off('exit', killOnExit);
    await halt();
    rmSync(dir, { recursive: true, force: true });
  };
  // Dovecot's master lets its imap processes finish on their own (up to about 10 s): a cut is a kill.
  const cutConnections = () => {
    const served = childProcesses(dovecot.pid).filter((child) => child.name === 'imap');
    for (const child of served) killQuietly(child.pid);
    return served.length;
  };
  const restart = async () => {
    cutConnections();
    await halt();
    dovecot = spawnDovecot();
    await waitForGreeting(ports.imap, dovecot, readLog);
  };
  try {
    await waitForGreeting(ports.imap, dovecot, readLog);
  } catch (error) {
    await stop();
    throw error;
  }

  const passwords = new Map<string, string>();
  const asUser = async <T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const pass = passwords.get(user);
    if (pass === undefined) throw new Error(`no test IMAP user '${user}': addUser first`);
    const client = new ImapFlow({
      host: HOST,
      port: ports.imap,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  };

  return {
    host: HOST,
    port: ports.imap,
    tlsPort: options.tls ? ports.imaps : null,
    certificate,
    dir,
    addUser(user, password) {
      if (!USER_NAME.test(user) || !PASSWORD.test(password)) {
        throw new Error('test IMAP user names are [A-Za-z0-9._+@-], passwords have no colons or spaces');
      }
      if (passwords.has(user)) throw new Error(`test IMAP user '${user}' exists already`);
      passwords.set(user, password);
      writeFileSync(join(usersDir, user), `${user}:{PLAIN}${password}::::${join(mailRoot, user)}\n`, {
        mode: 0o644,
      });
    },
    createFolder: (user, folder) =>
      asUser(user, async (client) => {
        await client.mailboxCreate(folder);
      }),
    append: (user, folder, message, flags = []) =>
      asUser(user, async (client) => {
        const appended = await client.append(folder, message, flags);
        if (!appended || appended.uid === undefined) throw new Error(`APPEND to ${folder} gave no UID`);
        return appended.uid;
      }),
    list: (user, folder) =>
      asUser(user, async (client) => {
        const lock = await client.getMailboxLock(folder);
        try {
          if (client.mailbox === false || client.mailbox.exists === 0) return [];
          const messages = await client.fetchAll('1:*', { uid: true, flags: true, envelope: true });
          return messages
            .map((message) => ({
              uid: message.uid,
              // \Recent belongs to one session, not to the message.
              flags: [...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort(),
              subject: message.envelope?.subject ?? '',
            }))
            .sort((a, b) => a.uid - b.uid);
        } finally {
          lock.release();
        }
      }),
    log: readLog,
    cutConnections,
    restart,
    stop,
  };
}
