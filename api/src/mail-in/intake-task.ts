import { sql } from '../db.ts';
import type { WorkerContext, WorkerTask } from '../worker/task.ts';
import { INBOUND_CHANNEL } from './inbound-queries.ts';
import { claimDueInbound, releaseInboundClaims } from './intake-queries.ts';
import { DEFAULT_INTAKE_OPTIONS, type IntakeOptions, processClaimedInbound } from './intake-service.ts';

/**
 * One round: claim the due messages taken in and make each one ticket or comment (intake-service.ts).
 * A round asked to stop hands the claims it has not started back at once, their attempt not spent.
 */
async function intakeRound(context: WorkerContext, options: IntakeOptions) {
  const claimed = await claimDueInbound(sql, { limit: options.batchSize, leaseMs: options.leaseMs });
  const env = {
    links: { appBaseUrl: context.config.appBaseUrl },
    attachmentsDir: context.config.attachmentsDir,
    log: context.log,
    options,
  };
  for (const [index, claim] of claimed.entries()) {
    if (context.signal.aborted) {
      await releaseInboundClaims(sql, claimed.slice(index));
      break;
    }
    await processClaimedInbound(claim, env);
  }
  return { handled: claimed.length, isBatchFull: claimed.length === options.batchSize };
}

/** The mail intake task with its timings (tests shorten the lease, the backoff and the flood window). */
export function createMailIntakeTask(overrides: Partial<IntakeOptions> = {}): WorkerTask {
  const options = { ...DEFAULT_INTAKE_OPTIONS, ...overrides };
  return {
    name: 'mail-intake',
    intervalMs: options.intervalMs,
    wakeChannel: INBOUND_CHANNEL,
    run: (context) => intakeRound(context, options),
  };
}

/** Makes every message taken in (IMAP or `mail:receive`) a ticket or comment; a new message wakes it through NOTIFY. */
export const mailIntakeTask: WorkerTask = createMailIntakeTask();
