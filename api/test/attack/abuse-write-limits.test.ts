/**
 * The attacks on repeatable writes and small leaks, each replayed: a ticket flood, a comment
 * flood, an upload flood and a full storage quota, stalled uploads holding memory, people search
 * showing registrants, the CSV export's formula guard split by ';', and article views inflated by
 * reloading (docs/security.md#write-limits). The limits are the production ones (scale 1).
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN_API_PATHS,
  API_PATHS,
  ERROR_CODES,
  kbArticlePath,
  TICKET_MESSAGES,
  ticketAttachmentsPath,
  ticketPath,
  ZKbArticle,
  ZSearchResponse,
} from '@helpdesk/contracts';
import { UPLOAD_LIMITS } from '../../src/attachments/limits.ts';
import { uploadAttachment } from '../../src/attachments/service.ts';
import { insertCategory, postArticle } from '../../src/kb/test-fixtures.ts';
import {
  BASE_URL,
  createUser,
  errorOf,
  signedIn,
  sql,
  type TestClient,
  testConfig,
  uniqueName,
  withRateLimitScale,
} from '../helpers.ts';
import { fileTicket } from '../tickets.ts';

const ticketBody = (n: number) => ({ title: `Flood ${n}`, description: 'Again.', notifyRequester: true });

function upload(client: TestClient, ticketId: string, name = 'note.txt', content = 'hello') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), name);
  return client.request('POST', ticketAttachmentsPath(ticketId), { body: form });
}

function expectLimited(response: { status: number; headers: Headers }, words: RegExp) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(errorOf(response as never).code).toBe(ERROR_CODES.tooManyRequests);
  expect(errorOf(response as never).message).toMatch(words);
}

describe('ticket and comment floods', () => {
  test('an end user filing 30 tickets at once gets 5; one confirmation mail goes to their address', async () => {
    const { user, client } = await signedIn('end_user');
    const answers = await withRateLimitScale(1, () =>
      Promise.all(Array.from({ length: 30 }, (_, n) => client.post(API_PATHS.tickets, ticketBody(n)))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(25);
    for (const answer of refused)
      expectLimited(answer, /filed too many tickets.*try again in \d+ minutes?\./);
    const [mail] = await sql<{ count: number }[]>`
      select count(*)::int as count from email_outbox where recipient = ${user.email} and kind = 'ticket_confirmation'`;
    expect(mail?.count).toBe(1);
  });

  test('an idempotent retry of a filed ticket answers it even when the budget is spent', async () => {
    const { client } = await signedIn('end_user');
    const key = { 'idempotency-key': uniqueName('retry') };
    await withRateLimitScale(1, async () => {
      const first = await client.post(API_PATHS.tickets, ticketBody(0), { headers: key });
      expect(first.status).toBe(201);
      for (let n = 1; n < 5; n++)
        expect((await client.post(API_PATHS.tickets, ticketBody(n))).status).toBe(201);
      expect((await client.post(API_PATHS.tickets, ticketBody(9))).status).toBe(429);
      const replay = await client.post(API_PATHS.tickets, ticketBody(0), { headers: key });
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
    });
  });

  test('staff are limited more loosely: an agent files 30 at once', async () => {
    const { client } = await signedIn('agent');
    const answers = await withRateLimitScale(1, () =>
      Promise.all(Array.from({ length: 31 }, (_, n) => client.post(API_PATHS.tickets, ticketBody(n)))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(30);
  });

  test('a comment flood gets 10 comments, then 429 with the wait in words', async () => {
    const { client } = await signedIn('end_user');
    const ticket = await fileTicket(client);
    const answers = await withRateLimitScale(1, () =>
      Promise.all(
        Array.from({ length: 25 }, (_, n) =>
          client.post(`${ticketPath(ticket.id)}/comments`, { content: `Flood ${n}`, isInternal: false }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    for (const answer of answers.filter((item) => item.status !== 201)) {
      expectLimited(answer, /added too many comments/);
    }
  });
});

describe('upload floods and storage', () => {
  test('an upload flood gets 10 files, then 429', async () => {
    const { client } = await signedIn('end_user');
    const ticket = await fileTicket(client);
    await withRateLimitScale(1, async () => {
      for (let n = 0; n < 10; n++) expect((await upload(client, ticket.id)).status).toBe(201);
      expectLimited(await upload(client, ticket.id), /uploaded too many files/);
    });
  });

  test('a ticket holds at most 100 MB, a user at most 250 MB: a full quota is a 413 that says so', async () => {
    const { user, client } = await signedIn('end_user');
    const ticket = await fileTicket(client);
    const other = await fileTicket(client);
    const fill = async (ticketId: string, bytes: number) => {
      for (let left = bytes; left > 0; left -= 10 * 1024 * 1024) {
        await sql`
          insert into attachments (ticket_id, file_name, file_size, file_type, file_path, uploaded_by_id)
          values (${ticketId}, 'old.txt', ${Math.min(left, 10 * 1024 * 1024)}, 'text/plain',
                  ${crypto.randomUUID()}, ${user.id})`;
      }
    };
    await fill(ticket.id, UPLOAD_LIMITS.ticketStorageBytes - 3);
    expect((await upload(client, ticket.id, 'a.txt', 'abc')).status).toBe(201);
    const full = await upload(client, ticket.id, 'b.txt', 'x');
    expect(full.status).toBe(413);
    expect(errorOf(full).message).toMatch(/most one ticket can hold/);
    await fill(
      (await fileTicket(client)).id,
      UPLOAD_LIMITS.endUserStorageBytes - UPLOAD_LIMITS.ticketStorageBytes,
    );
    const mine = await upload(client, other.id, 'c.txt', 'x');
    expect(mine.status).toBe(413);
    expect(errorOf(mine).message).toMatch(/most one person can store/);
  });
});

/** A multipart upload whose body sends `head` and then stalls until `release` is called. */
function stalledUpload(client: TestClient, ticketId: string, fileName: string, head: Uint8Array) {
  const boundary = `stall-${crypto.randomUUID()}`;
  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        new TextEncoder().encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`,
        ),
      );
      controller.enqueue(head);
      release = () => {
        try {
          controller.error(new Error('client gone'));
        } catch {}
      };
    },
  });
  const response = fetch(`${BASE_URL}${ticketAttachmentsPath(ticketId)}`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: `${testConfig.sessionCookie.name}=${client.cookie}`,
      'x-forwarded-for': client.ip,
    },
    body,
  }).catch(() => null);
  return { response, release: () => release() };
}

const newFiles = (before: ReadonlySet<string>) =>
  readdirSync(testConfig.attachmentsDir).filter((name) => !before.has(name));

describe('streamed uploads', () => {
  test('a file whose first bytes are wrong is refused while the client is still sending', async () => {
    const { client } = await signedIn('end_user');
    const ticket = await fileTicket(client);
    // A PNG by name, text by content, and the body never ends: only an early verdict can answer.
    const upload = stalledUpload(client, ticket.id, 'photo.png', new Uint8Array(64 * 1024).fill(0x61));
    const response = await Promise.race([upload.response, Bun.sleep(5_000).then(() => 'no answer' as const)]);
    upload.release();
    expect(response).not.toBe('no answer');
    expect((response as Response).status).toBe(415);
    expect(((await (response as Response).json()) as { message: string }).message).toBe(
      TICKET_MESSAGES.fileContentMismatch,
    );
  });

  test('ten stalled 9 MB uploads: bytes go to disk as they arrive, two at a time per user, and memory stays flat', async () => {
    const { client } = await signedIn('end_user');
    const ticket = await fileTicket(client);
    const before = new Set(readdirSync(testConfig.attachmentsDir));
    const nineMb = new Uint8Array(9 * 1024 * 1024).fill(0x61);
    Bun.gc(true);
    const heapBefore = process.memoryUsage().heapUsed;
    const uploads = Array.from({ length: 10 }, () => stalledUpload(client, ticket.id, 'log.txt', nineMb));
    const answered: (number | undefined)[] = [];
    for (const item of uploads) item.response.then((response) => answered.push(response?.status));
    // Two are received: their 9 MB are on disk while their bodies are still open. The other
    // eight are refused at once: the user's concurrent uploads are taken.
    const onDisk = () =>
      newFiles(before).filter(
        (name) => statSync(join(testConfig.attachmentsDir, name)).size >= 9 * 1024 * 1024 - 64 * 1024,
      );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (onDisk().length < 2 || answered.length < 8)) await Bun.sleep(50);
    expect(onDisk()).toHaveLength(2);
    expect(answered).toEqual(Array.from({ length: 8 }, () => 429));
    Bun.gc(true);
    // The bodies were never held: far less than the 90 MB they sent stays on the heap.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(30 * 1024 * 1024);
    for (const item of uploads) item.release();
    await Promise.all(uploads.map((item) => item.response));
  }, 30_000);

  test('a stalled upload is cut off after the idle timeout and its partial file removed', async () => {
    const { user: owner, client } = await signedIn('end_user');
    const ticket = await fileTicket(client);
    // The service directly, with a short idle timeout.
    const before = new Set(readdirSync(testConfig.attachmentsDir));
    const boundary = 'idle';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n\r\n${'a'.repeat(20_000)}`,
          ),
        );
      },
    });
    const request = new Request('http://desk.test/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const refused = await uploadAttachment(owner, ticket.id, request, {
      attachmentsDir: testConfig.attachmentsDir,
      idleTimeoutMs: 300,
    }).catch((error: unknown) => error as { status: number; message: string });
    expect(refused).toMatchObject({ status: 408 });
    expect(newFiles(before)).toEqual([]);
  });
});

describe('small leaks', () => {
  test('people search never shows pending or rejected registrants, nor their addresses', async () => {
    const { client } = await signedIn('agent');
    const word = uniqueName('zq').replaceAll('_', '');
    const active = await createUser({ username: `${word}a`, email: `${word}.active@example.test` });
    await createUser({ username: `${word}p`, email: `${word}.pending@example.test`, status: 'pending' });
    await createUser({ username: `${word}r`, email: `${word}.rejected@example.test`, status: 'rejected' });
    for (const q of [word, `${word}.pending@example.test`, `${word}p`]) {
      const response = await client.get(`${API_PATHS.search}?${new URLSearchParams({ q })}`);
      expect(response.status).toBe(200);
      const users = ZSearchResponse.parse(response.body).users;
      expect(users.every((hit) => hit.status === 'active')).toBe(true);
      expect(response.text).not.toContain('.pending@');
      expect(response.text).not.toContain('.rejected@');
      if (q === word) expect(users.map((hit) => hit.id)).toEqual([active.id]);
    }
  });

  test("the CSV export's formula guard holds for a reader that splits on ';' or ','", async () => {
    const { client } = await signedIn('admin');
    const agent = await createUser({ role: 'agent' });
    const hostile = 'Bob;=HYPERLINK("http://evil.test");-2+3,@cmd';
    await sql`update users set first_name = ${hostile} where id = ${agent.id}`;
    const response = await client.get(
      `${ADMIN_API_PATHS.adminReportsExport}?${new URLSearchParams({ type: 'performance', range: '7days' })}`,
    );
    expect(response.status).toBe(200);
    expect(response.text).toContain('HYPERLINK');
    for (const delimiter of [';', ',']) {
      // A naive reader: each line split on the delimiter, quotes taken as text.
      const cells = response.text.split('\r\n').flatMap((line) => line.split(delimiter));
      for (const cell of cells) {
        // A whole negative number ("-0.4" hours) is a value, not a formula.
        const isFormula = /^"?[=+\-@\t\r]/.test(cell) && !/^"-\d+(\.\d+)?"$/.test(cell);
        expect({ cell, isFormula }).toEqual({ cell, isFormula: false });
      }
    }
    expect(
      response.text
        .split('\r\n')
        .filter(Boolean)
        .every((line) => line.startsWith('"')),
    ).toBe(true);
  });

  test('reloading an article counts one view per person per day', async () => {
    const { client: agentClient } = await signedIn('agent');
    const category = await insertCategory();
    const article = await postArticle(agentClient, category.id, { status: 'published' });
    const { client } = await signedIn('end_user');
    for (let n = 0; n < 20; n++) expect((await client.get(kbArticlePath(article.id))).status).toBe(200);
    const read = ZKbArticle.parse((await client.get(kbArticlePath(article.id))).body);
    expect(read.viewCount).toBe(1);
    const other = await signedIn('end_user');
    expect(ZKbArticle.parse((await other.client.get(kbArticlePath(article.id))).body).viewCount).toBe(2);
  });
});
