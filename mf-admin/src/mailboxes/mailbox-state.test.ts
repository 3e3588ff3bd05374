import { expect, test } from 'bun:test';
import { mailboxStateText } from './mailbox-form.ts';
import type { TMailboxesT } from './messages.ts';

test('a mailbox’s state is a catalogue message, so it follows the reader’s language', () => {
  const spy: TMailboxesT = (id) => `<${id}>`;
  const base = { kind: 'imap' as const, isActive: true, lastCheckedAt: null, lastError: null };
  expect(mailboxStateText(base, spy)).toEqual({ label: '<mailboxes.stateNotChecked>', tone: 'warning' });
  expect(mailboxStateText({ ...base, kind: 'pipe' }, spy).label).toBe('<mailboxes.statePiped>');
});
