/**
 * A multipart/form-data body read as it arrives (RFC 7578), never held whole: the parts' headers
 * are read (at most MAX_PART_HEADER_BYTES each) and a part's content is handed on in pieces as
 * soon as it is known not to hold the next boundary. Only what the upload route needs: each
 * part's field name and file name, and its bytes.
 */

/** A part's headers past this size make the body malformed (a browser sends a few hundred bytes). */
const MAX_PART_HEADER_BYTES = 16 * 1024;

/** A part as its Content-Disposition names it; fileName is null for a plain field, '' for filename="". */
export type PartHead = { name: string; fileName: string | null };

/** What the body holds, in order: a part's head, then its content in pieces. */
export type MultipartEvent = { part: PartHead } | { data: Uint8Array };

/** The body is not the multipart it says it is (no boundary, a truncated part, no Content-Disposition). */
export class MalformedMultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const CLOSE = Buffer.from('--');

/** The boundary of a multipart Content-Type, or null when it names none (RFC 2046: 1 to 70 characters). */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function parseHead(bytes: Uint8Array): PartHead {
  const lines = new TextDecoder().decode(bytes).split('\r\n');
  const disposition = lines
    .map((line) => /^content-disposition\s*:\s*(.*)$/i.exec(line)?.[1])
    .find((value) => value !== undefined);
  if (disposition === undefined || !/^form-data\s*(;|$)/i.test(disposition)) {
    throw new MalformedMultipartError('a part without form-data Content-Disposition');
  }
  const params = new Map<string, string>();
  for (const match of disposition.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:\\"|[^"])*)"|([^;]*))/g)) {
    const key = (match[1] ?? '').toLowerCase();
    // Only an escaped quote is unescaped: a backslash is a Windows path separator in a file name.
    if (!params.has(key)) params.set(key, match[2]?.replaceAll('\\"', '"') ?? (match[3] ?? '').trim());
  }
  const name = params.get('name');
  if (name === undefined) throw new MalformedMultipartError('a part without a name');
  return { name, fileName: params.get('filename') ?? null };
}

/**
 * The events of a multipart body whose chunks `next` answers (null at its end). The content of a
 * part is handed on as it arrives, less the few bytes that could start the next boundary.
 */
export async function* readMultipart(
  next: () => Promise<Uint8Array | null>,
  boundary: string,
): AsyncGenerator<MultipartEvent, void> {
  // A leading CRLF makes the first boundary look like every other one.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer = Buffer.from(CRLF);
  let isEnded = false;
  let state: 'preamble' | 'delimited' | 'head' | 'content' = 'preamble';
  const more = async () => {
    const chunk = isEnded ? null : await next();
    if (chunk === null) {
      if (isEnded) throw new MalformedMultipartError('the body ended inside a part');
      isEnded = true;
      return;
    }
    buffer = buffer.byteLength === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
  };
  for (;;) {
    if (state === 'preamble' || state === 'content') {
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        if (state === 'content' && at > 0) yield { data: buffer.subarray(0, at) };
        buffer = buffer.subarray(at + delimiter.byteLength);
        state = 'delimited';
        continue;
      }
      const safe = buffer.byteLength - (delimiter.byteLength - 1);
      if (safe > 0) {
        if (state === 'content') yield { data: buffer.subarray(0, safe) };
        buffer = buffer.subarray(safe);
      }
      await more();
    } else if (state === 'delimited') {
      if (buffer.byteLength < 2) {
        await more();
        continue;
      }
      // The close delimiter ends the body; whatever follows it is an epilogue and is not read.
      if (buffer.subarray(0, 2).equals(CLOSE)) return;
      if (!buffer.subarray(0, 2).equals(CRLF)) throw new MalformedMultipartError('junk after a boundary');
      buffer = buffer.subarray(2);
      state = 'head';
    } else {
      const end = buffer.subarray(0, 2).equals(CRLF) ? -2 : buffer.indexOf(HEADERS_END);
      if (end === -1) {
        if (buffer.byteLength > MAX_PART_HEADER_BYTES)
          throw new MalformedMultipartError('part headers too long');
        await more();
        continue;
      }
      if (end === -2) throw new MalformedMultipartError('a part without headers');
      yield { part: parseHead(buffer.subarray(0, end)) };
      buffer = buffer.subarray(end + HEADERS_END.byteLength);
      state = 'content';
    }
  }
}
