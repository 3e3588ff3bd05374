import { ATTACHMENT_UPLOAD_FIELD, type TAttachment, ticketAttachmentsPath } from '@helpdesk/contracts';
import { apiUpload } from '@helpdesk/shared-ui';

/** POSTs one file to a ticket's attachments (multipart, field `file`); resolves to the stored attachment. */
export function uploadAttachment(ticketId: string, file: File): Promise<TAttachment> {
  return apiUpload<TAttachment>(ticketAttachmentsPath(ticketId), file, {
    fieldName: ATTACHMENT_UPLOAD_FIELD,
  });
}
