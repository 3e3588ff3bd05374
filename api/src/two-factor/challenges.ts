import { type TTwoFactorStep, type TUserRole, TWO_FACTOR_LIMITS } from '@helpdesk/contracts';
import type { Config } from '../config.ts';
import { sql } from '../db.ts';
import { randomToken, readCookie, sha256Hex } from '../session.ts';
import { getSettings } from '../settings/service.ts';
import { insertChallenge, isTwoFactorEnabled } from './queries.ts';

const STAFF: readonly TUserRole[] = ['admin', 'agent'];

/** Whether the desk requires two-factor of an account of this role (staff, while the setting is on). */
export async function isTwoFactorRequired(role: TUserRole): Promise<boolean> {
  return STAFF.includes(role) && (await getSettings()).requireTwoFactor;
}

/**
 * The second step a password sign-in with the right password still needs: a code when the account
 * has two-factor on, a setup when the desk requires it and the account has none, otherwise none.
 */
export async function secondStepOf(account: { id: string; role: TUserRole }): Promise<TTwoFactorStep | null> {
  if (await isTwoFactorEnabled(sql, account.id)) return 'code';
  return (await isTwoFactorRequired(account.role)) ? 'setup' : null;
}

/** A new challenge (replacing the user's earlier one) and the token its cookie carries; only the hash is kept. */
export async function startChallenge(
  userId: string,
  mode: 'user' | 'admin',
  kind: TTwoFactorStep,
): Promise<string> {
  const token = randomToken();
  await insertChallenge(sql, {
    tokenHash: sha256Hex(token),
    userId,
    mode,
    kind,
    seconds: TWO_FACTOR_LIMITS.challengeSeconds,
  });
  return token;
}

// Its own name, not one that contains the session cookie's (the session guard looks for that name).
const cookieName = (config: Config) => config.sessionCookie.name.replace('_session', '_2fa');

function cookie(config: Config, value: string, maxAgeSeconds: number): string {
  return new Bun.Cookie(cookieName(config), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.sessionCookie.isSecure,
    maxAge: maxAgeSeconds,
  }).serialize();
}

/** Set-Cookie value of a new challenge: HttpOnly, SameSite=Strict, gone when the challenge expires. */
export function challengeCookie(config: Config, token: string): string {
  return cookie(config, token, TWO_FACTOR_LIMITS.challengeSeconds);
}

/** Set-Cookie value that removes the challenge cookie. */
export function clearedChallengeCookie(config: Config): string {
  return cookie(config, '', 0);
}

/** The challenge token the request's cookie carries, if it has the form of one. */
export function readChallengeToken(request: Request, config: Config): string | null {
  const header = request.headers.get('cookie');
  const token = header ? readCookie(header, cookieName(config)) : null;
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
