import { type TAuditLogEntry, type TUserRole, USER_ROLES } from '@helpdesk/contracts';
import { fullName } from '@helpdesk/shared-ui';
import { auditEnglish, type TAuditT } from './messages.ts';

// Each action's name (contracts' AUDIT_ACTION_LABELS in English) as a message id.
const ACTION_LABEL_IDS: Record<string, Parameters<TAuditT>[0]> = {
  'user.approved': 'audit.action.user.approved',
  'user.rejected': 'audit.action.user.rejected',
  'user.created': 'audit.action.user.created',
  'user.role_changed': 'audit.action.user.roleChanged',
  'team.created': 'audit.action.team.created',
  'team.updated': 'audit.action.team.updated',
  'team.deleted': 'audit.action.team.deleted',
  'team.members_added': 'audit.action.team.membersAdded',
  'team.member_removed': 'audit.action.team.memberRemoved',
  'settings.updated': 'audit.action.settings.updated',
  'email.retried': 'audit.action.email.retried',
  'email.test_sent': 'audit.action.email.testSent',
  'user.email_change_requested': 'audit.action.user.emailChangeRequested',
  'user.email_confirmed': 'audit.action.user.emailConfirmed',
  'user.password_changed': 'audit.action.user.passwordChanged',
  'user.password_reset': 'audit.action.user.passwordReset',
  'user.deactivated': 'audit.action.user.deactivated',
  'user.reactivated': 'audit.action.user.reactivated',
  'user.updated': 'audit.action.user.updated',
  'user.invited': 'audit.action.user.invited',
  'user.invitation_resent': 'audit.action.user.invitationResent',
  'user.password_reset_sent': 'audit.action.user.passwordResetSent',
  'user.password_set': 'audit.action.user.passwordSet',
  'user.sessions_ended': 'audit.action.user.sessionsEnded',
  'settings.test_mail_sent': 'audit.action.settings.testMailSent',
  'onboarding.dismissed': 'audit.action.onboarding.dismissed',
  'business_calendar.created': 'audit.action.businessCalendar.created',
  'business_calendar.updated': 'audit.action.businessCalendar.updated',
  'business_calendar.deleted': 'audit.action.businessCalendar.deleted',
  'sla_policy.created': 'audit.action.slaPolicy.created',
  'sla_policy.updated': 'audit.action.slaPolicy.updated',
  'kb_category.created': 'audit.action.kbCategory.created',
  'kb_category.updated': 'audit.action.kbCategory.updated',
  'kb_category.deleted': 'audit.action.kbCategory.deleted',
  'kb_article.deleted': 'audit.action.kbArticle.deleted',
  'kb_article.revision_restored': 'audit.action.kbArticle.revisionRestored',
  'mailbox.created': 'audit.action.mailbox.created',
  'mailbox.updated': 'audit.action.mailbox.updated',
  'mailbox.deleted': 'audit.action.mailbox.deleted',
  'inbound_message.retried': 'audit.action.inboundMessage.retried',
  'sso_provider.created': 'audit.action.ssoProvider.created',
  'sso_provider.updated': 'audit.action.ssoProvider.updated',
  'sso_provider.deleted': 'audit.action.ssoProvider.deleted',
  'user.sso_linked': 'audit.action.user.ssoLinked',
  'user.sso_unlinked': 'audit.action.user.ssoUnlinked',
  'user.two_factor_enabled': 'audit.action.user.twoFactorEnabled',
  'user.two_factor_disabled': 'audit.action.user.twoFactorDisabled',
  'user.recovery_codes_regenerated': 'audit.action.user.recoveryCodesRegenerated',
  'user.two_factor_cleared': 'audit.action.user.twoFactorCleared',
  'webhook.created': 'audit.action.webhook.created',
  'webhook.updated': 'audit.action.webhook.updated',
  'webhook.secret_rotated': 'audit.action.webhook.secretRotated',
  'webhook.deleted': 'audit.action.webhook.deleted',
  'trigger.created': 'audit.action.trigger.created',
  'trigger.updated': 'audit.action.trigger.updated',
  'trigger.moved': 'audit.action.trigger.moved',
  'trigger.deleted': 'audit.action.trigger.deleted',
  'api_token.revoked': 'audit.action.apiToken.revoked',
};

/** The action's label, or the action itself for one this screen does not know yet. */
export function actionLabel(action: string, t: TAuditT = auditEnglish): string {
  const id = ACTION_LABEL_IDS[action];
  return id ? t(id) : action;
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

const ROLE_LABEL_IDS = {
  admin: 'audit.role.admin',
  agent: 'audit.role.agent',
  end_user: 'audit.role.endUser',
} as const satisfies Record<TUserRole, string>;

// A user's status as the status changes write it (the raw value in English, as before).
const STATUS_VALUE_IDS: Record<string, Parameters<TAuditT>[0]> = {
  pending: 'audit.status.pending',
  active: 'audit.status.active',
  rejected: 'audit.status.rejected',
  approved: 'audit.status.approved',
  inactive: 'audit.status.inactive',
};

function statusText(value: unknown, t: TAuditT): string {
  const id = typeof value === 'string' ? STATUS_VALUE_IDS[value] : undefined;
  return id ? t(id) : valueText(value, t);
}

const MAX_VALUE_CHARS = 60;

/** One changed value as a person reads it: roles by label, switches as on/off, long text cut. */
export function valueText(value: unknown, t: TAuditT = auditEnglish): string {
  if (value === null || value === undefined || value === '') return t('audit.value.empty');
  if (typeof value === 'boolean') return value ? t('audit.value.on') : t('audit.value.off');
  if (isRole(value)) return t(ROLE_LABEL_IDS[value]);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

const FIELD_LABEL_IDS: Record<string, Parameters<TAuditT>[0]> = {
  companyName: 'audit.field.companyName',
  companyEmail: 'audit.field.companyEmail',
  timezone: 'audit.field.timezone',
  language: 'audit.field.language',
  emailNotifications: 'audit.field.emailNotifications',
  pushNotifications: 'audit.field.pushNotifications',
  autoAssignment: 'audit.field.autoAssignment',
  requireApproval: 'audit.field.requireApproval',
  reopenWindowDays: 'audit.field.reopenWindowDays',
  requireTwoFactor: 'audit.field.requireTwoFactor',
  smtpHost: 'audit.field.smtpHost',
  smtpPort: 'audit.field.smtpPort',
  smtpUsername: 'audit.field.smtpUsername',
  name: 'audit.field.name',
  description: 'audit.field.description',
  isActive: 'audit.field.isActive',
  firstName: 'audit.field.firstName',
  lastName: 'audit.field.lastName',
  email: 'audit.field.email',
};

function fieldLabel(field: string, t: TAuditT): string {
  const id = FIELD_LABEL_IDS[field];
  return id ? t(id) : field;
}

function changeText(field: string, from: unknown, to: unknown, t: TAuditT): string {
  return t('audit.details.change', {
    field: fieldLabel(field, t),
    from: valueText(from, t),
    to: valueText(to, t),
  });
}

function changesText(changes: unknown, t: TAuditT): string[] {
  if (!isRecord(changes)) return [];
  return Object.entries(changes).map(([field, change]) =>
    isRecord(change) ? changeText(field, change.from, change.to, t) : fieldLabel(field, t),
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What happened, in one line, from the action's details (their shapes are listed in contracts/audit-log). */
export function auditDetailsText(
  entry: Pick<TAuditLogEntry, 'action' | 'details'>,
  t: TAuditT = auditEnglish,
): string {
  const d = entry.details;
  switch (entry.action) {
    case 'user.approved':
    case 'user.rejected':
    case 'user.deactivated':
    case 'user.reactivated':
      return t('audit.details.status', { from: statusText(d.from, t), to: statusText(d.to, t) });
    case 'user.created':
      return isRole(d.role)
        ? t('audit.details.createdAs', { role: t(ROLE_LABEL_IDS[d.role]) })
        : t('audit.details.created');
    case 'user.invited':
      return isRole(d.role)
        ? t('audit.details.invitedAs', { role: t(ROLE_LABEL_IDS[d.role]) })
        : t('audit.details.invited');
    case 'user.invitation_resent':
      return t('audit.details.invitationResent');
    case 'user.password_reset_sent':
      return t('audit.details.resetSent');
    case 'user.sessions_ended':
      return t('audit.details.sessionsEnded', { count: typeof d.ended === 'number' ? d.ended : 0 });
    case 'user.updated': {
      const before = isRecord(d.before) ? d.before : {};
      const after = isRecord(d.after) ? d.after : {};
      const parts = Object.keys(after).map((field) => changeText(field, before[field], after[field], t));
      return parts.length ? parts.join('; ') : t('audit.details.noChanges');
    }
    case 'user.role_changed':
      return t('audit.details.role', { from: valueText(d.from, t), to: valueText(d.to, t) });
    case 'team.created':
      return t('audit.details.team', { name: text(d.name) ?? t('audit.details.unnamed') });
    case 'team.updated': {
      const changes = changesText(d.changes, t);
      const name = text(d.name) ?? '';
      return (
        changes.length
          ? t('audit.details.teamChanges', { name, changes: changes.join('; ') })
          : t('audit.details.team', { name })
      ).trim();
    }
    case 'team.deleted': {
      const name = text(d.name) ?? t('audit.details.unnamed');
      return typeof d.memberCount === 'number'
        ? t('audit.details.teamDeleted', { name, count: d.memberCount })
        : t('audit.details.team', { name });
    }
    case 'team.members_added': {
      const names = Array.isArray(d.usernames) ? d.usernames.filter((n) => typeof n === 'string') : [];
      const who = names.length ? names.map((n) => `@${n}`).join(', ') : t('audit.details.members');
      return t('audit.details.membersAdded', { team: text(d.teamName) ?? '', who });
    }
    case 'team.member_removed':
      return t('audit.details.memberRemoved', {
        team: text(d.teamName) ?? '',
        who: text(d.username) ? `@${d.username}` : t('audit.details.aMember'),
      });
    case 'settings.updated': {
      const parts = changesText(d.changes, t);
      if (d.smtpPassword === 'set') parts.push(t('audit.details.smtpSet'));
      if (d.smtpPassword === 'cleared') parts.push(t('audit.details.smtpCleared'));
      return parts.length ? parts.join('; ') : t('audit.details.noChanges');
    }
    case 'email.retried':
      return t('audit.details.emailsRequeued', { count: typeof d.requeued === 'number' ? d.requeued : 0 });
    case 'email.test_sent':
      return t('audit.details.testEmailQueued');
    case 'settings.test_mail_sent':
      return t('audit.details.testMail', {
        recipient: text(d.recipient) ?? t('audit.details.anAddress'),
        server: text(d.server) ?? t('audit.details.theMailServer'),
      });
    case 'onboarding.dismissed': {
      const open = Array.isArray(d.open) ? d.open.filter((key) => typeof key === 'string') : [];
      return open.length
        ? t('audit.details.checklistDismissedOpen', { count: open.length })
        : t('audit.details.checklistDismissed');
    }
    default: {
      const json = JSON.stringify(d);
      return json === '{}' ? '' : valueText(json, t);
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
export function userAgentText(userAgent: string | null, t: TAuditT = auditEnglish): string {
  if (!userAgent) return t('audit.unknownClient');
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return t('audit.browserOnSystem', { browser, system });
  return browser ?? system ?? valueText(userAgent, t);
}
