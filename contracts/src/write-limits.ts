import { waitInWords } from './constants/wait-in-words.ts';

/**
 * What a person reads when a per-user limit on a repeatable write refuses them (docs/security.md#write-limits,
 * docs/product.md#limits-and-defaults). Rate refusals are 429 with Retry-After; a full storage quota is 413.
 */

/** Storage quotas as a person reads them. */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const WRITE_LIMIT_MESSAGES = {
  tooManyTickets: (waitSeconds: number) =>
    `You have filed too many tickets in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyComments: (waitSeconds: number) =>
    `You have added too many comments in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyTicketChanges: (waitSeconds: number) =>
    `You have changed too many tickets in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyCategoryChanges: (waitSeconds: number) =>
    `You have changed knowledge base categories too many times in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyUploads: (waitSeconds: number) =>
    `You have uploaded too many files in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyRestores: (waitSeconds: number) =>
    `You have restored too many article revisions in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  uploadsInProgress: (concurrent: number) =>
    `You are already uploading ${concurrent} files. Please wait until they finish, then try again.`,
  uploadStalled: 'The upload stopped sending data and was cancelled. Please try again.',
  ticketStorageFull: (quotaBytes: number) =>
    `This ticket's attachments would exceed ${megabytes(quotaBytes)}, the most one ticket can hold.`,
  userStorageFull: (quotaBytes: number) =>
    `Your attachments would exceed ${megabytes(quotaBytes)}, the most one person can store. Please contact the help desk if you need to send more.`,
} as const;
