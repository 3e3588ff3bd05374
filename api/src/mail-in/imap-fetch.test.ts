import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type ImapTestServer, startImapServer } from '../../test/imap-server.ts';
import { freePort } from '../../test/processes.ts';
import { type ImapFolder, type ImapSettings, openImapFolder, testImapConnection } from './imap-fetch.ts';

let server: ImapTestServer;
let userCount = 0;

beforeAll(async () => {
  server = await startImapServer({ tls: true });
});

afterAll(async () => {
  await server.stop();
});

/** A mailbox of its own for each test, so no test sees another's mail. */
function newMailbox(overrides: Partial<ImapSettings> = {}): ImapSettings {
  userCount += 1;
  const user = `support${userCount}`;
  server.addUser(user, `pw-${user}`);
  return {
    host: server.host,
    port: server.port,
    security: 'none',
    user,
    secret: { password: `pw-${user}` },
    folder: 'INBOX',
    timeoutMs: 5_000,
    ...overrides,
  };
}

function message(subject: string): string {
  return [
    'From: Ann Example <ann@example.com>',
    'To: support@example.com',
    `Subject: ${subject}`,
    `Message-ID: <${crypto.randomUUID()}@example.com>`,
    'Date: Thu, 26 Nov 2026 08:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of ${subject}`,
    '',
  ].join('\r\n');
}

async function withFolder<T>(settings: ImapSettings, work: (folder: ImapFolder) => Promise<T>): Promise<T> {
  const folder = await openImapFolder(settings, { pollMs: 100 });
  try {
    return await work(folder);
  } finally {
    await folder.close();
  }
}

describe('testImapConnection', () => {
  test('a reachable mailbox with the right password and folder is fine', async () => {
    expect(await testImapConnection(newMailbox())).toEqual({ ok: true });
  });

  test('a wrong password is named as such', async () => {
    const settings = newMailbox();
    expect(await testImapConnection({ ...settings, secret: { password: 'wrong' } })).toEqual({
      ok: false,
      message: 'The server refused the user name or password.',
    });
  });

  test('a missing folder is named', async () => {
    expect(await testImapConnection(newMailbox({ folder: 'Support Desk' }))).toEqual({
      ok: false,
      message: 'The folder "Support Desk" does not exist in this mailbox.',
    });
  });

  test('a port where nothing listens says to check host and port', async () => {
    const port = freePort();
    expect(await testImapConnection(newMailbox({ port }))).toEqual({
      ok: false,
      message: `Nothing accepts connections at 127.0.0.1:${port}: check the host and the port.`,
    });
  });

  test('an unknown host name is named', async () => {
    const result = await testImapConnection(newMailbox({ host: 'mail.invalid' }));
    expect(result).toEqual({ ok: false, message: 'The host name "mail.invalid" could not be found.' });
  });

  test('TLS works with the certificate trusted, and says so when it is not', async () => {
    const tls = newMailbox({ security: 'tls', port: server.tlsPort ?? 0 });
    expect(await testImapConnection({ ...tls, ca: server.certificate ?? '' })).toEqual({ ok: true });
    expect(await testImapConnection(tls)).toEqual({
      ok: false,
      message: "The server's certificate is not trusted (self-signed, expired or from an unknown authority).",
    });
    expect(
      await testImapConnection(newMailbox({ security: 'starttls', ca: server.certificate ?? '' })),
    ).toEqual({ ok: true });
  });

  test('TLS against a plain port, and plain against a TLS port, point at the security setting', async () => {
    const tlsOnPlain = await testImapConnection(newMailbox({ security: 'tls' }));
    expect(tlsOnPlain).toEqual({
      ok: false,
      message: `The secure (TLS) connection to 127.0.0.1:${server.port} failed: is this port for TLS, or does it expect STARTTLS or none?`,
    });
    const plainOnTls = await testImapConnection(newMailbox({ port: server.tlsPort ?? 0, timeoutMs: 500 }));
    expect(plainOnTls).toEqual({
      ok: false,
      message: `127.0.0.1:${server.tlsPort} accepted the connection but sent no IMAP greeting: if this port expects TLS, choose TLS.`,
    });
  });

  test('an access token against a server without XOAUTH2 says so', async () => {
    const result = await testImapConnection(newMailbox({ secret: { accessToken: 'ya29.token' } }));
    expect(result).toEqual({ ok: false, message: 'The server does not offer OAuth2 (XOAUTH2) sign-in.' });
  });
});

describe('openImapFolder', () => {
  test('fetches what arrived after a UID, lowest first, in batches', async () => {
    const settings = newMailbox();
    const uids: number[] = [];
    for (const subject of ['first', 'second', 'third']) {
      uids.push(await server.append(settings.user, 'INBOX', message(subject)));
    }
    await withFolder(settings, async (folder) => {
      const all = await folder.fetchAfter(0, 10);
      expect(all.map((fetched) => fetched.uid)).toEqual(uids);
      expect(all.map((fetched) => /Subject: (\w+)/.exec(fetched.source.toString())?.[1])).toEqual([
        'first',
        'second',
        'third',
      ]);
      expect(all[0]?.source.toString()).toContain('Body of first');
      expect((await folder.fetchAfter(uids[1] ?? 0, 10)).map((fetched) => fetched.uid)).toEqual(
        uids.slice(2),
      );
      expect((await folder.fetchAfter(0, 2)).map((fetched) => fetched.uid)).toEqual(uids.slice(0, 2));
      // `UID n:*` matches the last message even when n is past it: nothing new must mean nothing.
      expect(await folder.fetchAfter(uids[2] ?? 0, 10)).toEqual([]);
    });
  });

  test('reads UIDVALIDITY, the same on every connection to the folder', async () => {
    const settings = newMailbox();
    await server.append(settings.user, 'INBOX', message('hello'));
    const first = await withFolder(settings, async (folder) => folder.uidValidity);
    const second = await withFolder(settings, async (folder) => folder.uidValidity);
    expect(first).toBeGreaterThan(0n);
    expect(second).toBe(first);
  });

  test('marks a message seen, and only that one', async () => {
    const settings = newMailbox();
    const done = await server.append(settings.user, 'INBOX', message('done'));
    const waiting = await server.append(settings.user, 'INBOX', message('waiting'));
    await withFolder(settings, async (folder) => {
      await folder.markSeen(done);
      expect((await folder.fetchAfter(0, 10)).map((fetched) => fetched.flags)).toEqual([['\\Seen'], []]);
    });
    expect(await server.list(settings.user, 'INBOX')).toEqual([
      { uid: done, flags: ['\\Seen'], subject: 'done' },
      { uid: waiting, flags: [], subject: 'waiting' },
    ]);
  });

  test('moves a message to another folder, and refuses a folder that does not exist', async () => {
    const settings = newMailbox();
    await server.createFolder(settings.user, 'Processed');
    const moved = await server.append(settings.user, 'INBOX', message('moved'));
    const kept = await server.append(settings.user, 'INBOX', message('kept'));
    await withFolder(settings, async (folder) => {
      await folder.moveTo(moved, 'Processed');
      await expect(folder.moveTo(kept, 'Nowhere')).rejects.toThrow('did not move message');
    });
    expect((await server.list(settings.user, 'INBOX')).map((entry) => entry.subject)).toEqual(['kept']);
    expect((await server.list(settings.user, 'Processed')).map((entry) => entry.subject)).toEqual(['moved']);
  });

  test('with IDLE, a new message wakes the wait within 2 seconds', async () => {
    const settings = newMailbox();
    await withFolder(settings, async (folder) => {
      expect(folder.canIdle).toBe(true);
      expect(await folder.fetchAfter(0, 10)).toEqual([]);
      const woken = folder.waitForNew(10_000);
      await Bun.sleep(200);
      const appendedAt = Date.now();
      const uid = await server.append(settings.user, 'INBOX', message('urgent'));
      expect(await woken).toBe('new');
      expect(Date.now() - appendedAt).toBeLessThan(2_000);
      expect((await folder.fetchAfter(0, 10)).map((fetched) => fetched.uid)).toEqual([uid]);
    });
  });

  test('mail that arrived between the last fetch and the wait wakes it at once', async () => {
    const settings = newMailbox();
    await withFolder(settings, async (folder) => {
      expect(await folder.fetchAfter(0, 10)).toEqual([]);
      await server.append(settings.user, 'INBOX', message('in between'));
      const startedAt = Date.now();
      expect(await folder.waitForNew(5_000)).toBe('new');
      expect(Date.now() - startedAt).toBeLessThan(1_000);
    });
  });

  test('the wait ends with a timeout when nothing arrives', async () => {
    await withFolder(newMailbox(), async (folder) => {
      const startedAt = Date.now();
      expect(await folder.waitForNew(300)).toBe('timeout');
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(290);
      // The IDLE left running is ended by the next command.
      expect(await folder.fetchAfter(0, 10)).toEqual([]);
    });
  });

  test('without IDLE on the server, the wait polls', async () => {
    const noIdle = await startImapServer({ idle: false });
    try {
      noIdle.addUser('support', 'pw-support');
      const settings: ImapSettings = {
        host: noIdle.host,
        port: noIdle.port,
        security: 'none',
        user: 'support',
        secret: { password: 'pw-support' },
        folder: 'INBOX',
      };
      await withFolder(settings, async (folder) => {
        expect(folder.canIdle).toBe(false);
        const woken = folder.waitForNew(10_000);
        await Bun.sleep(150);
        const appendedAt = Date.now();
        await noIdle.append('support', 'INBOX', message('polled'));
        expect(await woken).toBe('new');
        expect(Date.now() - appendedAt).toBeLessThan(2_000);
        expect(await folder.fetchAfter(0, 10)).toHaveLength(1);
      });
    } finally {
      await noIdle.stop();
    }
  });
});
