import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ERROR_CODES,
  KB_IMAGE_MESSAGES,
  KB_IMAGE_TYPES,
  kbImageIdsIn,
  kbImageUrl,
  TICKET_MESSAGES,
  type TKbImage,
  type TKbImageType,
  WRITE_LIMIT_MESSAGES,
} from '@helpdesk/contracts';
import type { BunFile } from 'bun';
import { holdUploadSlot, takeUpload, UPLOAD_LIMITS } from '../attachments/limits.ts';
import type { UploadSettings } from '../attachments/service.ts';
import { checkUploadHeaders, receiveUploadedFile } from '../attachments/upload-body.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { ApiError, forbidden, notFound } from '../errors.ts';
import { tooLarge } from '../json-body.ts';
import type { KbViewer } from '../kb/service.ts';
import type { Logger } from '../log.ts';
import { insertKbImage, replaceArticleImages, selectKbImageUsage, selectVisibleKbImage } from './queries.ts';

// Stored names are ours alone (a uuid): nothing from the client ever becomes part of a path.
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isStaff = (viewer: KbViewer) => viewer.role === 'admin' || viewer.role === 'agent';
const isImageType = (type: string): type is TKbImageType =>
  (KB_IMAGE_TYPES as readonly string[]).includes(type);
const imageNotFound = () => notFound(KB_IMAGE_MESSAGES.imageNotFound);
const notAnImage = () =>
  new ApiError(415, ERROR_CODES.unsupportedMediaType, KB_IMAGE_MESSAGES.imageTypeNotAllowed);
const TYPE_REFUSALS: ReadonlySet<string> = new Set([
  TICKET_MESSAGES.fileTypeNotAllowed,
  TICKET_MESSAGES.fileContentMismatch,
]);

const EXTENSIONS: Readonly<Record<TKbImageType, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};

/** The name with its type's extension, so a GIF named page.html is saved from the browser as page.html.gif. */
export function imageFileName(fileName: string, type: TKbImageType): string {
  const extensions = EXTENSIONS[type];
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return extensions.includes(extension) ? fileName : `${fileName}.${extensions[0]}`;
}

/** The room left in the uploader's image quota (staff attachments' quota, counted on its own). */
async function imageStorageRoom(viewerId: string) {
  const quota = UPLOAD_LIMITS.staffStorageBytes;
  const room = {
    bytes: quota - (await selectKbImageUsage(sql, viewerId)),
    refusal: () => tooLarge(WRITE_LIMIT_MESSAGES.userStorageFull(quota)),
  };
  if (room.bytes <= 0) throw room.refusal();
  return room;
}

/**
 * Stores an image for articles (agents and admins), with the ticket attachments' rules: multipart
 * with one file, at most 10 MB, streamed to disk under a generated name, the uploads' write limit
 * and concurrent slots. Its type comes from its first bytes alone and must be PNG, JPEG, GIF or
 * WebP (415 otherwise, the file removed), so a page or script named .png never gets stored.
 */
export async function uploadKbImage(
  viewer: KbViewer,
  request: Request,
  settings: UploadSettings,
): Promise<TKbImage> {
  if (!isStaff(viewer)) throw forbidden();
  checkUploadHeaders(request);
  const slot = holdUploadSlot(viewer.id);
  try {
    const room = await imageStorageRoom(viewer.id);
    const boundary = checkUploadHeaders(request, room.bytes);
    await mkdir(settings.attachmentsDir, { recursive: true, mode: 0o700 });
    const file = await receiveUploadedFile(request, boundary, {
      dir: settings.attachmentsDir,
      isTypedByContent: true,
      room,
      idleTimeoutMs: settings.idleTimeoutMs ?? UPLOAD_LIMITS.idleTimeoutMs,
      totalTimeoutMs: settings.totalTimeoutMs ?? UPLOAD_LIMITS.totalTimeoutMs,
    });
    try {
      if (!isImageType(file.fileType)) {
        throw notAnImage();
      }
      await takeUpload(sql, viewer);
      const fileName = imageFileName(file.fileName, file.fileType);
      const id = await insertKbImage(sql, {
        fileName,
        fileSize: file.fileSize,
        fileType: file.fileType,
        filePath: file.storedName,
        uploadedById: viewer.id,
      });
      return { id, url: kbImageUrl(id), fileName };
    } catch (error) {
      await rm(join(settings.attachmentsDir, file.storedName), { force: true });
      throw error;
    }
  } catch (error) {
    // The attachments' refusal of a file's type names the attachment types; an article takes images only.
    if (error instanceof ApiError && TYPE_REFUSALS.has(error.message)) throw notAnImage();
    throw error;
  } finally {
    slot.release();
  }
}

/** An image ready to stream, with the type sniffed at upload. */
export type KbImageDownload = { file: BunFile; fileName: string; fileType: string };

/**
 * An image the viewer may see: staff any; anyone else only one a published article shows (else
 * 404, the same as a missing id, so a draft's images do not leak before it is published).
 */
export async function openKbImage(
  viewer: KbViewer,
  imageId: string,
  attachmentsDir: string,
  log: Logger,
): Promise<KbImageDownload> {
  const image = await selectVisibleKbImage(sql, imageId, isStaff(viewer));
  if (!image) throw imageNotFound();
  const file = STORED_NAME.test(image.filePath) ? Bun.file(join(attachmentsDir, image.filePath)) : null;
  if (!file || !(await file.exists())) {
    log.error(`kb image ${imageId} has no file in ${attachmentsDir} (stored as '${image.filePath}')`);
    throw imageNotFound();
  }
  return { file, fileName: image.fileName, fileType: image.fileType };
}

/** Records which images a saved article shows (its Markdown's /api/kb/images/{id}), inside the save's transaction. */
export function linkArticleImages(db: Db, articleId: string, content: string): Promise<void> {
  return replaceArticleImages(db, articleId, kbImageIdsIn(content));
}
