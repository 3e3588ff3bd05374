import { describe, expect, test } from 'bun:test';
import type { TSsoProvider } from '@helpdesk/contracts';
import {
  listOf,
  ssoProviderFormValues,
  ZSsoProviderCreateForm,
  ZSsoProviderUpdateForm,
} from './sso-provider-form.ts';

const filled = {
  ...ssoProviderFormValues(),
  id: 'corp',
  label: 'Corp ID',
  issuer: 'https://id.example.com',
  clientId: 'helpdesk',
};

describe('the provider form', () => {
  test('lists split on commas and lines, keeping spaces inside a value', () => {
    expect(listOf('Help Desk Admins, ops\nroot ;  ')).toEqual(['Help Desk Admins', 'ops', 'root']);
  });

  test('a new provider without a secret is a public client', () => {
    const body = ZSsoProviderCreateForm.parse(filled);
    expect(body.clientSecret).toBeNull();
    expect(body.enabled).toBe(true);
    expect(body.createAccounts).toBe('off');
  });

  test('an edit with the secret left empty keeps the stored one', () => {
    const body = ZSsoProviderUpdateForm.parse(filled);
    expect('clientSecret' in body).toBe(false);
    expect('id' in body).toBe(false);
    expect(ZSsoProviderUpdateForm.parse({ ...filled, clientSecret: 's3cret' }).clientSecret).toBe('s3cret');
  });

  test('without a role claim, role values are not sent', () => {
    const body = ZSsoProviderCreateForm.parse({ ...filled, adminValues: 'admins' });
    expect(body.roleClaim).toBeNull();
    expect(body.adminValues).toEqual([]);
    const mapped = ZSsoProviderCreateForm.parse({
      ...filled,
      roleClaim: 'groups',
      adminValues: 'admins, ops',
    });
    expect(mapped.adminValues).toEqual(['admins', 'ops']);
  });

  test("the contract's rules apply: a plain-http issuer off this machine is refused", () => {
    const result = ZSsoProviderCreateForm.safeParse({ ...filled, issuer: 'http://id.example.com' });
    expect(result.success).toBe(false);
  });

  test('an existing provider fills the form, secret empty', () => {
    const provider = {
      id: 'corp',
      label: 'Corp',
      issuer: 'https://id.example.com',
      clientId: 'c',
      hasClientSecret: true,
      domains: ['example.com', 'example.org'],
      enabled: false,
      createAccounts: 'pending',
      roleClaim: 'groups',
      adminValues: ['admins'],
      agentValues: [],
      redirectUri: 'https://desk.example.com/api/auth/sso/corp/callback',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    } satisfies TSsoProvider;
    expect(ssoProviderFormValues(provider)).toMatchObject({
      clientSecret: '',
      domains: 'example.com, example.org',
      enabled: false,
      roleClaim: 'groups',
    });
  });
});

describe("the provider form's own messages", () => {
  test('an empty label or client ID is named by the form, not by the English field name', () => {
    const result = ZSsoProviderCreateForm.safeParse({ ...filled, label: ' ', clientId: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual([
      ['label', "Enter the button's label"],
      ['clientId', 'Enter the client ID the provider gave the desk'],
    ]);
  });
});
