import { LIMITS, TICKET_LIMITS } from '@helpdesk/contracts';
import { formatFileSizeKb, serverMessage } from '@helpdesk/shared-ui';
import { attachmentsEnglish, type TAttachmentsT } from './messages.ts';

/** What the checks need of a File, so they run without a browser. */
export type TFileLike = { name: string; size: number; lastModified: number };

/** The client-side refusal of one file, or null when it may be uploaded (the server checks again). */
export function attachmentFileError(
  file: Pick<TFileLike, 'name' | 'size'>,
  t: TAttachmentsT = attachmentsEnglish,
): string | null {
  if (file.size > LIMITS.maxAttachmentBytes) {
    return t('attachments.tooLarge', { name: file.name, size: formatFileSizeKb(file.size) });
  }
  if (file.size === 0) return t('attachments.empty', { name: file.name });
  return null;
}

const sameFile = (a: TFileLike, b: TFileLike) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds dropped or browsed files to the chosen ones: too-large and empty files are refused with a
 * message, a file already chosen is not added twice, and no more than the per-ticket maximum are kept.
 */
export function addAttachmentFiles<F extends TFileLike>(
  current: readonly F[],
  incoming: readonly F[],
  max: number = TICKET_LIMITS.attachmentsPerUploadMax,
  t: TAttachmentsT = attachmentsEnglish,
): { files: F[]; errors: string[] } {
  const files = [...current];
  const errors: string[] = [];
  let overflow = 0;
  for (const file of incoming) {
    const error = attachmentFileError(file, t);
    // Choosing the same file again is a no-op, not an error worth a message.
    const isChosen = files.some((chosen) => sameFile(chosen, file));
    if (error) errors.push(error);
    else if (isChosen) continue;
    else if (files.length >= max) overflow += 1;
    else files.push(file);
  }
  if (overflow > 0) {
    errors.push(t('attachments.tooMany', { max, overflow }));
  }
  return { files, errors };
}

/** The server's reason for a refused upload, or a generic one when no answer came back. */
export function uploadFailureMessage(error: unknown, t: TAttachmentsT = attachmentsEnglish): string {
  return serverMessage(error) ?? t('attachments.notReached');
}
