import { describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  API_TOKEN_PATTERN,
  adminApiTokenPath,
  adminUserSessionsPath,
  ownApiTokenPath,
  SESSION_PATHS,
  type TAdminApiTokenListResponse,
  type TApiTokenListResponse,
  type TCreatedApiTokenResponse,
  type TUser,
} from '@helpdesk/contracts';
import { BearerClient, issueApiToken } from '../../test/api-tokens.ts';
import { app, errorOf, signedIn, sql, withRateLimitScale } from '../../test/helpers.ts';
import { fileTicket } from '../../test/tickets.ts';
import { sha256Hex } from '../session.ts';

const tokensOf = (body: unknown) => (body as TApiTokenListResponse).tokens;

describe('making a token', () => {
  test('the secret is answered once, stored only as its hash, and lists show its prefix', async () => {
    const { user, client } = await signedIn('end_user');
    const made = await client.post(API_TOKEN_PATHS.own, {
      name: '  Nightly export ',
      expiresInDays: 90,
      scopes: ['tickets:read', 'tickets:read'],
    });
    expect(made.status).toBe(201);
    const { token, secret } = made.body as TCreatedApiTokenResponse;
    expect(secret).toMatch(API_TOKEN_PATTERN);
    expect(token.name).toBe('Nightly export');
    expect(token.scopes).toEqual(['tickets:read']);
    expect(token.prefix).toBe(secret.slice(0, 9));
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const [row] = await sql<{ tokenHash: string }[]>`
      select token_hash as "tokenHash" from api_tokens where id = ${token.id}`;
    expect(row?.tokenHash).toBe(sha256Hex(secret));
    const [stored] = await sql<
      { text: string }[]
    >`select api_tokens::text as text from api_tokens where id = ${token.id}`;
    expect(stored?.text).not.toContain(secret.slice(9));

    const listed = await client.get(API_TOKEN_PATHS.own);
    expect(listed.status).toBe(200);
    expect(tokensOf(listed.body).map((listedToken) => listedToken.id)).toEqual([token.id]);
    expect(listed.text).not.toContain(secret);
    expect(user.role).toBe('end_user');
  });

  test('a scope beyond the role is a 400 that says so, and nothing is made', async () => {
    const { user: endUser, client: endUserClient } = await signedIn('end_user');
    const { client: agentClient } = await signedIn('agent');
    for (const [client, scopes] of [
      [endUserClient, ['admin']],
      [endUserClient, ['kb:write']],
      [agentClient, ['tickets:read', 'admin']],
    ] as const) {
      const response = await client.post(API_TOKEN_PATHS.own, { name: 'x', expiresInDays: 7, scopes });
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(API_TOKEN_MESSAGES.scopeBeyondRole);
    }
    const [count] = await sql<
      { n: number }[]
    >`select count(*)::int as n from api_tokens where user_id = ${endUser.id}`;
    expect(count?.n).toBe(0);
    await issueApiToken(agentClient, ['kb:write']);
  });

  test('bad bodies are 400s with the field named', async () => {
    const { client } = await signedIn('end_user');
    const cases: [unknown, string][] = [
      [{ name: '', expiresInDays: 7, scopes: ['kb:read'] }, API_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(81), expiresInDays: 7, scopes: ['kb:read'] }, API_TOKEN_MESSAGES.nameTooLong],
      [{ name: 'x', expiresInDays: 366, scopes: ['kb:read'] }, API_TOKEN_MESSAGES.invalidExpiry],
      [{ name: 'x', expiresInDays: 0, scopes: ['kb:read'] }, API_TOKEN_MESSAGES.invalidExpiry],
      [{ name: 'x', expiresInDays: 1.5, scopes: ['kb:read'] }, API_TOKEN_MESSAGES.invalidExpiry],
      [{ name: 'x', expiresInDays: 7, scopes: [] }, API_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'x', expiresInDays: 7, scopes: ['root'] }, API_TOKEN_MESSAGES.invalidScope],
    ];
    for (const [body, message] of cases) {
      const response = await client.post(API_TOKEN_PATHS.own, body);
      expect(response.status).toBe(400);
      expect(Object.values(errorOf(response).fields ?? {})).toContain(message);
    }
    const extra = await client.post(API_TOKEN_PATHS.own, {
      name: 'x',
      expiresInDays: 7,
      scopes: ['kb:read'],
      userId: crypto.randomUUID(),
    });
    expect(extra.status).toBe(400);
    expect(tokensOf((await client.get(API_TOKEN_PATHS.own)).body)).toEqual([]);
  });

  test(`a person keeps at most ${API_TOKEN_LIMITS.perPersonMax} live tokens`, async () => {
    const { client } = await signedIn('end_user');
    for (let index = 0; index < API_TOKEN_LIMITS.perPersonMax; index++)
      await issueApiToken(client, ['kb:read']);
    const over = await client.post(API_TOKEN_PATHS.own, {
      name: 'one more',
      expiresInDays: 7,
      scopes: ['kb:read'],
    });
    expect(over.status).toBe(409);
    expect(errorOf(over).message).toBe(API_TOKEN_MESSAGES.tooManyTokens);
    const [first] = tokensOf((await client.get(API_TOKEN_PATHS.own)).body);
    await client.request('DELETE', ownApiTokenPath(first?.id ?? ''));
    await issueApiToken(client, ['kb:read']);
  });
});

describe('Bearer authentication', () => {
  test('a token acts as its owner within its scopes, and records its last use', async () => {
    const { user, client } = await signedIn('end_user');
    const reader = await issueApiToken(client, ['tickets:read']);
    const me = await reader.client.get(API_PATHS.authMe);
    expect(me.status).toBe(200);
    expect((me.body as { user: TUser }).user.id).toBe(user.id);
    expect((await reader.client.get(API_PATHS.tickets)).status).toBe(200);

    const write = await reader.client.post(API_PATHS.tickets, {
      title: 'From a script',
      description: 'Hello',
    });
    expect(write.status).toBe(403);
    expect(errorOf(write).message).toBe(API_TOKEN_MESSAGES.missingTicketsWrite);
    expect((await reader.client.get(API_PATHS.kbArticles)).status).toBe(403);

    const writer = await issueApiToken(client, ['tickets:write']);
    const ticket = await fileTicket(writer.client);
    expect(ticket.requester.id).toBe(user.id);

    const [used] = await sql<{ lastUsedAt: Date | null; lastUsedIp: string | null }[]>`
      select last_used_at as "lastUsedAt", last_used_ip as "lastUsedIp" from api_tokens where id = ${writer.id}`;
    expect(used?.lastUsedAt).not.toBeNull();
    expect(used?.lastUsedIp).toBe(writer.client.ip);
  });

  test('unknown, malformed, revoked and expired tokens are 401; the cookie is never read beside one', async () => {
    const { client } = await signedIn('end_user');
    const unknown = new BearerClient(`hd_${'A'.repeat(43)}`);
    expect((await unknown.get(API_PATHS.authMe)).status).toBe(401);
    expect(errorOf(await unknown.get(API_PATHS.authMe)).message).toBe(API_TOKEN_MESSAGES.tokenInvalid);
    expect((await new BearerClient('not-a-token').get(API_PATHS.authMe)).status).toBe(401);
    // A signed-in browser sending a bad token is not let in by its cookie.
    const both = await client.get(API_PATHS.authMe, { headers: { authorization: 'Bearer hd_nope' } });
    expect(both.status).toBe(401);
    expect((await client.get(API_PATHS.authMe)).status).toBe(200);

    const revoked = await issueApiToken(client, ['tickets:read']);
    expect((await revoked.client.get(API_PATHS.authMe)).status).toBe(200);
    expect((await client.request('DELETE', ownApiTokenPath(revoked.id))).status).toBe(200);
    expect((await revoked.client.get(API_PATHS.authMe)).status).toBe(401);
    expect(tokensOf((await client.get(API_TOKEN_PATHS.own)).body)).toEqual([]);

    const expired = await issueApiToken(client, ['tickets:read']);
    await sql`
      update api_tokens set created_at = now() - interval '2 days', expires_at = now() - interval '1 second'
      where id = ${expired.id}`;
    expect((await expired.client.get(API_PATHS.tickets)).status).toBe(401);
  });

  test('an owner who is deactivated, rejected or pending is refused at once; back when active again', async () => {
    const { user, client } = await signedIn('agent');
    const token = await issueApiToken(client, ['tickets:read']);
    for (const status of ['inactive', 'rejected', 'pending']) {
      await sql`update users set status = ${status} where id = ${user.id}`;
      const response = await token.client.get(API_PATHS.tickets);
      expect(response.status).toBe(401);
    }
    await sql`update users set status = 'active' where id = ${user.id}`;
    expect((await token.client.get(API_PATHS.tickets)).status).toBe(200);
  });

  test('an admin token loses admin the moment its owner is demoted', async () => {
    const { user: admin, client } = await signedIn('admin');
    const { client: otherAdmin } = await signedIn('admin');
    const token = await issueApiToken(client, ['admin', 'kb:write']);
    expect((await token.client.get(API_PATHS.adminUsers)).status).toBe(200);
    const demoted = await otherAdmin.patch(`${API_PATHS.adminUsers}/${admin.id}/role`, { role: 'agent' });
    expect(demoted.status).toBe(200);
    expect((await token.client.get(API_PATHS.adminUsers)).status).toBe(403);
    await sql`update users set role = 'end_user' where id = ${admin.id}`;
    // kb:write is in the token, but an end user's role no longer allows it.
    const write = await token.client.post(API_PATHS.kbCategories, { name: 'Scripts', slug: 'scripts' });
    expect(write.status).toBe(403);
  });

  test('a token never makes tokens, nor touches passwords, two-factor, sessions or the event stream', async () => {
    const { user, client } = await signedIn('admin');
    const token = await issueApiToken(client, [
      'tickets:read',
      'tickets:write',
      'kb:read',
      'kb:write',
      'admin',
    ]);
    const attempts: [string, string, unknown][] = [
      ['POST', API_TOKEN_PATHS.own, { name: 'more', expiresInDays: 365, scopes: ['admin'] }],
      ['GET', API_TOKEN_PATHS.own, undefined],
      ['DELETE', ownApiTokenPath(token.id), undefined],
      ['GET', API_TOKEN_PATHS.admin, undefined],
      ['DELETE', adminApiTokenPath(token.id), undefined],
      ['POST', '/api/auth/change-password', { currentPassword: user.password, newPassword: 'Another1234!x' }],
      ['POST', '/api/auth/two-factor/setup', {}],
      ['GET', SESSION_PATHS.own, undefined],
      ['DELETE', SESSION_PATHS.ownOthers, undefined],
      ['DELETE', adminUserSessionsPath(user.id), undefined],
      ['POST', `${API_PATHS.adminUsers}/${user.id}/password-reset`, undefined],
      ['PATCH', '/api/auth/profile', { firstName: 'Changed' }],
      ['GET', '/api/events', undefined],
    ];
    for (const [method, path, json] of attempts) {
      const response = await token.client.request(method, path, json === undefined ? {} : { json });
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 403`);
      expect(errorOf(response).message).toBe(API_TOKEN_MESSAGES.tokenRefused);
    }
    expect((await token.client.get(API_PATHS.authMe)).status).toBe(200);
    const [count] = await sql<{ n: number }[]>`
      select count(*)::int as n from api_tokens where user_id = ${user.id} and revoked_at is null`;
    expect(count?.n).toBe(1);
  });

  test('each token has its own rate budget: 429 with Retry-After when it is spent', async () => {
    const { client } = await signedIn('end_user');
    const busy = await issueApiToken(client, ['tickets:read']);
    const calm = await issueApiToken(client, ['tickets:read']);
    // A scale of 0.01 leaves 6 requests a minute of the 600.
    await withRateLimitScale(0.01, async () => {
      for (let index = 0; index < 6; index++)
        expect((await busy.client.get(API_PATHS.authMe)).status).toBe(200);
      const refused = await busy.client.get(API_PATHS.authMe);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorOf(refused).message).toStartWith('This API token has made too many requests.');
      expect((await calm.client.get(API_PATHS.authMe)).status).toBe(200);
      expect((await client.get(API_PATHS.authMe)).status).toBe(200);
    });
  });
});

describe('tokens of others', () => {
  test("a person sees and revokes only their own; someone else's is a 404", async () => {
    const { client: ada } = await signedIn('end_user');
    const { client: bob } = await signedIn('end_user');
    const adas = await issueApiToken(ada, ['kb:read']);
    expect(tokensOf((await bob.get(API_TOKEN_PATHS.own)).body)).toEqual([]);
    const revoke = await bob.request('DELETE', ownApiTokenPath(adas.id));
    expect(revoke.status).toBe(404);
    expect(errorOf(revoke).message).toBe(API_TOKEN_MESSAGES.tokenNotFound);
    expect((await adas.client.get(API_PATHS.authMe)).status).toBe(200);
    expect((await bob.get(API_TOKEN_PATHS.admin)).status).toBe(403);
  });

  test("an admin lists everyone's tokens with their owner and revokes one, audited", async () => {
    const { user: owner, client: ownerClient } = await signedIn('agent');
    const { user: admin, client: adminClient } = await signedIn('admin');
    const token = await issueApiToken(ownerClient, ['tickets:read'], { name: 'CI bot' });
    const listed = (await adminClient.get(API_TOKEN_PATHS.admin)).body as TAdminApiTokenListResponse;
    const row = listed.tokens.find((listedToken) => listedToken.id === token.id);
    expect(row?.owner).toEqual({
      id: owner.id,
      username: owner.username,
      firstName: owner.firstName,
      lastName: owner.lastName,
    });
    expect(JSON.stringify(listed)).not.toContain(token.secret);

    expect((await adminClient.request('DELETE', adminApiTokenPath(token.id))).status).toBe(200);
    expect((await token.client.get(API_PATHS.authMe)).status).toBe(401);
    expect((await adminClient.request('DELETE', adminApiTokenPath(token.id))).status).toBe(404);
    const [audit] = await sql<
      { adminUserId: string; targetUserId: string; details: Record<string, unknown> }[]
    >`
      select admin_user_id as "adminUserId", target_user_id as "targetUserId", details
      from admin_audit_logs where action = 'api_token.revoked' and details->>'tokenId' = ${token.id}`;
    expect(audit).toEqual({
      adminUserId: admin.id,
      targetUserId: owner.id,
      details: { tokenId: token.id, name: 'CI bot', prefix: token.secret.slice(0, 9) },
    });
  });
});

describe('the OpenAPI document', () => {
  test('describes the bearer scheme beside the cookie, on every operation that is not public', async () => {
    const response = await app.handle(new Request('http://localhost/swagger/json'));
    const document = (await response.json()) as {
      components: {
        securitySchemes: Record<string, { type: string; scheme?: string; description?: string }>;
      };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const bearer = document.components.securitySchemes.bearer;
    expect(bearer?.type).toBe('http');
    expect(bearer?.scheme).toBe('bearer');
    expect(bearer?.description).toContain('tickets:write');
    const tickets = document.paths['/api/tickets']?.post?.security ?? [];
    expect(tickets.map((requirement) => Object.keys(requirement)[0])).toEqual(['session', 'bearer']);
  });
});
