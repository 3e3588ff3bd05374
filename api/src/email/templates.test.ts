import { describe, expect, test } from 'bun:test';
import { EMAIL_KINDS } from '@helpdesk/contracts';
import { SAMPLES } from './email-samples.ts';
import { brandName, type EmailData, escapeHtml, oneLine, renderEmail } from './templates.ts';

const HOSTILE = `<script>alert("x")</script> & 'quotes'`;
const brand = { companyName: 'Acme Support' };

function renderSample<K extends keyof EmailData>(kind: K, overrides: Partial<EmailData[K]> = {}) {
  return renderEmail(kind, { ...SAMPLES[kind], ...overrides }, brand);
}

describe('escapeHtml and oneLine', () => {
  test('escapeHtml escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  test('oneLine turns CR, LF, tabs and other control characters into single spaces and caps the length', () => {
    expect(oneLine('Printer\r\nBcc: evil@attacker.test\u0000\u2028 x')).toBe(
      'Printer Bcc: evil@attacker.test x',
    );
    expect(oneLine('a'.repeat(300), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(oneLine('  \r\n ')).toBe('');
  });

  test('brandName: the company name on one line, or Help Desk while none is set', () => {
    expect(brandName({ companyName: 'Acme\r\nSupport' })).toBe('Acme Support');
    expect(brandName({ companyName: '   ' })).toBe('Help Desk');
  });
});

describe('renderEmail', () => {
  test('every kind renders a branded subject, a greeting, a signature, text and HTML', () => {
    // Mails to an address nobody has proven, and the registration notice (the registrant's typed
    // text is never mailed), greet nobody by name.
    const neutral = new Set<string>(['email_verification', 'email_changed', 'registration_received']);
    for (const kind of EMAIL_KINDS) {
      const email = renderEmail(kind, SAMPLES[kind], brand);
      const greeting = neutral.has(kind) ? 'Hello there,' : 'Hello Ada,';
      expect(email.subject.startsWith('[Acme Support] ')).toBe(true);
      expect(email.text.startsWith(greeting)).toBe(true);
      expect(email.text.endsWith('— Acme Support')).toBe(true);
      expect(email.html).toContain('<!doctype html>');
      expect(email.html).toContain(greeting);
      expect(email.html).toContain('— Acme Support');
    }
  });

  test('the approval carries the sign-in link; the reset its link and expiry', () => {
    const approved = renderSample('account_approved');
    expect(approved.text).toContain('Sign in: https://help.acme.test/login');
    expect(approved.html).toContain('href="https://help.acme.test/login"');
    const reset = renderSample('password_reset');
    expect(reset.text).toContain(
      'Reset password: https://help.acme.test/admin/reset-password?token=abc_DEF-123',
    );
    expect(reset.text).toContain('expires in 30 minutes');
  });

  test('the ticket messages name the ticket; the reply quotes the comment line by line', () => {
    expect(renderSample('ticket_confirmation').subject).toBe(
      '[Acme Support] We received your ticket TKT-000042: Printer jam',
    );
    expect(renderSample('ticket_resolved').subject).toBe(
      '[Acme Support] Your ticket TKT-000042: Printer jam has been resolved',
    );
    const reply = renderSample('ticket_reply');
    expect(reply.text).toContain('Grace Hopper replied to your ticket TKT-000042:');
    expect(reply.text).toContain('> Try turning it off and on.\n> Then tell us.');
    expect(reply.html).toContain(
      'white-space:pre-wrap">Try turning it off and on.\nThen tell us.</blockquote>',
    );
  });

  test('every interpolated value is escaped in HTML', () => {
    const reply = renderEmail(
      'ticket_reply',
      {
        firstName: HOSTILE,
        ticketNumber: 'TKT-1',
        title: HOSTILE,
        authorName: HOSTILE,
        content: HOSTILE,
        ticketUrl: 'https://help.acme.test/tickets/1?a=1&b="2"',
      },
      { companyName: HOSTILE },
    );
    expect(reply.html).not.toContain('<script>');
    expect(reply.html).not.toContain(`'quotes'`);
    expect(reply.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(reply.html).toContain('href="https://help.acme.test/tickets/1?a=1&amp;b=%222%22"');
    // The plain-text part is text: it keeps the characters as they are.
    expect(reply.text).toContain(HOSTILE);
  });

  test('CR/LF in names and titles never reaches the subject, which stays one line', () => {
    const email = renderEmail(
      'ticket_confirmation',
      { ...SAMPLES.ticket_confirmation, title: 'Broken\r\nBcc: evil@attacker.test\r\n\r\n<b>body</b>' },
      { companyName: 'Acme\r\nX-Injected: yes' },
    );
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toBe(
      '[Acme X-Injected: yes] We received your ticket TKT-000042: Broken Bcc: evil@attacker.test <b>body</b>',
    );
  });

  test('a very long title is cut in the subject, kept whole in the body', () => {
    const title = `Long ${'x'.repeat(600)}`;
    const email = renderSample('ticket_confirmation', { title });
    expect(email.subject.length).toBeLessThanOrEqual(300);
    expect(email.subject.endsWith('…')).toBe(true);
    expect(email.text).toContain(title.slice(0, 499));
  });

  test('a link that is not http(s) is refused rather than put in a message', () => {
    expect(() => renderSample('account_approved', { signInUrl: 'javascript:alert(1)' })).toThrow(
      'refusing a javascript: link',
    );
  });

  test('the registration mail holds no text the registrant typed', () => {
    const typed = 'there. Your mailbox is full: verify at http://evil.example/login to keep it';
    const email = renderEmail('registration_received', { firstName: typed }, brand);
    for (const body of [email.subject, email.text, email.html]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('mailbox is full');
    }
    expect(email.text).toContain('Thank you for registering with Acme Support. An administrator will review');
  });

  test('a missing first name greets "there"', () => {
    expect(renderSample('account_rejected', { firstName: ' \r\n' }).text.startsWith('Hello there,')).toBe(
      true,
    );
  });
});
