/**
 * What the email tests share: a real SMTP server on loopback (the mail catcher), the delivery task
 * run by hand the way the worker runs it, and the desk's settings set straight in the database.
 */
import { DEFAULT_SETTINGS } from '@helpdesk/contracts';
import { type SmtpCatcher, startSmtpCatcher } from '../../scripts/smtp-catcher.ts';
import { sql, testConfig } from '../../test/helpers.ts';
import type { Config } from '../config.ts';
import { formatLogLine, type Logger } from '../log.ts';
import { insertDefaultSettingsIfMissing } from '../settings/queries.ts';
import type { WorkerContext, WorkerTask } from '../worker/task.ts';
import { createEmailDeliveryTask, type DeliveryOptions } from './delivery.ts';

/** A port nothing listens on right now (SMTP "down"). */
export function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

export function startCatcher(
  options: Partial<Parameters<typeof startSmtpCatcher>[0]> = {},
): Promise<SmtpCatcher> {
  return startSmtpCatcher({ port: 0, ...options });
}

/** The API's config with SMTP_* pointing at a server on loopback (or none). */
export function configWithSmtp(port: number | null): Config {
  return {
    ...testConfig,
    smtp: port === null ? null : { host: '127.0.0.1', port, isSecure: false, username: null, password: null },
  };
}

/** A context like the worker's, with a logger that keeps its lines for assertions. */
export function workerContext(config: Config, lines: string[] = []): WorkerContext {
  const log: Logger = {
    info: (line, fields) => lines.push(formatLogLine('info', line, fields)),
    error: (line, error) => lines.push(`${line} ${String(error)}`),
  };
  return { config, log, signal: new AbortController().signal };
}

/** Fast retries and a short lease, so a test does not wait minutes. */
export const FAST: Partial<DeliveryOptions> = {
  backoffBaseMs: 20,
  backoffMaxMs: 100,
  leaseMs: 2000,
  batchSize: 10,
};

export function fastTask(overrides: Partial<DeliveryOptions> = {}): WorkerTask {
  return createEmailDeliveryTask({ ...FAST, ...overrides });
}

/** Runs rounds the way the worker does (again at once while a round handled a full batch). */
export async function deliverAll(task: WorkerTask, context: WorkerContext): Promise<number> {
  let total = 0;
  for (let round = 0; round < 200; round++) {
    const { handled, isBatchFull } = await task.run(context);
    total += handled;
    if (!isBatchFull) return total;
  }
  throw new Error('the outbox did not drain in 200 rounds');
}

export type TestSettings = {
  companyName: string;
  companyEmail: string;
  emailNotifications: boolean;
  smtpHost: string;
  smtpPort: number;
  smtpUsername: string;
  smtpPassword: string | null;
};

/** Saves settings straight into the one row (the settings API has its own tests). */
export async function useSettings(values: Partial<TestSettings> = {}): Promise<void> {
  const settings: TestSettings = {
    companyName: 'Acme Support',
    companyEmail: 'support@acme.test',
    emailNotifications: true,
    smtpHost: '',
    smtpPort: DEFAULT_SETTINGS.smtpPort,
    smtpUsername: '',
    smtpPassword: null,
    ...values,
  };
  await insertDefaultSettingsIfMissing(sql, DEFAULT_SETTINGS);
  await sql`
    update settings set company_name = ${settings.companyName}, company_email = ${settings.companyEmail},
      email_notifications = ${settings.emailNotifications}, smtp_host = ${settings.smtpHost},
      smtp_port = ${settings.smtpPort}, smtp_username = ${settings.smtpUsername},
      smtp_password = ${settings.smtpPassword}`;
}

/** Back to a fresh database's state (no row: the defaults), as the other test files expect. */
export async function resetSettings(): Promise<void> {
  await sql`delete from settings`;
}

export type OutboxRow = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  status: string;
  attempts: number;
  lastError: string | null;
  dedupeKey: string;
};

/** Every outbox row to an address, oldest first. */
export function outboxFor(recipient: string): Promise<OutboxRow[]> {
  return sql<OutboxRow[]>`
    select id, kind, recipient, subject, text_body as "textBody", html_body as "htmlBody", status, attempts,
           last_error as "lastError", dedupe_key as "dedupeKey"
    from email_outbox where lower(recipient) = lower(${recipient}) order by created_at, id`;
}
