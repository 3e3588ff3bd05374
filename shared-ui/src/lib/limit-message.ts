import { ApiRequestError, serverMessage } from './api-client.ts';

/**
 * The server's own text when a limit refused a write (docs/security.md#abuse-limits): 429 for a rate,
 * 413 for a full storage quota. It says what was limited and when to try again, which no screen's
 * generic failure text can; null for every other failure, so the screen keeps its own text.
 */
export function limitMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status !== 429 && error.status !== 413) return null;
  return serverMessage(error);
}
