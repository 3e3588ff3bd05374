import type { TUser } from './users.ts';

/**
 * A whole, valid user for tests (an active agent unless `overrides` say otherwise), so a test
 * names only the fields it is about. Tests only: nothing at run time imports this entry.
 */
export function sampleUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: crypto.randomUUID(),
    username: 'someone',
    email: 'someone@example.com',
    emailVerified: true,
    pendingEmail: null,
    isInvited: false,
    firstName: 'Some',
    lastName: 'One',
    profileImageUrl: null,
    role: 'agent',
    status: 'active',
    approvedBy: null,
    approvedAt: null,
    lastLoginAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The rows of a CSV text (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks;
 * lines end in CRLF or LF), for tests that read an export back.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
