import { describe, expect, test } from 'bun:test';
import { SSO_ERROR_CODES } from '@helpdesk/contracts';
import { signInErrorId } from '../sign-in-error.ts';
import { ssoErrorText } from './sso-error.ts';

describe('ssoErrorText', () => {
  test('no sso_error in the address means no message', () => {
    expect(ssoErrorText('?returnTo=%2Ftickets')).toBeNull();
  });

  test('every code the server sends has its own text', () => {
    const texts = SSO_ERROR_CODES.map((code) => ssoErrorText(`?sso_error=${code}`));
    expect(texts).not.toContain('unknown');
    expect(new Set(texts).size).toBe(SSO_ERROR_CODES.length);
  });

  test('pending and rejected read as they do after a password', () => {
    expect(signInErrorId(ssoErrorText('?sso_error=account_pending') ?? '')).toBe('signInError.pending');
    expect(signInErrorId(ssoErrorText('?sso_error=account_rejected') ?? '')).toBe('signInError.rejected');
  });

  test('an unknown or edited code is never shown as written', () => {
    expect(ssoErrorText('?sso_error=%3Cscript%3E')).toBe('unknown');
    expect(ssoErrorText('?sso_error=')).toBe('unknown');
  });
});
