import '../zod-config.ts';
import {
  isMailDomain,
  MAILBOX_AFTER_PROCESSING,
  MAILBOX_AUTH_METHODS,
  MAILBOX_KINDS,
  MAILBOX_SECURITIES,
  MAILBOX_UNKNOWN_SENDERS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TMailbox,
  type TMailboxTestRequest,
  ZCreateMailboxRequest,
} from '@helpdesk/contracts';
import { z } from 'zod';
import { ownMessageText } from '../feedback/form-messages.ts';
import { mailboxesEnglish, type TMailboxesT } from './messages.ts';

/** The select value for "no team": a select option cannot be empty. */
export const NO_TEAM = 'none';

export const DOMAINS_MESSAGE = mailboxesEnglish('mailboxForm.domainsInvalid');

/** The form's own check message in `t`'s language, for useAdminForm (the contract's rules bring theirs). */
export const mailboxMessageText = (t: TMailboxesT) =>
  ownMessageText(['mailboxForm.domainsInvalid'], mailboxesEnglish, t);

/** Allowed domains as typed: separated by commas, spaces or lines, in any case. */
export const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => domain !== '');

/**
 * The mailbox form: every input is text or a choice, under the names the API gives its fields, so
 * the contract's messages (and the server's) land under the right inputs. Secrets start empty:
 * empty keeps what is saved.
 */
const ZMailboxForm = z.object({
  name: z.string(),
  address: z.string(),
  kind: z.enum(MAILBOX_KINDS),
  host: z.string(),
  port: z.string(),
  security: z.enum(MAILBOX_SECURITIES),
  username: z.string(),
  authMethod: z.enum(MAILBOX_AUTH_METHODS),
  password: z.string(),
  oauthTokenUrl: z.string(),
  oauthClientId: z.string(),
  oauthClientSecret: z.string(),
  oauthRefreshToken: z.string(),
  folder: z.string(),
  afterProcessing: z.enum(MAILBOX_AFTER_PROCESSING),
  moveToFolder: z.string(),
  plusAddressing: z.boolean(),
  teamId: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES),
  unknownSenders: z.enum(MAILBOX_UNKNOWN_SENDERS),
  allowedDomains: z.string().refine((text) => domainsOf(text).every(isMailDomain), DOMAINS_MESSAGE),
  isActive: z.boolean(),
});
export type TMailboxFormValues = z.input<typeof ZMailboxForm>;
type TValues = z.output<typeof ZMailboxForm>;

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const orAbsent = (text: string) => (text === '' ? undefined : text);

/** A port as typed: a whole number, or NaN so the contract's "Port must be a number" names the mistake. */
function portOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The connection fields as the API reads them; an empty secret is left out (keep the saved one). */
function connectionOf(values: TValues) {
  const isOauth = values.authMethod === 'oauth2';
  return {
    host: orNull(values.host),
    port: portOf(values.port),
    security: values.security,
    username: orNull(values.username),
    authMethod: values.authMethod,
    password: isOauth ? undefined : orAbsent(values.password),
    oauthTokenUrl: isOauth ? orNull(values.oauthTokenUrl) : null,
    oauthClientId: isOauth ? orNull(values.oauthClientId) : null,
    oauthClientSecret: isOauth ? orAbsent(values.oauthClientSecret) : undefined,
    oauthRefreshToken: isOauth ? orAbsent(values.oauthRefreshToken) : undefined,
    folder: values.folder.trim(),
  };
}

/** The form's values as the create (or whole-form PATCH) body, checked by the contract's own schema. */
export const ZMailboxFormRequest = ZMailboxForm.transform(
  (values): z.input<typeof ZCreateMailboxRequest> => ({
    name: values.name,
    address: values.address.trim(),
    kind: values.kind,
    ...connectionOf(values),
    afterProcessing: values.afterProcessing,
    moveToFolder: values.afterProcessing === 'move' ? orNull(values.moveToFolder) : null,
    plusAddressing: values.plusAddressing,
    teamId: values.teamId === NO_TEAM ? null : values.teamId,
    priority: values.priority,
    category: values.category,
    unknownSenders: values.unknownSenders,
    allowedDomains: domainsOf(values.allowedDomains),
    isActive: values.isActive,
  }),
).pipe(ZCreateMailboxRequest);
export type TMailboxFormRequest = z.output<typeof ZMailboxFormRequest>;

/** The body of Test connection from the form as it stands (a saved mailbox lends its secret). */
export function testRequestOf(values: TMailboxFormValues, mailboxId?: string): TMailboxTestRequest {
  const connection = connectionOf(ZMailboxForm.parse(values));
  return {
    ...(mailboxId ? { mailboxId } : {}),
    ...connection,
    port: Number.isNaN(connection.port) ? null : connection.port,
  };
}

/** The form's starting values: the mailbox's own, or a new IMAP mailbox on port 993 with TLS. */
export function mailboxFormValues(mailbox?: TMailbox): TMailboxFormValues {
  return {
    name: mailbox?.name ?? '',
    address: mailbox?.address ?? '',
    kind: mailbox?.kind ?? 'imap',
    host: mailbox?.host ?? '',
    port: String(mailbox?.port ?? 993),
    security: mailbox?.security ?? 'tls',
    username: mailbox?.username ?? '',
    authMethod: mailbox?.authMethod ?? 'password',
    password: '',
    oauthTokenUrl: mailbox?.oauthTokenUrl ?? '',
    oauthClientId: mailbox?.oauthClientId ?? '',
    oauthClientSecret: '',
    oauthRefreshToken: '',
    folder: mailbox?.folder ?? 'INBOX',
    afterProcessing: mailbox?.afterProcessing ?? 'seen',
    moveToFolder: mailbox?.moveToFolder ?? '',
    plusAddressing: mailbox?.plusAddressing ?? true,
    teamId: mailbox?.teamId ?? NO_TEAM,
    priority: mailbox?.priority ?? 'medium',
    category: mailbox?.category ?? 'other',
    unknownSenders: mailbox?.unknownSenders ?? 'refuse',
    allowedDomains: (mailbox?.allowedDomains ?? []).join(', '),
    isActive: mailbox?.isActive ?? true,
  };
}

/** "Checked 5 minutes ago" style state of a mailbox for the list, in words. */
export function mailboxStateText(
  mailbox: Pick<TMailbox, 'kind' | 'isActive' | 'lastCheckedAt' | 'lastError'>,
  t: TMailboxesT = mailboxesEnglish,
) {
  if (!mailbox.isActive) return { label: t('mailboxes.stateInactive'), tone: 'secondary' as const };
  if (mailbox.kind === 'pipe') return { label: t('mailboxes.statePiped'), tone: 'secondary' as const };
  if (mailbox.lastError) return { label: t('mailboxes.stateError'), tone: 'destructive' as const };
  if (!mailbox.lastCheckedAt) return { label: t('mailboxes.stateNotChecked'), tone: 'warning' as const };
  return { label: t('mailboxes.stateConnected'), tone: 'success' as const };
}
