import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Mailbox secrets at rest (docs/security.md#mailbox-secrets): AES-256-GCM under MAIL_SECRET_KEY, a
 * fresh 12-byte IV per encryption, stored as `v1.<base64 iv | tag | ciphertext>`. The version
 * prefix lets a later format or key scheme be told apart from this one; GCM's tag makes any change
 * to the stored text (or a different key) an error instead of a wrong secret.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds a ciphertext to what it is, so a blob copied from elsewhere under the same key is refused.
const ASSOCIATED_DATA = Buffer.from('helpdesk mailbox secret v1');

/** The key is missing (production without MAIL_SECRET_KEY) or cannot open a stored secret. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export const MISSING_KEY_MESSAGE =
  'MAIL_SECRET_KEY is not set on the server, so it cannot store or read a mailbox password or token. Ask the operator to set it (docs/operations.md).';

function requireKey(key: Buffer | null): Buffer {
  if (!key) throw new SecretBoxError(MISSING_KEY_MESSAGE);
  if (key.length !== 32) throw new SecretBoxError('MAIL_SECRET_KEY must be 32 bytes');
  return key;
}

/**
 * Encrypts a secret for storage; refuses without a key. `associatedData` names what the secret is
 * for (a mailbox's by default), and opening needs the same.
 */
export function sealSecret(key: Buffer | null, plaintext: string, associatedData = ASSOCIATED_DATA): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', requireKey(key), iv);
  cipher.setAAD(associatedData);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** Decrypts a stored secret; a wrong key, an unknown version or any tampering is a SecretBoxError. */
export function openSecret(key: Buffer | null, sealed: string, associatedData = ASSOCIATED_DATA): string {
  const usable = requireKey(key);
  const [version, payload, ...rest] = sealed.split('.');
  if (version !== VERSION || payload === undefined || rest.length > 0) {
    throw new SecretBoxError('The stored mailbox secret has an unknown format');
  }
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('The stored mailbox secret is damaged');
  try {
    const decipher = createDecipheriv('aes-256-gcm', usable, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(associatedData);
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError(
      'The stored mailbox secret cannot be read with the current MAIL_SECRET_KEY (the key changed or the value was altered); enter the password or token again',
    );
  }
}
