import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { UserEmailCell } from './user-email-cell.tsx';
import { pendingEmailLine } from './user-labels.ts';

const markupOf = (user: { email: string; emailVerified: boolean; pendingEmail: string | null }) =>
  renderToStaticMarkup(<UserEmailCell user={user} />);

describe('UserEmailCell', () => {
  test('a confirmed address shows on its own: no badge, no pending line', () => {
    const markup = markupOf({ email: 'ada@example.test', emailVerified: true, pendingEmail: null });
    expect(markup).toContain('ada@example.test');
    expect(markup).not.toContain('Unconfirmed');
    expect(markup).not.toContain('data-testid="pending-email"');
  });

  test('an unconfirmed address carries an outline Unconfirmed badge', () => {
    const markup = markupOf({ email: 'ada@example.test', emailVerified: false, pendingEmail: null });
    expect(markup).toContain('ada@example.test');
    expect(markup).toMatch(
      /<span data-slot="badge"[^>]*data-testid="email-unconfirmed"[^>]*>Unconfirmed<\/span>/,
    );
    expect(markup).not.toContain('data-testid="pending-email"');
  });

  test('a new address waiting on its link shows under the confirmed one', () => {
    const markup = markupOf({ email: 'ada@example.test', emailVerified: true, pendingEmail: 'ada@new.test' });
    expect(markup).toContain('ada@example.test');
    expect(markup).not.toContain('Unconfirmed<');
    expect(markup).toContain(`data-testid="pending-email">${pendingEmailLine('ada@new.test')}</div>`);
  });
});

describe('pendingEmailLine', () => {
  test('names the new address and says it is not confirmed yet', () => {
    expect(pendingEmailLine('ada@new.test')).toBe('→ ada@new.test (unconfirmed)');
  });
});
