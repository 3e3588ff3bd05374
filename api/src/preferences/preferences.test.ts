import { describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ERROR_CODES,
  PREFERENCES_MESSAGES,
  type TMeResponse,
  type TPersonPreferences,
} from '@helpdesk/contracts';
import { errorOf, signedIn, sql, TestClient, type TestResponse } from '../../test/helpers.ts';

const preferencesOf = (response: TestResponse) =>
  (response.body as { preferences: TPersonPreferences }).preferences;

async function stored(userId: string): Promise<TPersonPreferences | undefined> {
  const [row] = await sql<TPersonPreferences[]>`
    select language, time_zone as "timeZone" from users where id = ${userId}`;
  return row;
}

describe('own language and time zone', () => {
  test('a new person follows the desk: both null, in me and in the preferences', async () => {
    const { client } = await signedIn('end_user');
    const me = await client.get(API_PATHS.authMe);
    expect((me.body as TMeResponse).preferences).toEqual({ language: null, timeZone: null });
    const read = await client.get(API_PATHS.authPreferences);
    expect(read.status).toBe(200);
    expect(preferencesOf(read)).toEqual({ language: null, timeZone: null });
  });

  test('a choice is stored, answered, and in the very next me (cached or not)', async () => {
    const { user, client } = await signedIn('agent');
    await client.get(API_PATHS.authMe);
    const saved = await client.patch(API_PATHS.authPreferences, {
      language: 'de',
      timeZone: 'Europe/Berlin',
    });
    expect(saved.status).toBe(200);
    expect(preferencesOf(saved)).toEqual({ language: 'de', timeZone: 'Europe/Berlin' });
    expect(await stored(user.id)).toEqual({ language: 'de', timeZone: 'Europe/Berlin' });
    for (let i = 0; i < 2; i += 1) {
      expect((await client.get(API_PATHS.authMe)).body).toMatchObject({
        preferences: { language: 'de', timeZone: 'Europe/Berlin' },
      });
    }
  });

  test('a field left out keeps its value; null goes back to the desk', async () => {
    const { user, client } = await signedIn('end_user');
    await client.patch(API_PATHS.authPreferences, { language: 'fr', timeZone: 'UTC' });
    const onlyZone = await client.patch(API_PATHS.authPreferences, { timeZone: 'America/New_York' });
    expect(preferencesOf(onlyZone)).toEqual({ language: 'fr', timeZone: 'America/New_York' });
    const cleared = await client.patch(API_PATHS.authPreferences, { language: null });
    expect(preferencesOf(cleared)).toEqual({ language: null, timeZone: 'America/New_York' });
    await client.patch(API_PATHS.authPreferences, { timeZone: null });
    expect(await stored(user.id)).toEqual({ language: null, timeZone: null });
  });

  test('only the signed-in person is changed', async () => {
    const { user: other } = await signedIn('end_user');
    const { client } = await signedIn('admin');
    await client.patch(API_PATHS.authPreferences, { language: 'es' });
    expect(await stored(other.id)).toEqual({ language: null, timeZone: null });
  });

  test('bad input is a 400 on its field and changes nothing', async () => {
    const { user, client } = await signedIn('end_user');
    await client.patch(API_PATHS.authPreferences, { language: 'es', timeZone: 'Europe/Madrid' });
    const cases: [unknown, string][] = [
      [{ language: 'it' }, 'language'],
      [{ language: 'EN' }, 'language'],
      [{ language: 'de-DE' }, 'language'],
      [{ language: 7 }, 'language'],
      [{ language: ['de'] }, 'language'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ timeZone: 'europe/berlin' }, 'timeZone'],
      [{ timeZone: 'EST' }, 'timeZone'],
      [{ timeZone: '' }, 'timeZone'],
      [{ timeZone: `Europe/${'A'.repeat(5000)}` }, 'timeZone'],
      [{ timeZone: '../../etc/passwd' }, 'timeZone'],
      [{ timeZone: "UTC'; drop table users;--" }, 'timeZone'],
      [{ timeZone: 60 }, 'timeZone'],
      [{ timeZone: { zone: 'UTC' } }, 'timeZone'],
      [{ language: 'de', role: 'admin' }, 'role'],
    ];
    for (const [body, field] of cases) {
      const response = await client.patch(API_PATHS.authPreferences, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      const error = errorOf(response);
      expect(error.code).toBe(ERROR_CODES.validation);
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    const unknown = await client.patch(API_PATHS.authPreferences, { timeZone: 'Nowhere/Land' });
    expect(errorOf(unknown).fields?.timeZone).toBe(PREFERENCES_MESSAGES.unknownTimeZone);
    for (const raw of ['not json', '[]', 'null']) {
      const response = await client.request('PATCH', API_PATHS.authPreferences, {
        body: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect({ raw, status: response.status }).toEqual({ raw, status: 400 });
    }
    expect(await stored(user.id)).toEqual({ language: 'es', timeZone: 'Europe/Madrid' });
  });

  test('signed out: 401 for both', async () => {
    const anonymous = new TestClient();
    expect((await anonymous.get(API_PATHS.authPreferences)).status).toBe(401);
    expect((await anonymous.patch(API_PATHS.authPreferences, { language: 'de' })).status).toBe(401);
  });
});
