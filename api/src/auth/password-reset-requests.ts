import { ANONYMOUS_MAIL_MESSAGES, RESET_TOKEN_TTL_MS } from '@helpdesk/contracts';
import type { RequestMeta } from '../client-ip.ts';
import { sql } from '../db.ts';
import { enqueuePasswordReset } from '../email/outbox.ts';
import type { MailLinks } from '../email/prepare.ts';
import { defineJobHandler, enqueueJob, JOB_PAYLOADS } from '../jobs/service.ts';
import { enforceRateLimit, tryRateLimit } from '../limits/rate-limits.ts';
import { randomToken, sha256Hex } from '../session.ts';
import { passwordResetRequestBudgets, resetLinkBudget } from './mail-limits.ts';
import { insertResetToken, selectActiveAdminByEmail, spendUnusedResetTokens } from './queries.ts';

/**
 * Takes an admin password reset request: spends the client address's, the mailbox's and the
 * domain's budgets (429 when one is spent) and queues the work, nothing else. Whether an admin
 * has the address is looked up by the worker, so the request does the same statements, answers
 * the same and takes the same time for every address.
 */
export async function requestAdminPasswordReset(
  email: string,
  meta: RequestMeta,
  links: MailLinks,
): Promise<void> {
  await enforceRateLimit(
    sql,
    passwordResetRequestBudgets(meta.ipAddress, email),
    ANONYMOUS_MAIL_MESSAGES.tooManyResetRequests,
  );
  await sql.begin((tx) => enqueueJob(tx, 'admin_password_reset', { email, appBaseUrl: links.appBaseUrl }));
}

/**
 * The 'admin_password_reset' job: when an active admin has the address, and no link went to them
 * in the last few minutes, older tokens are spent, the new token stored (as a hash) and the email
 * with the link queued, all in the job's transaction. Within those minutes the link already sent
 * stays the valid one.
 */
export const adminPasswordResetJobHandler = defineJobHandler(
  JOB_PAYLOADS.admin_password_reset,
  async ({ email, appBaseUrl }, { tx }) => {
    const admin = await selectActiveAdminByEmail(tx, email);
    if (!admin) return;
    if (!(await tryRateLimit(tx, [resetLinkBudget(admin.id)]))) return;
    const token = randomToken();
    await spendUnusedResetTokens(tx, admin.id);
    const tokenId = await insertResetToken(tx, {
      userId: admin.id,
      tokenHash: sha256Hex(token),
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    await enqueuePasswordReset(tx, { tokenId, token, to: admin }, { appBaseUrl });
  },
);
