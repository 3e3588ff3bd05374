import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { LIMITS, SERVER_MESSAGES } from '@helpdesk/contracts';
import { badRequest } from './errors.ts';

// argon2id at one of OWASP's equal-strength settings: 7 MiB and 5 passes, which OWASP rates the same
// defence as 19 MiB and 2 (the work is the same; the memory is traded for passes). A sign-in's memory
// sits on top of everything else the API holds, and the desk signs someone in about every second, so
// the smaller block keeps the API inside its memory budget (docs/security.md#passwords-and-reset-links).
const ARGON2 = { algorithm: 'argon2id', memoryCost: 7_168, timeCost: 5 } as const;
/** How a hash made with ARGON2 begins: anything else is rehashed at its owner's next sign-in. */
const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=1$`;

/**
 * Each hash or check holds its memory cost (or more, for a hash made with other parameters) for its
 * whole run, on a thread of its own. Unbounded, a burst of sign-ins takes that many times the memory
 * for no gain, and takes every core from the thread that answers all other requests. So they take
 * turns, one fewer at a time than there are cores (at least one, at most eight), and the rest wait in line.
 */
export const PASSWORD_WORK_AT_ONCE = Math.max(1, Math.min(availableParallelism() - 1, 8));
let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_WORK_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, so `running` never dips and lets a newcomer jump it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Password work running or waiting right now (for tests of the line). */
export function passwordWorkInProgress(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/** Hashes a password with argon2id. Callers check isPasswordTooLong first. */
export function hashPassword(password: string): Promise<string> {
  return takeTurn(() => Bun.password.hash(password, ARGON2));
}

/** Checks a password against a stored hash; a malformed hash simply does not match. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await takeTurn(() => Bun.password.verify(password, hash));
  } catch {
    return false;
  }
}

/**
 * A hash made with other parameters (an older default, an import, or a cost since lowered or
 * raised) is replaced once its password is known to match, so every account ends on the current cost.
 */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith(CURRENT_HASH_PREFIX);
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

/** A new password needs this many different characters: `aaaaaaa1` is eight characters, not eight guesses. */
export const PASSWORD_MIN_DISTINCT = 5;

let commonPasswords: ReadonlySet<string> | undefined;

/** The bundled list of common passwords (lower case), read once, the first time a new password is checked. */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

const CHARACTER_KINDS = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u];

/**
 * Why the server refuses a new password, or null when it is acceptable (docs/security.md#passwords-and-reset-links):
 * at least 8 characters and at most 1 KB, two kinds of character (lower case, upper case, digits,
 * others), 5 different characters, and not one of the bundled common passwords.
 */
export function passwordWeakness(password: string): string | null {
  if (isPasswordTooLong(password)) return 'Password is too long';
  if ([...password].length < LIMITS.passwordMin) return 'Password must be at least 8 characters';
  if (CHARACTER_KINDS.filter((kind) => kind.test(password)).length < 2) {
    return 'Password must mix at least two kinds of characters: letters, numbers or symbols';
  }
  if (new Set(password).size < PASSWORD_MIN_DISTINCT) {
    return `Password must use at least ${PASSWORD_MIN_DISTINCT} different characters`;
  }
  if (isCommonPassword(password)) return 'This password is too common. Please choose another one.';
  return null;
}

/** Refuses a new password the rules above reject: 400 'Password does not meet requirements', the reason under `field`. */
export function assertAcceptablePassword(password: string, field: string): void {
  const weakness = passwordWeakness(password);
  if (weakness) throw badRequest(SERVER_MESSAGES.passwordRequirements, { [field]: weakness });
}
