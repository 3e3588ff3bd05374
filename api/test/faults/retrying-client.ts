/**
 * The client side of a write during an outage: send, and on 503, a network error or a timeout send
 * the very same request again (same body, same Idempotency-Key) until the API acknowledges it with
 * a 2xx, refuses it with another status, or the deadline passes.
 */

/** What one attempt came to: an HTTP status, a failed connection, or no answer in time. */
export type AttemptOutcome = number | 'network' | 'timeout';

export type Attempt = {
  outcome: AttemptOutcome;
  /** When the answer (or the failure) arrived, ms since the epoch. */
  endedAt: number;
  /** How long the attempt took. */
  ms: number;
};

export type WriteResult =
  | { isAcknowledged: true; status: number; body: unknown; attempts: Attempt[] }
  | { isAcknowledged: false; reason: string; attempts: Attempt[] };

export type RetryOptions = {
  /** No attempt starts after this time (ms since the epoch). */
  deadline: number;
  /** An attempt without an answer after this long is aborted and counted as a timeout. */
  attemptTimeoutMs: number;
  /** Pause before the first retry; doubled after each one up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** Whether an outcome means "not done, the same request may be sent again". */
export function isRetryable(outcome: AttemptOutcome): boolean {
  return outcome === 503 || outcome === 'network' || outcome === 'timeout';
}

/**
 * The pause before retry number `retry` (1 for the first). The API's Retry-After of 5 s suits a
 * person; this client retries sooner so the outage is probed all the way through.
 */
export function retryDelay(
  retry: number,
  options: Pick<RetryOptions, 'initialDelayMs' | 'maxDelayMs'>,
): number {
  const exponent = Math.max(0, Math.min(retry - 1, 20));
  return Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** exponent);
}

/** Reads a JSON body, or null when there is none or it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends until acknowledged. `send` must build the identical request each time (the caller fixes
 * its body and Idempotency-Key up front); it gets a signal that aborts it after attemptTimeoutMs.
 */
export async function sendUntilAcknowledged(
  send: (signal: AbortSignal) => Promise<Response>,
  options: RetryOptions,
): Promise<WriteResult> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => Bun.sleep(ms));
  const attempts: Attempt[] = [];
  for (let retry = 0; ; retry++) {
    if (retry > 0) {
      const delay = retryDelay(retry, options);
      if (now() + delay > options.deadline) {
        return { isAcknowledged: false, reason: 'deadline passed while retrying', attempts };
      }
      await sleep(delay);
    }
    const startedAt = now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.attemptTimeoutMs);
    let outcome: AttemptOutcome;
    let body: unknown = null;
    try {
      const response = await send(controller.signal);
      body = await readJson(response);
      outcome = response.status;
    } catch {
      outcome = controller.signal.aborted ? 'timeout' : 'network';
    } finally {
      clearTimeout(timer);
    }
    const endedAt = now();
    attempts.push({ outcome, endedAt, ms: endedAt - startedAt });
    if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) {
      return { isAcknowledged: true, status: outcome, body, attempts };
    }
    if (!isRetryable(outcome)) {
      return { isAcknowledged: false, reason: `refused with ${outcome}`, attempts };
    }
  }
}
