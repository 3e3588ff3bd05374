import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';

/** The image types an article may show; the server decides the type from the file's first bytes. */
export const KB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type TKbImageType = (typeof KB_IMAGE_TYPES)[number];

/** 201 of POST /api/kb/images: what the editor inserts as `![fileName](url)`. */
export const ZKbImage = z.object({
  id: z.uuid(),
  url: z.string(),
  fileName: z.string(),
});
export type TKbImage = z.infer<typeof ZKbImage>;

export const ZKbImageIdParams = z.strictObject({
  id: z.uuid({ error: 'Invalid image ID format' }),
});

export const KB_IMAGE_MESSAGES = {
  imageNotFound: 'Image not found',
  imageTypeNotAllowed: 'Only PNG, JPEG, GIF and WebP images can be added to an article',
  uploadFailed: 'The image could not be uploaded',
} as const;

/** `/api/kb/images/{id}` */
export const kbImageUrl = (id: string) => `${API_PATHS.kbImages}/${id}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Exactly one of our image URLs (relative, nothing before or after): the one image source besides https. */
export const KB_IMAGE_URL = new RegExp(`^${API_PATHS.kbImages}/(${UUID})$`, 'i');

/** The distinct image ids an article's Markdown refers to (lower case), in order of first mention. */
export function kbImageIdsIn(markdown: string): string[] {
  const found = markdown.matchAll(new RegExp(`${API_PATHS.kbImages}/(${UUID})`, 'gi'));
  return [...new Set(Array.from(found, (match) => (match[1] ?? '').toLowerCase()))];
}
