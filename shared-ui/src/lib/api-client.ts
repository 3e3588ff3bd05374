import type { TApiError } from '@helpdesk/contracts';
import { ANONYMOUS_MAIL_MESSAGES, SERVER_MESSAGES } from '@helpdesk/contracts/constants';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { readApiError } from './json-guards.ts';
import { localizeText } from './localized-text.ts';

/** Every non-2xx answer raises this (docs/product.md#error-messages), with the message `${status}: ${body text or status text}`. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The parsed `{ code, message, fields? }` body, or null when the body was not our error shape. */
  readonly body: TApiError | null;
  readonly #fields: Record<string, string>;

  constructor(status: number, statusText: string, responseText: string) {
    super(`${status}: ${responseText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = parseApiError(responseText);
    this.#fields = this.body?.fields ?? {};
  }

  /** Per-field messages of a validation error (empty when there are none), in the active language. */
  get fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [name, message] of Object.entries(this.#fields)) fields[name] = localizeText(message);
    return fields;
  }
}

function parseApiError(text: string): TApiError | null {
  if (!text) return null;
  try {
    return readApiError(JSON.parse(text));
  } catch {
    return null;
  }
}

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function throwIfNotOk(res: Response) {
  if (res.ok) return;
  const text = await res.text();
  throw new ApiRequestError(res.status, res.statusText, text);
}

// A 204 or an empty body reads as JSON null, so callers of such endpoints type T as null.
async function readJson<T>(res: Response): Promise<T> {
  const text = res.status === 204 ? '' : await res.text();
  return JSON.parse(text || 'null');
}

/** Reads an API answer fetched elsewhere the way apiRequest does: ApiRequestError for a non-2xx, else its JSON. */
export async function readApiResponse<T = unknown>(res: Response): Promise<T> {
  await throwIfNotOk(res);
  return readJson<T>(res);
}

export type TApiRequestInit = {
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`; the JSON content type is always ours. */
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a ticket page saying it is left, on pagehide). */
  keepalive?: boolean;
};

/**
 * One API call (docs/product.md#calls-and-client-defaults): cookies always sent, a JSON body and its content type only when
 * `body` is given. Resolves to the parsed JSON (null for 204 or an empty body, so type T as
 * null there); rejects with ApiRequestError on any non-2xx status.
 */
export async function apiRequest<T = unknown>(
  method: THttpMethod,
  url: string,
  body?: unknown,
  init: TApiRequestInit = {},
): Promise<T> {
  const hasBody = body !== undefined;
  const headers = new Headers(init.headers);
  if (hasBody) headers.set('Content-Type', 'application/json');
  const res = await fetch(url, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal: init.signal,
    keepalive: init.keepalive,
  });
  await throwIfNotOk(res);
  return readJson<T>(res);
}

export type TQueryParams = Record<string, string | number | boolean | null | undefined>;

function isQueryParams(part: unknown): part is TQueryParams {
  return typeof part === 'object' && part !== null && !Array.isArray(part);
}

/**
 * The URL for a query key: string and number parts joined with '/' (parts after the first are
 * URL-encoded, so an id can never climb to another path); a trailing object becomes the query
 * string, leaving out undefined, null and 'all' (the screens' "no filter" value).
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const last = queryKey[queryKey.length - 1];
  const params = isQueryParams(last) ? last : null;
  const pathParts = params ? queryKey.slice(0, -1) : queryKey;
  const segments = pathParts.map((part, index) => {
    if (typeof part !== 'string' && typeof part !== 'number') {
      throw new TypeError(`Query key part ${index} must be a string or a number`);
    }
    return index === 0 ? String(part) : encodeURIComponent(String(part));
  });
  const path = segments.join('/');
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === 'all') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export type TUnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function: GET the URL built from the query key and parse its JSON. With
 * `on401: 'returnNull'` a 401 answers null instead of throwing.
 */
export function getQueryFn<T = unknown>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T = unknown>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T = unknown>(options: { on401: TUnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T = unknown>({
  on401,
}: {
  on401: TUnauthorizedBehavior;
}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return readJson<T | null>(res);
  };
}

/**
 * The server's own `message` when the error carried our error shape, else null. In the active language:
 * the API answers in English, and a text of the contracts' message tables is translated by its English.
 */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiRequestError && error.body ? localizeText(error.body.message) : null;
}

// The English the screens match on, not the translation serverMessage gives.
function englishServerMessage(error: unknown): string | null {
  return error instanceof ApiRequestError && error.body ? error.body.message : null;
}

/** Signed out: 401, 403, or a message mentioning 'Authentication' / 'Not authenticated'. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return true;
  if (!(error instanceof Error)) return false;
  return (
    /^40[13]: /.test(error.message) ||
    error.message.includes('Authentication') ||
    error.message.includes(SERVER_MESSAGES.notAuthenticated)
  );
}

function messageToMatch(error: unknown): string {
  return englishServerMessage(error) ?? (error instanceof Error ? error.message : '');
}

/**
 * The sign-in screen's text for a failed login (docs/product.md#error-messages, matched on the server
 * message), in the active language.
 */
export function loginErrorText(error: unknown): string {
  return localizeText(englishLoginErrorText(messageToMatch(error)));
}

function englishLoginErrorText(message: string): string {
  if (message.includes('pending approval'))
    return 'Your account is pending approval. Please wait for admin approval.';
  if (message.includes('rejected')) return 'Your account has been rejected. Please contact support.';
  if (message.includes('OAuth')) return 'This account uses OAuth authentication. Please use the OAuth login.';
  return 'Invalid username or password.';
}

export type TRegistrationErrorField = 'username' | 'email' | 'password';

export type TRegistrationError = { message: string; field?: TRegistrationErrorField };

/**
 * The register screen's text for a failed registration and the field to focus
 * (docs/product.md#error-messages), in the active language.
 */
export function registrationError(error: unknown): TRegistrationError {
  const english = englishRegistrationError(messageToMatch(error));
  return { ...english, message: localizeText(english.message) };
}

function englishRegistrationError(message: string): TRegistrationError {
  if (message.includes(SERVER_MESSAGES.usernameExists)) {
    return { message: 'This username is already taken. Please choose a different one.', field: 'username' };
  }
  if (message.includes(SERVER_MESSAGES.emailExists)) {
    return {
      message: 'This email is already registered. Please use a different email or try logging in.',
      field: 'email',
    };
  }
  if (message.includes(SERVER_MESSAGES.passwordRequirements)) {
    return {
      message: 'Password does not meet security requirements. Please choose a stronger password.',
      field: 'password',
    };
  }
  if (message.includes(SERVER_MESSAGES.invalidRegistration)) {
    return { message: 'Please check all fields and try again.' };
  }
  // The registration limits say what was limited and how long to wait: shown as the server wrote them.
  if (
    message.includes(ANONYMOUS_MAIL_MESSAGES.registrationsClosed) ||
    message.startsWith(ANONYMOUS_MAIL_MESSAGES.tooManyRegistrationsLead)
  ) {
    return { message };
  }
  return { message: 'Registration failed. Please try again.' };
}
