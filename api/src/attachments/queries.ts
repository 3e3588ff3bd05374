import type { TAttachment } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

/** What a download needs: the stored name and what to tell the browser. */
export type AttachmentFile = { fileName: string; fileType: string; fileSize: number; filePath: string };

export async function insertAttachment(
  db: Db,
  attachment: {
    ticketId: string;
    fileName: string;
    fileSize: number;
    fileType: string;
    filePath: string;
    uploadedById: string;
    /** Staff only: a mailed message's original (mail in). */
    isInternal?: boolean;
  },
): Promise<TAttachment> {
  const [row] = await db<TAttachment[]>`
    with f as (
      insert into attachments (ticket_id, file_name, file_size, file_type, file_path, uploaded_by_id, is_internal)
      values (${attachment.ticketId}, ${attachment.fileName}, ${attachment.fileSize}, ${attachment.fileType},
              ${attachment.filePath}, ${attachment.uploadedById}, ${attachment.isInternal ?? false})
      returning *
    )
    select f.id, f.ticket_id as "ticketId", f.file_name as "fileName", f.file_size as "fileSize",
           f.file_type as "fileType", f.created_at as "createdAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as "uploadedBy"
    from f join users u on u.id = f.uploaded_by_id`;
  if (!row) throw new Error('attachment insert returned no row');
  return row;
}

/**
 * An attachment of this very ticket (an id from another ticket is not found); an internal one (a
 * mailed message's original) only with `includeInternal` (staff).
 */
export async function selectAttachmentFile(
  db: Db,
  ticketId: string,
  attachmentId: string,
  includeInternal: boolean,
): Promise<AttachmentFile | null> {
  const [row] = await db<AttachmentFile[]>`
    select file_name as "fileName", file_type as "fileType", file_size as "fileSize", file_path as "filePath"
    from attachments where id = ${attachmentId} and ticket_id = ${ticketId}
      ${includeInternal ? db`` : db`and not is_internal`}`;
  return row ?? null;
}

/**
 * The bytes stored on a ticket and by a user (the storage quotas; index attachments_uploaded_by_size_idx).
 * A mailed message's original (internal) is the desk's record, not the user's upload: it counts for neither.
 */
export async function selectAttachmentUsage(
  db: Db,
  ticketId: string,
  userId: string,
): Promise<{ ticketBytes: number; userBytes: number }> {
  const [row] = await db<{ ticketBytes: number; userBytes: number }[]>`
    select (select coalesce(sum(file_size), 0)::float8 from attachments
            where ticket_id = ${ticketId} and not is_internal) as "ticketBytes",
           (select coalesce(sum(file_size), 0)::float8 from attachments
            where uploaded_by_id = ${userId} and not is_internal) as "userBytes"`;
  return row ?? { ticketBytes: 0, userBytes: 0 };
}
