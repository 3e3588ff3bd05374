// Zod-free: the register and forgot-password screens show these texts as the server sends them.

/** A wait as a person says it: "30 seconds", "1 minute", "12 minutes", "2 hours". */
export function waitInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

/**
 * What the anonymous forms that send mail answer when a limit refuses them
 * (docs/security.md#registration-and-password-reset-mail). The status is 429 in every case.
 */
export const ANONYMOUS_MAIL_MESSAGES = {
  registrationsClosed: 'The desk is not accepting new registrations right now. Please try again later.',
  /** How every tooManyRegistrations text begins: the register screen recognises it by this. */
  tooManyRegistrationsLead: 'Too many registrations in a short time.',
  tooManyRegistrations: (waitSeconds: number) =>
    `Too many registrations in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyResetRequests: (waitSeconds: number) =>
    `Too many password reset requests in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
} as const;
