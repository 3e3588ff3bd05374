import { describe, expect, test } from 'bun:test';
import type { TMailbox } from '@helpdesk/contracts';
import {
  DOMAINS_MESSAGE,
  domainsOf,
  mailboxFormValues,
  mailboxStateText,
  NO_TEAM,
  testRequestOf,
  ZMailboxFormRequest,
} from './mailbox-form.ts';

const filled = (changes: Partial<ReturnType<typeof mailboxFormValues>> = {}) => ({
  ...mailboxFormValues(),
  name: 'Support',
  address: 'support@example.com',
  host: 'imap.example.com',
  username: 'support',
  password: 'secret',
  ...changes,
});

describe('mailbox form', () => {
  test('a new IMAP mailbox becomes the create body: port as a number, no team as null, domains as a list', () => {
    const body = ZMailboxFormRequest.parse(
      filled({ unknownSenders: 'allowed_domains', allowedDomains: 'Example.com,  example.org\nexample.net' }),
    );
    expect(body).toMatchObject({
      port: 993,
      security: 'tls',
      teamId: null,
      password: 'secret',
      oauthTokenUrl: null,
      allowedDomains: ['example.com', 'example.org', 'example.net'],
    });
  });

  test('an empty secret is left out (the saved one stays); OAuth2 sends its own fields, not the password', () => {
    expect(ZMailboxFormRequest.parse(filled({ password: '' })).password).toBeUndefined();
    const oauth = ZMailboxFormRequest.parse(
      filled({
        authMethod: 'oauth2',
        oauthTokenUrl: 'https://login.microsoftonline.com/t/oauth2/v2.0/token',
        oauthClientId: 'client',
        oauthRefreshToken: 'refresh',
      }),
    );
    expect(oauth).toMatchObject({
      authMethod: 'oauth2',
      oauthClientId: 'client',
      oauthRefreshToken: 'refresh',
    });
    expect(oauth.password).toBeUndefined();
  });

  test("the contract's messages land under the fields", () => {
    const result = ZMailboxFormRequest.safeParse(
      filled({ host: '', port: 'abc', afterProcessing: 'move', allowedDomains: 'not a domain!' }),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('allowedDomains');
    expect(result.error?.issues.find((issue) => issue.path[0] === 'allowedDomains')?.message).toBe(
      DOMAINS_MESSAGE,
    );
    const second = ZMailboxFormRequest.safeParse(filled({ host: '', port: 'abc', afterProcessing: 'move' }));
    const fields = second.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['port']));
    const third = ZMailboxFormRequest.safeParse(filled({ host: '', afterProcessing: 'move' }));
    expect(third.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['host', 'moveToFolder']),
    );
  });

  test('an edited mailbox starts from its values with empty secrets; Test connection lends the saved secret', () => {
    const mailbox = {
      id: '6c1f3f3e-0000-4000-8000-000000000001',
      name: 'Support',
      address: 'support@example.com',
      kind: 'imap',
      host: 'imap.example.com',
      port: 143,
      security: 'starttls',
      username: 'support',
      authMethod: 'password',
      oauthTokenUrl: null,
      oauthClientId: null,
      hasSecret: true,
      folder: 'Support',
      afterProcessing: 'seen',
      moveToFolder: null,
      plusAddressing: true,
      teamId: null,
      priority: 'high',
      category: 'access',
      unknownSenders: 'refuse',
      allowedDomains: [],
      isActive: true,
      lastCheckedAt: null,
      lastError: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } satisfies TMailbox;
    const values = mailboxFormValues(mailbox);
    expect(values).toMatchObject({ port: '143', password: '', teamId: NO_TEAM, folder: 'Support' });
    expect(testRequestOf(values, mailbox.id)).toEqual({
      mailboxId: mailbox.id,
      host: 'imap.example.com',
      port: 143,
      security: 'starttls',
      username: 'support',
      authMethod: 'password',
      password: undefined,
      oauthTokenUrl: null,
      oauthClientId: null,
      oauthClientSecret: undefined,
      oauthRefreshToken: undefined,
      folder: 'Support',
    });
  });

  test('domains are split on commas, spaces and lines; the state reads in words', () => {
    expect(domainsOf(' a.com, B.org\n\nc.net ;d.io ')).toEqual(['a.com', 'b.org', 'c.net', 'd.io']);
    const base = { kind: 'imap' as const, isActive: true, lastCheckedAt: null, lastError: null };
    expect(mailboxStateText(base).label).toBe('Not checked yet');
    expect(mailboxStateText({ ...base, lastCheckedAt: '2026-01-01T00:00:00Z' }).label).toBe('Connected');
    expect(
      mailboxStateText({ ...base, lastError: 'The server refused the user name or password.' }).label,
    ).toBe('Error');
    expect(mailboxStateText({ ...base, isActive: false }).label).toBe('Inactive');
  });
});
