import {
  ADMIN_API_PATHS,
  ZDisplaySettings,
  ZNotificationSettings,
  ZSettings,
  ZTestMailRequest,
  ZTestMailResponse,
  ZUpdateSettingsRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { getDisplaySettings, getNotificationSettings, getSettings, saveSettings } from './service.ts';
import { sendTestMail } from './test-mail.ts';

const tags = ['settings'];

/** The desk's settings (admins) and the display part every signed-in user needs. */
export function createSettingsRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'settings-routes' })
    .use(session)
    .get(ADMIN_API_PATHS.adminSettings, () => getSettings(), {
      auth: 'admin',
      response: responseShape(ZSettings),
      detail: { tags, summary: 'The settings in effect (the SMTP password only as smtpPasswordSet)' },
    })
    .put(
      ADMIN_API_PATHS.adminSettings,
      ({ user, body, request, server }) =>
        saveSettings(user, body, requestMeta(request, server, config.trustedProxies)),
      {
        auth: 'admin',
        parse: 'json',
        body: ZUpdateSettingsRequest,
        response: responseShape(ZSettings),
        detail: {
          tags,
          summary: 'Save the settings: smtpPassword string sets, null clears, absent keeps; audited',
        },
      },
    )
    .get(ADMIN_API_PATHS.displaySettings, () => getDisplaySettings(), {
      auth: 'signed-in',
      response: responseShape(ZDisplaySettings),
      detail: { tags, summary: 'Timezone, language and company name for formatting (every signed-in user)' },
    })
    .post(
      ADMIN_API_PATHS.adminSettingsTestMail,
      ({ user, body, request, server }) =>
        sendTestMail(user, body, requestMeta(request, server, config.trustedProxies), config),
      {
        auth: 'admin',
        parse: 'json',
        body: ZTestMailRequest,
        response: responseShape(ZTestMailResponse),
        detail: {
          tags,
          summary: 'Send a test mail now to the admin (or `to`); 409 with the reason when it cannot; audited',
        },
      },
    )
    .get(ADMIN_API_PATHS.notificationSettings, () => getNotificationSettings(), {
      auth: 'staff',
      response: responseShape(ZNotificationSettings),
      detail: { tags, summary: 'Whether the desk offers desktop notifications (agents and admins)' },
    });
}
