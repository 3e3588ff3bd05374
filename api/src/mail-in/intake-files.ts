import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS, type TAttachmentMimeType } from '@helpdesk/contracts';
import { checkAttachmentType, sanitizeFileName } from '../attachments/file-rules.ts';
import { storageRoom } from '../attachments/limits.ts';
import { insertAttachment } from '../attachments/queries.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { Viewer } from '../tickets/service.ts';
import { insertTicketEvents } from '../tickets/write-statement.ts';
import type { InboundFile } from './parse-message.ts';

/** The name the original message is kept under, for staff only. */
export const ORIGINAL_FILE_NAME = 'original-message.eml';

/** A file from a message that the upload rules refused, and why, in words for the staff note. */
export type RefusedFile = { fileName: string; reason: string };

/** A file written to disk under a generated name, not yet recorded. */
type StoredFile = {
  fileName: string;
  fileType: string;
  fileSize: number;
  storedName: string;
  isInternal: boolean;
};

/** Files written for one message: recorded with the ticket's row, or removed again when that fails. */
export type StagedFiles = { files: StoredFile[]; refused: RefusedFile[]; dir: string };

const MB = 1024 * 1024;

/**
 * The stored type of a file, or why it is refused: the upload route's type, content and size
 * rules, and the storage room left on the ticket and for the sender.
 */
function typeOrRefusal(
  file: InboundFile,
  fileName: string,
  room: number,
): { type: TAttachmentMimeType } | { reason: string } {
  if (file.size > LIMITS.maxAttachmentBytes)
    return { reason: `larger than ${LIMITS.maxAttachmentBytes / MB} MB` };
  const check = checkAttachmentType(file.content, fileName);
  if (!check.isAllowed) {
    return {
      reason:
        check.reason === 'type' ? 'this type of file is not accepted' : 'its content does not match its type',
    };
  }
  if (file.size > room) return { reason: 'no storage room left' };
  return { type: check.type };
}

/**
 * Writes a message's files under generated names: each attached or inline file the upload rules
 * accept (file-rules.ts, within the ticket's and the sender's storage room), and the original
 * message itself for staff. Nothing is recorded yet; recordStagedFiles does that in the caller's
 * transaction, and removeStagedFiles undoes this when it does not commit.
 */
export async function stageFiles(
  files: readonly InboundFile[],
  original: Buffer | null,
  target: { ticketId: string; uploader: Viewer },
  dir: string,
): Promise<StagedFiles> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const staged: StagedFiles = { files: [], refused: [], dir };
  let room = await storageRoom(sql, target.uploader, target.ticketId).then(
    (found) => found.bytes,
    () => 0,
  );
  try {
    for (const file of files) {
      const fileName = sanitizeFileName(file.fileName);
      const decision = typeOrRefusal(file, fileName, room);
      if ('reason' in decision) {
        staged.refused.push({ fileName, reason: decision.reason });
        continue;
      }
      room -= file.size;
      staged.files.push(
        await write(dir, file.content, { fileName, fileType: decision.type, isInternal: false }),
      );
    }
    if (original !== null) {
      staged.files.push(
        await write(dir, original, {
          fileName: ORIGINAL_FILE_NAME,
          fileType: 'message/rfc822',
          isInternal: true,
        }),
      );
    }
  } catch (error) {
    await removeStagedFiles(staged);
    throw error;
  }
  return staged;
}

async function write(
  dir: string,
  content: Buffer,
  file: Pick<StoredFile, 'fileName' | 'fileType' | 'isInternal'>,
): Promise<StoredFile> {
  const storedName = crypto.randomUUID();
  await Bun.write(join(dir, storedName), content);
  return { ...file, storedName, fileSize: content.byteLength };
}

/** Records staged files on the ticket in `tx`; the visible ones get their 'attachment_added' event like an upload. */
export async function recordStagedFiles(
  tx: Db,
  staged: StagedFiles,
  target: { ticketId: string; uploader: Viewer },
): Promise<void> {
  for (const file of staged.files) {
    const attachment = await insertAttachment(tx, {
      ticketId: target.ticketId,
      fileName: file.fileName,
      fileSize: file.fileSize,
      fileType: file.fileType,
      filePath: file.storedName,
      uploadedById: target.uploader.id,
      isInternal: file.isInternal,
    });
    if (file.isInternal) continue;
    await insertTicketEvents(tx, [
      {
        ticketId: target.ticketId,
        userId: target.uploader.id,
        type: 'attachment_added',
        data: { attachmentId: attachment.id, fileName: file.fileName },
      },
    ]);
  }
}

/** Removes staged files whose rows did not commit. */
export async function removeStagedFiles(staged: StagedFiles): Promise<void> {
  await Promise.all(staged.files.map((file) => rm(join(staged.dir, file.storedName), { force: true })));
}
