import { ATTACHMENT_EXTENSION_TYPES, LIMITS, type TAttachmentMimeType } from '@helpdesk/contracts';

const FALLBACK_FILE_NAME = 'file';

// Control characters (C0 with CR and LF, DEL, C1) and format characters: the bidirectional
// overrides that make a name display as something else, zero-width characters, the BOM.
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

/**
 * A file name that is safe to store and send back: the last path component only (both '/' and
 * '\' separate), no control, CR/LF or direction-changing characters, trimmed, no leading dots,
 * at most 255 characters (the extension kept when shortening), and 'file' when nothing is left.
 */
export function sanitizeFileName(raw: string | undefined): string {
  // Bun's FormData gives a part sent with filename="" a File whose name is undefined, though typed string.
  const base = (raw ?? '').split(/[/\\]/).at(-1) ?? '';
  const cleaned = base.replace(UNSAFE_NAME_CHARACTERS, '').trim().replace(/^\.+/, '').trim();
  if (cleaned === '') return FALLBACK_FILE_NAME;
  const characters = Array.from(cleaned);
  if (characters.length <= LIMITS.fileNameMax) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return characters
    .slice(0, LIMITS.fileNameMax - keep.length)
    .concat(keep)
    .join('')
    .trim();
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

const bytesOf = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = bytesOf('PK\u0003\u0004');
const EMPTY_ZIP = bytesOf('PK\u0005\u0006');

// Markup a browser might render if it ever sniffed the file: refused in text files' first kilobyte.
const MARKUP =
  /<\s*(?:!doctype|\?xml|html|head|body|script|svg|iframe|frame|object|embed|meta|style|link|img|a\s)/i;

const utf8Decoder = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** How a check reads text: the whole file at once, or the first bytes of one still arriving. */
type TextReader = (bytes: Uint8Array) => string | null;

/**
 * Valid UTF-8 without NUL characters, not markup and not a script: what the text types must be.
 * With `decoder` in stream mode the bytes are the file's beginning: a character cut at their end waits.
 */
function readableText(bytes: Uint8Array, decoder = utf8Decoder(), isWhole = true): string | null {
  let text: string;
  try {
    text = decoder.decode(bytes, { stream: !isWhole });
  } catch {
    return null;
  }
  if (text.includes('\u0000')) return null;
  const head = text.slice(0, 1024);
  if (MARKUP.test(head) || head.startsWith('#!')) return null;
  return text;
}

/** Whether the file's first bytes are what its type says. */
function contentMatches(type: TAttachmentMimeType, bytes: Uint8Array, asText: TextReader): boolean {
  switch (type) {
    case 'image/png':
      return startsWith(bytes, PNG);
    case 'image/jpeg':
      return startsWith(bytes, JPEG);
    case 'image/gif':
      return startsWith(bytes, bytesOf('GIF87a')) || startsWith(bytes, bytesOf('GIF89a'));
    case 'image/webp':
      return startsWith(bytes, bytesOf('RIFF')) && startsWith(bytes, bytesOf('WEBP'), 8);
    case 'application/pdf':
      return startsWith(bytes, bytesOf('%PDF-'));
    case 'application/zip':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
      return startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP);
    case 'text/plain':
    case 'text/csv':
      return asText(bytes) !== null;
    case 'message/rfc822': {
      const text = asText(bytes);
      // A message starts with a header field: a name of printable characters but ':', then ':'.
      return text !== null && /^[!-9;-~]+:/.test(text);
    }
  }
}

export type AttachmentTypeCheck =
  | { isAllowed: true; type: TAttachmentMimeType }
  | { isAllowed: false; reason: 'type' | 'content' };

/** The type of a file without an extension, from its first bytes alone; null when it is none of ours. */
function sniffType(bytes: Uint8Array, asText: TextReader): TAttachmentMimeType | null {
  const binary = (
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'application/zip'] as const
  ).find((type) => contentMatches(type, bytes, asText));
  if (binary) return binary;
  return asText(bytes) === null ? null : 'text/plain';
}

/**
 * The stored type of an upload, decided by the server alone. The browser's declared type is not
 * used: Bun's multipart parser drops it (it guesses from the name), and a client could say
 * anything. The name's extension must be one of ATTACHMENT_EXTENSION_TYPES (so no page, script
 * or program such as .html, .svg or .exe gets through) and the first bytes must match that type
 * (magic numbers; UTF-8 text without NUL, markup or a #! line for the text types). A name without
 * an extension is typed from its bytes. The stored type is always one of ATTACHMENT_MIME_TYPES.
 */
export function checkAttachmentType(bytes: Uint8Array, fileName: string): AttachmentTypeCheck {
  return typeOf(bytes, fileName, (text) => readableText(text));
}

function typeOf(bytes: Uint8Array, fileName: string, asText: TextReader): AttachmentTypeCheck {
  const extension = extensionOf(fileName);
  if (extension === '') {
    const sniffed = sniffType(bytes, asText);
    return sniffed ? { isAllowed: true, type: sniffed } : { isAllowed: false, reason: 'type' };
  }
  // hasOwn: a name ending in '.constructor' must not find Object.prototype's.
  const claimed = Object.hasOwn(ATTACHMENT_EXTENSION_TYPES, extension)
    ? ATTACHMENT_EXTENSION_TYPES[extension]
    : undefined;
  if (!claimed) return { isAllowed: false, reason: 'type' };
  if (!contentMatches(claimed, bytes, asText)) return { isAllowed: false, reason: 'content' };
  return { isAllowed: true, type: claimed };
}

/** How many first bytes decide the type of a file still arriving: its magic number and 1024 characters of text at least. */
export const TYPE_HEAD_BYTES = 8 * 1024;

/**
 * checkAttachmentType for a file that arrives in pieces, with the same verdicts: the type is
 * decided as soon as the first TYPE_HEAD_BYTES are in (or the file ends before), so a file whose
 * name or first bytes are wrong is refused before the rest is read. A text file's later bytes are
 * checked as they pass (valid UTF-8, no NUL).
 */
export class AttachmentTypeStream {
  private readonly head: Uint8Array[] = [];
  private headBytes = 0;
  private verdict: AttachmentTypeCheck | null = null;
  /** The text types' decoder, kept across pieces so a character split between two is read whole. */
  private readonly decoder = utf8Decoder();

  constructor(private readonly fileName: string) {}

  /** Takes the next bytes; answers the refusal as soon as there is one, else null. */
  push(bytes: Uint8Array): AttachmentTypeCheck | null {
    if (this.verdict === null) {
      this.head.push(bytes);
      this.headBytes += bytes.byteLength;
      if (this.headBytes < TYPE_HEAD_BYTES) return null;
      return this.decide(false);
    }
    if (!this.isText()) return null;
    // Past the head only the encoding and NUL rules apply (markup is looked for in the head alone).
    return this.restIsText(bytes, false) ? null : this.refusedLater();
  }

  /** The verdict once the whole file is in. */
  finish(): AttachmentTypeCheck {
    if (this.verdict === null) return this.decide(true);
    if (!this.verdict.isAllowed || !this.isText()) return this.verdict;
    return this.restIsText(new Uint8Array(0), true) ? this.verdict : this.refusedLater();
  }

  private restIsText(bytes: Uint8Array, isLast: boolean): boolean {
    try {
      return !this.decoder.decode(bytes, { stream: !isLast }).includes('\u0000');
    } catch {
      return false;
    }
  }

  private decide(isWhole: boolean): AttachmentTypeCheck {
    const head = Buffer.concat(this.head);
    this.head.length = 0;
    let isDecoded = false;
    this.verdict = typeOf(head, this.fileName, (bytes) => {
      // The text rules read the head once with the kept decoder; a second look (sniffing) reads a copy.
      if (isDecoded) return readableText(bytes, utf8Decoder(), isWhole);
      isDecoded = true;
      return readableText(bytes, this.decoder, isWhole);
    });
    return this.verdict;
  }

  private isText(): boolean {
    return this.verdict?.isAllowed === true && TEXT_TYPES.has(this.verdict.type);
  }

  /** A text file that turned out not to be text after its head: what checkAttachmentType says of it. */
  private refusedLater(): AttachmentTypeCheck {
    this.verdict = { isAllowed: false, reason: extensionOf(this.fileName) === '' ? 'type' : 'content' };
    return this.verdict;
  }
}

const TEXT_TYPES: ReadonlySet<TAttachmentMimeType> = new Set(['text/plain', 'text/csv', 'message/rfc822']);
