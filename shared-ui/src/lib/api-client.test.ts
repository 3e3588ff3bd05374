import { afterAll, describe, expect, test } from 'bun:test';
import {
  ANONYMOUS_MAIL_MESSAGES,
  API_PATHS,
  ERROR_CODES,
  SERVER_MESSAGES,
} from '@helpdesk/contracts/constants';
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import {
  ApiRequestError,
  apiRequest,
  getQueryFn,
  isUnauthorizedError,
  loginErrorText,
  queryKeyToUrl,
  registrationError,
  serverMessage,
  type TRegistrationError,
} from './api-client.ts';

const json = (status: number, body: unknown) => Response.json(body, { status });
const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, fields ? { code, message, fields } : { code, message });

// A real HTTP server on a free port: the client is exercised over the wire, headers and all.
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const url = new URL(req.url);
    switch (url.pathname) {
      case '/ok':
        return json(200, { hello: 'world' });
      case '/no-content':
        return new Response(null, { status: 204 });
      case '/empty':
        return new Response('', { status: 200 });
      case '/echo':
        return json(200, {
          method: req.method,
          path: url.pathname,
          search: url.search,
          contentType: req.headers.get('content-type'),
          idempotencyKey: req.headers.get('idempotency-key'),
          body: await req.text(),
        });
      case '/bad-request':
        return apiError(400, ERROR_CODES.validation, SERVER_MESSAGES.invalidRegistration, {
          username: 'Username must be at least 3 characters',
        });
      case '/unauthenticated':
        return apiError(401, ERROR_CODES.unauthenticated, SERVER_MESSAGES.notAuthenticated);
      case '/forbidden':
        return apiError(403, ERROR_CODES.forbidden, SERVER_MESSAGES.forbidden);
      case '/pending':
        return apiError(403, ERROR_CODES.accountPending, SERVER_MESSAGES.accountPending);
      case '/rejected':
        return apiError(403, ERROR_CODES.accountRejected, SERVER_MESSAGES.accountRejected);
      case '/invalid-credentials':
        return apiError(401, ERROR_CODES.unauthenticated, SERVER_MESSAGES.invalidCredentials);
      case '/throttled':
        return apiError(429, ERROR_CODES.tooManyRequests, SERVER_MESSAGES.tooManyAttempts);
      case '/registrations-closed':
        return apiError(429, ERROR_CODES.tooManyRequests, ANONYMOUS_MAIL_MESSAGES.registrationsClosed);
      case '/registrations-limited':
        return apiError(429, ERROR_CODES.tooManyRequests, ANONYMOUS_MAIL_MESSAGES.tooManyRegistrations(720));
      case '/username-taken':
        return apiError(409, ERROR_CODES.conflict, SERVER_MESSAGES.usernameExists);
      case '/email-taken':
        return apiError(409, ERROR_CODES.conflict, SERVER_MESSAGES.emailExists);
      case '/weak-password':
        return apiError(400, ERROR_CODES.validation, SERVER_MESSAGES.passwordRequirements);
      case '/text-error':
        return new Response('Internal meltdown', { status: 500 });
      case '/empty-error':
        return new Response('', { status: 500 });
      case '/not-our-shape':
        return json(502, { error: 'upstream' });
      default:
        return new Response('no route', { status: 404 });
    }
  },
});
const base = `http://127.0.0.1:${server.port}`;
afterAll(() => server.stop(true));

async function failureOf(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const errorFrom = (path: string) => failureOf(apiRequest('GET', `${base}${path}`));

describe('apiRequest', () => {
  test('returns the parsed JSON of a 2xx answer', async () => {
    expect(await apiRequest<{ hello: string }>('GET', `${base}/ok`)).toEqual({ hello: 'world' });
  });

  test('204 and an empty body read as null', async () => {
    expect(await apiRequest<null>('POST', `${base}/no-content`)).toBeNull();
    expect(await apiRequest<null>('GET', `${base}/empty`)).toBeNull();
  });

  test('sends a JSON body with its content type only when a body is given', async () => {
    const withBody = await apiRequest<{ method: string; contentType: string; body: string }>(
      'PATCH',
      `${base}/echo`,
      { status: 'active' },
    );
    expect(withBody).toMatchObject({
      method: 'PATCH',
      contentType: 'application/json',
      body: '{"status":"active"}',
    });
    const withoutBody = await apiRequest<{ method: string; contentType: string | null; body: string }>(
      'POST',
      `${base}/echo`,
    );
    expect(withoutBody).toMatchObject({ method: 'POST', contentType: null, body: '' });
  });

  test('sends extra headers, and a caller cannot replace the JSON content type', async () => {
    const echo = await apiRequest<{ contentType: string; idempotencyKey: string | null }>(
      'POST',
      `${base}/echo`,
      { title: 'x' },
      { headers: { 'Idempotency-Key': 'key-123', 'content-type': 'text/plain' } },
    );
    expect(echo).toMatchObject({ contentType: 'application/json', idempotencyKey: 'key-123' });
    const withoutHeaders = await apiRequest<{ idempotencyKey: string | null }>('POST', `${base}/echo`, {});
    expect(withoutHeaders.idempotencyKey).toBeNull();
  });

  test('a non-2xx answer throws with "status: body text"', async () => {
    const error = await errorFrom('/bad-request');
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      `400: ${JSON.stringify({
        code: ERROR_CODES.validation,
        message: SERVER_MESSAGES.invalidRegistration,
        fields: { username: 'Username must be at least 3 characters' },
      })}`,
    );
    expect(error.body).toEqual({
      code: ERROR_CODES.validation,
      message: SERVER_MESSAGES.invalidRegistration,
      fields: { username: 'Username must be at least 3 characters' },
    });
    expect(error.fields).toEqual({ username: 'Username must be at least 3 characters' });
  });

  test('a plain-text error body is kept as text with no parsed body', async () => {
    const error = await errorFrom('/text-error');
    expect(error.message).toBe('500: Internal meltdown');
    expect(error.body).toBeNull();
    expect(error.fields).toEqual({});
  });

  test('an empty error body falls back to the status text', async () => {
    const error = await errorFrom('/empty-error');
    expect(error.message).toBe('500: Internal Server Error');
    expect(error.body).toBeNull();
  });

  test('JSON that is not our error shape is not taken as a server message', async () => {
    const error = await errorFrom('/not-our-shape');
    expect(error.message).toBe('502: {"error":"upstream"}');
    expect(error.body).toBeNull();
    expect(serverMessage(error)).toBeNull();
  });
});

describe('serverMessage and isUnauthorizedError', () => {
  test('serverMessage reads the message field of our error shape only', async () => {
    expect(serverMessage(await errorFrom('/forbidden'))).toBe(SERVER_MESSAGES.forbidden);
    expect(serverMessage(await errorFrom('/text-error'))).toBeNull();
    expect(serverMessage(new Error('400: {"code":"X","message":"y"}'))).toBeNull();
    expect(serverMessage('nope')).toBeNull();
  });

  test('401 and 403 are unauthorized; other statuses are not', async () => {
    expect(isUnauthorizedError(await errorFrom('/unauthenticated'))).toBe(true);
    expect(isUnauthorizedError(await errorFrom('/forbidden'))).toBe(true);
    expect(isUnauthorizedError(await errorFrom('/bad-request'))).toBe(false);
    expect(isUnauthorizedError(await errorFrom('/text-error'))).toBe(false);
  });

  test('messages naming authentication count too', () => {
    expect(isUnauthorizedError(new Error('Authentication required'))).toBe(true);
    expect(isUnauthorizedError(new Error('Not authenticated'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('500: boom'))).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe('queryKeyToUrl', () => {
  test('joins string and number parts with a slash', () => {
    expect(queryKeyToUrl([API_PATHS.tickets, 'abc', 'sla-status'])).toBe('/api/tickets/abc/sla-status');
    expect(queryKeyToUrl([API_PATHS.tickets, 42])).toBe('/api/tickets/42');
  });

  test('a trailing object becomes the query string without undefined, null or all', () => {
    expect(queryKeyToUrl([API_PATHS.tickets, { status: 'all', priority: 'high', team: undefined }])).toBe(
      '/api/tickets?priority=high',
    );
    expect(queryKeyToUrl([API_PATHS.adminUsers, { status: 'all', role: 'all' }])).toBe('/api/admin/users');
    expect(queryKeyToUrl([API_PATHS.kbArticles, { isPopular: true, limit: 5 }])).toBe(
      '/api/kb/articles?isPopular=true&limit=5',
    );
    expect(queryKeyToUrl([API_PATHS.kbArticlesSearch, { q: 'vpn & wifi', x: null }])).toBe(
      '/api/kb/articles/search?q=vpn+%26+wifi',
    );
  });

  test('parts after the first are encoded, so an id cannot reach another path', () => {
    expect(queryKeyToUrl([API_PATHS.tickets, '../admin/users'])).toBe('/api/tickets/..%2Fadmin%2Fusers');
    expect(queryKeyToUrl([API_PATHS.tickets, 'a?b=c'])).toBe('/api/tickets/a%3Fb%3Dc');
  });

  test('a part that is neither string, number nor a trailing object is refused', () => {
    expect(() => queryKeyToUrl([API_PATHS.tickets, true])).toThrow(TypeError);
    expect(() => queryKeyToUrl([API_PATHS.tickets, { a: 1 }, 'x'])).toThrow(TypeError);
  });
});

describe('getQueryFn', () => {
  // Through a real QueryClient, the way the app calls it.
  const run = (queryFn: QueryFunction<unknown>, queryKey: readonly unknown[]) =>
    new QueryClient().fetchQuery({ queryKey, queryFn });

  test('GETs the joined key with the query string and parses JSON', async () => {
    const result = await run(getQueryFn({ on401: 'throw' }), [
      `${base}/echo`,
      { status: 'pending', role: 'all', limit: 10 },
    ]);
    expect(result).toMatchObject({ method: 'GET', path: '/echo', search: '?status=pending&limit=10' });
  });

  test("on401 'returnNull' answers null for 401", async () => {
    expect(await run(getQueryFn({ on401: 'returnNull' }), [`${base}/unauthenticated`])).toBeNull();
  });

  test("on401 'returnNull' still throws other failures, 403 included", async () => {
    const forbidden = await failureOf(run(getQueryFn({ on401: 'returnNull' }), [`${base}/forbidden`]));
    expect(forbidden.status).toBe(403);
  });

  test("on401 'throw' throws the 401", async () => {
    const error = await failureOf(run(getQueryFn({ on401: 'throw' }), [`${base}/unauthenticated`]));
    expect(error.status).toBe(401);
    expect(error.message).toStartWith('401: ');
    expect(isUnauthorizedError(error)).toBe(true);
  });
});

describe('loginErrorText', () => {
  test.each([
    ['/pending', 'Your account is pending approval. Please wait for admin approval.'],
    ['/rejected', 'Your account has been rejected. Please contact support.'],
    ['/invalid-credentials', 'Invalid username or password.'],
    ['/throttled', 'Invalid username or password.'],
    ['/text-error', 'Invalid username or password.'],
  ])('%s', async (path, text) => {
    expect(loginErrorText(await errorFrom(path))).toBe(text);
  });

  test('OAuth accounts', () => {
    expect(loginErrorText(new Error('400: This account uses OAuth sign-in'))).toBe(
      'This account uses OAuth authentication. Please use the OAuth login.',
    );
  });

  test('anything that is not an error gives the generic text', () => {
    expect(loginErrorText(undefined)).toBe('Invalid username or password.');
  });
});

describe('registrationError', () => {
  test.each<[string, TRegistrationError]>([
    [
      '/username-taken',
      { message: 'This username is already taken. Please choose a different one.', field: 'username' },
    ],
    [
      '/email-taken',
      {
        message: 'This email is already registered. Please use a different email or try logging in.',
        field: 'email',
      },
    ],
    [
      '/weak-password',
      {
        message: 'Password does not meet security requirements. Please choose a stronger password.',
        field: 'password',
      },
    ],
    ['/bad-request', { message: 'Please check all fields and try again.' }],
    ['/text-error', { message: 'Registration failed. Please try again.' }],
    ['/throttled', { message: 'Registration failed. Please try again.' }],
    [
      '/registrations-closed',
      { message: 'The desk is not accepting new registrations right now. Please try again later.' },
    ],
    [
      '/registrations-limited',
      { message: 'Too many registrations in a short time. Please try again in 12 minutes.' },
    ],
  ])('%s', async (path, expected) => {
    expect(registrationError(await errorFrom(path))).toEqual(expected);
  });

  test('a network failure gives the generic text', () => {
    expect(registrationError(new TypeError('fetch failed'))).toEqual({
      message: 'Registration failed. Please try again.',
    });
  });
});
