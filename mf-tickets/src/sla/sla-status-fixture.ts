import type { TSlaExplanation, TSlaTargetExplanation, TTicketSlaStatus } from '@helpdesk/contracts';

const NO_TARGET: TSlaTargetExplanation = {
  reason: 'no_policy',
  deadline: null,
  atRiskAt: null,
  doneAt: null,
  workingMinutesLeft: null,
};

/** An explanation for tests: no policy, nothing waiting, with the parts a test sets. */
export const slaExplanation = (overrides: Partial<TSlaExplanation> = {}): TSlaExplanation => ({
  policy: null,
  calendar: null,
  response: NO_TARGET,
  resolution: NO_TARGET,
  waiting: null,
  pausedMinutes: 0,
  ...overrides,
});

/** An SLA status for tests: both targets n/a, with the parts a test sets. */
export const slaStatus = (overrides: Partial<TTicketSlaStatus> = {}): TTicketSlaStatus => ({
  responseStatus: 'n/a',
  resolutionStatus: 'n/a',
  responseTimeRemaining: null,
  resolutionTimeRemaining: null,
  explanation: slaExplanation(),
  ...overrides,
});
