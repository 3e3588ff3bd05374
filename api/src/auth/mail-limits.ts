import type { Budget } from '../limits/limiter.ts';

/**
 * The limits of the anonymous forms that send mail (docs/security.md#registration-and-password-reset-mail).
 * Each request spends all of its budgets at once or none; RATE_LIMIT_SCALE multiplies every number.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const mailbox = (email: string) => email.trim().toLowerCase();
const domainOf = (email: string) => mailbox(email).slice(mailbox(email).lastIndexOf('@') + 1);

/** Registrations (POST /api/auth/register), answered or refused with 409 alike. */
export function registrationBudgets(ipAddress: string, email: string): Budget[] {
  return [
    // Conflicts count too, so probing usernames and emails for 409s is as slow as registering.
    { key: `register:ip:${ipAddress}`, limit: 10, windowMs: HOUR_MS },
    // Whoever types an address, it gets at most a few registration mails a day.
    { key: `register:mailbox:${mailbox(email)}`, limit: 3, windowMs: DAY_MS },
    // Many client addresses together cannot flood one organisation's mail server.
    { key: `register:domain:${domainOf(email)}`, limit: 30, windowMs: HOUR_MS },
  ];
}

/** Accounts waiting for approval desk-wide; past it the desk takes no registrations, so the queue stays reviewable. */
export const PENDING_REGISTRATIONS_MAX = 100;

/** How long a refused registration is told to wait when the desk is full (Retry-After). */
export const REGISTRATIONS_CLOSED_RETRY_SECONDS = 3600;

/**
 * Reset requests (POST /api/auth/forgot-password and /api/auth/admin/forgot-password, which share
 * these): the same for an account's address and any other.
 */
export function passwordResetRequestBudgets(ipAddress: string, email: string): Budget[] {
  return [
    // One client cannot send reset mail to a list of addresses.
    { key: `reset:ip:${ipAddress}`, limit: 10, windowMs: HOUR_MS },
    // One mailbox gets at most a few reset mails an hour, however many clients ask.
    { key: `reset:mailbox:${mailbox(email)}`, limit: 3, windowMs: HOUR_MS },
    // Many client addresses together cannot flood one organisation's mail server.
    { key: `reset:domain:${domainOf(email)}`, limit: 20, windowMs: HOUR_MS },
  ];
}

/**
 * At most one new password link (reset or invitation) per account every 5 minutes, whoever asks:
 * a newer request does not kill a link just sent.
 */
export function resetLinkBudget(userId: string): Budget {
  return { key: `reset:link:${userId}`, limit: 1, windowMs: 5 * MINUTE_MS };
}

/** Account mail an administrator sends (invitations, reset links): a stolen admin session cannot mail the world. */
export function adminAccountMailBudget(adminId: string): Budget {
  return { key: `account-mail:admin:${adminId}`, limit: 50, windowMs: HOUR_MS };
}
