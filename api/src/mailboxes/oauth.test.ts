import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { clearAccessTokenCache, getAccessToken, OAuthError } from './oauth.ts';

type Grant = { form: URLSearchParams; contentType: string | null };
const grants: Grant[] = [];
let answer: (form: URLSearchParams) => Response | Promise<Response> = () => Response.json({});

const endpoint = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request) {
    const form = new URLSearchParams(await request.text());
    grants.push({ form, contentType: request.headers.get('content-type') });
    return answer(form);
  },
});
afterAll(() => endpoint.stop(true));
beforeEach(() => {
  grants.length = 0;
  clearAccessTokenCache();
});

const client = (changes: Partial<Parameters<typeof getAccessToken>[0]> = {}) => ({
  tokenUrl: `http://127.0.0.1:${endpoint.port}/token`,
  clientId: 'client-1',
  clientSecret: 'client-secret-1',
  refreshToken: 'refresh-1',
  ...changes,
});

describe('OAuth2 refresh-token grant', () => {
  test('posts a form-encoded refresh grant and caches the access token until shortly before it expires', async () => {
    let issued = 0;
    answer = () =>
      Response.json({ access_token: `access-${++issued}`, expires_in: 3600, token_type: 'Bearer' });
    let now = 1_000_000;
    const first = await getAccessToken(client(), { now: () => now });
    expect(first).toEqual({ accessToken: 'access-1', newRefreshToken: null });
    expect(grants[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(grants[0]?.form ?? [])).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'client-1',
      client_secret: 'client-secret-1',
    });
    now += 50 * 60_000;
    expect((await getAccessToken(client(), { now: () => now })).accessToken).toBe('access-1');
    expect(grants).toHaveLength(1);
    now += 9 * 60_000; // one minute left: renewed
    expect((await getAccessToken(client(), { now: () => now })).accessToken).toBe('access-2');
    expect(grants).toHaveLength(2);
    // A new refresh token saved by an admin never reuses the old one's access token.
    expect(
      (await getAccessToken(client({ refreshToken: 'refresh-2' }), { now: () => now })).accessToken,
    ).toBe('access-3');
  });

  test('a rotated refresh token (Microsoft) is handed back to be stored', async () => {
    answer = () => Response.json({ access_token: 'a', expires_in: 3600, refresh_token: 'refresh-rotated' });
    expect(await getAccessToken(client())).toEqual({ accessToken: 'a', newRefreshToken: 'refresh-rotated' });
  });

  test('an expired or revoked refresh token is refused in plain words, without any secret', async () => {
    answer = () =>
      Response.json(
        {
          error: 'invalid_grant',
          error_description: 'AADSTS70008: The refresh token has expired due to inactivity.\r\nTrace ID: 123',
        },
        { status: 400 },
      );
    const error = await getAccessToken(client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    const message = (error as Error).message;
    expect(message).toContain('The refresh token was refused');
    expect(message).toContain('AADSTS70008: The refresh token has expired due to inactivity.');
    expect(message).not.toMatch(/refresh-1|client-secret-1|Trace ID|\r|\n/);
  });

  test('a wrong client secret, a server error, a non-JSON answer and a missing token are errors in words', async () => {
    answer = () => Response.json({ error: 'invalid_client' }, { status: 401 });
    await expect(getAccessToken(client())).rejects.toThrow('The client ID or client secret was refused');
    answer = () => new Response('<html>oops</html>', { status: 502 });
    await expect(getAccessToken(client())).rejects.toThrow('refused the request (HTTP 502)');
    answer = () => new Response('not json', { status: 200 });
    await expect(getAccessToken(client())).rejects.toThrow('without an access token');
    answer = () => Response.json({ token_type: 'Bearer' });
    await expect(getAccessToken(client())).rejects.toThrow('without an access token');
  });

  test('an endpoint that does not answer in time, or cannot be reached, says so', async () => {
    answer = () => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json({})), 2000));
    await expect(getAccessToken(client(), { timeoutMs: 200 })).rejects.toThrow('did not answer within');
    await expect(getAccessToken(client({ tokenUrl: 'http://127.0.0.1:1/token' }))).rejects.toThrow(
      'could not be reached',
    );
  });
});
