// Zod-free: the register and forgot-password screens show these texts as the server sends them.
import { waitInWords } from './wait-in-words.ts';

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
