import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES, type TAttachment, TICKET_MESSAGES } from '@helpdesk/contracts';
import type { BunFile } from 'bun';
import { sql } from '../db.ts';
import { ApiError, notFound } from '../errors.ts';
import type { Logger } from '../log.ts';
import { requireVisibleTicket, type Viewer } from '../tickets/service.ts';
import { insertTicketEvents } from '../tickets/write-statement.ts';
import { checkAttachmentType, sanitizeFileName } from './file-rules.ts';
import { insertAttachment, selectAttachmentFile } from './queries.ts';
import { readUploadedFile } from './upload-body.ts';

// Stored names are ours alone (a uuid): nothing from the client ever becomes part of a path.
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Attaches a file to a ticket the viewer may see (end users: their own). The ticket is checked
 * before the body is read; the file is checked (size, type against its first bytes), stored
 * under a generated name in the attachments directory, then recorded with its 'attachment_added'
 * event in one transaction. If recording fails, the stored file is removed again.
 */
export async function uploadAttachment(
  viewer: Viewer,
  ticketId: string,
  request: Request,
  attachmentsDir: string,
): Promise<TAttachment> {
  await requireVisibleTicket(sql, viewer, ticketId);
  const file = await readUploadedFile(request);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const fileName = sanitizeFileName(file.name);
  const check = checkAttachmentType(bytes, fileName);
  if (!check.isAllowed) {
    throw new ApiError(
      415,
      ERROR_CODES.unsupportedMediaType,
      check.reason === 'type' ? TICKET_MESSAGES.fileTypeNotAllowed : TICKET_MESSAGES.fileContentMismatch,
    );
  }
  const storedName = crypto.randomUUID();
  const path = join(attachmentsDir, storedName);
  await mkdir(attachmentsDir, { recursive: true, mode: 0o700 });
  await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
  try {
    return await sql.begin(async (tx) => {
      await requireVisibleTicket(tx, viewer, ticketId);
      const attachment = await insertAttachment(tx, {
        ticketId,
        fileName,
        fileSize: bytes.byteLength,
        fileType: check.type,
        filePath: storedName,
        uploadedById: viewer.id,
      });
      await insertTicketEvents(tx, [
        {
          ticketId,
          userId: viewer.id,
          type: 'attachment_added',
          data: { attachmentId: attachment.id, fileName },
        },
      ]);
      return attachment;
    });
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** A file ready to stream, with the type and name recorded at upload. */
export type AttachmentDownload = { file: BunFile; fileName: string; fileType: string };

/** An attachment of a ticket the viewer may see; someone else's ticket answers like a missing one. */
export async function openAttachment(
  viewer: Viewer,
  ticketId: string,
  attachmentId: string,
  attachmentsDir: string,
  log: Logger,
): Promise<AttachmentDownload> {
  await requireVisibleTicket(sql, viewer, ticketId);
  const attachment = await selectAttachmentFile(sql, ticketId, attachmentId);
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
 * Content-Disposition for a download: always an attachment (never rendered inline), with an
 * ASCII fallback name and the exact name in RFC 5987 encoding.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
