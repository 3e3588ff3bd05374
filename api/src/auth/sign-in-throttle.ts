import type { FailureBudget } from '../limits/failure-limiter.ts';

/**
 * Sign-in throttling (docs/security.md#sign-in-throttling). Failed sign-ins and wrong current
 * passwords count per (account, client address) pair, per address and per account, for
 * LOGIN_FAILURE_WINDOW_MS. The first two refuse with 429; the account as a whole only slows down,
 * so failures from strangers never keep the right password out.
 */

/** One address guessing one account: the owner mistyping, or someone trying their passwords. */
export const PAIR_LIMIT = 5;
/** One address spraying passwords over many usernames (made up or real). */
export const ADDRESS_LIMIT = 30;
/** Failures on an account, from anywhere, before each attempt on it waits. */
export const ACCOUNT_FREE_FAILURES = 5;
/** The first wait, doubled with every further failure, up to the longest. */
const ACCOUNT_FIRST_DELAY_MS = 250;
const ACCOUNT_MAX_DELAY_MS = 8_000;

/** The typed username as the throttle counts it: unknown and real names alike. */
const accountName = (username: string) => username.trim().toLowerCase();

export const accountKey = (username: string) => `account:${accountName(username)}`;
export const addressKey = (ipAddress: string) => `ip:${ipAddress}`;
/** The prefix of every pair key of one account: a password reset forgets them all. */
export const pairKeyPrefix = (username: string) => `pair:${accountName(username)}|`;
export const pairKey = (username: string, ipAddress: string) => `${pairKeyPrefix(username)}${ipAddress}`;

/** The budgets whose exhaustion refuses an attempt with 429. */
export function refusingBudgets(username: string, ipAddress: string): FailureBudget[] {
  return [
    { key: pairKey(username, ipAddress), limit: PAIR_LIMIT },
    { key: addressKey(ipAddress), limit: ADDRESS_LIMIT },
  ];
}

/** The keys one failure counts against. */
export function failureKeys(username: string, ipAddress: string): string[] {
  return [pairKey(username, ipAddress), addressKey(ipAddress), accountKey(username)];
}

/**
 * How long an attempt on an account with this many recent failures waits before its password is
 * checked, right or wrong alike (a wait only for wrong ones would tell the answer early): nothing
 * for the first few, then 250 ms doubling to 8 s. Guessing at scale crawls; the owner still gets in.
 */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_FIRST_DELAY_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_DELAY_MS);
}
