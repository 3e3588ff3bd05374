import { dirname, join } from 'node:path';
import { openapi } from '@elysiajs/openapi';
import { Elysia } from 'elysia';
import { z } from 'zod';
import type { RouteDeps } from '../deps.ts';
import { BEARER_SECURITY_SCHEME, SESSION_SECURITY_SCHEME } from '../route-access.ts';
import { DOCS_PATH } from '../security.ts';

const SWAGGER_UI_DIR = dirname(Bun.resolveSync('swagger-ui-dist/package.json', import.meta.dir));

// Swagger UI is served from our own origin (no CDN), so the page keeps a 'self'-only script policy.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Help desk API</title>
    <link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/assets/init.js"></script>
  </body>
</html>
`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '${DOCS_PATH}/json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const hidden = { detail: { hide: true } };

const BEARER_DESCRIPTION = [
  'A personal API token (`hd_` and 43 characters), made on the profile: `Authorization: Bearer hd_...`.',
  "It acts as its owner, never beyond the owner's current role, and only within its scopes:",
  '`tickets:read` (GET/HEAD of tickets, queues, attachments, dashboard, notifications, search),',
  '`tickets:write` (their other methods), `kb:read` / `kb:write` (the knowledge base the same way),',
  '`admin` (every route only admins may call). `GET /api/auth/me` and the display settings take any token.',
  'Passwords, two-factor, sessions, single sign-on links, the profile, the tokens themselves and the',
  'event stream refuse tokens (403). 401: unknown, expired or revoked token, or an owner no longer active;',
  '403: a role or scope that does not allow the route; 429: more than 600 requests a minute with one token.',
].join(' ');

/**
 * The OpenAPI document (generated from the routes' zod schemas) and a self-hosted Swagger UI at
 * /swagger. Everything this module registers is public, the OpenAPI plugin's own document route
 * included: the guard below declares it for each route added after it here, and for no other.
 */
export function createDocsRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'docs-routes' })
    .use(session)
    .guard({ auth: 'public' })
    .use(
      openapi({
        path: DOCS_PATH,
        provider: null,
        mapJsonSchema: { zod: z.toJSONSchema },
        documentation: {
          info: {
            title: 'Help desk API',
            version: '0.1.0',
            description: 'Tickets, knowledge base, accounts. Every error answers { code, message, fields? }.',
          },
          components: {
            securitySchemes: {
              [SESSION_SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: config.sessionCookie.name },
              [BEARER_SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', description: BEARER_DESCRIPTION },
            },
          },
        },
      }),
    )
    .get(
      DOCS_PATH,
      () => new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      hidden,
    )
    .get(
      `${DOCS_PATH}/assets/init.js`,
      () => new Response(INIT_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } }),
      hidden,
    )
    .get(`${DOCS_PATH}/assets/swagger-ui.css`, () => Bun.file(join(SWAGGER_UI_DIR, 'swagger-ui.css')), hidden)
    .get(
      `${DOCS_PATH}/assets/swagger-ui-bundle.js`,
      () => Bun.file(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')),
      hidden,
    );
}
