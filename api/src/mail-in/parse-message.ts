import { htmlToText } from 'html-to-text';
import type { AddressObject, Attachment, HeaderLines, ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';

/** An address as the message states it: the address lower-cased, the display name as written. */
export type MailAddress = { address: string; name: string };

/** An attached or inline file, as the sender named and typed it (checked later like an upload). */
export type InboundFile = {
  fileName: string;
  contentType: string;
  size: number;
  content: Buffer;
  /** Shown in the body (an image pasted into the mail) rather than attached. */
  isInline: boolean;
};

/** What could not be read in full: the message is still recorded, with these named for staff. */
export type ParseProblem =
  | 'too-large'
  | 'unreadable-body'
  | 'unreadable-headers'
  | 'too-many-files'
  | 'text-truncated'
  | 'too-many-references';

/** One incoming message, reduced to what the desk acts on. Header values never hold CR or LF. */
export type InboundMessage = {
  from: MailAddress | null;
  replyTo: MailAddress[];
  to: string[];
  cc: string[];
  /** Delivered-To and X-Original-To: the mailbox address the server delivered to (plus tags kept). */
  deliveredTo: string[];
  subject: string;
  messageId: string | null;
  inReplyTo: string | null;
  /** Oldest first, as sent; capped (see MAX_REFERENCES). */
  references: string[];
  date: Date | null;
  /** The plain part, or the HTML part turned into text; HTML itself is never kept. */
  text: string;
  files: InboundFile[];
  autoSubmitted: string | null;
  /** Exchange's request not to be answered automatically (`All`, `OOF`, `AutoReply`, ...). */
  autoResponseSuppress: string | null;
  /** X-Autoreply / X-Autorespond: vacation programs that predate Auto-Submitted still send these. */
  hasAutoReplyHeader: boolean;
  precedence: string | null;
  listId: string | null;
  listUnsubscribe: string | null;
  /** Empty Return-Path: the null sender of bounces and other automatic notices. */
  hasNullReturnPath: boolean;
  isBounce: boolean;
  /** For a bounce: the Message-ID of the message that could not be delivered, when the report names it. */
  bouncedMessageId: string | null;
  sizeBytes: number;
  problems: ParseProblem[];
};

export type ParseLimits = {
  /** Larger messages are read for their headers only (the size is checked before any parsing). */
  maxMessageBytes: number;
  maxFiles: number;
  maxTextChars: number;
};

/**
 * A reply carries a few References; a thousand is an attack or a broken client. The first is the
 * thread's root and the last are the nearest to the message answered, so those are the ones kept
 * (as news and mail software trims an overlong References); each kept id may cost a lookup.
 */
export const MAX_REFERENCES = 50;

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  // Attachments are base64 in mail (4/3 of their size): room for a couple of files at the upload limit.
  maxMessageBytes: 30 * 1024 * 1024,
  maxFiles: 50,
  maxTextChars: 100_000,
};

/** The head of a message read when its body cannot be: enough for a thousand References. */
const MAX_HEAD_BYTES = 256 * 1024;
const MAX_HEADER_VALUE_CHARS = 998;

const PARSER_OPTIONS = {
  // The HTML part is turned into text here (htmlText), with the desk's own rules.
  skipHtmlToText: true,
  // Speed and memory on hostile input: no linkified copy of the text, no images inlined as data URIs.
  skipTextToHtml: true,
  skipTextLinks: true,
  keepCidLinks: true,
  // The delivery report stays a part of its own instead of being mixed into the bounce's text.
  keepDeliveryStatus: true,
} as const;

/** More HTML than this is cut before conversion: far beyond any hand-written mail, bounded work. */
const MAX_HTML_CHARS = 2_000_000;

/**
 * Text from an HTML part. Scripts, styles and the head never become text; images are dropped (a
 * tracking pixel is no content, real pictures arrive as files); lines are not re-wrapped, so an
 * attribution such as "On <date>, X wrote:" stays on one line for the reply trimming.
 */
export function htmlText(html: string): string {
  return htmlToText(html.slice(0, MAX_HTML_CHARS), {
    wordwrap: false,
    limits: { maxDepth: 200, maxChildNodes: 20_000 },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkIfSameAsText: true } },
    ],
  });
}

/**
 * Control characters (CR and LF among them) and line separators become spaces and format characters
 * (bidirectional overrides, zero-width ones) go: what is left is one visible line (VISIBLE_LINE in
 * contracts, what a ticket title must be), and no header the desk stores or sends on can be split.
 */
function cleanHeaderText(value: string, max = MAX_HEADER_VALUE_CHARS): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\p{Cf}+/gu, '')
    .trim()
    .slice(0, max);
}

/** A Message-ID in its canonical `<id@domain>` form, or null when the value is not one. */
export function normalizeMessageId(value: string): string | null {
  const match = /<([^<>\s]+@[^<>\s]+)>/.exec(value) ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(value);
  if (!match?.[1] || match[1].length > MAX_HEADER_VALUE_CHARS) return null;
  return /[\p{Cc}\p{Cf}]/u.test(match[1]) ? null : `<${match[1]}>`;
}

/** Every Message-ID in a header value such as References, in order. */
function messageIdsIn(value: string): string[] {
  const ids: string[] = [];
  for (const match of value.matchAll(/<[^<>\s]+@[^<>\s]+>/g)) {
    const id = normalizeMessageId(match[0]);
    if (id) ids.push(id);
  }
  return ids;
}

function capReferences(ids: string[]): string[] {
  if (ids.length <= MAX_REFERENCES) return ids;
  return [ids[0] as string, ...ids.slice(ids.length - (MAX_REFERENCES - 1))];
}

/** local@domain with nothing that would need quoting: the only shape the desk acts on or answers. */
const PLAIN_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

function toAddresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const addresses: MailAddress[] = [];
  for (const object of objects) {
    for (const entry of object.value) {
      for (const member of entry.group ?? [entry]) {
        const address = cleanHeaderText(member.address ?? '', 254).toLowerCase();
        if (PLAIN_ADDRESS.test(address)) {
          addresses.push({ address, name: cleanHeaderText(member.name ?? '', 200) });
        }
      }
    }
  }
  return addresses;
}

/** The unfolded raw values of one header (lower-case name), in order. */
function rawHeaders(lines: HeaderLines, key: string): string[] {
  return lines
    .filter((line) => line.key === key)
    .map((line) => line.line.slice(line.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' '));
}

function firstRawHeader(lines: HeaderLines, key: string): string | null {
  const value = rawHeaders(lines, key)[0];
  return value === undefined ? null : cleanHeaderText(value) || null;
}

/** Addresses in raw header values such as Delivered-To: `<a@b>` or a bare `a@b`. */
function rawAddresses(values: string[]): string[] {
  const found = values.flatMap((value) => value.match(/[^\s<>"',;:]+@[^\s<>"',;:]+/g) ?? []);
  return [...new Set(found.map((address) => cleanHeaderText(address, 254).toLowerCase()))];
}

/** The head of a raw message, up to the blank line (or the cap, cut at a line end). */
function headOf(source: Buffer): Buffer {
  const limit = Math.min(source.length, MAX_HEAD_BYTES);
  const window = source.subarray(0, limit);
  const crlf = window.indexOf('\r\n\r\n');
  const lf = window.indexOf('\n\n');
  const ends = [crlf, lf].filter((index) => index >= 0);
  if (ends.length > 0) return window.subarray(0, Math.min(...ends));
  const lastLine = window.lastIndexOf('\n');
  return lastLine > 0 ? window.subarray(0, lastLine) : window;
}

/** The Message-ID in a block of headers (a returned message or its text/rfc822-headers copy). */
function messageIdInHeaders(content: Buffer): string | null {
  const head = headOf(content).toString('latin1');
  const match = /^message-id:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return match?.[1] ? normalizeMessageId(match[1].replace(/\r?\n[ \t]+/g, ' ')) : null;
}

const AUTO_REPLY_HEADERS = new Set(['x-autoreply', 'x-autorespond', 'x-autoresponder', 'x-autoreply-from']);

const BOUNCE_SENDER = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@/i;

function readBounce(
  mail: ParsedMail,
  from: MailAddress | null,
): Pick<InboundMessage, 'isBounce' | 'bouncedMessageId'> {
  const contentType = mail.headers.get('content-type');
  const isReport =
    typeof contentType === 'object' &&
    'params' in contentType &&
    contentType.value === 'multipart/report' &&
    contentType.params['report-type']?.toLowerCase() === 'delivery-status';
  const isBounce = isReport || (from !== null && BOUNCE_SENDER.test(from.address));
  if (!isBounce) return { isBounce: false, bouncedMessageId: null };
  const returned = mail.attachments.find(
    (part) => part.contentType === 'message/rfc822' || part.contentType === 'text/rfc822-headers',
  );
  return { isBounce, bouncedMessageId: returned ? messageIdInHeaders(returned.content) : null };
}

function toFile(part: Attachment, index: number): InboundFile {
  const fileName = cleanHeaderText(part.filename ?? '', 255) || `part-${index + 1}`;
  return {
    fileName,
    contentType: cleanHeaderText(part.contentType, 100).toLowerCase() || 'application/octet-stream',
    size: part.size,
    content: part.content,
    isInline: part.contentDisposition === 'inline' || part.related === true,
  };
}

function fromParsed(mail: ParsedMail, sizeBytes: number, limits: ParseLimits, problems: ParseProblem[]) {
  const from = toAddresses(mail.from)[0] ?? null;
  const lines = mail.headerLines;
  const references = messageIdsIn(rawHeaders(lines, 'references').join(' '));
  if (references.length > MAX_REFERENCES) problems.push('too-many-references');
  const plain = mail.text?.trim() ? mail.text : '';
  let text = (plain || (mail.html ? htmlText(mail.html) : '')).replace(/\r\n?/g, '\n').trim();
  if (text.length > limits.maxTextChars) {
    text = text.slice(0, limits.maxTextChars);
    problems.push('text-truncated');
  }
  if (mail.attachments.length > limits.maxFiles) problems.push('too-many-files');
  const returnPath = firstRawHeader(lines, 'return-path');
  const message: InboundMessage = {
    from,
    replyTo: toAddresses(mail.replyTo),
    to: toAddresses(mail.to).map((entry) => entry.address),
    cc: toAddresses(mail.cc).map((entry) => entry.address),
    deliveredTo: rawAddresses([...rawHeaders(lines, 'delivered-to'), ...rawHeaders(lines, 'x-original-to')]),
    subject: cleanHeaderText(mail.subject ?? ''),
    messageId: normalizeMessageId(firstRawHeader(lines, 'message-id') ?? ''),
    inReplyTo: messageIdsIn(firstRawHeader(lines, 'in-reply-to') ?? '')[0] ?? null,
    references: capReferences(references),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    text,
    files: mail.attachments.slice(0, limits.maxFiles).map(toFile),
    autoSubmitted: firstRawHeader(lines, 'auto-submitted'),
    autoResponseSuppress: firstRawHeader(lines, 'x-auto-response-suppress'),
    hasAutoReplyHeader: lines.some((line) => AUTO_REPLY_HEADERS.has(line.key)),
    precedence: firstRawHeader(lines, 'precedence'),
    listId: firstRawHeader(lines, 'list-id'),
    listUnsubscribe: firstRawHeader(lines, 'list-unsubscribe'),
    hasNullReturnPath: returnPath !== null && /^<\s*>$/.test(returnPath),
    ...readBounce(mail, from),
    sizeBytes,
    problems,
  };
  return message;
}

function emptyMessage(sizeBytes: number, problems: ParseProblem[]): InboundMessage {
  return {
    from: null,
    replyTo: [],
    to: [],
    cc: [],
    deliveredTo: [],
    subject: '',
    messageId: null,
    inReplyTo: null,
    references: [],
    date: null,
    text: '',
    files: [],
    autoSubmitted: null,
    autoResponseSuppress: null,
    hasAutoReplyHeader: false,
    precedence: null,
    listId: null,
    listUnsubscribe: null,
    hasNullReturnPath: false,
    isBounce: false,
    bouncedMessageId: null,
    sizeBytes,
    problems,
  };
}

/** The headers alone, for a message whose body is too large or cannot be read. */
async function parseHeadOnly(source: Buffer, limits: ParseLimits, problems: ParseProblem[]) {
  try {
    const mail = await simpleParser(Buffer.concat([headOf(source), Buffer.from('\r\n\r\n')]), PARSER_OPTIONS);
    return { ...fromParsed(mail, source.length, limits, problems), text: '', files: [] };
  } catch {
    return emptyMessage(source.length, [...problems, 'unreadable-headers']);
  }
}

/**
 * An RFC 822 message as the desk reads it. Never throws: a message too large, with broken MIME or
 * too many parts comes back with what could be read (at least its headers) and its problems named.
 */
export async function parseMessage(
  source: Buffer,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<InboundMessage> {
  if (source.length > limits.maxMessageBytes) return parseHeadOnly(source, limits, ['too-large']);
  try {
    const mail = await simpleParser(source, PARSER_OPTIONS);
    return fromParsed(mail, source.length, limits, []);
  } catch {
    // mailparser refuses some hostile shapes outright (more than its 1,000 MIME nodes, a head over 1 MB).
    return parseHeadOnly(source, limits, ['unreadable-body']);
  }
}
