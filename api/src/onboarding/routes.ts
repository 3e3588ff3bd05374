import { ADMIN_API_PATHS, ZDismissOnboardingRequest, ZOnboardingStatus } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { dismissOnboarding, getOnboardingStatus } from './service.ts';

const tags = ['onboarding'];

/** The first-day checklist on an admin's dashboard. */
export function createOnboardingRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'onboarding-routes' })
    .use(session)
    .get(ADMIN_API_PATHS.adminOnboarding, () => getOnboardingStatus(config.smtp), {
      auth: 'admin',
      response: responseShape(ZOnboardingStatus),
      detail: { tags, summary: "The first-day checklist, each item computed from the desk's data" },
    })
    .post(
      ADMIN_API_PATHS.adminOnboardingDismiss,
      ({ user, request, server }) =>
        dismissOnboarding(user, requestMeta(request, server, config.trustedProxies), config.smtp),
      {
        auth: 'admin',
        parse: 'json',
        body: ZDismissOnboardingRequest,
        response: responseShape(ZOnboardingStatus),
        detail: { tags, summary: 'Hide the checklist for every admin of the desk; audited' },
      },
    );
}
