import { closeSync, openSync, rmSync, write } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ATTACHMENT_UPLOAD_FIELD,
  ERROR_CODES,
  LIMITS,
  type TAttachmentMimeType,
  TICKET_MESSAGES,
  WRITE_LIMIT_MESSAGES,
} from '@helpdesk/contracts';
import { ApiError, badRequest } from '../errors.ts';
import { tooLarge } from '../json-body.ts';
import { AttachmentTypeStream, sanitizeFileName } from './file-rules.ts';
import { MalformedMultipartError, multipartBoundary, readMultipart } from './multipart-stream.ts';

/** Room for the multipart framing around a 10 MB file (boundaries, part headers, a long file name). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const fileTooLarge = () => tooLarge(TICKET_MESSAGES.fileTooLarge);
const malformed = () => badRequest(TICKET_MESSAGES.malformedUpload);
const fileRequired = () => badRequest(TICKET_MESSAGES.fileRequired, { file: TICKET_MESSAGES.fileRequired });
const onlyOneFile = () => badRequest(TICKET_MESSAGES.fileOnlyOne, { file: TICKET_MESSAGES.fileOnlyOne });
const stalled = () => new ApiError(408, ERROR_CODES.badRequest, WRITE_LIMIT_MESSAGES.uploadStalled);

/**
 * The headers of an upload, checked before anything else is done with it: multipart/form-data
 * with a boundary (415 without), and no declared Content-Length over the cap (413).
 */
export function checkUploadHeaders(request: Request, roomBytes = Number.POSITIVE_INFINITY): string {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(415, ERROR_CODES.unsupportedMediaType, TICKET_MESSAGES.uploadMustBeMultipart);
  }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > LIMITS.maxAttachmentBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();
  if (declared > roomBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();
  const boundary = multipartBoundary(contentType);
  if (boundary === null) throw malformed();
  return boundary;
}

/** Where a received file went: its generated name in the attachments directory, and what it is. */
export type ReceivedFile = {
  storedName: string;
  fileName: string;
  fileSize: number;
  fileType: TAttachmentMimeType;
};

/** How a receive is bounded: the storage room left (and its refusal), the attachments directory, the stall timeouts. */
export type ReceiveOptions = {
  dir: string;
  /** Type the file from its first bytes alone, whatever its name says (article images). */
  isTypedByContent?: boolean;
  room: { bytes: number; refusal: () => Error };
  idleTimeoutMs: number;
  totalTimeoutMs: number;
};

/** The body's chunks, each awaited at most `idleMs`, and the whole at most until `deadline`; over the cap refused. */
function chunksOf(reader: ReadableStreamDefaultReader<Uint8Array>, options: ReceiveOptions) {
  const deadline = Date.now() + options.totalTimeoutMs;
  const cap = LIMITS.maxAttachmentBytes + MULTIPART_OVERHEAD_BYTES;
  let total = 0;
  return async (): Promise<Uint8Array | null> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = Math.max(0, Math.min(options.idleTimeoutMs, deadline - Date.now()));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(stalled()), wait);
    });
    try {
      const { done, value } = await Promise.race([reader.read(), timeout]);
      if (done) return null;
      total += value.byteLength;
      if (total > cap) throw fileTooLarge();
      return value;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Receives the one file of a multipart upload straight to disk as it arrives, never holding the
 * body whole: the type is decided from the first bytes (AttachmentTypeStream) and a wrong file
 * refused then, the size is enforced as bytes pass (10 MB, and the storage room left), and an
 * upload that stalls is cut off. The body must hold exactly one part, a file in the
 * ATTACHMENT_UPLOAD_FIELD field. On any refusal the partial file is removed.
 */
export async function receiveUploadedFile(
  request: Request,
  boundary: string,
  options: ReceiveOptions,
): Promise<ReceivedFile> {
  if (!request.body) throw fileRequired();
  const reader = request.body.getReader();
  const storedName = crypto.randomUUID();
  const path = join(options.dir, storedName);
  let fd: number | null = null;
  try {
    let file: { fileName: string; check: AttachmentTypeStream; size: number } | null = null;
    let isAfterFile = false;
    for await (const event of readMultipart(chunksOf(reader, options), boundary)) {
      if ('part' in event) {
        const { name, fileName } = event.part;
        if (isAfterFile || name !== ATTACHMENT_UPLOAD_FIELD || fileName === null) throw onlyOneFile();
        const safeName = sanitizeFileName(fileName);
        file = {
          fileName: safeName,
          check: new AttachmentTypeStream(options.isTypedByContent ? '' : safeName),
          size: 0,
        };
        fd = openSync(path, 'wx', 0o600);
        isAfterFile = true;
        continue;
      }
      if (!file || fd === null) throw malformed();
      file.size += event.data.byteLength;
      if (file.size > LIMITS.maxAttachmentBytes) throw fileTooLarge();
      if (file.size > options.room.bytes) throw options.room.refusal();
      const refusal = file.check.push(event.data);
      if (refusal && !refusal.isAllowed) throw typeRefused(refusal.reason);
      await writeAll(fd, event.data);
    }
    if (!file) throw fileRequired();
    if (file.size === 0) throw badRequest(TICKET_MESSAGES.fileEmpty, { file: TICKET_MESSAGES.fileEmpty });
    const verdict = file.check.finish();
    if (!verdict.isAllowed) throw typeRefused(verdict.reason);
    closeSync(fd ?? Number.NaN);
    fd = null;
    return { storedName, fileName: file.fileName, fileSize: file.size, fileType: verdict.type };
  } catch (error) {
    // Cleaned up without yielding, and the rest of the body refused at once: an answer that lags
    // behind the last read is lost to a client still sending (its connection is reset).
    if (fd !== null) closeSync(fd);
    rmSync(path, { force: true });
    await reader.cancel().catch(() => {});
    if (error instanceof MalformedMultipartError) throw malformed();
    throw error;
  }
}

const writeChunk = promisify(write);

/** Writes all of `bytes` at the file's current position. */
async function writeAll(fd: number, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await writeChunk(fd, bytes, offset, bytes.byteLength - offset);
    offset += bytesWritten;
  }
}

function typeRefused(reason: 'type' | 'content'): ApiError {
  return new ApiError(
    415,
    ERROR_CODES.unsupportedMediaType,
    reason === 'type' ? TICKET_MESSAGES.fileTypeNotAllowed : TICKET_MESSAGES.fileContentMismatch,
  );
}
