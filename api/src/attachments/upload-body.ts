import { ATTACHMENT_UPLOAD_FIELD, ERROR_CODES, LIMITS, TICKET_MESSAGES } from '@helpdesk/contracts';
import { ApiError, badRequest } from '../errors.ts';
import { readCapped, tooLarge } from '../json-body.ts';

/** Room for the multipart framing around a 10 MB file (boundaries, part headers, a long file name). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const fileTooLarge = () => tooLarge(TICKET_MESSAGES.fileTooLarge);

/**
 * The one file of a multipart upload, read with the size enforced while reading: a declared
 * Content-Length over the cap is refused before a byte is read, a streamed body as soon as it
 * passes the cap, and a file over LIMITS.maxAttachmentBytes after parsing. The body must hold
 * exactly one part, a file in the ATTACHMENT_UPLOAD_FIELD field.
 */
export async function readUploadedFile(request: Request): Promise<File> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(415, ERROR_CODES.unsupportedMediaType, TICKET_MESSAGES.uploadMustBeMultipart);
  }
  const cap = LIMITS.maxAttachmentBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > cap) throw fileTooLarge();
  if (!request.body) throw badRequest(TICKET_MESSAGES.fileRequired, { file: TICKET_MESSAGES.fileRequired });
  const bytes = await readCapped(request.body, cap, fileTooLarge);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(TICKET_MESSAGES.malformedUpload);
  }
  const names = [...form.keys()];
  if (names.length === 0)
    throw badRequest(TICKET_MESSAGES.fileRequired, { file: TICKET_MESSAGES.fileRequired });
  const value: unknown = form.get(ATTACHMENT_UPLOAD_FIELD);
  if (names.length > 1 || !(value instanceof File)) {
    throw badRequest(TICKET_MESSAGES.fileOnlyOne, { file: TICKET_MESSAGES.fileOnlyOne });
  }
  if (value.size > LIMITS.maxAttachmentBytes) throw fileTooLarge();
  if (value.size === 0) throw badRequest(TICKET_MESSAGES.fileEmpty, { file: TICKET_MESSAGES.fileEmpty });
  return value;
}
