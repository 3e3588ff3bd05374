import { expect, test } from 'bun:test';
import { API_PATHS } from '@helpdesk/contracts/constants';
import { QueryClient } from '@tanstack/react-query';
import { seedCurrentUser } from './seed-current-user.ts';

test('the saved user goes in both cached copies, the preferences stay, and nothing is refetched', () => {
  const client = new QueryClient();
  const before = { id: 'u1', email: 'old@example.com' };
  const saved = { id: 'u1', email: 'old@example.com', pendingEmail: 'new@example.com' };
  const preferences = { language: 'de', timeZone: null };
  client.setQueryData([API_PATHS.authMe], { user: before, preferences });
  client.setQueryData([API_PATHS.authUser], before);
  seedCurrentUser(client, saved as never);
  expect(client.getQueryData([API_PATHS.authMe])).toEqual({ user: saved, preferences });
  expect(client.getQueryData([API_PATHS.authUser])).toEqual(saved);
  expect(client.getQueryState([API_PATHS.authMe])?.isInvalidated).toBe(false);
});

test('nothing cached stays nothing cached', () => {
  const client = new QueryClient();
  seedCurrentUser(client, { id: 'u1' } as never);
  expect(client.getQueryData([API_PATHS.authMe])).toBeUndefined();
  expect(client.getQueryData([API_PATHS.authUser])).toBeUndefined();
});
