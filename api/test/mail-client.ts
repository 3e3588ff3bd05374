/**
 * A requester's mail client for tests: composes RFC 822 messages the way common clients do (text,
 * attachments, threading and automatic-mail headers), answers a message the desk sent (quoting it,
 * In-Reply-To and References set), and delivers by IMAP APPEND into a support mailbox, which is what
 * the desk's fetcher sees after a mail server's delivery. Used by the e2e flow, the fault suite and the bench.
 */
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array | string };

export type OutgoingMail = {
  /** 'Ann Example <ann@example.com>' or a bare address. */
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** Made up (random, on the sender's domain) when not given. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** Further headers, e.g. { 'Auto-Submitted': 'auto-replied' }; values are one line. */
  headers?: Record<string, string>;
  date?: Date;
};

export type ImapTarget = { host: string; port: number; user: string; password: string; folder?: string };

const CRLF = '\r\n';
// Headers are one line each: a CR or LF in a value would start a header of its own.
const LINE_BREAK = /[\r\n]/;

function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'client.test';
}

/** Bare address of 'Name <a@b>' or 'a@b'. */
export function addressOf(mailbox: string): string {
  return (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** RFC 2047 for a header value that is not plain ASCII. */
function encodeWords(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function header(name: string, value: string): string {
  if (LINE_BREAK.test(value) || LINE_BREAK.test(name)) throw new Error(`header ${name} must be one line`);
  return `${name}: ${value}`;
}

/** 'Name <a@b>' with the name encoded when it is not plain ASCII. */
function mailboxHeader(name: string, mailbox: string): string {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(mailbox);
  if (!match?.[1] || LINE_BREAK.test(mailbox)) return header(name, mailbox);
  return header(name, `${encodeWords(match[1])} <${match[2]}>`);
}

/** Base64 in 76-character lines, as MIME wants it. */
function base64Lines(content: Uint8Array | string): string {
  const encoded = Buffer.from(content).toString('base64');
  return (encoded.match(/.{1,76}/g) ?? []).join(CRLF);
}

function textPart(text: string): string[] {
  return [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(text.replaceAll(/\r?\n/g, CRLF)),
  ];
}

/** A random Message-ID on the sender's domain, as clients make them. */
export function newMessageId(from: string): string {
  return `<${crypto.randomUUID()}@${domainOf(addressOf(from))}>`;
}

/** The message as a client would send it: headers, then text alone or multipart/mixed with the files. */
export function composeMail(mail: OutgoingMail): string {
  const lines = [
    mailboxHeader('From', mail.from),
    mailboxHeader('To', mail.to),
    LINE_BREAK.test(mail.subject)
      ? header('Subject', mail.subject)
      : header('Subject', encodeWords(mail.subject)),
    header('Date', (mail.date ?? new Date()).toUTCString().replace('GMT', '+0000')),
    header('Message-ID', mail.messageId ?? newMessageId(mail.from)),
    ...(mail.inReplyTo ? [header('In-Reply-To', mail.inReplyTo)] : []),
    ...(mail.references?.length ? [header('References', mail.references.join(' '))] : []),
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => header(name, value)),
    'MIME-Version: 1.0',
  ];
  const attachments = mail.attachments ?? [];
  if (!attachments.length) return [...lines, ...textPart(mail.text), ''].join(CRLF);
  const boundary = `----=_Part_${crypto.randomUUID().replaceAll('-', '')}`;
  const parts = [
    textPart(mail.text).join(CRLF),
    ...attachments.map((file) =>
      [
        `Content-Type: ${file.contentType}; name="${file.filename}"`,
        'Content-Transfer-Encoding: base64',
        `Content-Disposition: attachment; filename="${file.filename}"`,
        '',
        base64Lines(file.content),
      ].join(CRLF),
    ),
  ];
  return [
    ...lines,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts.map((part) => `--${boundary}${CRLF}${part}`),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/**
 * The answer a client writes to `original` (its raw source): to its Reply-To or else its From, "Re: "
 * once, In-Reply-To its Message-ID, References its References plus that id, and the new text above
 * an attribution line and the original quoted with "> ".
 */
export async function composeReply(
  original: string | Uint8Array,
  reply: { from: string; text: string; attachments?: MailAttachment[]; headers?: Record<string, string> },
): Promise<string> {
  const parsed = await simpleParser(Buffer.from(original));
  const answerTo = parsed.replyTo?.value[0]?.address ?? parsed.from?.value[0]?.address;
  if (!answerTo) throw new Error('the original names no sender to answer');
  if (!parsed.messageId) throw new Error('the original has no Message-ID to answer');
  const earlier = typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? []);
  const subject = parsed.subject ?? '';
  const sender = parsed.from?.value[0];
  const when = (parsed.date ?? new Date()).toUTCString();
  const quoted = (parsed.text ?? '')
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return composeMail({
    from: reply.from,
    to: answerTo,
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    text: `${reply.text}\n\nOn ${when}, ${sender?.name ? `${sender.name} <${sender.address}>` : sender?.address} wrote:\n${quoted}\n`,
    inReplyTo: parsed.messageId,
    references: [...earlier, parsed.messageId],
    attachments: reply.attachments,
    headers: reply.headers,
  });
}

/** APPENDs each message to the target folder over one connection (in order); returns their UIDs. */
export async function appendMail(target: ImapTarget, messages: readonly (string | Uint8Array)[]) {
  const client = new ImapFlow({
    host: target.host,
    port: target.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: target.user, pass: target.password },
    logger: false,
    disableAutoIdle: true,
  });
  await client.connect();
  try {
    const uids: number[] = [];
    for (const message of messages) {
      const appended = await client.append(target.folder ?? 'INBOX', Buffer.from(message));
      if (!appended || appended.uid === undefined) throw new Error('APPEND gave no UID');
      uids.push(appended.uid);
    }
    return uids;
  } finally {
    await client.logout();
  }
}
