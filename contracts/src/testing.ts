import type { TUser } from './users.ts';

/**
 * A whole, valid user for tests (an active agent unless `overrides` say otherwise), so a test
 * names only the fields it is about. Tests only: nothing at run time imports this entry.
 */
export function sampleUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: crypto.randomUUID(),
    username: 'someone',
    email: 'someone@example.com',
    firstName: 'Some',
    lastName: 'One',
    profileImageUrl: null,
    role: 'agent',
    status: 'active',
    approvedBy: null,
    approvedAt: null,
    lastLoginAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
