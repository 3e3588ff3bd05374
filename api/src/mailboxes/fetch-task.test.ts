import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Sql } from 'postgres';
import { eventually } from '../../test/eventually.ts';
import { sql, testConfig, uniqueName } from '../../test/helpers.ts';
import { startImapServer } from '../../test/imap-server.ts';
import { createSql } from '../db/postgres.ts';
import type { Logger } from '../log.ts';
import { openImapFolder } from '../mail-in/imap-fetch.ts';
import { rawMail } from '../mail-in/test-mail.ts';
import { createMailFetchTask, type MailFetchOptions } from './fetch-task.ts';
import { sealSecret } from './secret-box.ts';

type Server_ = Awaited<ReturnType<typeof startImapServer>>;
let imap: Server_;
let plainImap: Server_;
const logged: string[] = [];
const log: Logger = { info: (line) => logged.push(line), error: (line) => logged.push(line) };

beforeAll(async () => {
  [imap, plainImap] = await Promise.all([startImapServer(), startImapServer({ idle: false })]);
});
afterAll(async () => {
  await Promise.all([imap.stop(), plainImap.stop()]);
});
// Each test's round fetches every active mailbox: the ones of earlier tests rest.
afterEach(async () => {
  await sql`update mailboxes set is_active = false`;
});

const fast: MailFetchOptions = {
  syncMs: 100,
  maxWaitMs: 60_000,
  pollMs: 200,
  heartbeatMs: 200,
  backoffMs: { first: 100, max: 400 },
};

/** A running mail-fetch round; stop() aborts it and waits for it to return. */
function runTask(options: MailFetchOptions = {}) {
  const controller = new AbortController();
  const task = createMailFetchTask({ ...fast, ...options });
  const done = task.run({ config: testConfig, log, signal: controller.signal });
  return {
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

async function newMailbox(server: Server_, changes: Record<string, unknown> = {}, port = server.port) {
  const user = uniqueName('mbx');
  server.addUser(user, 'pw-fetch');
  const name = uniqueName('Fetch');
  const [row] = await sql<{ id: string }[]>`
    insert into mailboxes ${sql({
      name,
      address: `${name.toLowerCase()}@desk.example.com`,
      kind: 'imap',
      imap_host: server.host,
      imap_port: port,
      imap_security: 'none',
      imap_username: user,
      secret_ciphertext: sealSecret(testConfig.mailSecretKey, JSON.stringify({ password: 'pw-fetch' })),
      ...changes,
    })} returning id`;
  return { id: row?.id ?? '', user };
}

/** The folder's UIDVALIDITY as the server tells it, read with a connection of the test's own. */
async function uidValidityOf(user: string): Promise<string> {
  const folder = await openImapFolder({
    host: imap.host,
    port: imap.port,
    security: 'none',
    user,
    secret: { password: 'pw-fetch' },
    folder: 'INBOX',
  });
  try {
    return folder.uidValidity.toString();
  } finally {
    await folder.close();
  }
}

const message = (subject: string) =>
  rawMail([`From: anna@example.net`, `Subject: ${subject}`, `Message-ID: <${subject}@example.net>`]);

const storedCount = async (mailboxId: string) =>
  (
    await sql<
      { n: number }[]
    >`select count(*)::int as n from inbound_messages where mailbox_id = ${mailboxId}`
  )[0]?.n ?? 0;

describe('mail-fetch', () => {
  test('appended messages become inbound rows exactly once, flagged seen; a second fetch stores nothing', async () => {
    const { id, user } = await newMailbox(imap);
    for (let i = 0; i < 3; i++) await imap.append(user, 'INBOX', message(`m${i}-${id}`));
    const first = runTask({ batchSize: 2 });
    await eventually(async () => (await storedCount(id)) === 3, 10_000, 'three rows');
    await eventually(
      async () => (await imap.list(user, 'INBOX')).every((m) => m.flags.includes('\\Seen')),
      5_000,
      'seen',
    );
    await first.stop();
    const [state] =
      await sql`select last_uid::int as "lastUid", last_checked_at is not null as checked, last_error from mailboxes where id = ${id}`;
    expect(state).toEqual({ lastUid: 3, checked: true, last_error: null });
    // As after a worker killed between its insert and storing the UID: the same messages are read
    // again, and nothing is stored twice.
    await sql`update mailboxes set last_uid = 0 where id = ${id}`;
    const second = runTask();
    await Bun.sleep(600);
    await second.stop();
    expect(await storedCount(id)).toBe(3);
    const [again] = await sql`select last_uid::int as "lastUid" from mailboxes where id = ${id}`;
    expect(again?.lastUid).toBe(3);
    const [raw] = await sql<
      { raw: Buffer }[]
    >`select raw from inbound_messages where mailbox_id = ${id} and uid = 1`;
    expect(raw?.raw.toString()).toContain(`Subject: m0-${id}`);
  });

  test('move puts processed messages in the chosen folder; delete removes them (only when chosen)', async () => {
    const moving = await newMailbox(imap, { after_processing: 'move', move_to_folder: 'Done' });
    await imap.createFolder(moving.user, 'Done');
    const deleting = await newMailbox(imap, { after_processing: 'delete' });
    await imap.append(moving.user, 'INBOX', message(`mv-${moving.id}`));
    await imap.append(deleting.user, 'INBOX', message(`del-${deleting.id}`));
    const task = runTask();
    await eventually(async () => (await imap.list(moving.user, 'Done')).length === 1, 10_000, 'moved');
    await eventually(async () => (await imap.list(deleting.user, 'INBOX')).length === 0, 10_000, 'deleted');
    await task.stop();
    expect(await imap.list(moving.user, 'INBOX')).toEqual([]);
    expect(await storedCount(moving.id)).toBe(1);
    expect(await storedCount(deleting.id)).toBe(1);
  });

  test('a message stored by a worker that died before marking or moving it is marked or moved on the next connection', async () => {
    const seen = await newMailbox(imap);
    const moving = await newMailbox(imap, { after_processing: 'move', move_to_folder: 'Done' });
    await imap.createFolder(moving.user, 'Done');
    for (const box of [seen, moving]) {
      await imap.append(box.user, 'INBOX', message(`left-${box.id}`));
      // As after the worker's commit of UID 1 and its death before the server was told.
      await sql`update mailboxes set uid_validity = ${await uidValidityOf(box.user)}, last_uid = 1 where id = ${box.id}`;
    }
    const task = runTask();
    await eventually(
      async () => (await imap.list(seen.user, 'INBOX')).every((m) => m.flags.includes('\\Seen')),
      10_000,
      'marked seen',
    );
    await eventually(async () => (await imap.list(moving.user, 'Done')).length === 1, 10_000, 'moved');
    await task.stop();
    // Taken in before, so nothing is stored again.
    expect(await storedCount(seen.id)).toBe(0);
    expect(await storedCount(moving.id)).toBe(0);
  });

  test('a changed UIDVALIDITY starts again from UID 0 under the new value', async () => {
    const { id, user } = await newMailbox(imap, { uid_validity: 1, last_uid: 999 });
    await imap.append(user, 'INBOX', message(`uv-${id}`));
    const task = runTask();
    await eventually(async () => (await storedCount(id)) === 1, 10_000, 'taken in after renumbering');
    await task.stop();
    const [state] =
      await sql`select uid_validity::text as v, last_uid::int as "lastUid" from mailboxes where id = ${id}`;
    expect(state?.v).not.toBe('1');
    expect(state?.lastUid).toBe(1);
  });

  test('IDLE wakes the fetcher within a short time of a new message', async () => {
    const { id, user } = await newMailbox(imap);
    const task = runTask({ pollMs: 60_000 });
    await eventually(
      async () => {
        const [row] = await sql`select last_checked_at from mailboxes where id = ${id}`;
        return row?.last_checked_at != null;
      },
      10_000,
      'first look',
    );
    await Bun.sleep(300);
    const sent = Date.now();
    await imap.append(user, 'INBOX', message(`idle-${id}`));
    await eventually(async () => (await storedCount(id)) === 1, 5_000, 'woken by IDLE');
    const tookMs = Date.now() - sent;
    await task.stop();
    expect(tookMs).toBeLessThan(2_500);
  });

  test('without IDLE the fetcher polls', async () => {
    const { id, user } = await newMailbox(plainImap);
    const task = runTask({ pollMs: 200 });
    await Bun.sleep(500);
    await plainImap.append(user, 'INBOX', message(`poll-${id}`));
    await eventually(async () => (await storedCount(id)) === 1, 5_000, 'found by polling');
    await task.stop();
  });

  test('a cut connection is recorded in words and recovers; a wrong password shows as last_error', async () => {
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      const upstream = connect(imap.port, imap.host);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const proxyPort = typeof address === 'object' && address ? address.port : 0;
    const { id, user } = await newMailbox(imap, {}, proxyPort);
    const wrong = await newMailbox(imap, {
      secret_ciphertext: sealSecret(testConfig.mailSecretKey, JSON.stringify({ password: 'not-it' })),
    });
    const task = runTask();
    try {
      await imap.append(user, 'INBOX', message(`cut1-${id}`));
      await eventually(async () => (await storedCount(id)) === 1, 10_000, 'first message');
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await imap.append(user, 'INBOX', message(`cut2-${id}`));
      await eventually(async () => (await storedCount(id)) === 2, 10_000, 'after the cut');
      await eventually(
        async () => {
          const [row] = await sql<
            { lastError: string | null }[]
          >`select last_error as "lastError" from mailboxes where id = ${wrong.id}`;
          return /password|sign/i.test(row?.lastError ?? '');
        },
        10_000,
        'wrong password shown',
      );
      const [row] = await sql<
        { lastError: string }[]
      >`select last_error as "lastError" from mailboxes where id = ${wrong.id}`;
      expect(row?.lastError).not.toContain('not-it');
      expect(logged.join('\n')).not.toContain('not-it');
    } finally {
      await task.stop();
      proxy.close();
    }
  });

  test('two fetchers on one mailbox never store a message twice, and one takes over when the other dies', async () => {
    const { id, user } = await newMailbox(imap);
    const locks: Sql[] = [];
    const openLockConnection = (url: string) => {
      const lock = createSql(url, { max: 1 });
      locks.push(lock);
      return lock;
    };
    const a = runTask({ openLockConnection });
    for (let i = 0; i < 5; i++) await imap.append(user, 'INBOX', message(`two${i}-${id}`));
    await eventually(async () => (await storedCount(id)) === 5, 10_000, 'five rows by the first');
    const b = runTask({ openLockConnection });
    for (let i = 5; i < 10; i++) await imap.append(user, 'INBOX', message(`two${i}-${id}`));
    await eventually(async () => (await storedCount(id)) === 10, 10_000, 'ten rows');
    await Bun.sleep(300);
    const [held] = await sql<{ n: number }[]>`
      select count(distinct pid)::int as n from pg_locks where locktype = 'advisory' and granted
        and objid = (hashtextextended(${`mail-fetch:${id}`}, 0) & 4294967295)::oid`;
    expect(held?.n).toBe(1);
    // The first worker dies as a killed process does: its lock connection is gone, nothing let go.
    await locks[0]?.end({ timeout: 0 });
    for (let i = 10; i < 15; i++) await imap.append(user, 'INBOX', message(`two${i}-${id}`));
    await eventually(async () => (await storedCount(id)) === 15, 10_000, 'taken over');
    await a.stop();
    await b.stop();
    const [dupes] = await sql<{ n: number }[]>`
      select count(*)::int as n from (select uid from inbound_messages where mailbox_id = ${id} group by uid having count(*) > 1) d`;
    expect(dupes?.n).toBe(0);
    await Promise.all(locks.map((lock) => lock.end({ timeout: 1 })));
  });

  test('the round returns when the worker stops, and stops fetching', async () => {
    const { id, user } = await newMailbox(imap);
    const task = runTask();
    await Bun.sleep(300);
    const started = Date.now();
    await task.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
    await imap.append(user, 'INBOX', message(`after-${id}`));
    await Bun.sleep(500);
    expect(await storedCount(id)).toBe(0);
  });
});
