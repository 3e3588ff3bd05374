import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  inboundMessageRetryPath,
  MAILBOX_MESSAGES,
  MAILBOX_PATHS,
  mailboxPath,
  type TUser,
  ZCreateMailboxRequest,
  ZInboundMessageList,
  ZMailbox,
  ZMailboxList,
  ZMailboxTestResponse,
} from '@helpdesk/contracts';
import {
  errorOf,
  logLines,
  signedIn,
  sql,
  type TestClient,
  testConfig,
  uniqueName,
} from '../../test/helpers.ts';
import { startImapServer } from '../../test/imap-server.ts';
import { ApiError } from '../errors.ts';
import { MISSING_KEY_MESSAGE, openSecret } from './secret-box.ts';
import { createMailbox } from './service.ts';

const SECRET = 'pw-Very-Secret-4711';
let admin: TestClient;
let adminId: string;
let imap: Awaited<ReturnType<typeof startImapServer>>;

beforeAll(async () => {
  const signed = await signedIn('admin');
  admin = signed.client;
  adminId = signed.user.id;
  imap = await startImapServer();
  imap.addUser('support', SECRET);
});
afterAll(async () => {
  // No worker of a later test file should try these servers once they are gone.
  await sql`update mailboxes set is_active = false`;
  await imap.stop();
});

const body = (changes: Record<string, unknown> = {}) => {
  const name = uniqueName('Support');
  return {
    name,
    address: `${name.toLowerCase()}@desk.example.com`,
    kind: 'imap',
    host: imap.host,
    port: imap.port,
    security: 'none',
    username: 'support',
    password: SECRET,
    ...changes,
  };
};

async function newMailbox(changes: Record<string, unknown> = {}) {
  const response = await admin.post(MAILBOX_PATHS.mailboxes, body(changes));
  if (response.status !== 201) throw new Error(`mailbox not created: ${response.status} ${response.text}`);
  return ZMailbox.parse(response.body);
}

const countMailboxes = async () =>
  (await sql<{ n: number }[]>`select count(*)::int as n from mailboxes`)[0]?.n;

describe('mailboxes API', () => {
  test('create stores the secret encrypted and answers hasSecret, never the secret; list shows it; audited', async () => {
    const before = logLines.length;
    const mailbox = await newMailbox();
    expect(mailbox.hasSecret).toBe(true);
    expect(mailbox.folder).toBe('INBOX');
    expect(JSON.stringify(mailbox)).not.toContain(SECRET);
    const [row] = await sql<
      { secret: string }[]
    >`select secret_ciphertext as secret from mailboxes where id = ${mailbox.id}`;
    expect(row?.secret.startsWith('v1.')).toBe(true);
    expect(row?.secret).not.toContain(SECRET);
    expect(JSON.parse(openSecret(testConfig.mailSecretKey, row?.secret ?? ''))).toEqual({ password: SECRET });
    const list = ZMailboxList.parse((await admin.get(MAILBOX_PATHS.mailboxes)).body);
    expect(list.mailboxes.find((m) => m.id === mailbox.id)?.name).toBe(mailbox.name);
    expect(JSON.stringify(list)).not.toContain(SECRET);
    const [audit] = await sql<{ details: Record<string, unknown> }[]>`
      select details from admin_audit_logs where action = 'mailbox.created' and details->>'mailboxId' = ${mailbox.id}`;
    expect(audit?.details.name).toBe(mailbox.name);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(logLines.slice(before).join('\n')).not.toContain(SECRET);
  });

  test('without MAIL_SECRET_KEY (production unset) a mailbox with a secret is refused in words, and nothing is stored', async () => {
    const count = await countMailboxes();
    const [user] = await sql<TUser[]>`
      select id, username, email, first_name as "firstName", last_name as "lastName", role from users where id = ${adminId}`;
    const actor = {
      admin: user as TUser,
      meta: { ipAddress: '127.0.0.1', userAgent: null },
      secretKey: null,
    };
    const input = ZCreateMailboxRequest.parse(body());
    const refused = await createMailbox(actor, input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).message).toBe(MISSING_KEY_MESSAGE);
    expect(await countMailboxes()).toBe(count);
    // A pipe mailbox has no secret: it needs no key.
    const pipe = await createMailbox(
      actor,
      ZCreateMailboxRequest.parse({ ...body(), kind: 'pipe', password: undefined }),
    );
    expect(pipe.hasSecret).toBe(false);
  });

  test('name and address are unique whatever their case (409 with the field)', async () => {
    const first = await newMailbox();
    const sameName = await admin.post(MAILBOX_PATHS.mailboxes, body({ name: first.name.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(errorOf(sameName).fields?.name).toBe(MAILBOX_MESSAGES.nameExists);
    const sameAddress = await admin.post(
      MAILBOX_PATHS.mailboxes,
      body({ address: first.address.toUpperCase() }),
    );
    expect(sameAddress.status).toBe(409);
    expect(errorOf(sameAddress).fields?.address).toBe(MAILBOX_MESSAGES.addressExists);
  });

  test('wrong, missing, oversized and hostile input is a 400 with field messages, and nothing is stored', async () => {
    const count = await countMailboxes();
    const cases: [Record<string, unknown>, string][] = [
      [{ host: null }, 'host'],
      [{ password: undefined }, 'password'],
      [{ port: 70000 }, 'port'],
      [{ host: 'evil host\r\nx' }, 'host'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'a\u202Eb' }, 'name'],
      [{ address: 'not-an-address' }, 'address'],
      [{ security: 'ssl' }, 'security'],
      [{ password: 'a\r\nb' }, 'password'],
      [{ password: 'x'.repeat(2000) }, 'password'],
      [{ afterProcessing: 'move' }, 'moveToFolder'],
      [{ unknownSenders: 'allowed_domains' }, 'allowedDomains'],
      [{ allowedDomains: ['not a domain'] }, 'allowedDomains.0'],
      [
        { authMethod: 'oauth2', oauthClientId: 'c', oauthClientSecret: 's', oauthRefreshToken: 'r' },
        'oauthTokenUrl',
      ],
      [
        { authMethod: 'oauth2', oauthTokenUrl: 'http://login.example.com/token', oauthClientId: 'c' },
        'oauthTokenUrl',
      ],
      [
        { authMethod: 'oauth2', oauthTokenUrl: 'https://login.example.com/t', oauthClientId: 'c' },
        'oauthClientSecret',
      ],
      [{ teamId: '00000000-0000-4000-8000-000000000000' }, 'teamId'],
      [{ role: 'admin' }, 'role'],
    ];
    for (const [changes, field] of cases) {
      const response = await admin.post(MAILBOX_PATHS.mailboxes, body(changes));
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    expect(await countMailboxes()).toBe(count);
  });

  test('PATCH changes fields, keeps the secret when left out, starts over on a new folder; bad PATCH changes nothing', async () => {
    const mailbox = await newMailbox();
    await sql`update mailboxes set uid_validity = 7, last_uid = 42 where id = ${mailbox.id}`;
    const [before] = await sql<
      { secret: string }[]
    >`select secret_ciphertext as secret from mailboxes where id = ${mailbox.id}`;
    const renamed = await admin.patch(mailboxPath(mailbox.id), {
      name: `${mailbox.name} 2`,
      isActive: false,
    });
    expect(renamed.status).toBe(200);
    expect(ZMailbox.parse(renamed.body)).toMatchObject({
      name: `${mailbox.name} 2`,
      isActive: false,
      hasSecret: true,
    });
    const [kept] = await sql<{ secret: string; lastUid: string }[]>`
      select secret_ciphertext as secret, last_uid::text as "lastUid" from mailboxes where id = ${mailbox.id}`;
    expect(kept).toEqual({ secret: before?.secret ?? '', lastUid: '42' });

    const moved = await admin.patch(mailboxPath(mailbox.id), { folder: 'Support' });
    expect(moved.status).toBe(200);
    const [reset] = await sql<{ lastUid: string; uidValidity: string | null }[]>`
      select last_uid::text as "lastUid", uid_validity::text as "uidValidity" from mailboxes where id = ${mailbox.id}`;
    expect(reset).toEqual({ lastUid: '0', uidValidity: null });

    for (const patch of [
      {},
      { host: null },
      { authMethod: 'oauth2' },
      { port: 'x' },
      { secretCiphertext: 'x' },
    ]) {
      const response = await admin.patch(mailboxPath(mailbox.id), patch);
      expect(response.status).toBe(400);
    }
    const [after] = await sql<{ secret: string; folder: string }[]>`
      select secret_ciphertext as secret, folder from mailboxes where id = ${mailbox.id}`;
    expect(after).toEqual({ secret: before?.secret ?? '', folder: 'Support' });

    const changed = await admin.patch(mailboxPath(mailbox.id), { password: 'new-password' });
    expect(changed.status).toBe(200);
    const [audit] = await sql<{ details: Record<string, unknown> }[]>`
      select details from admin_audit_logs where action = 'mailbox.updated' and details->>'mailboxId' = ${mailbox.id}
      order by created_at desc limit 1`;
    expect(audit?.details.secret).toBe('set');
    expect(JSON.stringify(audit)).not.toContain('new-password');
  });

  test("updated_at moves with an admin's change, not with the worker's fetch state", async () => {
    const mailbox = await newMailbox();
    await sql`update mailboxes set updated_at = now() - interval '1 day' where id = ${mailbox.id}`;
    const updatedAt = async () =>
      (await sql<{ at: string }[]>`select updated_at::text as at from mailboxes where id = ${mailbox.id}`)[0]
        ?.at;
    const before = await updatedAt();
    await sql`update mailboxes set uid_validity = 9, last_uid = 5, last_checked_at = now(), last_error = 'x' where id = ${mailbox.id}`;
    expect(await updatedAt()).toBe(before);
    await sql`update mailboxes set folder = 'Other' where id = ${mailbox.id}`;
    expect(await updatedAt()).not.toBe(before);
  });

  test('DELETE removes the mailbox (404 after); unknown and malformed ids are 404/400', async () => {
    const mailbox = await newMailbox();
    expect((await admin.request('DELETE', mailboxPath(mailbox.id))).status).toBe(204);
    expect((await admin.request('DELETE', mailboxPath(mailbox.id))).status).toBe(404);
    expect((await admin.patch(mailboxPath(mailbox.id), { name: 'x' })).status).toBe(404);
    expect((await admin.request('DELETE', mailboxPath('not-a-uuid'))).status).toBe(400);
  });

  test('agents and requesters get 403, and signed-out callers 401, on every mailbox route', async () => {
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      expect((await client.get(MAILBOX_PATHS.mailboxes)).status).toBe(403);
      expect((await client.post(MAILBOX_PATHS.mailboxes, body())).status).toBe(403);
      expect((await client.post(MAILBOX_PATHS.test, body())).status).toBe(403);
    }
  });
});

describe('Test connection', () => {
  const testBody = (changes: Record<string, unknown> = {}) => {
    const { name: _n, address: _a, kind: _k, ...connection } = body(changes);
    return connection;
  };

  test('a working mailbox is ok in words; a wrong password says so without the secret in the answer or the log', async () => {
    const before = logLines.length;
    const ok = ZMailboxTestResponse.parse((await admin.post(MAILBOX_PATHS.test, testBody())).body);
    expect(ok.ok).toBe(true);
    expect(ok.message).toContain('INBOX');
    const wrong = ZMailboxTestResponse.parse(
      (await admin.post(MAILBOX_PATHS.test, testBody({ password: 'wrong-Secret-99' }))).body,
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toMatch(/password|sign/i);
    expect(wrong.message).not.toContain('wrong-Secret-99');
    expect(logLines.slice(before).join('\n')).not.toMatch(/wrong-Secret-99|pw-Very-Secret/);
  });

  test("a saved mailbox's secret is reused by its id; without it, the password is required", async () => {
    const mailbox = await newMailbox();
    const reused = await admin.post(
      MAILBOX_PATHS.test,
      testBody({ password: undefined, mailboxId: mailbox.id }),
    );
    expect(ZMailboxTestResponse.parse(reused.body).ok).toBe(true);
    const missing = await admin.post(MAILBOX_PATHS.test, testBody({ password: undefined }));
    expect(missing.status).toBe(400);
    expect(errorOf(missing).fields?.password).toBe(MAILBOX_MESSAGES.passwordRequired);
  });
});

describe('Test connection with OAuth2', () => {
  let tokenAnswer = () => Response.json({ access_token: 'token-1', expires_in: 3600 });
  const endpoint = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => tokenAnswer() });
  afterAll(() => endpoint.stop(true));
  const oauthBody = (refreshToken: string) => ({
    host: imap.host,
    port: imap.port,
    security: 'none',
    username: 'support',
    authMethod: 'oauth2',
    oauthTokenUrl: `http://127.0.0.1:${endpoint.port}/token`,
    oauthClientId: 'client-1',
    oauthClientSecret: 'client-secret-1',
    oauthRefreshToken: refreshToken,
  });

  test('a refused refresh token is answered in words; a token reaches the server, which is asked for XOAUTH2', async () => {
    tokenAnswer = () => Response.json({ error: 'invalid_grant' }, { status: 400 });
    const refused = ZMailboxTestResponse.parse(
      (await admin.post(MAILBOX_PATHS.test, oauthBody('expired-1'))).body,
    );
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('The refresh token was refused');
    tokenAnswer = () => Response.json({ access_token: 'token-1', expires_in: 3600 });
    const granted = ZMailboxTestResponse.parse(
      (await admin.post(MAILBOX_PATHS.test, oauthBody('fresh-1'))).body,
    );
    // The test Dovecot has no XOAUTH2: the answer says so, which proves the token was offered to IMAP.
    expect(granted).toEqual({ ok: false, message: expect.stringMatching(/OAuth2/) });
  });
});

describe('failed messages', () => {
  test('newest first, paginated; Retry releases a failed message once (409 again, 404 unknown); audited', async () => {
    const mailbox = await newMailbox();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [row] = await sql<{ id: string }[]>`
        insert into inbound_messages (mailbox_id, sender, subject, raw_size, status, last_error, attempts, received_at, outcome)
        values (${mailbox.id}, 'anna@example.net', ${`Printer ${i}`}, 10, 'failed', 'Too many messages', 3,
                now() + ${`${i} seconds`}::interval + interval '1 hour', ${i === 2 ? 'flood' : null})
        returning id`;
      ids.push(row?.id ?? '');
    }
    const first = ZInboundMessageList.parse(
      (await admin.get(`${MAILBOX_PATHS.messages}?status=failed&limit=2`)).body,
    );
    expect(first.messages.map((m) => m.id)).toEqual([ids[2] ?? '', ids[1] ?? '']);
    expect(first.messages[0]).toMatchObject({
      mailboxName: mailbox.name,
      sender: 'anna@example.net',
      attempts: 3,
    });
    const second = ZInboundMessageList.parse(
      (await admin.get(`${MAILBOX_PATHS.messages}?limit=2&cursor=${first.nextCursor}`)).body,
    );
    expect(second.messages[0]?.id).toBe(ids[0]);
    expect((await admin.get(`${MAILBOX_PATHS.messages}?cursor=bogus!`)).status).toBe(400);
    expect((await admin.get(`${MAILBOX_PATHS.messages}?status=done`)).status).toBe(400);

    const target = ids[2] ?? '';
    expect((await admin.post(inboundMessageRetryPath(target), {})).status).toBe(204);
    const [row] =
      await sql`select status, attempts, released_by, last_error from inbound_messages where id = ${target}`;
    expect(row).toEqual({ status: 'pending', attempts: 0, released_by: adminId, last_error: null });
    expect((await admin.post(inboundMessageRetryPath(target), {})).status).toBe(409);
    expect(
      (await admin.post(inboundMessageRetryPath('00000000-0000-4000-8000-000000000000'), {})).status,
    ).toBe(404);
    const [audit] =
      await sql`select 1 from admin_audit_logs where action = 'inbound_message.retried' and details->>'messageId' = ${target}`;
    expect(audit).toBeDefined();
  });
});
