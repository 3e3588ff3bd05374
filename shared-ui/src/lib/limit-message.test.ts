import { describe, expect, test } from 'bun:test';
import { WRITE_LIMIT_MESSAGES } from '@helpdesk/contracts';
import { ERROR_CODES } from '@helpdesk/contracts/constants';
import { ApiRequestError } from './api-client.ts';
import { limitMessage } from './limit-message.ts';

const apiError = (status: number, code: string, message: string) =>
  new ApiRequestError(status, 'Status', JSON.stringify({ code, message }));

describe('limitMessage', () => {
  test("a rate limit's 429 gives the server's text", () => {
    const text = WRITE_LIMIT_MESSAGES.tooManyTickets(120);
    expect(limitMessage(apiError(429, ERROR_CODES.tooManyRequests, text))).toBe(
      'You have filed too many tickets in a short time. Please try again in 2 minutes.',
    );
  });

  test("a full storage quota's 413 gives the server's text", () => {
    const text = WRITE_LIMIT_MESSAGES.userStorageFull(100 * 1024 * 1024);
    expect(limitMessage(apiError(413, ERROR_CODES.payloadTooLarge, text))).toBe(text);
  });

  test('a 429 or 413 without our error shape has no text to show', () => {
    expect(limitMessage(new ApiRequestError(429, 'Too Many Requests', ''))).toBeNull();
    expect(limitMessage(new ApiRequestError(413, 'Payload Too Large', '<html>nginx</html>'))).toBeNull();
  });

  test('every other failure is not a limit', () => {
    expect(limitMessage(apiError(400, ERROR_CODES.validation, 'Invalid request'))).toBeNull();
    expect(limitMessage(apiError(403, ERROR_CODES.forbidden, 'Forbidden'))).toBeNull();
    expect(limitMessage(apiError(500, 'INTERNAL_ERROR', 'Internal server error'))).toBeNull();
    expect(limitMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(limitMessage(new Error('429: You have filed too many tickets'))).toBeNull();
  });
});
