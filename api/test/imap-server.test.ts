import { expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { startImapServer } from './imap-server.ts';

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
