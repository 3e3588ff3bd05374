import { expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { ImapFlow } from 'imapflow';
import { startImapServer } from './imap-server.ts';
import { freePort } from './processes.ts';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('the test IMAP server stores what is appended, per user and folder, and leaves nothing behind', async () => {
  const server = await startImapServer();
  try {
    server.addUser('ann', 'pw-ann');
    server.addUser('bob', 'pw-bob');
    const uid = await server.append('ann', 'INBOX', 'Subject: hello\r\n\r\nhi\r\n', ['\\Flagged']);
    await server.createFolder('ann', 'Done');
    expect(await server.list('ann', 'INBOX')).toEqual([{ uid, flags: ['\\Flagged'], subject: 'hello' }]);
    expect(await server.list('ann', 'Done')).toEqual([]);
    expect(await server.list('bob', 'INBOX')).toEqual([]);
    expect(server.log()).toContain('Login: user=<ann>');
    expect(() => server.addUser('ann', 'other')).toThrow('exists already');
    expect(() => server.addUser('../escape', 'pw')).toThrow('user names are');
  } finally {
    await server.stop();
  }
  expect(existsSync(server.dir)).toBe(false);
  expect(await accepts(server.port)).toBe(false);
});

async function loggedInClient(port: number) {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: 'ann', pass: 'pw-ann' },
    logger: false,
  });
  client.on('error', () => {});
  await client.connect();
  const closed = new Promise<number>((resolve) => {
    const started = Date.now();
    client.once('close', () => resolve(Date.now() - started));
  });
  return { closed };
}

test('a cut drops logged-in clients at once; a restart does too and keeps the mail, on the port asked for', async () => {
  const port = freePort();
  const server = await startImapServer({ port });
  try {
    expect(server.port).toBe(port);
    server.addUser('ann', 'pw-ann');
    const uid = await server.append('ann', 'INBOX', 'Subject: kept\r\n\r\nhi\r\n');
    const first = await loggedInClient(port);
    expect(server.cutConnections()).toBe(1);
    expect(await first.closed).toBeLessThan(2000);
    const second = await loggedInClient(port);
    await server.restart();
    expect(await second.closed).toBeLessThan(3000);
    expect(await server.list('ann', 'INBOX')).toEqual([{ uid, flags: [], subject: 'kept' }]);
  } finally {
    await server.stop();
  }
});
