import type {
  TDashboardMetrics,
  TSlaMetricItem,
  TTeamActivityItem,
  TTicketListResponse,
} from '@helpdesk/contracts';
import { API_PATHS, LIMITS } from '@helpdesk/contracts/constants';
import { useQuery } from '@tanstack/react-query';

// Data never goes stale by itself (docs/product.md#calls-and-client-defaults), and ticket changes made elsewhere (another
// page, another person) do not all invalidate these keys, so the dashboard reads its figures
// again each time it is shown; cached figures stay on screen while that happens.
const ON_EVERY_VISIT = { refetchOnMount: 'always' } as const;

/** Key of the dashboard's recent tickets: the list path plus its query, like the ticket list's own keys. */
export const RECENT_TICKETS_QUERY_KEY = [
  API_PATHS.tickets,
  { limit: LIMITS.recentTicketsOnDashboard },
] as const;

/** GET /api/dashboard/metrics */
export const useDashboardMetrics = () =>
  useQuery<TDashboardMetrics>({ queryKey: [API_PATHS.dashboardMetrics], ...ON_EVERY_VISIT });

/** GET /api/tickets?limit=5: the newest tickets the user may see. */
export const useRecentTickets = () =>
  useQuery<TTicketListResponse>({ queryKey: RECENT_TICKETS_QUERY_KEY, ...ON_EVERY_VISIT });

/** GET /api/dashboard/team-activity */
export const useTeamActivity = () =>
  useQuery<TTeamActivityItem[]>({ queryKey: [API_PATHS.dashboardTeamActivity], ...ON_EVERY_VISIT });

/** GET /api/dashboard/sla-metrics */
export const useSlaMetrics = () =>
  useQuery<TSlaMetricItem[]>({ queryKey: [API_PATHS.dashboardSlaMetrics], ...ON_EVERY_VISIT });
