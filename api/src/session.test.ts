import { describe, expect, test } from 'bun:test';
import { loadConfig } from './config.ts';
import {
  clearedSessionCookie,
  randomToken,
  readCookie,
  readSessionToken,
  sessionCookie,
  sha256Hex,
} from './session.ts';

const development = loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db', NODE_ENV: 'development' });
const production = loadConfig({
  DATABASE_URL: 'postgres://u:p@localhost/db',
  NODE_ENV: 'production',
  APP_BASE_URL: 'https://help.example.com',
  TRUSTED_PROXIES: 'none',
});

describe('session cookie', () => {
  test('HttpOnly, SameSite=Lax, Path=/, kept no longer than the absolute expiry', () => {
    const cookie = Bun.Cookie.parse(sessionCookie(development, 'a'.repeat(43)));
    expect(cookie).toMatchObject({
      name: 'helpdesk_session',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: false,
    });
    expect(cookie.maxAge).toBe(7 * 24 * 60 * 60);
  });

  test('production adds Secure and the __Host- prefix, with no Domain', () => {
    const header = sessionCookie(production, 'a'.repeat(43));
    expect(header).toStartWith('__Host-helpdesk_session=');
    const cookie = Bun.Cookie.parse(header);
    expect(cookie.secure).toBe(true);
    expect(cookie.path).toBe('/');
    expect(header.toLowerCase()).not.toContain('domain=');
  });

  test('clearing expires the cookie at once', () => {
    const cookie = Bun.Cookie.parse(clearedSessionCookie(production));
    expect(cookie.name).toBe('__Host-helpdesk_session');
    expect(cookie.value).toBe('');
    expect(cookie.maxAge).toBe(0);
  });

  test('only a well-formed token under our cookie name is read', () => {
    const token = randomToken();
    const request = (cookie: string) => new Request('http://localhost/', { headers: { cookie } });
    expect(readSessionToken(request(`other=1; helpdesk_session=${token}`), development)).toBe(token);
    expect(readSessionToken(request(`helpdesk_session=${token}`), production)).toBeNull();
    expect(readSessionToken(request('helpdesk_session=short'), development)).toBeNull();
    expect(readSessionToken(request(`helpdesk_session=${token.slice(0, 42)}%00`), development)).toBeNull();
    expect(readSessionToken(new Request('http://localhost/'), development)).toBeNull();
  });

  test('the cookie reader finds the named cookie as a browser sends it, and nothing that only resembles it', () => {
    const token = randomToken();
    for (const header of [
      `helpdesk_session=${token}`,
      `a=1; helpdesk_session=${token}; b=2`,
      `a=1;helpdesk_session=${token}`,
      ` helpdesk_session = ${token} `,
      `helpdesk_session=${token}; helpdesk_session=${'b'.repeat(43)}`,
    ]) {
      expect(readCookie(header, 'helpdesk_session')).toBe(token);
      // The same answer as Bun's full cookie parser, for headers a browser sends.
      if (!header.includes(' = ')) expect(new Bun.CookieMap(header).get('helpdesk_session')).toBeDefined();
    }
    for (const header of [
      '',
      'helpdesk_session',
      'x_helpdesk_session=1',
      'helpdesk_session_x=1',
      '=helpdesk_session',
      ';;;',
    ]) {
      expect(readCookie(header, 'helpdesk_session')).toBeNull();
    }
    expect(readCookie('helpdesk_session=', 'helpdesk_session')).toBe('');
    expect(readCookie('helpdesk_session=a=b', 'helpdesk_session')).toBe('a=b');
  });

  test('tokens are 256 random bits; only their SHA-256 is stored', () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').byteLength).toBe(32);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // UTF-8, as node:crypto hashed strings before.
    expect(sha256Hex('é')).toBe(new Bun.CryptoHasher('sha256').update('é', 'utf8').digest('hex'));
  });
});
