import type { TTicketStatus } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

export type SlaTargetName = 'response' | 'resolution';
export type SlaAlertLevel = 'at_risk' | 'breached';

/** A ticket due for a look, with what its SLA status and its warning's audience are computed from. */
export type DueSlaCheck = {
  ticketId: string;
  ticketNumber: string;
  title: string;
  status: TTicketStatus;
  assigneeId: string | null;
  teamId: string | null;
  createdAt: string;
  slaResponseBy: string | null;
  slaResolveBy: string | null;
  slaResponseRiskAt: string | null;
  slaResolveRiskAt: string | null;
  respondedAt: string | null;
  resolvedAt: string | null;
};

/**
 * Up to `limit` tickets whose next look is due at `now`, earliest first, locked until the
 * transaction ends; rows another watch holds are skipped, so concurrent rounds share the work.
 */
export function selectDueSlaChecks(db: Db, options: { now: Date; limit: number }): Promise<DueSlaCheck[]> {
  return db<DueSlaCheck[]>`
    select t.id as "ticketId", t.ticket_number as "ticketNumber", t.title, t.status,
           t.assignee_id as "assigneeId", t.team_id as "teamId", t.created_at as "createdAt",
           t.sla_response_by as "slaResponseBy", t.sla_resolve_by as "slaResolveBy",
           t.sla_response_risk_at as "slaResponseRiskAt", t.sla_resolve_risk_at as "slaResolveRiskAt",
           t.responded_at as "respondedAt", t.resolved_at as "resolvedAt"
    from sla_checks c join tickets t on t.id = c.ticket_id
    where c.check_at <= ${options.now}
    order by c.check_at, c.ticket_id
    limit ${options.limit}
    for update of c skip locked`;
}

/**
 * Records a warning; true only when this call recorded it (so the notification goes out once).
 * An 'at_risk' warning after the target's 'breached' one would be stale, so it is never recorded.
 */
export async function insertSlaAlert(
  db: Db,
  alert: { ticketId: string; target: SlaTargetName; level: SlaAlertLevel },
): Promise<boolean> {
  const rows = await db`
    insert into sla_alerts (ticket_id, target, level)
    select ${alert.ticketId}, ${alert.target}, ${alert.level}
    where ${alert.level} = 'breached' or not exists (
      select 1 from sla_alerts
      where ticket_id = ${alert.ticketId} and target = ${alert.target} and level = 'breached'
    )
    on conflict (ticket_id, target, level) do nothing
    returning ticket_id`;
  return rows.length === 1;
}

export async function updateSlaCheck(db: Db, ticketId: string, checkAt: Date): Promise<void> {
  await db`update sla_checks set check_at = ${checkAt} where ticket_id = ${ticketId}`;
}

export async function deleteSlaCheck(db: Db, ticketId: string): Promise<void> {
  await db`delete from sla_checks where ticket_id = ${ticketId}`;
}
