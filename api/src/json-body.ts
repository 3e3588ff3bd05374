import { API_PATHS, ERROR_CODES, LIMITS, SERVER_MESSAGES } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { ApiError, badRequest } from './errors.ts';

/** 413 with the generic message, or the one given. */
export const tooLarge = (message: string = SERVER_MESSAGES.payloadTooLarge) =>
  new ApiError(413, ERROR_CODES.payloadTooLarge, message);

/**
 * The routes that take multipart/form-data (an attachment upload, an article image). The parser leaves
 * their body unread: the handler streams it, capped, after the session and the permission are checked.
 */
export const MULTIPART_ROUTES: ReadonlySet<string> = new Set([
  `POST ${API_PATHS.tickets}/:id/attachments`,
  `POST ${API_PATHS.kbImages}`,
]);

/** Reads at most maxBytes of the body, stopping (and refusing) as soon as the stream goes past it. */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onTooLarge: () => ApiError = () => tooLarge(),
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw onTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * How deep a JSON body may nest arrays and objects. The contracts' bodies go three levels deep;
 * without a cap a 36 KB body nested 18,000 levels made Elysia's validation error (which
 * pretty-prints the value it refused) take 4 seconds and 1.5 GB per request.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests deeper than maxDepth, found in one pass over the text (strings skipped), before parsing. */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) isInString = false;
    } else if (code === 0x22) {
      isInString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** The path of the first string (value or key) holding a NUL character, which PostgreSQL text cannot store. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return itemPath;
      const found = findNul(item, itemPath);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The only body parser: JSON, as application/json, at most 1 MB (LIMITS.maxJsonBodyBytes) counted
 * while reading. Anything else is 415, a bigger body 413, bad JSON or bad UTF-8 400. The one
 * exception is the attachment upload (MULTIPART_ROUTES): multipart only, read by its handler.
 * Routes with a body also say `parse: 'json'`: this parser has already set the body by then, so
 * Elysia's own JSON parser never runs, but the OpenAPI document learns the content type from it.
 */
export function createJsonBodyParser(maxBytes: number = LIMITS.maxJsonBodyBytes) {
  return new Elysia({ name: 'json-body' }).onParse(
    { as: 'global' },
    async ({ request, contentType, route }) => {
      // Its content type is checked by the handler too, so an anonymous caller learns 401 first.
      if (MULTIPART_ROUTES.has(`${request.method} ${route}`)) return null;
      if (!request.body) return null;
      const declared = Number(request.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBytes) throw tooLarge();
      if (contentType.trim().toLowerCase() !== 'application/json') {
        // An empty body under any (or no) content type is simply no body.
        if (declared === 0) return null;
        throw new ApiError(415, ERROR_CODES.unsupportedMediaType, SERVER_MESSAGES.unsupportedMediaType);
      }
      const bytes = await readCapped(request.body, maxBytes);
      if (bytes.byteLength === 0) return null;
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw badRequest(SERVER_MESSAGES.malformedJson);
      }
      if (isNestedDeeperThan(text, MAX_JSON_DEPTH))
        throw badRequest(SERVER_MESSAGES.validation, {
          body: `Must not nest deeper than ${MAX_JSON_DEPTH} levels`,
        });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw badRequest(SERVER_MESSAGES.malformedJson);
      }
      const nulPath = findNul(body, '');
      if (nulPath)
        throw badRequest(SERVER_MESSAGES.validation, { [nulPath]: 'Must not contain NUL characters' });
      return body;
    },
  );
}
