import { LIMITS } from '@helpdesk/contracts';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes): strong, and quick enough that a
// sign-in stays well under a second on a small server.
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const;

/** Hashes a password with argon2id. Callers check isPasswordTooLong first. */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, ARGON2);
}

/** Checks a password against a stored hash; a malformed hash simply does not match. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so an unknown username answers as slowly as a wrong password. */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await dummyHash);
}

/** Over 1 KB of UTF-8 is refused before hashing: argon2 over huge inputs is a denial of service. */
export function isPasswordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > LIMITS.passwordMaxBytes;
}
