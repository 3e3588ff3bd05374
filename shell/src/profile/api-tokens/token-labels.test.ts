import { describe, expect, test } from 'bun:test';
import { API_TOKEN_SCOPES } from '@helpdesk/contracts';
import { apiTokensEnglish } from './messages.ts';
import { isExpired, SCOPE_LABEL_IDS } from './token-labels.ts';

describe('API token labels', () => {
  test('every scope has its own label', () => {
    const labels = API_TOKEN_SCOPES.map((scope) => apiTokensEnglish(SCOPE_LABEL_IDS[scope]));
    expect(new Set(labels).size).toBe(API_TOKEN_SCOPES.length);
    expect(apiTokensEnglish(SCOPE_LABEL_IDS['tickets:write'])).toBe('Create and change tickets');
  });

  test('a token is expired from its expiry on', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(isExpired('2026-05-01T11:59:59Z', now)).toBe(true);
    expect(isExpired('2026-05-01T12:00:00Z', now)).toBe(true);
    expect(isExpired('2026-05-01T12:00:01Z', now)).toBe(false);
  });
});
