import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type TAttachment, TICKET_MESSAGES } from '@helpdesk/contracts';
import type { BunFile } from 'bun';
import { sql } from '../db.ts';
import { notFound } from '../errors.ts';
import type { Logger } from '../log.ts';
import { isStaff, requireVisibleTicket, type Viewer } from '../tickets/service.ts';
import { insertTicketEvents } from '../tickets/write-statement.ts';
import { holdUploadSlot, storageRoom, takeUpload, UPLOAD_LIMITS } from './limits.ts';
import { insertAttachment, selectAttachmentFile } from './queries.ts';
import { checkUploadHeaders, type ReceivedFile, receiveUploadedFile } from './upload-body.ts';

// Stored names are ours alone (a uuid): nothing from the client ever becomes part of a path.
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where uploads go and how long one may stall (the routes pass the config's directory and UPLOAD_LIMITS' timeouts). */
export type UploadSettings = { attachmentsDir: string; idleTimeoutMs?: number; totalTimeoutMs?: number };

/**
 * Attaches a file to a ticket the viewer may see (end users: their own). Before the body is read:
 * the ticket, the upload's headers, one of the user's concurrent upload slots and the storage
 * room left (limits.ts). The file is then received straight to disk under a generated name, its
 * type checked from its first bytes (upload-body.ts); only a valid file spends the user's upload
 * budget, and it is recorded with its 'attachment_added' event in one transaction. On any
 * refusal or failure the stored file is removed again.
 */
export async function uploadAttachment(
  viewer: Viewer,
  ticketId: string,
  request: Request,
  settings: UploadSettings,
): Promise<TAttachment> {
  await requireVisibleTicket(sql, viewer, ticketId);
  checkUploadHeaders(request);
  const slot = holdUploadSlot(viewer.id);
  try {
    const room = await storageRoom(sql, viewer, ticketId);
    const boundary = checkUploadHeaders(request, room.bytes);
    await mkdir(settings.attachmentsDir, { recursive: true, mode: 0o700 });
    const file = await receiveUploadedFile(request, boundary, {
      dir: settings.attachmentsDir,
      room,
      idleTimeoutMs: settings.idleTimeoutMs ?? UPLOAD_LIMITS.idleTimeoutMs,
      totalTimeoutMs: settings.totalTimeoutMs ?? UPLOAD_LIMITS.totalTimeoutMs,
    });
    try {
      await takeUpload(sql, viewer);
      return await recordUpload(viewer, ticketId, file);
    } catch (error) {
      await rm(join(settings.attachmentsDir, file.storedName), { force: true });
      throw error;
    }
  } finally {
    slot.release();
  }
}

/** The received file's row and its 'attachment_added' event, in one transaction, on a ticket still visible. */
function recordUpload(viewer: Viewer, ticketId: string, file: ReceivedFile): Promise<TAttachment> {
  return sql.begin(async (tx) => {
    await requireVisibleTicket(tx, viewer, ticketId);
    const attachment = await insertAttachment(tx, {
      ticketId,
      fileName: file.fileName,
      fileSize: file.fileSize,
      fileType: file.fileType,
      filePath: file.storedName,
      uploadedById: viewer.id,
    });
    await insertTicketEvents(tx, [
      {
        ticketId,
        userId: viewer.id,
        type: 'attachment_added',
        data: { attachmentId: attachment.id, fileName: file.fileName },
      },
    ]);
    return attachment;
  });
}

/** A file ready to stream, with the type and name recorded at upload. */
export type AttachmentDownload = { file: BunFile; fileName: string; fileType: string };

/**
 * An attachment of a ticket the viewer may see; someone else's ticket answers like a missing one, and
 * so does an internal attachment (a mailed message's original) to an end user.
 */
export async function openAttachment(
  viewer: Viewer,
  ticketId: string,
  attachmentId: string,
  attachmentsDir: string,
  log: Logger,
): Promise<AttachmentDownload> {
  await requireVisibleTicket(sql, viewer, ticketId);
  const attachment = await selectAttachmentFile(sql, ticketId, attachmentId, isStaff(viewer));
  if (!attachment) throw notFound(TICKET_MESSAGES.attachmentNotFound);
  const file = STORED_NAME.test(attachment.filePath)
    ? Bun.file(join(attachmentsDir, attachment.filePath))
    : null;
  if (!file || !(await file.exists())) {
    log.error(
      `attachment ${attachmentId} has no file in ${attachmentsDir} (stored as '${attachment.filePath}')`,
    );
    throw notFound(TICKET_MESSAGES.attachmentNotFound);
  }
  return { file, fileName: attachment.fileName, fileType: attachment.fileType };
}

/**
 * Content-Disposition for a download: an attachment (never rendered inline) unless said otherwise
 * (an article image), with an ASCII fallback name and the exact name in RFC 5987 encoding.
 */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
