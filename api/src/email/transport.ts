import { isIP } from 'node:net';
import type { TSettings, TSmtpSource } from '@helpdesk/contracts';
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { EnvSmtp } from '../config.ts';
import { brandName } from './templates.ts';

/** The SMTP server mail leaves through, and where that choice came from. */
export type SmtpServer = {
  source: TSmtpSource;
  host: string;
  port: number;
  isSecure: boolean;
  username: string | null;
  password: string | null;
};

/** What the saved settings say about SMTP (getEffectiveSettings: the password included). */
export type SmtpSettings = Pick<TSettings, 'smtpHost' | 'smtpPort' | 'smtpUsername'> & {
  smtpPassword: string | null;
};

/**
 * The server to use: the saved settings when they name a host (what an admin sets in the UI wins),
 * else SMTP_* from the environment, else none ("not configured": mail waits in the outbox). Port
 * 465 means TLS from the first byte; other ports upgrade with STARTTLS when the server offers it.
 */
export function resolveSmtpServer(settings: SmtpSettings, env: EnvSmtp | null): SmtpServer | null {
  const host = settings.smtpHost.trim();
  if (host !== '') {
    const username = settings.smtpUsername.trim();
    return {
      source: 'settings',
      host,
      port: settings.smtpPort,
      isSecure: settings.smtpPort === 465,
      username: username === '' ? null : username,
      password: username === '' ? null : settings.smtpPassword,
    };
  }
  if (env) return { source: 'environment', ...env };
  return null;
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/** The From header: the company name as the display name, companyEmail as the address. */
export function fromAddress(
  settings: Pick<TSettings, 'companyName' | 'companyEmail'>,
  appBaseUrl: string,
): { name: string; address: string } {
  // Without a company email, a no-reply address on the desk's own host name is the honest sender.
  const hostname = new URL(appBaseUrl).hostname;
  const domain = isIP(hostname.replace(/^\[|\]$/g, '')) === 0 ? hostname : 'localhost';
  const address = settings.companyEmail.trim() || `no-reply@${domain}`;
  return { name: brandName(settings), address };
}

/** The domain of the Message-ID header: the From address's, so receivers see one sender. */
export function messageIdDomain(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return /^[a-z0-9.-]+$/.test(domain) && domain !== '' ? domain : 'helpdesk.invalid';
}

/**
 * The same outbox id always gives the same Message-ID: a message sent twice (the worker stopped
 * between the server's acceptance and recording it) carries one Message-ID, which receivers use to
 * drop the duplicate.
 */
export function outboxMessageId(outboxId: string, domain: string): string {
  return `<outbox.${outboxId}@${domain}>`;
}

/**
 * nodemailer's options for a server. Credentials never cross the network in clear: with a login and
 * a host that is not this machine, TLS is required (465, or STARTTLS that must succeed).
 */
export function transportOptions(server: SmtpServer): SMTPPool.Options {
  const hasLogin = server.username !== null && server.password !== null;
  return {
    host: server.host,
    port: server.port,
    secure: server.isSecure,
    requireTLS: !server.isSecure && hasLogin && !isLoopback(server.host),
    auth: hasLogin ? { user: server.username ?? '', pass: server.password ?? '' } : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // nodemailer's own logger would print envelopes and SMTP transcripts; our log says what matters.
    logger: false,
    debug: false,
  };
}

type CachedTransport = { key: string; transporter: Transporter };
let cached: CachedTransport | null = null;

/**
 * nodemailer loads with the first message sent, the worker's or an admin's test mail: an API whose
 * worker runs in a process of its own seldom sends one, and idles 2-3 MB smaller without it.
 */
let nodemailerLoad: Promise<typeof import('nodemailer').default> | undefined;
const loadNodemailer = () => {
  nodemailerLoad ??= import('nodemailer').then((module) => module.default);
  return nodemailerLoad;
};

/** One pooled transport per server configuration, reused across rounds and closed when the configuration changes. */
export async function transportFor(server: SmtpServer): Promise<Transporter> {
  const nodemailer = await loadNodemailer();
  const key = JSON.stringify([server.host, server.port, server.isSecure, server.username, server.password]);
  if (cached?.key === key) return cached.transporter;
  cached?.transporter.close();
  const transporter = nodemailer.createTransport(transportOptions(server));
  cached = { key, transporter };
  return transporter;
}

/** Closes the pooled connections (tests and a stopping worker). */
export function closeTransport(): void {
  cached?.transporter.close();
  cached = null;
}

/**
 * A connection of its own for one message an admin waits for (the test mail): no pool, and a shorter
 * wait for a silent server than the outbox's.
 */
export async function singleUseTransport(server: SmtpServer): Promise<Transporter> {
  const nodemailer = await loadNodemailer();
  const { pool: _pool, maxConnections: _connections, ...options } = transportOptions(server);
  return nodemailer.createTransport({ ...options, socketTimeout: 15_000 });
}
