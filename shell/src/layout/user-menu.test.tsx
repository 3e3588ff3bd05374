import { describe, expect, test } from 'bun:test';
import type { TUser } from '@helpdesk/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { UserMenuButton } from './user-menu.tsx';

const user = { firstName: 'Jordan', lastName: 'Lee', role: 'agent' } as TUser;

describe('the user menu trigger', () => {
  test('is named by its content, which starts with the visible full name (Label in Name)', () => {
    const html = renderToStaticMarkup(<UserMenuButton user={user} />);
    expect(html).not.toContain('aria-label');
    // The initials avatar repeats the name, so assistive technology skips it.
    expect(html).toMatch(/<span[^>]*aria-hidden="true"[^>]*>.*JL/);
    const named = html.replace(/<span[^>]*aria-hidden="true"[^>]*>.*?JL<\/span><\/span>/, '');
    expect(named.replace(/<[^>]+>/g, '')).toBe('Jordan Lee, user menu');
  });
});
