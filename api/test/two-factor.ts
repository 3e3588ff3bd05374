import { TWO_FACTOR_PATHS, ZRecoveryCodesResponse, ZTwoFactorSetup } from '@helpdesk/contracts';
import { Secret, TOTP } from 'otpauth';
import { type TestClient, testConfig } from './helpers.ts';

/** The name of the cookie a sign-in's second step rides on (api/src/two-factor/challenges.ts). */
export const CHALLENGE_COOKIE = testConfig.sessionCookie.name.replace('_session', '_2fa');

/** The code an authenticator app shows for the secret, `steps` 30-second steps from now. */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
}

/** A six-digit code that is not the secret's code now (nor, by chance, of the steps either side). */
export function wrongCode(secret: string): string {
  const right = new Set([-1, 0, 1].map((steps) => totpCode(secret, steps)));
  return ['000000', '111111', '222222', '333333'].find((code) => !right.has(code)) ?? '444444';
}

/** Turns two-factor on for a signed-in client, as the profile does; the secret and the recovery codes. */
export async function enableTwoFactor(
  client: TestClient,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = ZTwoFactorSetup.parse((await client.post(TWO_FACTOR_PATHS.setup)).body);
  const enabled = await client.post(TWO_FACTOR_PATHS.enable, { code: totpCode(setup.secret) });
  if (enabled.status !== 200)
    throw new Error(`enabling two-factor failed: ${enabled.status} ${enabled.text}`);
  return { secret: setup.secret, recoveryCodes: ZRecoveryCodesResponse.parse(enabled.body).recoveryCodes };
}
