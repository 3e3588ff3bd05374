import {
  AUDIT_ACTION_LABELS,
  type TAuditLogEntry,
  type TUserRole,
  USER_ROLE_LABELS,
  USER_ROLES,
} from '@helpdesk/contracts';
import { fullName } from '@helpdesk/shared-ui';

/** The action's label, or the action itself for one this screen does not know yet. */
export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** 'Ada Lovelace (@ada)' for the who and whom columns. */
export function auditUserText(user: TAuditLogEntry['admin']): string {
  const name = fullName(user);
  return name ? `${name} (@${user.username})` : `@${user.username}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRole = (value: unknown): value is TUserRole =>
  typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);

const MAX_VALUE_CHARS = 60;

/** One changed value as a person reads it: roles by label, switches as on/off, long text cut. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (isRole(value)) return USER_ROLE_LABELS[value];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

const FIELD_LABELS: Record<string, string> = {
  companyName: 'company name',
  companyEmail: 'company email',
  timezone: 'timezone',
  language: 'language',
  emailNotifications: 'email notifications',
  pushNotifications: 'push notifications',
  autoAssignment: 'auto assignment',
  requireApproval: 'require approval',
  reopenWindowDays: 'reopen window (days)',
  smtpHost: 'SMTP host',
  smtpPort: 'SMTP port',
  smtpUsername: 'SMTP username',
  name: 'name',
  description: 'description',
  isActive: 'active',
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
};

function changesText(changes: unknown): string[] {
  if (!isRecord(changes)) return [];
  return Object.entries(changes).map(([field, change]) => {
    const label = FIELD_LABELS[field] ?? field;
    return isRecord(change) ? `${label}: ${valueText(change.from)} → ${valueText(change.to)}` : label;
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What happened, in one line, from the action's details (their shapes are listed in contracts/audit-log). */
export function auditDetailsText(entry: Pick<TAuditLogEntry, 'action' | 'details'>): string {
  const d = entry.details;
  switch (entry.action) {
    case 'user.approved':
    case 'user.rejected':
    case 'user.deactivated':
    case 'user.reactivated':
      return `Status ${valueText(d.from)} → ${valueText(d.to)}`;
    case 'user.created':
      return isRole(d.role) ? `Created as ${USER_ROLE_LABELS[d.role]}` : 'Created';
    case 'user.invited':
      return isRole(d.role) ? `Invited as ${USER_ROLE_LABELS[d.role]}` : 'Invited';
    case 'user.invitation_resent':
      return 'Invitation mailed again';
    case 'user.password_reset_sent':
      return 'Reset link mailed';
    case 'user.updated': {
      const before = isRecord(d.before) ? d.before : {};
      const after = isRecord(d.after) ? d.after : {};
      const parts = Object.keys(after).map(
        (field) =>
          `${FIELD_LABELS[field] ?? field}: ${valueText(before[field])} → ${valueText(after[field])}`,
      );
      return parts.length ? parts.join('; ') : 'No changes';
    }
    case 'user.role_changed':
      return `Role ${valueText(d.from)} → ${valueText(d.to)}`;
    case 'team.created':
      return `Team ${text(d.name) ?? '(unnamed)'}`;
    case 'team.updated': {
      const changes = changesText(d.changes);
      return `Team ${text(d.name) ?? ''}${changes.length ? `: ${changes.join('; ')}` : ''}`.trim();
    }
    case 'team.deleted': {
      const count = typeof d.memberCount === 'number' ? d.memberCount : null;
      const members = count === null ? '' : ` (${count} ${count === 1 ? 'member' : 'members'})`;
      return `Team ${text(d.name) ?? '(unnamed)'}${members}`;
    }
    case 'team.members_added': {
      const names = Array.isArray(d.usernames) ? d.usernames.filter((n) => typeof n === 'string') : [];
      const who = names.length ? names.map((n) => `@${n}`).join(', ') : 'members';
      return `Team ${text(d.teamName) ?? ''}: added ${who}`;
    }
    case 'team.member_removed':
      return `Team ${text(d.teamName) ?? ''}: removed ${text(d.username) ? `@${d.username}` : 'a member'}`;
    case 'settings.updated': {
      const parts = changesText(d.changes);
      if (d.smtpPassword === 'set') parts.push('SMTP password set');
      if (d.smtpPassword === 'cleared') parts.push('SMTP password cleared');
      return parts.length ? parts.join('; ') : 'No changes';
    }
    case 'email.retried': {
      const count = typeof d.requeued === 'number' ? d.requeued : 0;
      return `${count} failed ${count === 1 ? 'email' : 'emails'} requeued`;
    }
    case 'email.test_sent':
      return 'Test email queued to their own address';
    case 'settings.test_mail_sent':
      return `Test mail to ${text(d.recipient) ?? 'an address'} accepted by ${text(d.server) ?? 'the mail server'}`;
    case 'onboarding.dismissed': {
      const open = Array.isArray(d.open) ? d.open.filter((key) => typeof key === 'string') : [];
      return open.length
        ? `First-day checklist dismissed with ${open.length} open`
        : 'First-day checklist dismissed';
    }
    default: {
      const json = JSON.stringify(d);
      return json === '{}' ? '' : valueText(json);
    }
  }
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A short 'Chrome on Linux' for the "from where" column; the full user agent stays in a tooltip. */
export function userAgentText(userAgent: string | null): string {
  if (!userAgent) return 'Unknown client';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? valueText(userAgent);
}
