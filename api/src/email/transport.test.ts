import { describe, expect, test } from 'bun:test';
import {
  fromAddress,
  messageIdDomain,
  outboxMessageId,
  resolveSmtpServer,
  transportOptions,
} from './transport.ts';

const noSettings = { smtpHost: '', smtpPort: 587, smtpUsername: '', smtpPassword: null };
const env = { host: 'env.mail.test', port: 2525, isSecure: false, username: null, password: null };

describe('resolveSmtpServer', () => {
  test('nothing configured: none', () => {
    expect(resolveSmtpServer(noSettings, null)).toBeNull();
  });

  test('SMTP_* when the settings name no host', () => {
    expect(resolveSmtpServer(noSettings, env)).toEqual({ source: 'environment', ...env });
  });

  test('the saved settings win, with their login and the stored password; 465 means TLS', () => {
    const settings = {
      smtpHost: ' smtp.acme.test ',
      smtpPort: 465,
      smtpUsername: 'desk',
      smtpPassword: 'pw',
    };
    expect(resolveSmtpServer(settings, env)).toEqual({
      source: 'settings',
      host: 'smtp.acme.test',
      port: 465,
      isSecure: true,
      username: 'desk',
      password: 'pw',
    });
  });

  test('a stored password without a username is not used', () => {
    const settings = { smtpHost: 'smtp.acme.test', smtpPort: 587, smtpUsername: '', smtpPassword: 'pw' };
    expect(resolveSmtpServer(settings, null)).toMatchObject({
      username: null,
      password: null,
      isSecure: false,
    });
  });
});

describe('transportOptions', () => {
  const server = {
    source: 'settings' as const,
    host: 'smtp.acme.test',
    port: 587,
    isSecure: false,
    username: 'desk',
    password: 'pw',
  };

  test('a login to another machine requires TLS (STARTTLS that must succeed)', () => {
    expect(transportOptions(server)).toMatchObject({
      requireTLS: true,
      secure: false,
      auth: { user: 'desk', pass: 'pw' },
    });
  });

  test('no login, port 465, or a server on this machine: no STARTTLS requirement', () => {
    expect(transportOptions({ ...server, username: null, password: null })).toMatchObject({
      requireTLS: false,
      auth: undefined,
    });
    expect(transportOptions({ ...server, port: 465, isSecure: true })).toMatchObject({
      requireTLS: false,
      secure: true,
    });
    expect(transportOptions({ ...server, host: '127.0.0.1' }).requireTLS).toBe(false);
  });

  test('bounded timeouts and no transcript logging', () => {
    expect(transportOptions(server)).toMatchObject({
      connectionTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
      debug: false,
    });
  });
});

describe('the sender and the Message-ID', () => {
  test('From: the company name and email; without an email, no-reply at the desk host', () => {
    expect(
      fromAddress({ companyName: 'Acme', companyEmail: 'help@acme.test' }, 'https://help.acme.test'),
    ).toEqual({ name: 'Acme', address: 'help@acme.test' });
    expect(fromAddress({ companyName: '', companyEmail: '' }, 'https://help.acme.test/desk')).toEqual({
      name: 'Help Desk',
      address: 'no-reply@help.acme.test',
    });
    expect(fromAddress({ companyName: '', companyEmail: '' }, 'http://127.0.0.1:4000').address).toBe(
      'no-reply@localhost',
    );
  });

  test('the Message-ID is the outbox id at the sender domain, the same every time', () => {
    const id = '2b0c7c36-1d44-4c4e-8c55-0b7e8f0f7a10';
    expect(outboxMessageId(id, messageIdDomain('help@Acme.test'))).toBe(`<outbox.${id}@acme.test>`);
    expect(outboxMessageId(id, messageIdDomain('help@acme.test'))).toBe(
      outboxMessageId(id, messageIdDomain('other@acme.test')),
    );
    expect(messageIdDomain('weird@<bad>')).toBe('helpdesk.invalid');
  });
});
