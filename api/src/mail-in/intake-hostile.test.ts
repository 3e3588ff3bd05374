/**
 * Mail in, hostile and odd mail: each is processed without a crash, recorded, and stored as text
 * (never HTML); what could not be read is named for staff, and the original is kept for them.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { createUser, type TestUser } from '../../test/helpers.ts';
import {
  attachmentsOf,
  commentsOf,
  inboundRow,
  insertMailbox,
  receive,
  type TestMailbox,
  ticketsOf,
} from './intake-test-kit.ts';

let box: TestMailbox;

beforeAll(async () => {
  box = await insertMailbox();
});

/** Receives raw bytes from a fresh user; answers the user's one ticket and its row. */
async function fileFrom(build: (user: TestUser) => Buffer) {
  const user = await createUser();
  const { id } = await receive(box, build(user));
  const row = await inboundRow(id);
  expect(row).toMatchObject({ status: 'done', outcome: 'ticket' });
  const tickets = await ticketsOf(user.id);
  expect(tickets).toHaveLength(1);
  const ticket = tickets[0];
  if (!ticket) throw new Error('no ticket');
  return { ticket, row, notes: (await commentsOf(ticket.id)).filter((comment) => comment.isInternal) };
}

const head = (user: TestUser, more: string[]) =>
  [`From: ${user.email}`, `To: ${box.address}`, `Message-ID: <${crypto.randomUUID()}@x.test>`, ...more].join(
    '\r\n',
  );

describe('hostile mail', () => {
  test('broken MIME (no closing boundary, a part without headers) is still a ticket', async () => {
    const { ticket } = await fileFrom((user) =>
      Buffer.from(
        `${head(user, ['Subject: Broken', 'Content-Type: multipart/mixed; boundary="zz"'])}\r\n\r\n--zz\r\n\r\nHalf a part\r\n--zz\r\nContent-Type: text/plain\r\n`,
      ),
    );
    expect(ticket.title).toBe('Broken');
  });

  test('ten thousand parts: the headers are read, the problem named for staff, the original kept', async () => {
    const parts = Array.from(
      { length: 10_000 },
      (_, index) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${index}\r\n`,
    );
    const { ticket, notes } = await fileFrom((user) =>
      Buffer.from(
        `${head(user, ['Subject: Many parts', 'Content-Type: multipart/mixed; boundary="p"'])}\r\n\r\n${parts.join('')}--p--\r\n`,
      ),
    );
    expect(ticket.title).toBe('Many parts');
    expect(notes[0]?.content).toContain('could not be read');
    expect((await attachmentsOf(ticket.id)).map((file) => file.fileName)).toEqual(['original-message.eml']);
  });

  test('a 50 MB message: over the size cap only its headers are read; the original is kept for staff', async () => {
    const { ticket, notes } = await fileFrom((user) =>
      Buffer.concat([
        Buffer.from(`${head(user, ['Subject: Huge', 'Content-Type: text/plain'])}\r\n\r\n`),
        Buffer.alloc(50 * 1024 * 1024, 'a'),
      ]),
    );
    expect(ticket.title).toBe('Huge');
    expect(ticket.description).toBe('(The email had no text.)');
    expect(notes[0]?.content).toContain('too large');
    const [original] = await attachmentsOf(ticket.id);
    expect(original).toMatchObject({ isInternal: true });
    expect(original?.fileSize).toBeGreaterThan(50 * 1024 * 1024);
  });

  test('CR/LF smuggled into Subject and From (encoded words) never becomes a header or a line', async () => {
    const subject = `=?utf-8?B?${Buffer.from('Help\r\nBcc: victim@example.net').toString('base64')}?=`;
    const { ticket } = await fileFrom((user) =>
      Buffer.from(`${head(user, [`Subject: ${subject}`])}\r\n\r\nBody`),
    );
    expect(ticket.title).not.toMatch(/[\r\n]/);
    expect(ticket.title).toContain('Help');
  });

  test('HTML with scripts is stored as text: no markup, no script', async () => {
    const html =
      '<html><head><script>alert("x")</script><style>p{}</style></head><body><p>Screen is <b>black</b></p><img src="https://t.example/p.gif"><script>document.cookie</script></body></html>';
    const { ticket } = await fileFrom((user) =>
      Buffer.from(
        `${head(user, ['Subject: Html', 'Content-Type: text/html; charset=utf-8'])}\r\n\r\n${html}`,
      ),
    );
    expect(ticket.description).toContain('Screen is black');
    expect(ticket.description).not.toContain('<');
    expect(ticket.description).not.toContain('alert');
    expect(ticket.description).not.toContain('cookie');
  });

  test('a thousand References are read in bounded time and open a new ticket', async () => {
    const references = Array.from({ length: 1000 }, () => `<${crypto.randomUUID()}@elsewhere.test>`).join(
      ' ',
    );
    const started = Date.now();
    const { ticket, notes } = await fileFrom((user) =>
      Buffer.from(`${head(user, ['Subject: Long thread', `References: ${references}`])}\r\n\r\nBody`),
    );
    expect(ticket.title).toBe('Long thread');
    expect(notes[0]?.content).toContain('References');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('odd charsets', () => {
  test('ISO-2022-JP subject and body, windows-1251 body, encoded-word subjects', async () => {
    const japanese = Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x38, 0x6c, 0x1b, 0x28, 0x42]);
    const jp = await fileFrom((user) =>
      Buffer.concat([
        Buffer.from(
          `${head(user, [`Subject: =?ISO-2022-JP?B?${japanese.toString('base64')}?=`, 'Content-Type: text/plain; charset=ISO-2022-JP'])}\r\n\r\n`,
        ),
        japanese,
      ]),
    );
    expect(jp.ticket.title).toBe('日本語');
    expect(jp.ticket.description).toBe('日本語');
    const russian = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
    const ru = await fileFrom((user) =>
      Buffer.concat([
        Buffer.from(
          `${head(user, ['Subject: =?windows-1251?Q?=CF=F0=E8=E2=E5=F2?=', 'Content-Type: text/plain; charset=windows-1251', 'Content-Transfer-Encoding: 8bit'])}\r\n\r\n`,
        ),
        russian,
      ]),
    );
    expect(ru.ticket.title).toBe('Привет');
    expect(ru.ticket.description).toBe('Привет');
    const mixed = await fileFrom((user) =>
      Buffer.from(`${head(user, ['Subject: =?utf-8?Q?Caf=C3=A9?= =?iso-8859-1?Q?_cr=E8me?='])}\r\n\r\nBody`),
    );
    expect(mixed.ticket.title).toBe('Café crème');
  });
});
