import { LIMITS } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { createApiTokenRoutes } from './api-tokens/routes.ts';
import { createAttachmentRoutes } from './attachments/routes.ts';
import { createAuditLogRoutes } from './audit/routes.ts';
import { AUTH_VALIDATION_MESSAGES, createAuthRoutes } from './auth/routes.ts';
import { createCannedReplyRoutes } from './canned-replies/routes.ts';
import type { Config } from './config.ts';
import { createDashboardRoutes } from './dashboard/routes.ts';
import type { RouteDeps } from './deps.ts';
import { createDocsRoutes } from './docs/routes.ts';
import { createEmailRoutes } from './email/routes.ts';
import { createEmailVerificationRoutes } from './email-verification/routes.ts';
import { createErrorHandler } from './errors.ts';
import { createHealthRoutes } from './health/routes.ts';
import { createJsonBodyParser } from './json-body.ts';
import { createKbManageRoutes } from './kb/manage-routes.ts';
import { createKbRevisionRoutes } from './kb/revisions-routes.ts';
import { createKbRoutes } from './kb/routes.ts';
import { createKbFeedbackRoutes } from './kb-feedback/routes.ts';
import { createKbImageRoutes } from './kb-images/routes.ts';
import type { Logger } from './log.ts';
import { createMailboxRoutes } from './mailboxes/routes.ts';
import { createMetrics } from './metrics/routes.ts';
import { createNotificationRoutes } from './notifications/routes.ts';
import { createOnboardingRoutes } from './onboarding/routes.ts';
import { createPreferencesRoutes } from './preferences/routes.ts';
import { createPresenceRoutes } from './presence/routes.ts';
import { createRealtimeRoutes } from './realtime/routes.ts';
import { createReportRoutes } from './reports/routes.ts';
import { createRequestLog } from './request-log.ts';
import { setFullResponseChecks } from './response-shape.ts';
import { createSearchRoutes } from './search/routes.ts';
import { createSecurityPlugin } from './security.ts';
import { createSessionPlugin } from './session.ts';
import { createSessionRoutes } from './sessions/routes.ts';
import { createSettingsRoutes } from './settings/routes.ts';
import { createSlaAdminRoutes } from './sla-admin/routes.ts';
import { createSsoRoutes } from './sso/routes.ts';
import { createTeamRoutes } from './teams/routes.ts';
import { createTicketQueueRoutes } from './ticket-queues/routes.ts';
import { createTicketRoutes } from './tickets/routes.ts';
import { createTriggerRoutes } from './triggers/routes.ts';
import { createTwoFactorRoutes } from './two-factor/routes.ts';
import { createUserRoutes, USER_VALIDATION_MESSAGES } from './users/routes.ts';
import { createWebhookRoutes } from './webhooks/routes.ts';

/**
 * The API: cross-cutting plugins first (request log, security headers and the cross-site check,
 * the one error handler, the JSON body parser, sessions with the route access guard), then the
 * OpenAPI document with its viewer, and the feature routes. Order matters: a global hook only
 * covers the routes registered after it, so every route comes after the session plugin.
 */
export function createApp({ config, log }: { config: Config; log: Logger }) {
  // Responses: the compiled shape check everywhere, zod's full check too outside production.
  setFullResponseChecks(!config.isProduction);
  // The guard reads each route's declared access from the app it serves (built below).
  const session = createSessionPlugin(config, log, () => app.routes);
  const deps: RouteDeps = { config, log, session };
  const metrics = createMetrics(config.metricsToken, session);
  const app = new Elysia({
    // Only a backstop: the JSON parser and the upload reader enforce the real caps as they read, with
    // the desk's own answers. Bun counts bytes received, not bytes read, so an upload streaming to
    // disk lags behind it; at the caps themselves Bun would answer its own bare 413 first.
    serve: { maxRequestBodySize: 2 * (LIMITS.maxAttachmentBytes + LIMITS.maxJsonBodyBytes) },
  })
    .use(createRequestLog(log))
    .use(metrics.recorder)
    .use(createSecurityPlugin(config))
    .use(
      createErrorHandler({
        log,
        validationMessages: { ...AUTH_VALIDATION_MESSAGES, ...USER_VALIDATION_MESSAGES },
      }),
    )
    .use(createJsonBodyParser())
    .use(session)
    .use(createDocsRoutes(deps))
    .use(createHealthRoutes(deps))
    .use(metrics.routes)
    .use(createAuthRoutes(deps))
    .use(createPreferencesRoutes(deps))
    .use(createEmailVerificationRoutes(deps))
    .use(createUserRoutes(deps))
    .use(createSessionRoutes(deps))
    .use(createApiTokenRoutes(deps))
    .use(createTwoFactorRoutes(deps))
    .use(createNotificationRoutes(deps))
    .use(createRealtimeRoutes(deps))
    .use(createTeamRoutes(deps))
    .use(ticketAreaRoutes(deps))
    .use(createDashboardRoutes(deps))
    .use(knowledgeBaseRoutes(deps))
    .use(createSearchRoutes(deps))
    .use(createSettingsRoutes(deps))
    .use(createSlaAdminRoutes(deps))
    .use(createOnboardingRoutes(deps))
    .use(createReportRoutes(deps))
    .use(createAuditLogRoutes(deps))
    .use(createEmailRoutes(deps))
    .use(createMailboxRoutes(deps))
    .use(createSsoRoutes(deps))
    .use(automationRoutes(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;

// The feature routes come in groups: one chain of every plugin grows Elysia's route type past
// what TypeScript will instantiate (TS2589). A group is a plain plugin, so the session guard
// registered before it covers its routes as it covers any other.

/** Tickets: queues (counts, bulk changes), the tickets themselves, presence and attachments. */
function ticketAreaRoutes(deps: RouteDeps) {
  return new Elysia({ name: 'ticket-area-routes' })
    .use(createTicketQueueRoutes(deps))
    .use(createTicketRoutes(deps))
    .use(createPresenceRoutes(deps))
    .use(createAttachmentRoutes(deps))
    .use(createCannedReplyRoutes(deps));
}

/** Automation: the rules that act on tickets, and the webhooks told of changes. */
function automationRoutes(deps: RouteDeps) {
  return new Elysia({ name: 'automation-routes' })
    .use(createTriggerRoutes(deps))
    .use(createWebhookRoutes(deps));
}

/** The knowledge base: reading, managing, images, reader feedback and revisions. */
function knowledgeBaseRoutes(deps: RouteDeps) {
  return new Elysia({ name: 'knowledge-base-routes' })
    .use(createKbRoutes(deps))
    .use(createKbManageRoutes(deps))
    .use(createKbImageRoutes(deps))
    .use(createKbFeedbackRoutes(deps))
    .use(createKbRevisionRoutes(deps));
}
