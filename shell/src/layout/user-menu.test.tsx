import { describe, expect, test } from 'bun:test';
import type { TUser } from '@helpdesk/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { UserMenuButton } from './user-menu.tsx';

const user = { firstName: 'Jordan', lastName: 'Lee', role: 'agent' } as TUser;

describe('the user menu trigger', () => {
  test('is named by its content, which starts with what it shows at every width (Label in Name)', () => {
    const html = renderToStaticMarkup(<UserMenuButton user={user} />);
    expect(html).not.toContain('aria-label');
    expect(html).not.toMatch(/aria-hidden="true"[^>]*>[^<]*JL/);
    expect(html.replace(/<[^>]+>/g, '')).toBe('JLJordan Lee, user menu');
  });
});
