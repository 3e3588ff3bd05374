import {
  TEST_MAIL_MESSAGES,
  type TTestMailRequest,
  type TTestMailResponse,
  type TUser,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Config } from '../config.ts';
import { sql } from '../db.ts';
import { describeSendError } from '../email/delivery.ts';
import { renderEmail } from '../email/templates.ts';
import { fromAddress, resolveSmtpServer, singleUseTransport } from '../email/transport.ts';
import { conflict } from '../errors.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import { onboardingFactsCache } from '../onboarding/facts-cache.ts';
import { upsertTestMailServer } from '../onboarding/queries.ts';
import { smtpServerKey } from '../onboarding/service.ts';
import { getEffectiveSettings } from './service.ts';

/** Five test mails per admin in ten minutes: enough to fix a setting and retry, too few to spam anyone. */
export function testMailBudget(admin: Pick<TUser, 'id'>): Budget {
  return { key: `test-mail:user:${admin.id}`, limit: 5, windowMs: 10 * 60_000 };
}

/**
 * Sends a test mail now, through the mail server in effect (the saved settings, else SMTP_*), to the
 * admin or the given address, and says what the server answered. On success the first-day checklist
 * remembers the server, and an audit row records it. Rate-limited per admin.
 */
export async function sendTestMail(
  admin: TUser,
  input: TTestMailRequest,
  meta: RequestMeta,
  config: Config,
): Promise<TTestMailResponse> {
  await enforceRateLimit(sql, [testMailBudget(admin)], TEST_MAIL_MESSAGES.tooMany);
  const settings = await getEffectiveSettings();
  const server = resolveSmtpServer(settings, config.smtp);
  if (!server) throw conflict(TEST_MAIL_MESSAGES.notConfigured);
  const recipient = input.to ?? admin.email;
  const from = fromAddress(settings, config.appBaseUrl);
  const rendered = renderEmail(
    'test',
    { firstName: admin.firstName, settingsUrl: `${config.appBaseUrl}/admin/settings` },
    settings,
  );
  const transport = await singleUseTransport(server);
  try {
    await transport.sendMail({
      from,
      to: recipient,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      envelope: { from: from.address, to: [recipient] },
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  } catch (error) {
    throw conflict(TEST_MAIL_MESSAGES.failed(describeSendError(error, server.password)));
  } finally {
    transport.close();
  }
  const serverKey = smtpServerKey(server);
  await sql.begin(async (tx) => {
    await upsertTestMailServer(tx, serverKey);
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: 'settings.test_mail_sent',
      targetUserId: null,
      details: { recipient, server: serverKey },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
  });
  // The checklist's mail item ticks on this process's next read, before the notification arrives.
  onboardingFactsCache().clear();
  return { recipient, server: serverKey };
}
