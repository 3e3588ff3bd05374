/**
 * Serves one production build (the shell or a remote) the way a CDN or nginx would.
 *   bun scripts/serve-static.ts <distDir> <port>
 * Env:
 *   HELPDESK_REMOTES  JSON {"mf_tickets": "<entry url>", ...}: this is the shell; /runtime-config.js is
 *                     generated from it (the shell build has no remote URLs baked in)
 *   API_ORIGIN        proxy /api/* and /swagger* to this origin (same-origin cookies for the shell)
 *   HOST              bind address (default 127.0.0.1; 0.0.0.0 in containers)
 */
import { resolve } from 'node:path';
import { createStaticHandler } from './lib/static-handler.ts';

const root = resolve(process.argv[2] ?? 'dist');
const port = Number(process.argv[3] ?? 4000);
const handle = createStaticHandler({
  root,
  apiOrigin: process.env.API_ORIGIN,
  remotes: process.env.HELPDESK_REMOTES ? JSON.parse(process.env.HELPDESK_REMOTES) : null,
});

const server = Bun.serve({
  port,
  hostname: process.env.HOST ?? '127.0.0.1',
  // Attachments are up to 10 MB; the API enforces its own, smaller limits per route.
  maxRequestBodySize: 11 * 1024 * 1024,
  fetch: (request, srv) => handle(request, srv.requestIP(request)?.address),
});

console.log(
  JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: `serving ${root} on ${server.url}` }),
);
// Stop accepting, let in-flight responses finish, then exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
