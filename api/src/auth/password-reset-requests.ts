import { ANONYMOUS_MAIL_MESSAGES } from '@helpdesk/contracts';
import type { RequestMeta } from '../client-ip.ts';
import { sql } from '../db.ts';
import type { MailLinks } from '../email/prepare.ts';
import { defineJobHandler, enqueueJob, JOB_PAYLOADS } from '../jobs/service.ts';
import { enforceRateLimit, tryRateLimit } from '../limits/rate-limits.ts';
import { passwordResetRequestBudgets, resetLinkBudget } from './mail-limits.ts';
import { issuePasswordLink } from './password-links.ts';
import { selectResetRecipientByEmail } from './queries.ts';

/**
 * Takes a password reset request from a forgot-password form: spends the client address's, the
 * mailbox's and the domain's budgets (429 when one is spent; both forms share them) and queues
 * the work, nothing else. Whether an account has the address is looked up by the worker, so the
 * request does the same statements, answers the same and takes the same time for every address.
 */
export async function requestPasswordReset(
  form: 'admin' | 'user',
  email: string,
  meta: RequestMeta,
  links: MailLinks,
): Promise<void> {
  await enforceRateLimit(
    sql,
    passwordResetRequestBudgets(meta.ipAddress, email),
    ANONYMOUS_MAIL_MESSAGES.tooManyResetRequests,
  );
  const kind = form === 'admin' ? 'admin_password_reset' : 'password_reset';
  await sql.begin((tx) => enqueueJob(tx, kind, { email, appBaseUrl: links.appBaseUrl }));
}

/**
 * The reset jobs: when an account that may reset has the address (only an active admin for the
 * administrator form), and no link went to them in the last few minutes, older tokens are spent,
 * the new token stored (as a hash) and the email with the link queued, all in the job's
 * transaction. Within those minutes the link already sent stays the valid one.
 */
function passwordResetJob(isAdminOnly: boolean) {
  return defineJobHandler(JOB_PAYLOADS.password_reset, async ({ email, appBaseUrl }, { tx }) => {
    const account = await selectResetRecipientByEmail(tx, email, isAdminOnly);
    if (!account) return;
    if (!(await tryRateLimit(tx, [resetLinkBudget(account.id)]))) return;
    await issuePasswordLink(tx, 'reset', account, { appBaseUrl });
  });
}

/** The 'admin_password_reset' job: see passwordResetJob. */
export const adminPasswordResetJobHandler = passwordResetJob(true);

/** The 'password_reset' job (everyone's forgot-password form): see passwordResetJob. */
export const passwordResetJobHandler = passwordResetJob(false);
