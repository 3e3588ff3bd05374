import { describe, expect, test } from 'bun:test';
import { API_PATHS, ERROR_CODES, SERVER_MESSAGES } from '@helpdesk/contracts';
import {
  APP_ORIGIN,
  BASE_URL,
  errorOf,
  logLines,
  signedIn,
  TestClient,
  uniqueName,
} from '../test/helpers.ts';

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function expectSecurityHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers.get(name)).toBe(value);
  expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers.get('access-control-allow-origin')).toBeNull();
}

describe('health and readiness', () => {
  test('GET /api/health answers ok', async () => {
    const response = await new TestClient().get(API_PATHS.health);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  test('GET /api/ready checks the database', async () => {
    const response = await new TestClient().get(API_PATHS.ready);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
  });

  test('GET /api/login redirects the browser to /login', async () => {
    const response = await new TestClient().get(API_PATHS.loginRedirect);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });

  test('GET /api/login carries a same-origin return path, and drops anything else', async () => {
    const client = new TestClient();
    const to = async (redirect: string) =>
      (await client.get(`${API_PATHS.loginRedirect}?redirect=${encodeURIComponent(redirect)}`)).headers.get(
        'location',
      );
    expect(await to('/tickets/abc?x=1')).toBe('/login?redirect=%2Ftickets%2Fabc%3Fx%3D1');
    for (const hostile of ['//evil.example', '/\\evil.example', 'https://evil.example', '/\r\nX: y', '/'])
      expect(await to(hostile)).toBe('/login');
    const repeated = await client.get(`${API_PATHS.loginRedirect}?redirect=/a&redirect=//evil.example`);
    expect(repeated.status).toBe(302);
    expect(repeated.headers.get('location')).not.toContain('evil');
  });
});

describe('security headers', () => {
  test('are on successes, errors, not-found and redirects, with no CORS headers', async () => {
    const client = new TestClient();
    const responses = await Promise.all([
      client.get(API_PATHS.health),
      client.get(API_PATHS.authMe),
      client.get('/api/does-not-exist', { headers: { origin: 'https://evil.example' } }),
      client.get(API_PATHS.loginRedirect),
      client.post(API_PATHS.authLogin, { username: '' }),
    ]);
    for (const response of responses) expectSecurityHeaders(response.headers);
  });

  test('each response has its own request id', async () => {
    const client = new TestClient();
    const [a, b] = await Promise.all([client.get(API_PATHS.health), client.get(API_PATHS.health)]);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('the error shape', () => {
  test('an unknown route is 404 { code, message }', async () => {
    const response = await new TestClient().get('/api/nothing/here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: ERROR_CODES.notFound, message: SERVER_MESSAGES.notFound });
  });

  test('a known path with another method is 404 too', async () => {
    const response = await new TestClient().request('DELETE', API_PATHS.authMe);
    expect(response.status).toBe(404);
    expect(errorOf(response).code).toBe(ERROR_CODES.notFound);
  });

  test('validation failures list field messages', async () => {
    const response = await new TestClient().post(API_PATHS.authLogin, { username: '', password: '' });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.validation,
      message: SERVER_MESSAGES.validation,
      fields: { username: 'Username is required', password: 'Password is required' },
    });
  });

  test('wrong types and extra keys are 400 with fields, never 500', async () => {
    const response = await new TestClient().post(API_PATHS.authLogin, {
      username: 42,
      password: ['x'],
      role: 'admin',
    });
    expect(response.status).toBe(400);
    const fields = errorOf(response).fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['password', 'role', 'username']);
    expect(fields.role).toBe('Unknown field');
  });

  test('a JSON body that is not an object is 400', async () => {
    for (const json of [null, [], 'text', 12]) {
      const response = await new TestClient().post(API_PATHS.authLogin, json);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
  });
});

describe('request bodies', () => {
  test('malformed JSON is 400', async () => {
    const response = await new TestClient().post(API_PATHS.authLogin, undefined, {
      body: '{"username": "a", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.validation,
      message: SERVER_MESSAGES.malformedJson,
    });
  });

  test('invalid UTF-8 is 400', async () => {
    const response = await new TestClient().post(API_PATHS.authLogin, undefined, {
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toBe(SERVER_MESSAGES.malformedJson);
  });

  test('a body that is not application/json is 415', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await new TestClient().post(API_PATHS.authLogin, undefined, {
        body: 'username=admin&password=x',
        headers: { 'content-type': contentType },
      });
      expect(response.status).toBe(415);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.unsupportedMediaType,
        message: SERVER_MESSAGES.unsupportedMediaType,
      });
    }
  });

  test('application/json with a charset parameter is accepted', async () => {
    const response = await new TestClient().post(API_PATHS.authLogin, undefined, {
      body: JSON.stringify({ username: uniqueName(), password: 'whatever1' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(401);
  });

  test('a 2 MB body is refused with 413', async () => {
    const big = JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await new TestClient().post(API_PATHS.authLogin, undefined, {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.payloadTooLarge,
      message: SERVER_MESSAGES.payloadTooLarge,
    });
  });

  test('a streamed body without Content-Length is cut off at 1 MB while reading', async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"username":"a","password":"'));
        sent += chunk.byteLength;
        // Far more than the cap: the server must stop reading long before the end.
        if (sent > 8 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${BASE_URL}${API_PATHS.authLogin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' },
      body: stream,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: ERROR_CODES.payloadTooLarge,
      message: SERVER_MESSAGES.payloadTooLarge,
    });
  });

  test('a POST without a body is fine where no body is expected', async () => {
    const response = await new TestClient().post(API_PATHS.authLogout);
    expect(response.status).toBe(200);
  });
});

describe('cross-site requests', () => {
  test('Sec-Fetch-Site: cross-site refuses an unsafe method, even signed in', async () => {
    const { client } = await signedIn('end_user');
    const response = await client.patch(
      API_PATHS.authProfile,
      { firstName: 'Evil', lastName: 'Site', email: `${uniqueName()}@example.test` },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(response.status).toBe(403);
    expect(errorOf(response)).toEqual({ code: ERROR_CODES.forbidden, message: SERVER_MESSAGES.crossSite });
    const me = await client.get(API_PATHS.authMe);
    expect((me.body as { user: { firstName: string } }).user.firstName).toBe('Test');
  });

  test('an Origin not on the allowlist refuses an unsafe method', async () => {
    const response = await new TestClient().post(
      API_PATHS.authLogout,
      {},
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
    expect(errorOf(response).message).toBe(SERVER_MESSAGES.crossSite);
  });

  test("Origin 'null' (sandboxed frames, file://) is refused", async () => {
    const response = await new TestClient().post(API_PATHS.authLogout, {}, { headers: { origin: 'null' } });
    expect(response.status).toBe(403);
  });

  test('the app origin, same-origin and same-site fetches pass', async () => {
    const client = new TestClient();
    const browsers: Record<string, string>[] = [
      { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' },
      { origin: 'http://127.0.0.1:3000' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of browsers) {
      expect((await client.post(API_PATHS.authLogout, {}, { headers })).status).toBe(200);
    }
  });

  test('a safe method from another site is not refused by the check', async () => {
    const response = await new TestClient().get(API_PATHS.health, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });

  test('a request with neither header is judged by its session alone', async () => {
    const anonymous = await new TestClient().patch(API_PATHS.authProfile, {
      firstName: 'A',
      lastName: 'B',
      email: `${uniqueName()}@example.test`,
    });
    expect(anonymous.status).toBe(401);
    const { user, client } = await signedIn('end_user');
    const signed = await client.patch(API_PATHS.authProfile, {
      firstName: 'Script',
      lastName: 'Client',
      email: `${uniqueName()}@example.test`,
      currentPassword: user.password,
    });
    expect(signed.status).toBe(200);
  });
});

describe('request log', () => {
  test('one line per request with id, method, path without query, status and duration; no secrets', async () => {
    const { user, client } = await signedIn('end_user');
    const secretQuery = 'token=super-secret-query-value';
    const response = await client.get(`${API_PATHS.authMe}?${secretQuery}`);
    const id = response.headers.get('x-request-id') ?? '';
    // The line is written after the response went out.
    for (let wait = 0; wait < 50 && !logLines.some((line) => line.includes(id)); wait++) await Bun.sleep(10);
    const lines = logLines.filter((line) => line.includes(id));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}');
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: id,
      method: 'GET',
      path: API_PATHS.authMe,
      route: API_PATHS.authMe,
      status: 200,
    });
    expect(typeof entry.durationMs).toBe('number');
    expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
    const everything = logLines.join('\n');
    expect(everything).not.toContain(secretQuery);
    expect(everything).not.toContain(user.password);
    expect(everything).not.toContain(client.cookie ?? 'no cookie');
  });
});

describe('OpenAPI', () => {
  test('/swagger/json describes the routes with the zod schemas', async () => {
    const response = await new TestClient().get('/swagger/json');
    expect(response.status).toBe(200);
    const document = response.body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const register = document.paths[API_PATHS.authRegister]?.post;
    const schema = register?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { minLength?: number; maxLength?: number }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.properties.username?.minLength).toBe(3);
    expect(schema.properties.username?.maxLength).toBe(50);
    expect(schema.required.sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'username']);
    expect(schema.additionalProperties).toBe(false);
    expect(document.paths[`${API_PATHS.adminUsers}/{userId}/status`]?.patch).toBeDefined();
  });

  test('/swagger serves a self-hosted Swagger UI under a self-only script policy', async () => {
    const client = new TestClient();
    const page = await client.get('/swagger');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('http');
    expect(csp).not.toContain('script-src');
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    const styles = [...page.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(page.text).not.toMatch(/<script>/);
    for (const asset of [...scripts, ...styles]) {
      expect(asset).toStartWith('/swagger/assets/');
      const response = await client.get(asset);
      expect(response.status).toBe(200);
      expect(response.text.length).toBeGreaterThan(20);
    }
    expect((await client.get('/swagger/assets/init.js')).text).toContain("url: '/swagger/json'");
  });

  test('asset paths cannot be used to read other files', async () => {
    for (const path of [
      '/swagger/assets/../../package.json',
      '/swagger/assets/%2e%2e%2fpackage.json',
      '/swagger/assets/index.html',
    ]) {
      const response = await new TestClient().get(path);
      expect(response.status).toBe(404);
    }
  });
});
