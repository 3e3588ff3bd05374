import { adminPasswordResetJobHandler, passwordResetJobHandler } from '../auth/password-reset-requests.ts';
import { autoAssignJobHandler } from '../auto-assign/service.ts';
import { createCleanupTask } from '../cleanup/service.ts';
import type { Config } from '../config.ts';
import { emailDeliveryTask } from '../email/delivery.ts';
import { createJobsTask, type JobHandler, type JobKind } from '../jobs/service.ts';
import { viewWindowTask } from '../kb/view-window-task.ts';
import { DEFAULT_INTAKE_OPTIONS } from '../mail-in/intake-service.ts';
import { createMailIntakeTask } from '../mail-in/intake-task.ts';
import { mailFetchTask } from '../mailboxes/fetch-task.ts';
import { createSlaWatchTask } from '../sla-watch/service.ts';
import { webhookDeliveryJobHandler } from '../webhooks/delivery.ts';
import type { WorkerTask } from './task.ts';

/** How each kind of queued job is done: a kind without a handler does not compile. */
export const JOB_HANDLERS: Readonly<Record<JobKind, JobHandler>> = {
  auto_assign: autoAssignJobHandler,
  admin_password_reset: adminPasswordResetJobHandler,
  password_reset: passwordResetJobHandler,
  webhook_delivery: webhookDeliveryJobHandler,
};

/** Every background task, in one place: the API process (WORKER_IN_API) and `bun run worker` run these. */
export function createWorkerTasks(config: Config): WorkerTask[] {
  return [
    createJobsTask(JOB_HANDLERS),
    emailDeliveryTask,
    createSlaWatchTask(config.worker.slaWatchIntervalMs),
    createCleanupTask(config.worker.cleanupIntervalMs),
    viewWindowTask,
    // A dead worker's claims run out unannounced (no NOTIFY): rounds come at least once a lease, so
    // another worker takes them over within about two leases.
    createMailIntakeTask({
      leaseMs: config.mailIntakeLeaseMs,
      intervalMs: Math.min(DEFAULT_INTAKE_OPTIONS.intervalMs, config.mailIntakeLeaseMs),
    }),
    mailFetchTask,
  ];
}
