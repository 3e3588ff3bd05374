import { ERROR_CODES, SERVER_MESSAGES, type TApiError, type TErrorCode } from '@helpdesk/contracts';
import { Elysia, ValidationError } from 'elysia';
import { isDatabaseUnavailable, isInvalidText } from './db/postgres.ts';
import type { Logger } from './log.ts';
import { requestIdOf } from './request-context.ts';

/** An error meant for the client: its status, code, message and field messages are safe to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(): TApiError {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, ERROR_CODES.validation, message, fields);
export const unauthenticated = () =>
  new ApiError(401, ERROR_CODES.unauthenticated, SERVER_MESSAGES.notAuthenticated);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) =>
  new ApiError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) =>
  new ApiError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, ERROR_CODES.conflict, message, fields);
/** 429 with Retry-After; `message` says in words what was limited (the sign-in throttle's default otherwise). */
export const tooManyRequests = (
  retryAfterSeconds: number,
  message: string = SERVER_MESSAGES.tooManyAttempts,
) =>
  new ApiError(429, ERROR_CODES.tooManyRequests, message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
export const unavailable = () =>
  new ApiError(503, ERROR_CODES.unavailable, SERVER_MESSAGES.unavailable, undefined, { 'retry-after': '5' });

/** One Standard Schema issue, as zod reports it (zod adds `code`). */
export type SchemaIssue = {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined;
  code?: string;
  keys?: string[];
};

/** Chooses the message of a validation answer from its issues; undefined keeps the default. */
export type ValidationMessageRule = (issues: readonly SchemaIssue[]) => string | undefined;

type StandardValidator = {
  '~standard': { validate: (value: unknown) => { issues?: readonly SchemaIssue[] } | Promise<unknown> };
};

function isStandard(value: unknown): value is StandardValidator {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

/** The schema issues behind an Elysia validation error (Elysia keeps the validator and the value). */
function issuesOf(error: ValidationError): readonly SchemaIssue[] {
  const validator: unknown = error.validator;
  const schema = isStandard(validator)
    ? validator
    : typeof validator === 'object' &&
        validator !== null &&
        'schema' in validator &&
        isStandard(validator.schema)
      ? validator.schema
      : null;
  if (!schema) return [];
  const result = schema['~standard'].validate(error.value);
  // The contracts' schemas are synchronous; an async result would be a new kind of schema.
  if (result instanceof Promise || typeof result !== 'object' || result === null || !('issues' in result))
    return [];
  return (result as { issues?: readonly SchemaIssue[] }).issues ?? [];
}

/** An issue's path as 'a.b.c' ('' for the root). */
export function issuePath(issue: SchemaIssue): string {
  return (issue.path ?? [])
    .map((part) => (typeof part === 'object' && part !== null ? String(part.key) : String(part)))
    .join('.');
}

/**
 * At most this many field messages, each path and message at most this long: an answer echoes the
 * request's keys, and a 1 MB body of unknown keys must not come back as 2 MB (docs/security.md#error-bodies).
 */
export const MAX_ERROR_FIELDS = 20;
export const MAX_ERROR_FIELD_LENGTH = 200;

const capped = (text: string) =>
  text.length > MAX_ERROR_FIELD_LENGTH ? `${text.slice(0, MAX_ERROR_FIELD_LENGTH - 1)}…` : text;

/**
 * Field messages keyed by path; the first issue of a field wins. Unknown keys name themselves.
 * Capped in number and length (MAX_ERROR_FIELDS, MAX_ERROR_FIELD_LENGTH).
 */
export function fieldsOf(issues: readonly SchemaIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  const add = (path: string, message: string) => {
    const key = capped(path);
    if (count >= MAX_ERROR_FIELDS || Object.hasOwn(fields, key)) return;
    fields[key] = capped(message);
    count += 1;
  };
  for (const issue of issues) {
    if (count >= MAX_ERROR_FIELDS) break;
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      const prefix = issuePath(issue);
      for (const key of issue.keys.slice(0, MAX_ERROR_FIELDS))
        add(prefix ? `${prefix}.${key}` : key, 'Unknown field');
      continue;
    }
    add(issuePath(issue) || 'body', issue.message);
  }
  return fields;
}

type ErrorHandlerOptions = {
  log: Logger;
  /** Per route (`POST /api/auth/register`): the message a validation failure answers with. */
  validationMessages: Readonly<Record<string, ValidationMessageRule>>;
};

function validationError(error: ValidationError, routeKey: string, options: ErrorHandlerOptions): ApiError {
  const issues = issuesOf(error);
  const fields = fieldsOf(issues);
  const rule = options.validationMessages[routeKey];
  const ruled = rule?.(issues);
  // A bad path parameter is the whole story ('Invalid user ID format'); bodies and queries list their fields.
  const message =
    ruled ?? (error.type === 'params' && issues[0] ? issues[0].message : SERVER_MESSAGES.validation);
  return badRequest(message, Object.keys(fields).length ? fields : undefined);
}

function hasCause(error: unknown): error is { cause: unknown } {
  return typeof error === 'object' && error !== null && 'cause' in error;
}

/**
 * The one error handler: every failure leaves as `{ code, message, fields? }` with its status.
 * Unexpected errors are logged with the request id and answer a generic 500; no stack, SQL or
 * driver text reaches the client.
 */
export function createErrorHandler(options: ErrorHandlerOptions) {
  return new Elysia({ name: 'error-handler' }).onError(
    { as: 'global' },
    ({ code, error, set, request, route }) => {
      const routeKey = `${request.method} ${route}`;
      let apiError: ApiError;
      if (error instanceof ApiError) {
        apiError = error;
      } else if (code === 'PARSE') {
        const cause = hasCause(error) ? error.cause : undefined;
        apiError = cause instanceof ApiError ? cause : badRequest(SERVER_MESSAGES.malformedJson);
      } else if (error instanceof ValidationError && error.type !== 'response') {
        apiError = validationError(error, routeKey, options);
      } else if (code === 'NOT_FOUND') {
        apiError = notFound();
      } else if (code === 'INVALID_COOKIE_SIGNATURE') {
        apiError = badRequest(SERVER_MESSAGES.validation);
      } else if (isInvalidText(error)) {
        apiError = badRequest(SERVER_MESSAGES.validation);
      } else if (isDatabaseUnavailable(error)) {
        options.log.error(
          `${requestIdOf(request)} database unavailable: ${error instanceof Error ? error.message : ''}`,
        );
        apiError = unavailable();
      } else {
        options.log.error(`${requestIdOf(request)} unexpected error on ${routeKey}`, error);
        apiError = new ApiError(500, ERROR_CODES.internal, SERVER_MESSAGES.internal);
      }
      set.status = apiError.status;
      if (apiError.headers) Object.assign(set.headers, apiError.headers);
      set.headers['content-type'] = 'application/json; charset=utf-8';
      return apiError.toBody();
    },
  );
}
