import { ApiRequestError } from '@helpdesk/shared-ui';

/** A random v4 UUID, also where `crypto.randomUUID` is missing (it needs a secure context). */
export function randomIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when the request may have reached the server without its answer reaching us (no HTTP
 * status at all): only then is a retry the same attempt and must reuse the key.
 */
export function isUncertainOutcome(error: unknown): boolean {
  const isAborted = error instanceof DOMException && error.name === 'AbortError';
  return !(error instanceof ApiRequestError) && !isAborted;
}

export type TIdempotencyKeys = {
  /**
   * The key of the current attempt to send `body`: the same key while the body is the same and no
   * answer came back, a new one for a different body (the API refuses a reused key with another body).
   */
  current: (body: unknown) => string;
  /** After a failure: keep the key when the outcome is uncertain, else start a new attempt. */
  settle: (error: unknown) => void;
  /** After success, or when the form closes: the next submission is a new attempt. */
  reset: () => void;
};

/** One key per submission attempt, reused when the user retries the same request after a network error. */
export function createIdempotencyKeys(generate: () => string = randomIdempotencyKey): TIdempotencyKeys {
  let attempt: { key: string; body: string } | null = null;
  return {
    current: (body) => {
      const fingerprint = JSON.stringify(body);
      if (attempt?.body !== fingerprint) attempt = { key: generate(), body: fingerprint };
      return attempt.key;
    },
    settle: (error) => {
      if (!isUncertainOutcome(error)) attempt = null;
    },
    reset: () => {
      attempt = null;
    },
  };
}
