import type { Budget } from '../limits/limiter.ts';

/**
 * One confirmation mail per address per five minutes, whoever asks: a link is all an unconfirmed
 * address ever gets from the desk, and this keeps even that from becoming a way to flood someone's
 * inbox (docs/security.md#verified-addresses).
 */
export const confirmationMailBudget = (email: string): Budget => ({
  key: `email-confirmation:address:${email.trim().toLowerCase()}`,
  limit: 1,
  windowMs: 5 * 60 * 1000,
});
