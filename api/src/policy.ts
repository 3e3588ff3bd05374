import { ADMIN_API_PATHS, API_PATHS, type TUserRole, USER_ROLES } from '@helpdesk/contracts';

/** Who may call a route: anyone, or a signed-in, active user with one of these roles. */
export type RouteAccess = 'public' | readonly TUserRole[];

const SIGNED_IN: readonly TUserRole[] = USER_ROLES;
const STAFF: readonly TUserRole[] = ['admin', 'agent'];
const ADMIN: readonly TUserRole[] = ['admin'];

/**
 * THE route policy table (docs/security.md#route-access): every route of the API, keyed by method and Elysia path
 * pattern, with who may call it. A route missing here answers 404 and never runs; a test walks
 * every registered route against this table for each role. New routes add their row here.
 */
export const ROUTE_POLICY: Readonly<Record<string, RouteAccess>> = {
  [`GET ${API_PATHS.health}`]: 'public',
  [`GET ${API_PATHS.ready}`]: 'public',
  [`GET ${API_PATHS.loginRedirect}`]: 'public',
  // Prometheus scrape: the handler itself admits only loopback peers or a METRICS_TOKEN bearer.
  'GET /api/metrics': 'public',
  'GET /swagger': 'public',
  'GET /swagger/json': 'public',
  'GET /swagger/assets/init.js': 'public',
  'GET /swagger/assets/swagger-ui.css': 'public',
  'GET /swagger/assets/swagger-ui-bundle.js': 'public',

  [`POST ${API_PATHS.authRegister}`]: 'public',
  [`POST ${API_PATHS.authLogin}`]: 'public',
  [`POST ${API_PATHS.authLogout}`]: 'public',
  [`POST ${API_PATHS.authAdminLogin}`]: 'public',
  [`POST ${API_PATHS.authAdminForgotPassword}`]: 'public',
  [`POST ${API_PATHS.authAdminResetPassword}`]: 'public',
  [`GET ${API_PATHS.authMe}`]: SIGNED_IN,
  [`GET ${API_PATHS.authUser}`]: SIGNED_IN,
  [`PATCH ${API_PATHS.authProfile}`]: SIGNED_IN,
  [`POST ${API_PATHS.authChangePassword}`]: SIGNED_IN,

  [`GET ${API_PATHS.adminUsers}`]: ADMIN,
  [`PATCH ${API_PATHS.adminUsers}/:userId/status`]: ADMIN,

  [`GET ${API_PATHS.notifications}`]: STAFF,
  [`GET ${API_PATHS.notificationsCount}`]: STAFF,
  [`PUT ${API_PATHS.notifications}/:id/read`]: STAFF,
  [`PUT ${API_PATHS.notificationsReadAll}`]: STAFF,
  // Live updates: end users get only their own bell's events (they have none today), never ticket events.
  [`GET ${API_PATHS.events}`]: SIGNED_IN,

  [`GET ${API_PATHS.tickets}`]: SIGNED_IN,
  [`POST ${API_PATHS.tickets}`]: SIGNED_IN,
  [`GET ${API_PATHS.tickets}/assignment-options`]: STAFF,
  [`GET ${API_PATHS.tickets}/:id`]: SIGNED_IN,
  // End users may not change status, priority, assignee or team of any ticket (their own included).
  [`PATCH ${API_PATHS.tickets}/:id`]: STAFF,
  [`POST ${API_PATHS.tickets}/:id/comments`]: SIGNED_IN,
  [`GET ${API_PATHS.tickets}/:id/sla-status`]: SIGNED_IN,
  [`POST ${API_PATHS.tickets}/:id/attachments`]: SIGNED_IN,
  [`GET ${API_PATHS.tickets}/:id/attachments/:attachmentId`]: SIGNED_IN,

  [`GET ${API_PATHS.dashboardMetrics}`]: SIGNED_IN,
  [`GET ${API_PATHS.dashboardTeamActivity}`]: SIGNED_IN,
  [`GET ${API_PATHS.dashboardSlaMetrics}`]: SIGNED_IN,

  // Knowledge base: everyone signed in reads (end users only published articles, scoped in SQL); staff write.
  [`GET ${API_PATHS.kbCategories}`]: SIGNED_IN,
  [`GET ${API_PATHS.kbArticles}`]: SIGNED_IN,
  [`GET ${API_PATHS.kbArticlesSearch}`]: SIGNED_IN,
  [`GET ${API_PATHS.kbArticles}/:id`]: SIGNED_IN,
  [`POST ${API_PATHS.kbArticles}`]: STAFF,
  [`PUT ${API_PATHS.kbArticles}/:id`]: STAFF,

  // Desk search: everyone signed in; what each finds is scoped in SQL (an end user's own
  // tickets and published articles, no internal notes, no people).
  [`GET ${API_PATHS.search}`]: SIGNED_IN,

  [`GET ${API_PATHS.teams}`]: ADMIN,
  [`GET ${API_PATHS.teams}/:id/members`]: ADMIN,

  // Administration: teams, users, settings, reports and the audit log are admin-only;
  // the display settings (timezone, language, company name) are for everyone signed in.
  [`POST ${API_PATHS.teams}`]: ADMIN,
  [`PATCH ${API_PATHS.teams}/:id`]: ADMIN,
  [`DELETE ${API_PATHS.teams}/:id`]: ADMIN,
  [`POST ${API_PATHS.teams}/:id/members`]: ADMIN,
  [`DELETE ${API_PATHS.teams}/:id/members/:userId`]: ADMIN,
  [`POST ${API_PATHS.adminUsers}`]: ADMIN,
  [`PATCH ${API_PATHS.adminUsers}/:userId/role`]: ADMIN,
  [`GET ${ADMIN_API_PATHS.adminSettings}`]: ADMIN,
  [`PUT ${ADMIN_API_PATHS.adminSettings}`]: ADMIN,
  [`GET ${ADMIN_API_PATHS.displaySettings}`]: SIGNED_IN,
  [`GET ${ADMIN_API_PATHS.adminReports}`]: ADMIN,
  [`GET ${ADMIN_API_PATHS.adminReportsExport}`]: ADMIN,
  [`GET ${ADMIN_API_PATHS.adminAuditLogs}`]: ADMIN,
  // Outgoing mail: the outbox's status, retrying failed messages, a test message.
  [`GET ${ADMIN_API_PATHS.adminEmailOutbox}`]: ADMIN,
  [`POST ${ADMIN_API_PATHS.adminEmailOutboxRetry}`]: ADMIN,
  [`POST ${ADMIN_API_PATHS.adminEmailOutboxTest}`]: ADMIN,
};

/** The access rule of a route, or undefined when the table does not list it (deny). */
export function accessFor(method: string, route: string): RouteAccess | undefined {
  return Object.hasOwn(ROUTE_POLICY, `${method} ${route}`) ? ROUTE_POLICY[`${method} ${route}`] : undefined;
}
