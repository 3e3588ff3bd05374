import { describe, expect, test } from 'bun:test';
import { accessDeniedText, inactiveAccountText } from '../access-denied/access-texts.ts';
import { isRoleAllowed, signInHrefFor, signInPathFor, toRoleList } from './route-access.ts';

describe('route access', () => {
  test('a page without roles admits every role', () => {
    expect(toRoleList(undefined)).toBeNull();
    expect(isRoleAllowed(undefined, 'end_user')).toBe(true);
  });

  test('one role and a list of roles are both understood', () => {
    expect(isRoleAllowed('admin', 'admin')).toBe(true);
    expect(isRoleAllowed('admin', 'agent')).toBe(false);
    expect(isRoleAllowed(['admin', 'agent'], 'agent')).toBe(true);
    expect(isRoleAllowed(['admin', 'agent'], 'end_user')).toBe(false);
  });

  test('access-denied text names one role or lists several', () => {
    expect(accessDeniedText('admin')).toBe(
      "Access denied. You don't have permission to view this page. This page requires admin access.",
    );
    expect(accessDeniedText(['admin', 'agent'])).toBe(
      "Access denied. You don't have permission to view this page. This page requires one of: admin, agent access.",
    );
  });

  test('inactive text depends on the status', () => {
    expect(inactiveAccountText('pending')).toBe(
      'Your account is not active. Please wait for admin approval.',
    );
    expect(inactiveAccountText('rejected')).toBe(
      'Your account is not active. Your account has been rejected. Please contact support.',
    );
    expect(inactiveAccountText('approved')).toBe('Your account is not active.');
  });

  test('admin-only pages send signed-out visitors to the admin sign-in', () => {
    expect(signInPathFor('admin')).toBe('/admin');
    expect(signInPathFor(['admin'])).toBe('/admin');
    expect(signInPathFor(['admin', 'agent'])).toBe('/login');
    expect(signInPathFor(undefined)).toBe('/login');
  });

  test('a signed-out visit carries its page to the sign-in page, unless that is where sign-in goes anyway', () => {
    expect(signInHrefFor(undefined, '/tickets/abc')).toBe('/login?redirect=%2Ftickets%2Fabc');
    expect(signInHrefFor('admin', '/admin/settings?tab=smtp')).toBe(
      '/admin?redirect=%2Fadmin%2Fsettings%3Ftab%3Dsmtp',
    );
    expect(signInHrefFor(undefined, '/')).toBe('/login');
    expect(signInHrefFor('admin', '/admin/users')).toBe('/admin');
    expect(signInHrefFor(undefined, '//evil.example')).toBe('/login');
  });
});
