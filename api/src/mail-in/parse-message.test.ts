import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  DEFAULT_PARSE_LIMITS,
  htmlText,
  MAX_REFERENCES,
  normalizeMessageId,
  parseMessage,
} from './parse-message.ts';
import { inbound, rawMail } from './test-mail.ts';

/** Hostile input must be handled quickly even on a loaded machine: well under this. */
const FAST_MS = 5_000;

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  expect(performance.now() - started).toBeLessThan(FAST_MS);
  return result;
}

const multipart = (parts: string[], boundary = 'b0undary') =>
  rawMail(
    ['From: a@example.net', 'Subject: parts', `Content-Type: multipart/mixed; boundary="${boundary}"`],
    `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--`,
  );

const attachment = (index: number) =>
  `Content-Type: text/plain; name="f${index}.txt"\r\nContent-Disposition: attachment; filename="f${index}.txt"\r\n\r\nfile ${index}`;

describe('parseMessage', () => {
  test('reads the addresses, ids, date and text of a plain message', async () => {
    const message = await inbound([
      'To: Support <Support@Desk.Example.com>, other@example.org',
      'Cc: "Kate" <kate@example.org>',
      'Delivered-To: support+TKT-000001@desk.example.com',
      'Subject: Hello',
      'Message-ID: <abc@example.net>',
      'In-Reply-To: <outbox.x@desk.example.com>',
      'References: <a@x> <b@y>',
      'Date: Thu, 19 Nov 2026 14:22:07 +0000',
    ]);
    expect(message).toMatchObject({
      from: { address: 'anna.berg@example.net', name: 'Anna Berg' },
      to: ['support@desk.example.com', 'other@example.org'],
      cc: ['kate@example.org'],
      deliveredTo: ['support+tkt-000001@desk.example.com'],
      subject: 'Hello',
      messageId: '<abc@example.net>',
      inReplyTo: '<outbox.x@desk.example.com>',
      references: ['<a@x>', '<b@y>'],
      text: 'Hello',
      isBounce: false,
      problems: [],
    });
    expect(message.date?.toISOString()).toBe('2026-11-19T14:22:07.000Z');
  });

  test('a thousand References keep the thread root and the newest, and say so', async () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `<ref${index}@example.net>`);
    const message = await timed(() => inbound([`References: ${ids.join('\r\n ')}`]));
    expect(message.references).toHaveLength(MAX_REFERENCES);
    expect(message.references[0]).toBe('<ref0@example.net>');
    expect(message.references.at(-1)).toBe('<ref999@example.net>');
    expect(message.references[1]).toBe(`<ref${1000 - MAX_REFERENCES + 1}@example.net>`);
    expect(message.problems).toContain('too-many-references');
  });

  test('CR and LF smuggled into encoded headers never survive', async () => {
    const message = await inbound([
      'From: =?utf-8?Q?Eve=0D=0ABcc=3A_victim@example.org?= <eve@example.org>',
      'Subject: =?utf-8?Q?Hello=0D=0ABcc:_victim@example.org=0A=0A<script>?=',
      'Message-ID: <id@example.org>',
    ]);
    expect(message.subject).toBe('Hello Bcc: victim@example.org <script>');
    expect(message.from).toEqual({ address: 'eve@example.org', name: 'Eve Bcc: victim@example.org' });
    for (const value of [message.subject, message.from?.name ?? '', message.messageId ?? '']) {
      expect(value).not.toMatch(/[\r\n\u2028\u2029\u202e]/);
    }
  });

  test('bidirectional overrides and zero-width characters are removed from the subject', async () => {
    const message = await inbound(['Subject: =?utf-8?Q?Invoice_=E2=80=AEfdp.exe=E2=80=8B?=']);
    expect(message.subject).toBe('Invoice fdp.exe');
  });

  test('odd and unknown charsets decode or degrade, never throw', async () => {
    const cases: [string, string, string][] = [
      ['koi8-r', '=?koi8-r?B?8NLJ18XU?=', 'Привет'],
      ['shift_jis', '=?shift_jis?B?g2WDWINn?=', 'テスト'],
      ['iso-2022-jp', '=?iso-2022-jp?B?GyRCJUYlOSVIGyhC?=', 'テスト'],
      ['gb18030', '=?gb18030?B?xOO6ww==?=', '你好'],
    ];
    for (const [charset, subject, decoded] of cases) {
      const message = await inbound([`Subject: ${subject}`, `Content-Type: text/plain; charset=${charset}`]);
      expect(message.subject).toBe(decoded);
    }
    const unknown = await inbound(
      ['Subject: =?x-no-such-charset?Q?caf=E9?=', 'Content-Type: text/plain; charset="x-no-such-charset"'],
      'caf\u00e9',
    );
    expect(typeof unknown.subject).toBe('string');
    expect(unknown.text.length).toBeGreaterThan(0);
  });

  test('an HTML-only message becomes text without script, style, images or markup', async () => {
    const message = await inbound(
      ['Content-Type: text/html; charset=utf-8'],
      '<html><head><style>p{color:red}</style><script>steal(document.cookie)</script></head><body><p>Printer <b>offline</b></p><img src="https://t.example/p.gif"><script>more()</script><a href="https://intranet.example/kb">the guide</a></body></html>',
    );
    expect(message.text).toBe('Printer offline\n\nthe guide [https://intranet.example/kb]');
  });

  test('deeply nested HTML is converted within bounds', async () => {
    const html = `${'<div>'.repeat(50_000)}deep${'</div>'.repeat(50_000)}`;
    const message = await timed(() => inbound(['Content-Type: text/html'], html));
    expect(message.text.length).toBeLessThan(1000);
    expect(htmlText('<p>a</p><p>b</p>')).toBe('a\n\nb');
  });

  test('files past the cap are left out and named as a problem', async () => {
    const parts = [
      'Content-Type: text/plain\r\n\r\nSee attached.',
      ...Array.from({ length: 60 }, (_, index) => attachment(index)),
    ];
    const message = await timed(() => parseMessage(multipart(parts)));
    expect(message.files).toHaveLength(DEFAULT_PARSE_LIMITS.maxFiles);
    expect(message.files[0]).toMatchObject({
      fileName: 'f0.txt',
      contentType: 'text/plain',
      size: 6,
      isInline: false,
    });
    expect(message.problems).toEqual(['too-many-files']);
    expect(message.text).toBe('See attached.');
  });

  test('a message forwarded as an attachment stays a file, out of the text', async () => {
    const forwarded =
      'Content-Type: message/rfc822\r\nContent-Disposition: attachment; filename="orig.eml"\r\n\r\nFrom: b@example.org\r\nSubject: inner\r\n\r\nInner text.';
    const message = await parseMessage(
      multipart(['Content-Type: text/plain\r\n\r\nSee attached.', forwarded]),
    );
    expect(message.text).toBe('See attached.');
    expect(message.files.map((file) => [file.fileName, file.contentType])).toEqual([
      ['orig.eml', 'message/rfc822'],
    ]);
  });

  test('10,000 parts: the headers are read, the body is refused, nothing throws', async () => {
    const parts = Array.from({ length: 10_000 }, (_, index) => attachment(index));
    const message = await timed(() => parseMessage(multipart(parts)));
    expect(message.subject).toBe('parts');
    expect(message.from?.address).toBe('a@example.net');
    expect(message.files).toEqual([]);
    expect(message.problems).toEqual(['unreadable-body']);
  });

  test('a message over the size cap is read for its headers only, without parsing its body', async () => {
    const body = 'A'.repeat(50 * 1024 * 1024);
    const message = await timed(() => inbound(['Subject: big', 'Message-ID: <big@example.net>'], body));
    expect(message).toMatchObject({ subject: 'big', messageId: '<big@example.net>', text: '', files: [] });
    expect(message.problems).toEqual(['too-large']);
    expect(message.sizeBytes).toBeGreaterThan(50 * 1024 * 1024);
  });

  test('a long text is cut at the cap and says so', async () => {
    const message = await parseMessage(rawMail(['From: a@example.net'], 'x'.repeat(150_000)), {
      ...DEFAULT_PARSE_LIMITS,
      maxTextChars: 1000,
    });
    expect(message.text).toHaveLength(1000);
    expect(message.problems).toEqual(['text-truncated']);
  });

  test('broken MIME never throws', async () => {
    const broken = [
      Buffer.alloc(0),
      Buffer.from('\r\n\r\n'),
      Buffer.from('no headers at all, just words'),
      rawMail(['From: a@example.net', 'Content-Type: multipart/mixed'], '--x\r\nno boundary declared'),
      rawMail(
        ['From: a@example.net', 'Content-Type: multipart/mixed; boundary=x'],
        '--x\r\nContent-Type: text/plain\r\n\r\nunterminated',
      ),
      rawMail(['From: a@example.net', 'Content-Transfer-Encoding: base64'], '!!!not base64!!!'),
      rawMail(['From: a@example.net', 'Content-Transfer-Encoding: quoted-printable'], '=ZZ=\r\n=4'),
      rawMail(['From: <<<@@@>>>', 'To: ,,,;;;', 'Date: yesterday-ish', 'Message-ID: not an id'], ''),
      rawMail([`Subject: ${'x'.repeat(2 * 1024 * 1024)}`]),
      Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
    ];
    for (const source of broken) {
      const message = await timed(() => parseMessage(source));
      expect(Array.isArray(message.problems)).toBe(true);
      expect(message.date === null || !Number.isNaN(message.date.getTime())).toBe(true);
    }
    const junkIds = await parseMessage(broken[7] as Buffer);
    expect(junkIds.messageId).toBeNull();
    expect(junkIds.from).toBeNull();
  });

  test('any bytes at all give a message, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), async (bytes) => {
        const message = await parseMessage(Buffer.from(bytes));
        expect(typeof message.text).toBe('string');
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ maxLength: 80 }), { maxLength: 20 }),
        fc.string(),
        async (lines, body) => {
          const message = await parseMessage(rawMail(lines, body));
          expect(message.subject).not.toMatch(/[\r\n]/);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('normalizeMessageId', () => {
  test('keeps one bracketed id and refuses what is not one', () => {
    expect(normalizeMessageId('  <a.b@example.net> trailing')).toBe('<a.b@example.net>');
    expect(normalizeMessageId('bare@example.net')).toBe('bare@example.net'.replace(/^/, '<').concat('>'));
    expect(normalizeMessageId('<no-at-sign>')).toBeNull();
    expect(normalizeMessageId('<a\u0007b@example.net>')).toBeNull();
    expect(normalizeMessageId(`<${'a'.repeat(1000)}@example.net>`)).toBeNull();
  });
});
