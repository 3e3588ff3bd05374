import { beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  attachmentDownloadPath,
  ERROR_CODES,
  LIMITS,
  TICKET_MESSAGES,
  ticketAttachmentsPath,
  ticketPath,
  ZAttachment,
  ZTicketDetail,
} from '@helpdesk/contracts';
import {
  BASE_URL,
  errorOf,
  signedIn,
  sql,
  TestClient,
  type TestUser,
  testConfig,
} from '../../test/helpers.ts';
import { fileTicket } from '../../test/tickets.ts';

type Signed = { user: TestUser; client: TestClient };
let owner: Signed;
let stranger: Signed;
let agent: Signed;
let ticketId: string;
let strangersTicketId: string;

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const dir = testConfig.attachmentsDir;
const storedFiles = () => readdirSync(dir).sort();

/** Posts one file as multipart/form-data, the way the create dialog's drop area does. */
function upload(client: TestClient, id: string, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return client.request('POST', ticketAttachmentsPath(id), { body: form });
}

/** A multipart body written by hand, for file names a browser would never send. */
function rawUpload(
  client: TestClient,
  id: string,
  fileNameHeader: string,
  content: string,
  type = 'text/plain',
) {
  const boundary = `----test${crypto.randomUUID()}`;
  const body = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${fileNameHeader}"`,
    `Content-Type: ${type}`,
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return client.request('POST', ticketAttachmentsPath(id), {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function attachmentRows(id: string): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from attachments where ticket_id = ${id}`;
  return row?.count ?? 0;
}

beforeAll(async () => {
  [owner, stranger, agent] = await Promise.all([
    signedIn('end_user'),
    signedIn('end_user'),
    signedIn('agent'),
  ]);
  ticketId = (await fileTicket(owner.client)).id;
  strangersTicketId = (await fileTicket(stranger.client)).id;
});

describe('attachments', () => {
  test('an end user attaches a PNG to their ticket and downloads it back, safely labelled', async () => {
    const before = storedFiles();
    const response = await upload(
      owner.client,
      ticketId,
      new Blob([PNG], { type: 'image/png' }),
      'screen shot.png',
    );
    expect(response.status).toBe(201);
    const attachment = ZAttachment.parse(response.body);
    expect(attachment).toMatchObject({
      ticketId,
      fileName: 'screen shot.png',
      fileSize: PNG.byteLength,
      fileType: 'image/png',
      uploadedBy: { id: owner.user.id },
    });
    const added = storedFiles().filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Uint8Array(readFileSync(join(dir, added[0] ?? '')))).toEqual(PNG);

    const detail = ZTicketDetail.parse((await owner.client.get(ticketPath(ticketId))).body);
    expect(detail.attachments.map((a) => a.id)).toEqual([attachment.id]);
    expect(detail.events.at(-1)).toMatchObject({
      eventType: 'attachment_added',
      eventData: { attachmentId: attachment.id, fileName: 'screen shot.png' },
    });

    for (const client of [owner.client, agent.client]) {
      const download = await fetch(`${BASE_URL}${attachmentDownloadPath(ticketId, attachment.id)}`, {
        headers: { cookie: `${testConfig.sessionCookie.name}=${client.cookie}` },
      });
      expect(download.status).toBe(200);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`,
      );
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(download.headers.get('content-security-policy')).toContain('sandbox');
    }
  });

  test('exactly 10 MB is accepted; 10 MB + 1 byte is refused with nothing stored', async () => {
    const exact = new Uint8Array(LIMITS.maxAttachmentBytes).fill(0x61);
    const accepted = await upload(
      owner.client,
      ticketId,
      new Blob([exact], { type: 'text/plain' }),
      'big.txt',
    );
    expect(accepted.status).toBe(201);
    expect(ZAttachment.parse(accepted.body).fileSize).toBe(LIMITS.maxAttachmentBytes);

    const filesBefore = storedFiles();
    const rowsBefore = await attachmentRows(ticketId);
    const over = new Uint8Array(LIMITS.maxAttachmentBytes + 1).fill(0x61);
    const refused = await upload(owner.client, ticketId, new Blob([over], { type: 'text/plain' }), 'big.txt');
    expect(refused.status).toBe(413);
    expect(errorOf(refused)).toEqual({
      code: ERROR_CODES.payloadTooLarge,
      message: TICKET_MESSAGES.fileTooLarge,
    });
    expect(await attachmentRows(ticketId)).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  test('a streamed upload without Content-Length is cut off while reading, nothing stored', async () => {
    const filesBefore = storedFiles();
    const rowsBefore = await attachmentRows(ticketId);
    const boundary = 'stream-boundary';
    const chunk = new Uint8Array(256 * 1024).fill(0x61);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`,
            ),
          );
        }
        sent += chunk.byteLength;
        // Far more than the cap: the server must stop reading long before the end.
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${BASE_URL}${ticketAttachmentsPath(ticketId)}`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: `${testConfig.sessionCookie.name}=${owner.client.cookie}`,
        'x-forwarded-for': owner.client.ip,
      },
      body: stream,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: ERROR_CODES.payloadTooLarge,
      message: TICKET_MESSAGES.fileTooLarge,
    });
    expect(sent).toBeLessThan(32 * 1024 * 1024);
    expect(await attachmentRows(ticketId)).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  test('path traversal and control characters in file names are stored safely', async () => {
    const cases: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['a/b\\c.txt', 'c.txt'],
      ['..\\..\\windows\\setup.log', 'setup.log'],
      ['tab\there\u0007bell.txt', 'tabherebell.txt'],
      ['..', 'file'],
      ['  .hidden.txt  ', 'hidden.txt'],
      ['report\u202Etxt.csv', 'reporttxt.csv'],
    ];
    for (const [name, stored] of cases) {
      const response = await rawUpload(owner.client, ticketId, name, 'hello, world\n');
      expect(response.status).toBe(201);
      const attachment = ZAttachment.parse(response.body);
      expect(attachment.fileName).toBe(stored);
      const [row] = await sql<{ filePath: string; fileName: string }[]>`
        select file_path as "filePath", file_name as "fileName" from attachments where id = ${attachment.id}`;
      expect(row?.filePath).toMatch(/^[0-9a-f-]{36}$/);
      expect(row?.fileName).toBe(stored);
    }
    const long = await upload(
      owner.client,
      ticketId,
      new Blob(['hi'], { type: 'text/plain' }),
      `${'n'.repeat(400)}.txt`,
    );
    expect(long.status).toBe(201);
    const longName = ZAttachment.parse(long.body).fileName;
    expect(longName).toHaveLength(LIMITS.fileNameMax);
    expect(longName.endsWith('.txt')).toBe(true);
  });

  test('HTML, SVG, executables and files whose bytes do not match their type are refused', async () => {
    const filesBefore = storedFiles();
    const rowsBefore = await attachmentRows(ticketId);
    const cases: [Blob, string, string][] = [
      [
        new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }),
        'cat.png',
        TICKET_MESSAGES.fileContentMismatch,
      ],
      [
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], { type: 'image/png' }),
        'logo.png',
        TICKET_MESSAGES.fileContentMismatch,
      ],
      [
        new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }),
        'logo.svg',
        TICKET_MESSAGES.fileTypeNotAllowed,
      ],
      [
        new Blob(['<!DOCTYPE html><p>hi'], { type: 'text/html' }),
        'page.html',
        TICKET_MESSAGES.fileTypeNotAllowed,
      ],
      [new Blob(['just words'], { type: 'text/plain' }), 'notes.html', TICKET_MESSAGES.fileTypeNotAllowed],
      [
        new Blob(['  <!doctype html><script>x</script>'], { type: 'text/plain' }),
        'notes.txt',
        TICKET_MESSAGES.fileContentMismatch,
      ],
      [
        new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], { type: 'application/octet-stream' }),
        'setup.exe',
        TICKET_MESSAGES.fileTypeNotAllowed,
      ],
      [
        new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], { type: 'application/pdf' }),
        'invoice.pdf',
        TICKET_MESSAGES.fileContentMismatch,
      ],
      [
        new Blob(['#!/bin/sh\nrm -rf /'], { type: 'text/plain' }),
        'run.txt',
        TICKET_MESSAGES.fileContentMismatch,
      ],
      [
        new Blob([new Uint8Array([0x68, 0x69, 0, 0x68])], { type: 'text/plain' }),
        'nul.txt',
        TICKET_MESSAGES.fileContentMismatch,
      ],
      [
        new Blob([new Uint8Array([0xff, 0xfe, 0x41])], { type: 'text/csv' }),
        'bad.csv',
        TICKET_MESSAGES.fileContentMismatch,
      ],
      [
        new Blob(['x'], { type: 'application/x-msdownload' }),
        'thing.bin',
        TICKET_MESSAGES.fileTypeNotAllowed,
      ],
    ];
    for (const [blob, name, message] of cases) {
      const response = await upload(owner.client, ticketId, blob, name);
      expect({ name, status: response.status }).toEqual({ name, status: 415 });
      expect(errorOf(response)).toEqual({ code: ERROR_CODES.unsupportedMediaType, message });
    }
    expect(await attachmentRows(ticketId)).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  test('allowed types are recognised from the name and checked against the bytes; no extension: the bytes decide', async () => {
    const cases: [BlobPart, string, string, string][] = [
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'image/jpg', 'photo.jpg', 'image/jpeg'],
      ['GIF89a....', '', 'anim.gif', 'image/gif'],
      ['%PDF-1.7\n...', 'application/octet-stream', 'manual.pdf', 'application/pdf'],
      ['a,b\n1,2\n', 'application/vnd.ms-excel', 'data.csv', 'text/csv'],
      [
        new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]),
        '',
        'report.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [
        new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]),
        'application/x-zip-compressed',
        'logs.zip',
        'application/zip',
      ],
      ['From: a@example.com\r\nSubject: hi\r\n\r\nbody', 'message/rfc822', 'mail.eml', 'message/rfc822'],
      ['Plain words, no extension.', '', 'README', 'text/plain'],
      [PNG, '', 'screenshot', 'image/png'],
    ];
    for (const [content, type, name, stored] of cases) {
      const response = await upload(owner.client, ticketId, new Blob([content], { type }), name);
      expect({ name, status: response.status }).toEqual({ name, status: 201 });
      expect(ZAttachment.parse(response.body).fileType).toBe(stored);
    }
  });

  test('when recording the upload fails, the stored file is removed again', async () => {
    // A trigger that refuses one file name stands in for any database failure after the file was written.
    await sql`
      create or replace function refuse_exploding_attachment() returns trigger language plpgsql as $$
      begin
        if new.file_name = 'explode.txt' then raise exception 'refused for the test'; end if;
        return new;
      end $$`;
    await sql`
      create trigger attachments_refuse_exploding before insert on attachments
      for each row execute function refuse_exploding_attachment()`;
    try {
      const filesBefore = storedFiles();
      const rowsBefore = await attachmentRows(ticketId);
      const response = await upload(
        owner.client,
        ticketId,
        new Blob(['boom'], { type: 'text/plain' }),
        'explode.txt',
      );
      expect(response.status).toBe(500);
      expect(response.text).not.toContain('refused for the test');
      expect(storedFiles()).toEqual(filesBefore);
      expect(await attachmentRows(ticketId)).toBe(rowsBefore);
    } finally {
      await sql`drop trigger attachments_refuse_exploding on attachments`;
      await sql`drop function refuse_exploding_attachment()`;
    }
  });

  test('the body must be multipart with exactly one non-empty file', async () => {
    const notMultipart = await owner.client.post(ticketAttachmentsPath(ticketId), { file: 'x' });
    expect(notMultipart.status).toBe(415);
    expect(errorOf(notMultipart).message).toBe(TICKET_MESSAGES.uploadMustBeMultipart);
    const empty = new FormData();
    expect(
      (await owner.client.request('POST', ticketAttachmentsPath(ticketId), { body: empty })).status,
    ).toBe(400);
    const two = new FormData();
    two.append('file', new Blob(['a'], { type: 'text/plain' }), 'a.txt');
    two.append('file', new Blob(['b'], { type: 'text/plain' }), 'b.txt');
    const twoFiles = await owner.client.request('POST', ticketAttachmentsPath(ticketId), { body: two });
    expect(twoFiles.status).toBe(400);
    expect(errorOf(twoFiles).message).toBe(TICKET_MESSAGES.fileOnlyOne);
    const text = new FormData();
    text.append('file', 'not a file');
    expect((await owner.client.request('POST', ticketAttachmentsPath(ticketId), { body: text })).status).toBe(
      400,
    );
    const zero = await upload(owner.client, ticketId, new Blob([], { type: 'text/plain' }), 'zero.txt');
    expect(errorOf(zero).message).toBe(TICKET_MESSAGES.fileEmpty);
    const garbled = await owner.client.request('POST', ticketAttachmentsPath(ticketId), {
      body: 'this is not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing-here' },
    });
    expect(garbled.status).toBe(400);
  });

  test("an end user probing someone else's ticket gets the missing-ticket answer; nothing is stored", async () => {
    const theirs = await upload(
      stranger.client,
      strangersTicketId,
      new Blob(['private'], { type: 'text/plain' }),
      'p.txt',
    );
    const theirId = ZAttachment.parse(theirs.body).id;
    const filesBefore = storedFiles();
    const missing = await upload(
      owner.client,
      crypto.randomUUID(),
      new Blob(['x'], { type: 'text/plain' }),
      'x.txt',
    );
    const probe = await upload(
      owner.client,
      strangersTicketId,
      new Blob(['x'], { type: 'text/plain' }),
      'x.txt',
    );
    expect(probe.status).toBe(404);
    expect(probe.text).toBe(missing.text);
    expect(errorOf(probe).message).toBe(TICKET_MESSAGES.ticketNotFound);
    expect(await attachmentRows(strangersTicketId)).toBe(1);
    expect(storedFiles()).toEqual(filesBefore);

    const download = await owner.client.get(attachmentDownloadPath(strangersTicketId, theirId));
    const missingDownload = await owner.client.get(attachmentDownloadPath(crypto.randomUUID(), theirId));
    expect(download.status).toBe(404);
    expect(download.text).toBe(missingDownload.text);
    expect(download.text).not.toContain('private');
    // Their attachment through my own ticket's path is not found either.
    const crossed = await owner.client.get(attachmentDownloadPath(ticketId, theirId));
    expect(crossed.status).toBe(404);
    expect(errorOf(crossed).message).toBe(TICKET_MESSAGES.attachmentNotFound);
    expect((await agent.client.get(attachmentDownloadPath(strangersTicketId, theirId))).text).toBe('private');
    const bad = await owner.client.get(attachmentDownloadPath(ticketId, 'nope'));
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('Invalid attachment ID format');
    expect((await new TestClient().get(attachmentDownloadPath(strangersTicketId, theirId))).status).toBe(401);
    const anonymous = await upload(
      new TestClient(),
      ticketId,
      new Blob(['x'], { type: 'text/plain' }),
      'x.txt',
    );
    expect(anonymous.status).toBe(401);
  });

  test('text downloads say their charset; names outside ASCII get an RFC 5987 name', async () => {
    const response = await rawUpload(owner.client, ticketId, 'Grüße & 100% done; ok.txt', 'grüße');
    const attachment = ZAttachment.parse(response.body);
    expect(attachment.fileName).toBe('Grüße & 100% done; ok.txt');
    const download = await owner.client.get(attachmentDownloadPath(ticketId, attachment.id));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Gr__e & 100_ done_ ok.txt"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%26%20100%25%20done%3B%20ok.txt`,
    );
    expect(download.text).toBe('grüße');
  });
});
