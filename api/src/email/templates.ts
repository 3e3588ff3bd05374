import type { TEmailKind, TSettingsLanguage } from '@helpdesk/contracts';
import { mailText, type TMailMessageId, type TMailValues } from './mail-language.ts';

/** A message ready for the outbox: one subject line, a plain-text body and a simple HTML body. */
export type RenderedEmail = { subject: string; text: string; html: string };

/** Who the desk says it is: the company name from the settings, or a neutral name while none is set. */
export type Brand = { companyName: string };

export const FALLBACK_COMPANY_NAME = 'Help Desk';

/** A person as a message greets them. */
export type Greeting = { firstName: string };

/** What each kind of message needs; every value here is untrusted text (names, titles, comments). */
export type EmailData = {
  registration_received: Greeting;
  account_approved: Greeting & { username: string; signInUrl: string };
  account_rejected: Greeting;
  /** An administrator's link says so: it opens the administrator reset page. */
  password_reset: Greeting & { resetUrl: string; expiresInMinutes: number; isAdminAccount: boolean };
  ticket_confirmation: Greeting & { ticketNumber: string; title: string; ticketUrl: string };
  ticket_reply: Greeting & {
    ticketNumber: string;
    title: string;
    authorName: string;
    content: string;
    ticketUrl: string;
  };
  ticket_resolved: Greeting & { ticketNumber: string; title: string; ticketUrl: string };
  test: Greeting & { settingsUrl: string };
  /** Neutral on purpose: it goes to an address nobody has proven yet, so it repeats nothing anyone typed. */
  email_verification: Greeting & { confirmUrl: string; expiresInHours: number };
  email_changed: Greeting & { profileUrl: string };
  /** It goes to an address nobody has proven yet: it repeats only the name the inviting administrator typed. */
  account_invitation: Greeting & {
    setPasswordUrl: string;
    expiresInDays: number;
    /** For an account the desk opened for someone's mail: the username it signs in with (the desk chose it). */
    mailUsername?: string;
  };
  /**
   * The answer to mail from an address the desk does not take tickets from. Like the invitation it
   * goes to an address nobody has proven, so it repeats nothing the message said.
   */
  mail_refused: Greeting & { registerUrl: string };
  /** The answer to mail from an account an administrator has not approved yet: nothing was filed. */
  mail_account_pending: Greeting;
};

/**
 * Text made safe for HTML element content and quoted attribute values: Bun.escapeHTML escapes the five
 * characters that matter there (& < > " '). Its `'` comes out as `&#x27;`; the decimal `&#39;` keeps every
 * rendered message as it was (the output holds no other `&#x27;`: an `&` of the input is `&amp;` by then).
 */
export function escapeHtml(value: string): string {
  return Bun.escapeHTML(value).replaceAll('&#x27;', '&#39;');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters a header line must not hold.
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * One header-safe line: control characters (CR and LF above all, which would start a new header)
 * become spaces, runs of white space collapse, and an over-long value is cut with an ellipsis.
 */
export function oneLine(value: string, max = 200): string {
  const flat = value.replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The name the desk signs with: the configured company name on one line, or the fallback. */
export function brandName(brand: Brand): string {
  return oneLine(brand.companyName, 100) || FALLBACK_COMPANY_NAME;
}

/** Only absolute http(s) links go into a message; anything else would be a bug upstream. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`refusing a ${parsed.protocol} link in an email`);
  }
  return parsed.toString();
}

/** One piece of a message body, written once and rendered as both text and HTML. */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'facts'; rows: [string, string][] };

type Message = { subject: string; greetingName: string; blocks: Block[] };

const paragraph = (text: string): Block => ({ kind: 'paragraph', text });

function textOf(block: Block, language: TSettingsLanguage): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    // How a label meets its value is the language's ("Lien : …" in French), so it is a message too.
    case 'button':
      return mailText(language, 'mail.labelled', { label: block.label, value: safeUrl(block.url) });
    case 'facts':
      return block.rows
        .map(([label, value]) => mailText(language, 'mail.labelled', { label, value }))
        .join('\n');
  }
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937';

function htmlOf(block: Block, language: TSettingsLanguage): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'quote':
      // pre-wrap keeps the writer's line breaks without turning their text into markup.
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;color:#374151;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
    case 'button': {
      const href = escapeHtml(safeUrl(block.url));
      return `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(mailText(language, 'mail.openLink'))} ${href}</p>`;
    }
    case 'facts':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 12px 2px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
  }
}

function render(message: Message, brand: Brand, language: TSettingsLanguage): RenderedEmail {
  const name = brandName(brand);
  const greetingName = oneLine(message.greetingName, 100);
  const greeting = greetingName
    ? mailText(language, 'mail.greeting', { name: greetingName })
    : mailText(language, 'mail.greetingAnonymous');
  const signature = `— ${name}`;
  const text = [greeting, ...message.blocks.map((block) => textOf(block, language)), signature].join('\n\n');
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    `<body style="margin:0;padding:24px;background:#f3f4f6"><div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;${FONT}">`,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
    ...message.blocks.map((block) => htmlOf(block, language)),
    `<p style="margin:24px 0 0;color:#6b7280">${escapeHtml(signature)}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { subject: oneLine(`[${name}] ${message.subject}`, 300), text, html };
}

const ticketLabel = (ticketNumber: string, title: string) =>
  `${oneLine(ticketNumber, 50)}: ${oneLine(title, 150)}`;

/** The mail catalogue in the recipient's language (mail-language.ts). */
type MailT = (id: TMailMessageId, values?: TMailValues) => string;

type TBuild<K extends TEmailKind> = (data: EmailData[K], brand: Brand, t: MailT) => Message;

const viewTicket = (url: string, t: MailT): Block => ({ kind: 'button', label: t('mail.viewTicket'), url });

const MESSAGES: { [K in TEmailKind]: TBuild<K> } = {
  // Anyone can register any address, so this message carries no text the registrant typed (no
  // name, no username): it cannot be made to say something to a stranger in the desk's name.
  registration_received: (_data, brand, t) => ({
    subject: t('mail.registrationReceived.subject'),
    greetingName: '',
    blocks: [
      paragraph(t('mail.registrationReceived.review', { brand: brandName(brand) })),
      paragraph(t('mail.registrationReceived.wait')),
    ],
  }),
  account_approved: (data, _brand, t) => ({
    subject: t('mail.accountApproved.subject'),
    greetingName: data.firstName,
    blocks: [
      paragraph(t('mail.accountApproved.approved', { username: oneLine(data.username, 50) })),
      { kind: 'button', label: t('mail.accountApproved.signIn'), url: data.signInUrl },
    ],
  }),
  account_rejected: (data, _brand, t) => ({
    subject: t('mail.accountRejected.subject'),
    greetingName: data.firstName,
    blocks: [paragraph(t('mail.accountRejected.reviewed')), paragraph(t('mail.accountRejected.mistake'))],
  }),
  password_reset: (data, _brand, t) => ({
    subject: t(data.isAdminAccount ? 'mail.passwordReset.subjectAdmin' : 'mail.passwordReset.subject'),
    greetingName: data.firstName,
    blocks: [
      paragraph(t(data.isAdminAccount ? 'mail.passwordReset.askedAdmin' : 'mail.passwordReset.asked')),
      { kind: 'button', label: t('mail.passwordReset.button'), url: data.resetUrl },
      paragraph(t('mail.passwordReset.expiry', { minutes: data.expiresInMinutes })),
    ],
  }),
  ticket_confirmation: (data, _brand, t) => ({
    subject: t('mail.ticketConfirmation.subject', { ticket: ticketLabel(data.ticketNumber, data.title) }),
    greetingName: data.firstName,
    blocks: [
      paragraph(t('mail.ticketConfirmation.received')),
      {
        kind: 'facts',
        rows: [
          [t('mail.facts.ticket'), oneLine(data.ticketNumber, 50)],
          [t('mail.facts.subject'), oneLine(data.title, 500)],
        ],
      },
      viewTicket(data.ticketUrl, t),
    ],
  }),
  ticket_reply: (data, _brand, t) => ({
    subject: t('mail.ticketReply.subject', { ticket: ticketLabel(data.ticketNumber, data.title) }),
    greetingName: data.firstName,
    blocks: [
      paragraph(
        t('mail.ticketReply.replied', {
          author: oneLine(data.authorName, 200),
          ticketNumber: oneLine(data.ticketNumber, 50),
        }),
      ),
      { kind: 'quote', text: data.content },
      viewTicket(data.ticketUrl, t),
    ],
  }),
  ticket_resolved: (data, _brand, t) => ({
    subject: t('mail.ticketResolved.subject', { ticket: ticketLabel(data.ticketNumber, data.title) }),
    greetingName: data.firstName,
    blocks: [
      paragraph(t('mail.ticketResolved.resolved', { ticketNumber: oneLine(data.ticketNumber, 50) })),
      paragraph(t('mail.ticketResolved.notSolved')),
      viewTicket(data.ticketUrl, t),
    ],
  }),
  test: (data, _brand, t) => ({
    subject: t('mail.test.subject'),
    greetingName: data.firstName,
    blocks: [
      paragraph(t('mail.test.body')),
      { kind: 'button', label: t('mail.test.button'), url: data.settingsUrl },
    ],
  }),
  account_invitation: (data, brand, t) => ({
    subject: t('mail.accountInvitation.subject'),
    // An account opened for mail has the name the message gave, which nobody has vouched for.
    greetingName: data.mailUsername === undefined ? data.firstName : '',
    blocks: [
      paragraph(
        data.mailUsername === undefined
          ? t('mail.accountInvitation.created', { brand: brandName(brand) })
          : t('mail.accountInvitation.createdForMail', {
              brand: brandName(brand),
              username: oneLine(data.mailUsername, 50),
            }),
      ),
      { kind: 'button', label: t('mail.accountInvitation.button'), url: data.setPasswordUrl },
      paragraph(t('mail.accountInvitation.expiry', { days: data.expiresInDays })),
    ],
  }),
  mail_refused: (data, brand, t) => ({
    subject: t('mail.mailRefused.subject'),
    // The mail service passes no name: a stranger's display name is text the message said.
    greetingName: data.firstName,
    blocks: [
      paragraph(t('mail.mailRefused.accountsOnly', { brand: brandName(brand) })),
      paragraph(t('mail.mailRefused.signUpFirst')),
      { kind: 'button', label: t('mail.mailRefused.button'), url: data.registerUrl },
    ],
  }),
  mail_account_pending: (data, _brand, t) => ({
    subject: t('mail.mailAccountPending.subject'),
    greetingName: data.firstName,
    blocks: [paragraph(t('mail.mailAccountPending.waiting')), paragraph(t('mail.mailAccountPending.later'))],
  }),
  email_verification: (data, brand, t) => ({
    subject: t('mail.emailVerification.subject'),
    greetingName: '',
    blocks: [
      paragraph(t('mail.emailVerification.confirm', { brand: brandName(brand) })),
      { kind: 'button', label: t('mail.emailVerification.button'), url: data.confirmUrl },
      paragraph(t('mail.emailVerification.expiry', { hours: data.expiresInHours })),
    ],
  }),
  email_changed: (data, _brand, t) => ({
    subject: t('mail.emailChanged.subject'),
    greetingName: '',
    blocks: [
      paragraph(t('mail.emailChanged.asked')),
      paragraph(t('mail.emailChanged.notYou')),
      { kind: 'button', label: t('mail.emailChanged.button'), url: data.profileUrl },
    ],
  }),
};

/** Renders one kind of message with its data, branded with the company name, in the recipient's language. */
export function renderEmail<K extends TEmailKind>(
  kind: K,
  data: EmailData[K],
  brand: Brand,
  language: TSettingsLanguage = 'en',
): RenderedEmail {
  const build: TBuild<K> = MESSAGES[kind];
  const t: MailT = (id, values) => mailText(language, id, values);
  return render(build(data, brand, t), brand, language);
}
