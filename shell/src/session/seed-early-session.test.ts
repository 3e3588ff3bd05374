import { afterEach, describe, expect, test } from 'bun:test';
import { ADMIN_API_PATHS, API_PATHS } from '@helpdesk/contracts/constants';
import { createQueryClient, DISPLAY_SETTINGS_QUERY_KEY } from '@helpdesk/shared-ui';
import { seedEarlySession } from './seed-early-session.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const USER = { user: { id: 'u1', firstName: 'Riley', status: 'active' } };
const SETTINGS = { timezone: 'UTC', timeZone: 'UTC', language: 'en', companyName: 'Desk' };

describe('seeding the early session reads', () => {
  test('the guard finds me and the settings in the cache without asking again', async () => {
    const asked: string[] = [];
    globalThis.fetch = (async (url: string) => {
      asked.push(url);
      return json({});
    }) as unknown as typeof fetch;
    const queryClient = createQueryClient();
    seedEarlySession(queryClient, {
      me: Promise.resolve(json(USER)),
      displaySettings: Promise.resolve(json(SETTINGS)),
    });
    await Bun.sleep(0);
    await queryClient.getQueryCache().find({ queryKey: [API_PATHS.authMe] })?.promise;
    expect(queryClient.getQueryData([API_PATHS.authMe])).toEqual(USER);
    await Bun.sleep(0);
    await queryClient.getQueryCache().find({ queryKey: DISPLAY_SETTINGS_QUERY_KEY })?.promise;
    expect(queryClient.getQueryData(DISPLAY_SETTINGS_QUERY_KEY)).toEqual(SETTINGS);
    expect(asked).toEqual([]);
  });

  test('a signed-out answer is a 401 error for me, the settings are dropped, and a refresh asks the server', async () => {
    const asked: string[] = [];
    globalThis.fetch = (async (url: string) => {
      asked.push(url);
      return json(USER);
    }) as unknown as typeof fetch;
    const queryClient = createQueryClient();
    const unauthorized = () => json({ code: 'UNAUTHORIZED', message: 'Not authenticated' }, 401);
    seedEarlySession(queryClient, {
      me: Promise.resolve(unauthorized()),
      displaySettings: Promise.resolve(unauthorized()),
    });
    await queryClient
      .getQueryCache()
      .find({ queryKey: [API_PATHS.authMe] })
      ?.promise?.catch(() => {});
    await Bun.sleep(0);
    expect(queryClient.getQueryState([API_PATHS.authMe])?.error?.message).toStartWith('401');
    expect(queryClient.getQueryState(DISPLAY_SETTINGS_QUERY_KEY)).toBeUndefined();
    expect(asked).toEqual([]);
    await queryClient.refetchQueries({ queryKey: [API_PATHS.authMe] });
    expect(asked).toEqual([API_PATHS.authMe]);
    expect(queryClient.getQueryData([API_PATHS.authMe])).toEqual(USER);
    expect(asked).not.toContain(ADMIN_API_PATHS.displaySettings);
  });
});
