import { describe, expect, test } from 'bun:test';
import type { TSsoIdentity } from '@helpdesk/contracts';
import { signInMethods } from './sign-in-methods.tsx';

const ID = '00000000-0000-4000-8000-000000000001';
const identity = (providerId: string, providerLabel: string): TSsoIdentity => ({
  id: ID,
  providerId,
  providerLabel,
  email: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
});

describe('signInMethods', () => {
  test('a linked provider shows once, as linked, even when it is also enabled', () => {
    const methods = signInMethods(
      {
        providers: [
          { id: 'corp', label: 'Corp' },
          { id: 'partner', label: 'Partner' },
        ],
      },
      { identities: [identity('corp', 'Corp')] },
    );
    expect(methods).toEqual([
      { providerId: 'corp', label: 'Corp', identityId: ID },
      { providerId: 'partner', label: 'Partner', identityId: null },
    ]);
  });

  test('a link to a provider no longer enabled still shows, so it can be removed', () => {
    const methods = signInMethods({ providers: [] }, { identities: [identity('old', 'Old')] });
    expect(methods).toEqual([{ providerId: 'old', label: 'Old', identityId: ID }]);
  });
});
