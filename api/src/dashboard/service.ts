import type {
  TDashboardMetrics,
  TDashboardTone,
  TSlaMetricItem,
  TTeamActivityItem,
  TUser,
} from '@helpdesk/contracts';
import { SLA_METRIC_MESSAGES } from '@helpdesk/contracts';
import { sql } from '../db.ts';
import {
  activityLine,
  describeEvent,
  initialsOf,
  recencyTone,
  relativeTime,
  toneFor,
} from './activity-text.ts';
import { deskSnapshots } from './desk-snapshot.ts';
import {
  type DashboardScope,
  selectDashboardMetrics,
  selectSlaCounts,
  selectStaffActivity,
  selectStaffActivityOnRequesterTickets,
} from './queries.ts';

/** The compliance the desk aims for, per target (percent). */
export const SLA_COMPLIANCE_TARGET = 95;
const TEAM_ACTIVITY_LIMIT = 8;

type Viewer = Pick<TUser, 'id' | 'role'>;

/** Staff see the whole desk; an end user's numbers cover only tickets they requested. */
const scopeOf = (viewer: Viewer): DashboardScope => ({
  requesterId: viewer.role === 'end_user' ? viewer.id : null,
});

/**
 * Open tickets, resolved today (UTC), average resolution hours (30 days) and SLA breaches. The
 * whole desk's numbers are the same for every staff member: one read serves them all
 * (desk-snapshot.ts); an end user's cover only their tickets and are read each time.
 */
export function getDashboardMetrics(viewer: Viewer): Promise<TDashboardMetrics> {
  const scope = scopeOf(viewer);
  if (scope.requesterId !== null) return selectDashboardMetrics(sql, scope);
  return deskSnapshots().load('metrics', () => selectDashboardMetrics(sql, scope));
}

/**
 * Each active agent's or admin's latest ticket event of the last 7 days, newest first (at most
 * 8), e.g. 'Resolved TKT-000123 · 2 hours ago'. An end user sees only activity on their own
 * tickets, never about internal notes.
 */
export async function getTeamActivity(viewer: Viewer, now = Date.now()): Promise<TTeamActivityItem[]> {
  const rows =
    viewer.role === 'end_user'
      ? await selectStaffActivityOnRequesterTickets(sql, viewer.id, TEAM_ACTIVITY_LIMIT)
      : await deskSnapshots().load('team-activity', () => selectStaffActivity(sql, TEAM_ACTIVITY_LIMIT));
  return rows.map((row) => {
    const at = Date.parse(row.createdAt);
    const tone = toneFor(row.userId);
    return {
      id: row.userId,
      name: `${row.firstName} ${row.lastName}`,
      initials: initialsOf(row.firstName, row.lastName),
      activity: activityLine(
        describeEvent(row.eventType, row.eventData, row.ticketNumber),
        relativeTime(at, now),
      ),
      avatarBg: tone,
      avatarText: tone,
      statusColor: recencyTone(at, now),
    };
  });
}

/** Green at or above the target, amber within 10 points of it, red below that. */
export function complianceTone(compliance: number, target: number): TDashboardTone {
  if (compliance >= target) return 'green';
  if (compliance >= target - 10) return 'amber';
  return 'red';
}

function metricItem(name: string, met: number, breached: number): TSlaMetricItem {
  const decided = met + breached;
  // Nothing decided yet means nothing breached yet.
  const compliance = decided === 0 ? 100 : Math.round((met / decided) * 1000) / 10;
  return {
    name,
    target: SLA_COMPLIANCE_TARGET,
    compliance,
    displayValue: `${compliance.toFixed(1)}%`,
    textColor: complianceTone(compliance, SLA_COMPLIANCE_TARGET),
  };
}

/**
 * Response and resolution compliance over tickets created in the last 30 days: met on time /
 * (met + breached), targets still running left out. Empty when no such ticket has an SLA
 * deadline (the dashboard then says there is no SLA data).
 */
export async function getSlaMetrics(viewer: Viewer): Promise<TSlaMetricItem[]> {
  const scope = scopeOf(viewer);
  const counts =
    scope.requesterId === null
      ? await deskSnapshots().load('sla-counts', () => selectSlaCounts(sql, scope))
      : await selectSlaCounts(sql, scope);
  if (counts.withTargets === 0) return [];
  return [
    metricItem(SLA_METRIC_MESSAGES.responseTime, counts.responseMet, counts.responseBreached),
    metricItem(SLA_METRIC_MESSAGES.resolutionTime, counts.resolutionMet, counts.resolutionBreached),
  ];
}
