import type { TTicketView, TTicketViewCounts } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { isStaff, type Viewer } from '../tickets/service.ts';
import { selectRequesterViewCounts, selectStaffViewCounts, VIEW_COUNT_CAP } from './queries.ts';

/**
 * The caller's count of each view they may use (docs/product.md#view-counts), in one statement:
 * staff all seven, an end user `open` and `all` of their own tickets. Counters are exact; a
 * bounded read (staff: at_risk; an end user's both) that reached VIEW_COUNT_CAP + 1 answers
 * VIEW_COUNT_CAP and names its view in `capped`.
 */
export async function getTicketViewCounts(viewer: Viewer, db: Db = sql): Promise<TTicketViewCounts> {
  if (!isStaff(viewer)) {
    const own = await selectRequesterViewCounts(db, viewer.id);
    return bounded({}, { open: own.open, all: own.all });
  }
  const counts = await selectStaffViewCounts(db, viewer.id);
  return bounded(
    {
      mine: counts.mine,
      unassigned: counts.unassigned,
      my_teams: counts.myTeams,
      waiting: counts.waiting,
      open: counts.open,
      all: counts.all,
    },
    { at_risk: counts.atRisk },
  );
}

/** Exact counts as they are, bounded reads cut at VIEW_COUNT_CAP and listed in `capped` when above it. */
function bounded(
  exact: Partial<Record<TTicketView, number>>,
  reads: Partial<Record<TTicketView, number>>,
): TTicketViewCounts {
  const views = { ...exact };
  const capped: TTicketView[] = [];
  for (const [view, count] of Object.entries(reads) as [TTicketView, number][]) {
    views[view] = Math.min(count, VIEW_COUNT_CAP);
    if (count > VIEW_COUNT_CAP) capped.push(view);
  }
  return { views, capped };
}
