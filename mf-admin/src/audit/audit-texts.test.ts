import { describe, expect, test } from 'bun:test';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@helpdesk/contracts';
import { actionLabel, auditDetailsText, userAgentText } from './audit-entry-text.ts';
import type { TAuditT } from './messages.ts';

// Marks every translated text with its id and values, so a test sees what went through the catalogue.
const marked: TAuditT = (id, values) => `‹${id}${values ? ` ${JSON.stringify(values)}` : ''}›`;

describe('the Audit Log in the reader’s language', () => {
  test('every action contracts knows has a message, whose English is contracts’ label', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(actionLabel(action, marked)).toStartWith('‹audit.action.');
      expect(actionLabel(action)).toBe(AUDIT_ACTION_LABELS[action] ?? '');
    }
  });

  test('details are whole messages; roles and field names are translated inside them', () => {
    expect(auditDetailsText({ action: 'user.created', details: { role: 'end_user' } }, marked)).toBe(
      '‹audit.details.createdAs {"role":"‹audit.role.endUser›"}›',
    );
    expect(
      auditDetailsText(
        { action: 'user.updated', details: { before: { firstName: 'A' }, after: { firstName: 'B' } } },
        marked,
      ),
    ).toBe('‹audit.details.change {"field":"‹audit.field.firstName›","from":"A","to":"B"}›');
    expect(
      auditDetailsText({ action: 'user.approved', details: { from: 'pending', to: 'active' } }, marked),
    ).toBe('‹audit.details.status {"from":"‹audit.status.pending›","to":"‹audit.status.active›"}›');
    expect(userAgentText('Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0', marked)).toBe(
      '‹audit.browserOnSystem {"browser":"Firefox","system":"Linux"}›',
    );
  });
});
