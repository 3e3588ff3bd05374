// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).
import { waitInWords } from './wait-in-words.ts';

/** What the desk says about confirming an address (docs/product.md#confirming-your-email-address). */
export const EMAIL_VERIFICATION_MESSAGES = {
  confirmed: 'Your email address is confirmed.',
  linkInvalid: 'This confirmation link is invalid, has expired or has already been used.',
  linkSent: 'We sent a confirmation link to your new address. Please check your inbox.',
  nothingToConfirm: 'Your email address is already confirmed.',
  currentPasswordRequired: 'Enter your current password to change your email address',
  tooSoon: (seconds: number) =>
    `A confirmation email was sent to this address a moment ago. Please try again in ${waitInWords(seconds)}.`,
} as const;
