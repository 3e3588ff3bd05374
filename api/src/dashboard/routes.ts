import {
  API_PATHS,
  ZDashboardMetrics,
  ZSlaMetricsResponse,
  ZTeamActivityResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { getDashboardMetrics, getSlaMetrics, getTeamActivity } from './service.ts';

const tags = ['dashboard'];

/** The dashboard's numbers, computed from the tickets (an end user's: their own tickets only). */
export function createDashboardRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'dashboard-routes' })
    .use(session)
    .get(API_PATHS.dashboardMetrics, ({ user }) => getDashboardMetrics(user), {
      auth: 'signed-in',
      response: responseShape(ZDashboardMetrics),
      detail: { tags, summary: 'Open, resolved today, average resolution hours, SLA breaches' },
    })
    .get(API_PATHS.dashboardTeamActivity, ({ user }) => getTeamActivity(user), {
      auth: 'signed-in',
      response: responseShape(ZTeamActivityResponse),
      detail: { tags, summary: "Each agent's latest ticket activity of the last 7 days" },
    })
    .get(API_PATHS.dashboardSlaMetrics, ({ user }) => getSlaMetrics(user), {
      auth: 'signed-in',
      response: responseShape(ZSlaMetricsResponse),
      detail: { tags, summary: 'Response and resolution SLA compliance, last 30 days' },
    });
}
