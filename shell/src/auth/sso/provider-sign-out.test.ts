import { describe, expect, test } from 'bun:test';
import { providerSignOutOf } from './provider-sign-out.ts';

describe('providerSignOutOf', () => {
  test('a plain sign-out answer offers nothing', () => {
    expect(providerSignOutOf({ message: 'Logged out' })).toBeNull();
    expect(providerSignOutOf(null)).toBeNull();
    expect(providerSignOutOf(undefined)).toBeNull();
  });

  test("the provider's sign-out link is offered, with its label when the answer names it", () => {
    const url = 'https://id.example.com/session/end?id_token_hint=x';
    expect(providerSignOutOf({ providerLogoutUrl: url })).toEqual({ url, label: null });
    expect(providerSignOutOf({ providerLogoutUrl: url, providerLabel: 'Corp' })).toEqual({
      url,
      label: 'Corp',
    });
  });

  test('anything but an http(s) address is never made a link', () => {
    expect(providerSignOutOf({ providerLogoutUrl: 'javascript:alert(1)' })).toBeNull();
    expect(providerSignOutOf({ providerLogoutUrl: '//evil.example' })).toBeNull();
  });
});
