import { z } from 'zod';
import { DASHBOARD_TONES } from './constants/dashboard.ts';

export { DASHBOARD_TONES } from './constants/dashboard.ts';

/** GET /api/dashboard/metrics. An end user's numbers cover only their own tickets. */
export const ZDashboardMetrics = z.object({
  openTickets: z.number().int(),
  resolvedToday: z.number().int(),
  /** Mean hours from creation to resolution, over tickets resolved in the last 30 days. */
  avgResolutionHours: z.number(),
  /** Open tickets past a deadline, plus tickets that met a target late, in the last 30 days. */
  slaBreaches: z.number().int(),
});
export type TDashboardMetrics = z.infer<typeof ZDashboardMetrics>;

export const ZDashboardTone = z.enum(DASHBOARD_TONES);
export type TDashboardTone = z.infer<typeof ZDashboardTone>;

/** A team activity item: one per agent or admin with recent activity. */
export const ZTeamActivityItem = z.object({
  id: z.uuid(),
  name: z.string(),
  initials: z.string(),
  /** e.g. 'Resolved TKT-000123 · 2 hours ago' */
  activity: z.string(),
  avatarBg: ZDashboardTone,
  avatarText: ZDashboardTone,
  statusColor: ZDashboardTone,
});
export type TTeamActivityItem = z.infer<typeof ZTeamActivityItem>;
export const ZTeamActivityResponse = z.array(ZTeamActivityItem);

/** An SLA metric item: compliance with one target over the last 30 days. */
export const ZSlaMetricItem = z.object({
  name: z.string(),
  /** Percentage the desk aims for, e.g. 95. */
  target: z.number(),
  /** Percentage of tickets that met the target. */
  compliance: z.number(),
  displayValue: z.string(),
  textColor: ZDashboardTone,
});
export type TSlaMetricItem = z.infer<typeof ZSlaMetricItem>;
export const ZSlaMetricsResponse = z.array(ZSlaMetricItem);

/** The dashboard's SLA metrics' names, as the API answers them; screens find them by their English. */
export const SLA_METRIC_MESSAGES = {
  responseTime: 'Response time',
  resolutionTime: 'Resolution time',
} as const;
