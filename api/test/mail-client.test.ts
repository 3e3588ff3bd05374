import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { noAutoReplyReason } from '../src/mail-in/loops.ts';
import { parseMessage } from '../src/mail-in/parse-message.ts';
import { replyText } from '../src/mail-in/reply-text.ts';
import { type ImapTestServer, startImapServer } from './imap-server.ts';
import { appendMail, composeMail, composeReply } from './mail-client.ts';

const DESK = { supportAddresses: ['support@desk.test'], messageIdDomain: 'desk.test' };

describe('composing', () => {
  test('a new request with a file reads back as sent, non-ASCII subject and text included', async () => {
    const raw = composeMail({
      from: 'Zoë Requester <zoe@client.test>',
      to: 'support@desk.test',
      subject: 'Drucker im 2. Stock — kaputt',
      text: 'Hallo,\nder Drucker druckt nicht.\n',
      attachments: [{ filename: 'error.txt', contentType: 'text/plain', content: 'paper jam 42' }],
    });
    expect(raw.split('\r\n\r\n')[0]).not.toMatch(/[^\x20-\x7e\r\n\t]/);
    const message = await parseMessage(Buffer.from(raw));
    expect(message.problems).toEqual([]);
    expect(message.from).toEqual({ address: 'zoe@client.test', name: 'Zoë Requester' });
    expect(message.subject).toBe('Drucker im 2. Stock — kaputt');
    expect(message.text).toContain('der Drucker druckt nicht.');
    expect(message.messageId).toMatch(/^<[0-9a-f-]{36}@client\.test>$/);
    expect(message.files.map((f) => [f.fileName, f.content.toString()])).toEqual([
      ['error.txt', 'paper jam 42'],
    ]);
    expect(noAutoReplyReason(message, DESK)).toBeNull();
  });

  test('extra headers are kept, so an auto-responder can be played', async () => {
    const raw = composeMail({
      from: 'ann@client.test',
      to: 'support@desk.test',
      subject: 'Out of office',
      text: 'Back on Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    const message = await parseMessage(Buffer.from(raw));
    expect(message.autoSubmitted).toBe('auto-replied');
    expect(noAutoReplyReason(message, DESK)).not.toBeNull();
  });

  test('a header value with a line break is refused, not smuggled in', () => {
    expect(() =>
      composeMail({ from: 'a@b.test', to: 'c@d.test', subject: 'x\r\nBcc: e@f.test', text: '' }),
    ).toThrow('one line');
  });
});

describe('replying', () => {
  const deskMail = composeMail({
    from: 'Help Desk <support@desk.test>',
    to: 'ann@client.test',
    subject: '[TKT-000042] Printer',
    text: 'We replaced the toner.\nDoes it print now?',
    messageId: '<outbox.1@desk.test>',
    references: ['<first@client.test>'],
    headers: { 'Reply-To': 'support+TKT-000042@desk.test' },
  });

  test('answers the Reply-To with Re: once, In-Reply-To and References set, and the original quoted', async () => {
    const raw = await composeReply(deskMail, { from: 'Ann <ann@client.test>', text: 'Yes, thanks!' });
    const reply = await parseMessage(Buffer.from(raw));
    expect(reply.to).toEqual(['support+tkt-000042@desk.test']);
    expect(reply.subject).toBe('Re: [TKT-000042] Printer');
    expect(reply.inReplyTo).toBe('<outbox.1@desk.test>');
    expect(reply.references).toEqual(['<first@client.test>', '<outbox.1@desk.test>']);
    expect(reply.text).toContain('> We replaced the toner.');
    expect(replyText(reply.text)).toEqual({ text: 'Yes, thanks!', isTrimmed: true });

    const again = await parseMessage(
      Buffer.from(await composeReply(raw, { from: 'support@desk.test', text: 'ok' })),
    );
    expect(again.subject).toBe('Re: [TKT-000042] Printer');
    expect(again.to).toEqual(['ann@client.test']);
  });
});

describe('delivering', () => {
  let server: ImapTestServer;
  beforeAll(async () => {
    server = await startImapServer();
    server.addUser('support', 'pw-support');
  });
  afterAll(() => server.stop());

  test('APPENDs in order into the support mailbox', async () => {
    const messages = ['one', 'two'].map((subject) =>
      composeMail({ from: 'ann@client.test', to: 'support@desk.test', subject, text: subject }),
    );
    const target = { host: server.host, port: server.port, user: 'support', password: 'pw-support' };
    const uids = await appendMail(target, messages);
    expect(await server.list('support', 'INBOX')).toEqual([
      { uid: uids[0] ?? 0, flags: [], subject: 'one' },
      { uid: uids[1] ?? 0, flags: [], subject: 'two' },
    ]);
    await expect(appendMail({ ...target, password: 'wrong' }, messages)).rejects.toThrow();
  });
});
