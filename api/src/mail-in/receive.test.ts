/**
 * `bun run mail:receive`, as a Postfix or Exim pipe transport runs it: a real child process with a
 * message on stdin against the test database, answering with the exit codes mail servers read.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createUser, sql, testConfig } from '../../test/helpers.ts';
import { inboundRow, insertMailbox, mail, type TestMailbox, ticketsOf } from './intake-test-kit.ts';
import { RECEIVE_EXIT } from './receive.ts';

const SCRIPT = join(import.meta.dir, 'receive.ts');

let box: TestMailbox;

beforeAll(async () => {
  box = await insertMailbox();
});

/** Runs the script with these arguments and stdin; its exit code and stderr. */
async function run(
  args: string[],
  stdin: Buffer,
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stderr: string }> {
  const child = Bun.spawn(['bun', SCRIPT, ...args], {
    stdin: 'pipe',
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...process.env, NODE_ENV: 'test', ATTACHMENTS_DIR: testConfig.attachmentsDir, ...env },
  });
  try {
    child.stdin.write(stdin);
    await child.stdin.end();
  } catch {
    // The script stops reading a message over the cap: the rest of the pipe is refused.
  }
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  return { code, stderr };
}

describe('mail:receive', () => {
  test('takes a message in for the named mailbox and processes it at once (exit 0)', async () => {
    const user = await createUser();
    const messageId = `<${crypto.randomUUID()}@client.test>`;
    const raw = mail([
      `From: ${user.email}`,
      `To: ${box.address}`,
      'Subject: Piped in',
      `Message-ID: ${messageId}`,
    ]);
    const { code } = await run(['--mailbox', box.address.toUpperCase()], raw);
    expect(code).toBe(RECEIVE_EXIT.ok);
    const [row] = await sql<{ id: string; uid: string | null }[]>`
      select id, uid from inbound_messages where message_id = ${messageId}`;
    expect(row?.uid).toBeNull();
    expect(await inboundRow(row?.id ?? '')).toMatchObject({ status: 'done', outcome: 'ticket' });
    expect((await ticketsOf(user.id)).map((ticket) => ticket.title)).toEqual(['Piped in']);
  });

  test('a refused or automatic message is taken in all the same (exit 0: nothing for the mail server to retry)', async () => {
    const raw = mail(['From: stranger@outside.test', 'Subject: Hi', 'Auto-Submitted: auto-replied']);
    expect((await run(['--mailbox', box.address], raw)).code).toBe(RECEIVE_EXIT.ok);
  });

  test('wrong usage is 64, an unknown mailbox 67, and nothing is stored', async () => {
    const [before] = await sql<{ n: number }[]>`select count(*)::int as n from inbound_messages`;
    const raw = mail(['From: someone@outside.test', 'Subject: Lost']);
    expect((await run([], raw)).code).toBe(RECEIVE_EXIT.usage);
    expect((await run(['--mailbox'], raw)).code).toBe(RECEIVE_EXIT.usage);
    expect((await run(['--mailbox', box.address, '--other'], raw)).code).toBe(RECEIVE_EXIT.usage);
    const unknown = await run(['--mailbox', 'nobody@nowhere.test'], raw);
    expect(unknown.code).toBe(RECEIVE_EXIT.noMailbox);
    expect(unknown.stderr).toContain('no mailbox');
    const [after] = await sql<{ n: number }[]>`select count(*)::int as n from inbound_messages`;
    expect(after?.n).toBe(before?.n ?? -1);
  });

  test('an unreachable database is 75, so the mail server keeps the message and tries again', async () => {
    const raw = mail(['From: someone@outside.test', 'Subject: Later']);
    const { code, stderr } = await run(['--mailbox', box.address], raw, {
      DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
    });
    expect(code).toBe(RECEIVE_EXIT.tryLater);
    expect(stderr).toContain('the mail server should try again');
  });

  test('a message over the size cap is refused (65) without being read to its end', async () => {
    const huge = Buffer.alloc(31 * 1024 * 1024, 'a');
    const { code, stderr } = await run(['--mailbox', box.address], huge);
    expect(code).toBe(RECEIVE_EXIT.tooLarge);
    expect(stderr).toContain('larger than');
  });
});
