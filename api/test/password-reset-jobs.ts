/** The reset requests a test made, done at once: the request only queues them for the worker. */
import {
  adminPasswordResetJobHandler,
  passwordResetJobHandler,
} from '../src/auth/password-reset-requests.ts';
import { sql } from '../src/db.ts';
import { runJobsRound } from '../src/jobs/service.ts';
import type { Logger } from '../src/log.ts';

const quiet: Logger = { info: () => {}, error: () => {} };

/** Runs every due 'admin_password_reset' and 'password_reset' job, as the worker would. */
export async function runPasswordResetJobs(): Promise<void> {
  for (;;) {
    const round = await runJobsRound({
      db: sql,
      handlers: {
        admin_password_reset: adminPasswordResetJobHandler,
        password_reset: passwordResetJobHandler,
      },
      log: quiet,
      signal: new AbortController().signal,
    });
    if (!round.isBatchFull) return;
  }
}
