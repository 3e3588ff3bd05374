import { sql } from '../db.ts';
import type { WorkerContext, WorkerTask } from '../worker/task.ts';
import { INBOUND_CHANNEL } from './inbound-queries.ts';
import { laneKeysOf, runInLanes } from './intake-lanes.ts';
import { type ClaimedInbound, claimDueInbound, releaseInboundClaims } from './intake-queries.ts';
import {
  DEFAULT_INTAKE_OPTIONS,
  type IntakeOptions,
  processReadInbound,
  type ReadInbound,
  readClaimedInbound,
  roundDeskIdentity,
} from './intake-service.ts';

/**
 * One round: claim the due messages taken in and make each one ticket or comment (intake-service.ts),
 * several at once where they share no sender and no thread (intake-lanes.ts). A round asked to stop
 * hands the claims it has not started back at once, their attempt not spent.
 */
async function intakeRound(context: WorkerContext, options: IntakeOptions) {
  const claimed = await claimDueInbound(sql, { limit: options.batchSize, leaseMs: options.leaseMs });
  const links = { appBaseUrl: context.config.appBaseUrl };
  const env = {
    links,
    attachmentsDir: context.config.attachmentsDir,
    log: context.log,
    options,
    desk: roundDeskIdentity(links),
  };
  const { notStarted } = await runInLanes<ClaimedInbound, ReadInbound>(claimed, {
    concurrency: options.concurrency,
    prepare: (claim) => readClaimedInbound(claim, env),
    keysOf: (read) => laneKeysOf(read.message),
    work: async (read) => {
      await processReadInbound(read, env);
    },
    shouldStop: () => context.signal.aborted,
  });
  if (notStarted.length > 0) await releaseInboundClaims(sql, notStarted);
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
