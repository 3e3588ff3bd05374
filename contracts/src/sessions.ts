import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';

/**
 * The sessions people can see (docs/product.md#sessions): their own on the profile, anyone's for an
 * admin. A session is named by its public id, never by the hash of its cookie.
 */
export const SESSION_PATHS = {
  /** GET: the caller's live sessions. */
  own: '/api/auth/sessions',
  /** DELETE: end every session of the caller but the one making the request. */
  ownOthers: '/api/auth/sessions/others',
} as const;

/** `/api/auth/sessions/{publicId}` (DELETE: end one of the caller's own sessions). */
export const ownSessionPath = (sessionId: string) => `${SESSION_PATHS.own}/${sessionId}`;

/** `/api/admin/users/{userId}/sessions` (GET: a user's live sessions; DELETE: end them all, audited). */
export const adminUserSessionsPath = (userId: string) => `${API_PATHS.adminUsers}/${userId}/sessions`;

/** The most sessions a list shows (the most recently used); ending "all" still ends every one. */
export const SESSION_LIST_MAX = 50;

export const SESSION_MESSAGES = {
  invalidSessionId: 'Invalid session ID format',
  sessionNotFound: 'Session not found',
} as const;

/** How a session began: a password sign-in (and every session older than the record), or single sign-on. */
export const SESSION_METHODS = ['password', 'sso'] as const;
export const ZSessionMethod = z.enum(SESSION_METHODS);
export type TSessionMethod = z.infer<typeof ZSessionMethod>;

export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;
export const ZDeviceKind = z.enum(DEVICE_KINDS);
export type TDeviceKind = z.infer<typeof ZDeviceKind>;

/** What the server read from the session's user agent: product names, shown as they are. */
export const ZSessionDevice = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  kind: ZDeviceKind,
});
export type TSessionDevice = z.infer<typeof ZSessionDevice>;

/** One live session. Times are ISO strings; `lastUsedAt` is right to within about a minute. */
export const ZSessionSummary = z.object({
  id: z.uuid(),
  device: ZSessionDevice,
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  method: ZSessionMethod,
  /** The session that made this request. */
  isCurrent: z.boolean(),
});
export type TSessionSummary = z.infer<typeof ZSessionSummary>;

/** Live sessions, most recently used first. */
export const ZSessionListResponse = z.object({ sessions: z.array(ZSessionSummary) });
export type TSessionListResponse = z.infer<typeof ZSessionListResponse>;

export const ZSessionIdParams = z.strictObject({
  sessionId: z.uuid({ error: SESSION_MESSAGES.invalidSessionId }),
});

/** How many sessions a request ended. */
export const ZEndedSessionsResponse = z.object({ ended: z.number().int().nonnegative() });
export type TEndedSessionsResponse = z.infer<typeof ZEndedSessionsResponse>;
