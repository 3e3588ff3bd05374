import { describe, expect, test } from 'bun:test';
import { signInMethods } from './sign-in-methods.tsx';

describe('signInMethods', () => {
  test('a linked provider shows once, as linked, even when it is also enabled', () => {
    const methods = signInMethods(
      {
        providers: [
          { id: 'corp', label: 'Corp' },
          { id: 'partner', label: 'Partner' },
        ],
      },
      { identities: [{ providerId: 'corp', label: 'Corp', linkedAt: '2026-01-01T00:00:00Z' }] },
    );
    expect(methods).toEqual([
      { providerId: 'corp', label: 'Corp', isLinked: true },
      { providerId: 'partner', label: 'Partner', isLinked: false },
    ]);
  });

  test('a link to a provider no longer enabled still shows, so it can be removed', () => {
    const methods = signInMethods(
      { providers: [] },
      { identities: [{ providerId: 'old', label: 'Old', linkedAt: '2026-01-01T00:00:00Z' }] },
    );
    expect(methods).toEqual([{ providerId: 'old', label: 'Old', isLinked: true }]);
  });
});
