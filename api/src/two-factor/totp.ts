import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { openSecret, sealSecret } from '../mailboxes/secret-box.ts';
import { sha256Hex } from '../session.ts';

/**
 * The TOTP of RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps, a
 * 160-bit secret. A code of the step before or after is accepted too (a phone's clock drifts).
 */
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;
const ISSUER = 'Help Desk';

// The secret box's associated data for this use: a sealed mailbox password copied into a user's row
// does not open as a TOTP secret, nor the other way round.
const SEALED_FOR = Buffer.from('helpdesk totp secret v1');
// Without a key the secret is stored as it is, marked so (docs/security.md#two-factor-authentication).
const PLAIN_PREFIX = 'plain.';

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret, base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The secret as the database keeps it: sealed when the key is configured, marked plain otherwise. */
export function storedSecret(key: Buffer | null, secretBase32: string): string {
  return key ? sealSecret(key, secretBase32, SEALED_FOR) : `${PLAIN_PREFIX}${secretBase32}`;
}

/** The secret from its stored form; a sealed one needs the key it was sealed with (SecretBoxError otherwise). */
export function secretFromStored(key: Buffer | null, stored: string): string {
  return stored.startsWith(PLAIN_PREFIX)
    ? stored.slice(PLAIN_PREFIX.length)
    : openSecret(key, stored, SEALED_FOR);
}

/** What the setup screen shows: the secret, its otpauth URI, and that URI as a QR code in SVG. */
export async function setupOf(
  secretBase32: string,
  username: string,
): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const otpauthUri = totpOf(secretBase32, username).toString();
  // Loaded with the first setup, which is rare: the QR writer is about 4 MB of the API's resident memory.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: secretBase32, otpauthUri, qrSvg };
}

/**
 * The time step a six-digit code belongs to, when it is the secret's code of this step or a
 * neighbour; null otherwise. The caller refuses a step already used.
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32, '').validate({ token, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A recovery code: ten characters of an alphabet without look-alikes (about 49 bits), shown as
 * `xxxxx-xxxxx`. Random and long enough that a plain SHA-256 of it is safe to store.
 */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The stored hash of a recovery code as typed: case, spaces and dashes do not matter. */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.toLowerCase().replace(/[\s-]/g, ''));
}
