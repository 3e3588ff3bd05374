import { describe, expect, test } from 'bun:test';
import {
  actionLabel,
  auditDetailsText,
  auditUserText,
  userAgentText,
  valueText,
} from './audit-entry-text.ts';

const entry = (action: string, details: Record<string, unknown>) => ({ action, details });

describe('labels', () => {
  test('known actions get their label, unknown ones show as they are', () => {
    expect(actionLabel('user.role_changed')).toBe('Role changed');
    expect(actionLabel('team.members_added')).toBe('Team members added');
    expect(actionLabel('kb.article_purged')).toBe('kb.article_purged');
  });

  test('users read as name and username', () => {
    const ada = { id: crypto.randomUUID(), username: 'ada', firstName: 'Ada', lastName: 'Lovelace' };
    expect(auditUserText(ada)).toBe('Ada Lovelace (@ada)');
    expect(auditUserText({ ...ada, firstName: '', lastName: '' })).toBe('@ada');
  });

  test('values: roles by label, switches on/off, empty and long text', () => {
    expect(valueText('end_user')).toBe('End User');
    expect(valueText(true)).toBe('on');
    expect(valueText(false)).toBe('off');
    expect(valueText('')).toBe('(empty)');
    expect(valueText(null)).toBe('(empty)');
    expect(valueText(587)).toBe('587');
    expect(valueText('x'.repeat(100))).toHaveLength(60);
  });
});

describe('auditDetailsText', () => {
  test('user actions', () => {
    expect(auditDetailsText(entry('user.approved', { username: 'a', from: 'pending', to: 'active' }))).toBe(
      'Status pending → active',
    );
    expect(auditDetailsText(entry('user.created', { username: 'a', role: 'agent' }))).toBe(
      'Created as Agent',
    );
    expect(auditDetailsText(entry('user.role_changed', { username: 'a', from: 'agent', to: 'admin' }))).toBe(
      'Role Agent → Admin',
    );
  });

  test('account lifecycle actions', () => {
    expect(
      auditDetailsText(entry('user.deactivated', { username: 'a', from: 'active', to: 'inactive' })),
    ).toBe('Status active → inactive');
    expect(
      auditDetailsText(entry('user.reactivated', { username: 'a', from: 'inactive', to: 'active' })),
    ).toBe('Status inactive → active');
    expect(auditDetailsText(entry('user.invited', { username: 'a', role: 'agent' }))).toBe(
      'Invited as Agent',
    );
    expect(auditDetailsText(entry('user.password_reset_sent', { username: 'a' }))).toBe('Reset link mailed');
    expect(
      auditDetailsText(
        entry('user.updated', {
          username: 'a',
          before: { firstName: 'Ada', email: 'a@x.test' },
          after: { firstName: 'Grace', email: 'g@x.test' },
        }),
      ),
    ).toBe('first name: Ada → Grace; email: a@x.test → g@x.test');
    expect(actionLabel('user.deactivated')).toBe('User deactivated');
  });

  test("ending a user's sessions: its label and how many ended", () => {
    expect(actionLabel('user.sessions_ended')).toBe('Sessions ended');
    expect(auditDetailsText(entry('user.sessions_ended', { username: 'a', ended: 1 }))).toBe(
      '1 session ended',
    );
    expect(auditDetailsText(entry('user.sessions_ended', { username: 'a', ended: 3 }))).toBe(
      '3 sessions ended',
    );
    expect(auditDetailsText(entry('user.sessions_ended', { username: 'a' }))).toBe('0 sessions ended');
  });

  test('team actions', () => {
    expect(auditDetailsText(entry('team.created', { teamId: 't', name: 'Network' }))).toBe('Team Network');
    expect(
      auditDetailsText(
        entry('team.updated', {
          teamId: 't',
          name: 'Net Ops',
          changes: { name: { from: 'Network', to: 'Net Ops' }, description: { from: null, to: 'Wires' } },
        }),
      ),
    ).toBe('Team Net Ops: name: Network → Net Ops; description: (empty) → Wires');
    expect(auditDetailsText(entry('team.deleted', { teamId: 't', name: 'Old', memberCount: 1 }))).toBe(
      'Team Old (1 member)',
    );
    expect(
      auditDetailsText(
        entry('team.members_added', { teamId: 't', teamName: 'Net', userIds: [], usernames: ['a', 'b'] }),
      ),
    ).toBe('Team Net: added @a, @b');
    expect(
      auditDetailsText(entry('team.member_removed', { teamId: 't', teamName: 'Net', username: 'a' })),
    ).toBe('Team Net: removed @a');
  });

  test('settings: each change, and the password only as set or cleared', () => {
    expect(
      auditDetailsText(
        entry('settings.updated', {
          changes: { timezone: { from: 'UTC', to: 'EST' }, requireApproval: { from: false, to: true } },
          smtpPassword: 'set',
        }),
      ),
    ).toBe('timezone: UTC → EST; require approval: off → on; SMTP password set');
    expect(auditDetailsText(entry('settings.updated', { changes: {}, smtpPassword: 'cleared' }))).toBe(
      'SMTP password cleared',
    );
  });

  test('email: how many failed emails were requeued; a test email', () => {
    expect(auditDetailsText(entry('email.retried', { requeued: 1, ids: ['x'] }))).toBe(
      '1 failed email requeued',
    );
    expect(auditDetailsText(entry('email.retried', { requeued: 12 }))).toBe('12 failed emails requeued');
    expect(auditDetailsText(entry('email.test_sent', { outboxId: 'x' }))).toBe(
      'Test email queued to their own address',
    );
  });

  test('a test mail the server accepted; the first-day checklist dismissed', () => {
    expect(
      auditDetailsText(
        entry('settings.test_mail_sent', { recipient: 'ops@example.test', server: 'smtp.example.test:587' }),
      ),
    ).toBe('Test mail to ops@example.test accepted by smtp.example.test:587');
    expect(auditDetailsText(entry('onboarding.dismissed', { open: ['team', 'agents'] }))).toBe(
      'First-day checklist dismissed with 2 open',
    );
    expect(auditDetailsText(entry('onboarding.dismissed', { open: [] }))).toBe(
      'First-day checklist dismissed',
    );
  });

  test('malformed or unknown details never throw', () => {
    expect(auditDetailsText(entry('team.updated', { changes: 'nonsense' }))).toBe('Team');
    expect(auditDetailsText(entry('team.members_added', { usernames: 'x' }))).toBe('Team : added members');
    expect(auditDetailsText(entry('something.else', { a: 1 }))).toBe('{"a":1}');
    expect(auditDetailsText(entry('something.else', {}))).toBe('');
  });
});

test('user agents read as browser on system', () => {
  expect(
    userAgentText(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    ),
  ).toBe('Chrome on Linux');
  expect(
    userAgentText(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
    ),
  ).toBe('Safari on macOS');
  expect(
    userAgentText('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
  ).toBe('Firefox on Windows');
  expect(userAgentText('curl/8.5.0')).toBe('curl');
  expect(userAgentText(null)).toBe('Unknown client');
});
