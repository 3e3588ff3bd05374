import { describe, expect, test } from 'bun:test';
import { SSO_ERROR_CODES } from '@helpdesk/contracts';
import english from './messages.en.json';
import { ssoErrorId } from './sso-error.ts';

describe('ssoErrorId', () => {
  test('no sso_error in the address means no message', () => {
    expect(ssoErrorId('?returnTo=%2Ftickets')).toBeNull();
  });

  test('every code the server sends has its own message', () => {
    const ids = SSO_ERROR_CODES.map((code) => ssoErrorId(`?sso_error=${code}`));
    expect(ids).not.toContain('sso.error.other');
    expect(new Set(ids).size).toBe(SSO_ERROR_CODES.length);
    for (const id of ids) expect(english[id as keyof typeof english]).toBeString();
  });

  test('an unknown or edited code gets the general message, never the raw code', () => {
    expect(ssoErrorId('?sso_error=%3Cscript%3E')).toBe('sso.error.other');
    expect(ssoErrorId('?sso_error=')).toBe('sso.error.other');
  });
});
