import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from './constants/tickets.ts';
import { waitInWords } from './constants/wait-in-words.ts';
import { LIMITS } from './limits.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

/**
 * Support mailboxes (admins only): where the desk reads mail that becomes tickets and comments,
 * and the incoming messages that could not be processed or are held back. Rules in
 * docs/product.md#mailboxes. Secrets (an IMAP password, an OAuth2 client secret and refresh token)
 * are write-only: answers carry `hasSecret`, never the secret.
 */

export const MAILBOX_KINDS = ['imap', 'pipe'] as const;
export const MAILBOX_SECURITIES = ['tls', 'starttls', 'none'] as const;
export const MAILBOX_AUTH_METHODS = ['password', 'oauth2'] as const;
export const MAILBOX_AFTER_PROCESSING = ['seen', 'move', 'delete'] as const;
export const MAILBOX_UNKNOWN_SENDERS = ['create_account', 'refuse', 'allowed_domains'] as const;

export const MAILBOX_LIMITS = {
  nameMax: 100,
  hostMax: 255,
  usernameMax: 255,
  folderMax: 255,
  passwordMax: 1024,
  tokenUrlMax: 500,
  clientIdMax: 255,
  clientSecretMax: 1024,
  refreshTokenMax: 8192,
  allowedDomainsMax: 50,
  domainMax: 253,
  messagesLimitDefault: 50,
  messagesLimitMax: 100,
} as const;

export const MAILBOX_MESSAGES = {
  notFound: 'Mailbox not found',
  messageNotFound: 'Message not found',
  nameExists: 'A mailbox with this name already exists',
  addressExists: 'Another mailbox already reads this address',
  teamNotFound: 'Team not found',
  nothingToChange: 'Nothing to change',
  notFailed: 'Only a message that failed or is held back can be retried',
  hostRequired: 'Server is required for an IMAP mailbox',
  portRequired: 'Port is required for an IMAP mailbox',
  securityRequired: 'Security is required for an IMAP mailbox',
  usernameRequired: 'User name is required for an IMAP mailbox',
  passwordRequired: 'Password is required',
  tokenUrlRequired: 'Token URL is required for OAuth2',
  clientIdRequired: 'Client ID is required for OAuth2',
  clientSecretRequired: 'Client secret is required for OAuth2',
  refreshTokenRequired: 'Refresh token is required for OAuth2',
  moveFolderRequired: 'Choose the folder processed messages move to',
  allowedDomainsRequired: 'List at least one domain whose senders may open tickets',
  tokenUrl: 'Token URL must be an https:// address (http:// only on this machine)',
  invalidCursor: 'Invalid cursor',
  tooManyTests: (waitSeconds: number) =>
    `You have tested too many connections in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyChanges: (waitSeconds: number) =>
    `You have changed mailboxes too many times in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
} as const;

const visibleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(VISIBLE_LINE, invisibleCharactersMessage(label));

const required = (label: string, max: number) => visibleLine(label, max).min(1, `${label} is required`);

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[?[0-9A-Fa-f:.]+\]?)$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Whether a text is a mail domain such as example.com (lower case). */
export const isMailDomain = (value: string) => value.length <= MAILBOX_LIMITS.domainMax && DOMAIN.test(value);

/** Whether a token URL is https, or http on a loopback address (a local test endpoint). */
export function isAllowedTokenUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

const secretText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} is too long`)
    .regex(/^[^\r\n\0]*$/, `${label} must be one line`);

/** The connection part of a mailbox: what a Test connection needs. */
const connectionFields = {
  host: visibleLine('Server', MAILBOX_LIMITS.hostMax)
    .regex(HOST, 'Server must be a host name or IP address')
    .nullable()
    .default(null),
  port: z
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535')
    .nullable()
    .default(null),
  security: z
    .enum(MAILBOX_SECURITIES, { error: 'Security must be TLS, STARTTLS or none' })
    .nullable()
    .default(null),
  username: visibleLine('User name', MAILBOX_LIMITS.usernameMax).nullable().default(null),
  authMethod: z
    .enum(MAILBOX_AUTH_METHODS, { error: 'Sign-in must be password or OAuth2' })
    .default('password'),
  /** Write-only. Absent keeps the stored one. */
  password: secretText('Password', MAILBOX_LIMITS.passwordMax).optional(),
  oauthTokenUrl: z
    .string({ error: 'Token URL must be text' })
    .trim()
    .max(MAILBOX_LIMITS.tokenUrlMax, `Token URL must be at most ${MAILBOX_LIMITS.tokenUrlMax} characters`)
    .refine(isAllowedTokenUrl, MAILBOX_MESSAGES.tokenUrl)
    .nullable()
    .default(null),
  oauthClientId: visibleLine('Client ID', MAILBOX_LIMITS.clientIdMax).nullable().default(null),
  /** Write-only. Absent keeps the stored one. */
  oauthClientSecret: secretText('Client secret', MAILBOX_LIMITS.clientSecretMax).optional(),
  /** Write-only. Absent keeps the stored one. */
  oauthRefreshToken: secretText('Refresh token', MAILBOX_LIMITS.refreshTokenMax).optional(),
  folder: required('Folder', MAILBOX_LIMITS.folderMax).default('INBOX'),
};

const settingsFields = {
  name: required('Name', MAILBOX_LIMITS.nameMax),
  address: z
    .email('Please enter a valid email address')
    .max(LIMITS.emailMax, 'Please enter a valid email address'),
  kind: z.enum(MAILBOX_KINDS, { error: 'Kind must be IMAP or pipe' }).default('imap'),
  ...connectionFields,
  afterProcessing: z
    .enum(MAILBOX_AFTER_PROCESSING, { error: 'After processing must be seen, move or delete' })
    .default('seen'),
  moveToFolder: visibleLine('Move-to folder', MAILBOX_LIMITS.folderMax).nullable().default(null),
  plusAddressing: z.boolean({ error: 'Plus addressing must be true or false' }).default(true),
  teamId: z.uuid({ error: 'Invalid team ID format' }).nullable().default(null),
  priority: z.enum(TICKET_PRIORITIES, { error: 'Unknown priority' }).default('medium'),
  category: z.enum(TICKET_CATEGORIES, { error: 'Unknown category' }).default('other'),
  unknownSenders: z
    .enum(MAILBOX_UNKNOWN_SENDERS, {
      error: 'Unknown senders must be create_account, refuse or allowed_domains',
    })
    .default('refuse'),
  allowedDomains: z
    .array(
      z
        .string({ error: 'A domain must be text' })
        .trim()
        .toLowerCase()
        .max(MAILBOX_LIMITS.domainMax, 'Each domain must look like example.com')
        .regex(DOMAIN, 'Each domain must look like example.com'),
      { error: 'Allowed domains must be a list' },
    )
    .max(MAILBOX_LIMITS.allowedDomainsMax, `At most ${MAILBOX_LIMITS.allowedDomainsMax} domains`)
    .default([]),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
};

type Issue = { path: string; message: string };

/** Rules between fields (an IMAP mailbox needs a server, OAuth2 a token URL); secrets are checked by the server. */
export function mailboxSettingsIssues(s: {
  kind: string;
  host: string | null;
  port: number | null;
  security: string | null;
  username: string | null;
  authMethod: string;
  oauthTokenUrl: string | null;
  oauthClientId: string | null;
  afterProcessing?: string;
  moveToFolder?: string | null;
  unknownSenders?: string;
  allowedDomains?: readonly string[];
}): Issue[] {
  const issues: Issue[] = [];
  if (s.kind === 'imap') {
    if (!s.host) issues.push({ path: 'host', message: MAILBOX_MESSAGES.hostRequired });
    if (s.port === null) issues.push({ path: 'port', message: MAILBOX_MESSAGES.portRequired });
    if (!s.security) issues.push({ path: 'security', message: MAILBOX_MESSAGES.securityRequired });
    if (!s.username) issues.push({ path: 'username', message: MAILBOX_MESSAGES.usernameRequired });
    if (s.authMethod === 'oauth2') {
      if (!s.oauthTokenUrl)
        issues.push({ path: 'oauthTokenUrl', message: MAILBOX_MESSAGES.tokenUrlRequired });
      if (!s.oauthClientId)
        issues.push({ path: 'oauthClientId', message: MAILBOX_MESSAGES.clientIdRequired });
    }
  }
  if (s.afterProcessing === 'move' && !s.moveToFolder) {
    issues.push({ path: 'moveToFolder', message: MAILBOX_MESSAGES.moveFolderRequired });
  }
  if (s.unknownSenders === 'allowed_domains' && (s.allowedDomains ?? []).length === 0) {
    issues.push({ path: 'allowedDomains', message: MAILBOX_MESSAGES.allowedDomainsRequired });
  }
  return issues;
}

type IssueInput = Parameters<typeof mailboxSettingsIssues>[0];

const addIssues = (check: (value: IssueInput) => Issue[]) => (value: IssueInput, ctx: z.RefinementCtx) => {
  for (const issue of check(value))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** The settings object every field rule applies to, before the rules between fields. */
export const ZMailboxSettingsObject = z.strictObject(settingsFields);

/**
 * POST /api/admin/mailboxes: a new mailbox (name and address unique whatever their case). An IMAP
 * mailbox needs its secret: `password`, or for OAuth2 `oauthClientSecret` and `oauthRefreshToken`.
 */
export const ZCreateMailboxRequest = ZMailboxSettingsObject.superRefine(addIssues(mailboxSettingsIssues));
export type TCreateMailboxRequest = z.input<typeof ZCreateMailboxRequest>;
export type TMailboxSettings = z.output<typeof ZCreateMailboxRequest>;

/**
 * PATCH /api/admin/mailboxes/{id}: any of the fields; the result must satisfy the create rules.
 * A secret left out stays as stored (changing the sign-in method needs the new method's secret).
 */
export const ZUpdateMailboxRequest = z
  .strictObject(
    // Without their defaults: a field left out of a PATCH keeps its stored value, not the create default.
    Object.fromEntries(
      Object.entries(settingsFields).map(([key, schema]) => [
        key,
        (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
      ]),
    ) as unknown as {
      [K in keyof typeof settingsFields]: z.ZodOptional<z.ZodType<z.output<(typeof settingsFields)[K]>>>;
    },
  )
  .refine((body) => Object.keys(body).length > 0, MAILBOX_MESSAGES.nothingToChange);
export type TUpdateMailboxRequest = z.input<typeof ZUpdateMailboxRequest>;

/**
 * POST /api/admin/mailboxes/test: connect and sign in with unsaved settings, open the folder, and
 * say what happened. `mailboxId` reuses a saved mailbox's secret when the request leaves it out.
 */
export const ZMailboxTestRequest = z
  .strictObject({ mailboxId: z.uuid({ error: 'Invalid mailbox ID format' }).optional(), ...connectionFields })
  .superRefine((value, ctx) => addIssues(mailboxSettingsIssues)({ ...value, kind: 'imap' }, ctx));
export type TMailboxTestRequest = z.input<typeof ZMailboxTestRequest>;

export const ZMailboxTestResponse = z.object({ ok: z.boolean(), message: z.string() });
export type TMailboxTestResponse = z.infer<typeof ZMailboxTestResponse>;

export const ZMailbox = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  kind: z.enum(MAILBOX_KINDS),
  host: z.string().nullable(),
  port: z.number().nullable(),
  security: z.enum(MAILBOX_SECURITIES).nullable(),
  username: z.string().nullable(),
  authMethod: z.enum(MAILBOX_AUTH_METHODS),
  oauthTokenUrl: z.string().nullable(),
  oauthClientId: z.string().nullable(),
  /** Whether a password or OAuth2 secret is stored; the secret itself never leaves the server. */
  hasSecret: z.boolean(),
  folder: z.string(),
  afterProcessing: z.enum(MAILBOX_AFTER_PROCESSING),
  moveToFolder: z.string().nullable(),
  plusAddressing: z.boolean(),
  teamId: z.uuid().nullable(),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES),
  unknownSenders: z.enum(MAILBOX_UNKNOWN_SENDERS),
  allowedDomains: z.array(z.string()),
  isActive: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  /** What the last connection said when it failed, safe to show (no secret). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMailbox = z.infer<typeof ZMailbox>;

export const ZMailboxList = z.object({ mailboxes: z.array(ZMailbox) });
export type TMailboxList = z.infer<typeof ZMailboxList>;

export const ZMailboxIdParams = z.strictObject({ id: z.uuid({ error: 'Invalid ID format' }) });

/** GET /api/admin/mailboxes/messages: failed or held-back messages, newest first, keyset-paginated. */
export const ZInboundMessageQuery = z.strictObject({
  status: z.enum(['failed'], { error: "status must be 'failed'" }).default('failed'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAILBOX_LIMITS.messagesLimitMax)
    .optional()
    .default(MAILBOX_LIMITS.messagesLimitDefault),
  cursor: z.string().max(200).optional(),
});
export type TInboundMessageQuery = z.input<typeof ZInboundMessageQuery>;

export const ZInboundMessage = z.object({
  id: z.uuid(),
  mailboxId: z.uuid(),
  mailboxName: z.string(),
  sender: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.string(),
  /** 'flood' when the per-sender limit holds it back until Retry. */
  outcome: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number(),
  receivedAt: z.string(),
});
export type TInboundMessage = z.infer<typeof ZInboundMessage>;

export const ZInboundMessageList = z.object({
  messages: z.array(ZInboundMessage),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TInboundMessageList = z.infer<typeof ZInboundMessageList>;

export const MAILBOX_PATHS = {
  mailboxes: '/api/admin/mailboxes',
  test: '/api/admin/mailboxes/test',
  messages: '/api/admin/mailboxes/messages',
} as const;
export const mailboxPath = (id: string) => `${MAILBOX_PATHS.mailboxes}/${id}`;
export const inboundMessageRetryPath = (id: string) => `${MAILBOX_PATHS.messages}/${id}/retry`;
