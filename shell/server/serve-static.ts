/**
 * Serves one production build (the shell or a remote) the way a CDN or nginx would.
 *   bun shell/server/serve-static.ts <distDir> <port>
 * Env:
 *   HELPDESK_REMOTES  JSON {"mf_tickets": "<entry url>", ...}: this is the shell; /runtime-config.js is
 *                     generated from it (the shell build has no remote URLs baked in)
 *   API_ORIGIN        proxy /api/* and /swagger* to this origin (same-origin cookies for the shell); a
 *                     comma-separated list spreads requests over several API processes in turn
 *   HOST              bind address (default 127.0.0.1; 0.0.0.0 in containers)
 */
import { resolve } from 'node:path';
import { createStaticHandler, serveStatic } from './static-handler.ts';

const root = resolve(process.argv[2] ?? 'dist');
const port = Number(process.argv[3] ?? 4000);
const handle = createStaticHandler({
  root,
  apiOrigins: (process.env.API_ORIGIN ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== ''),
  remotes: process.env.HELPDESK_REMOTES ? JSON.parse(process.env.HELPDESK_REMOTES) : null,
});

const server = serveStatic(handle, { port, hostname: process.env.HOST ?? '127.0.0.1' });

console.log(
  JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: `serving ${root} on ${server.url}` }),
);
// Stop accepting, let in-flight responses finish, then exit. A proxied event stream never finishes by
// itself (its API ends it on shutdown): after 5 s whatever is still open is cut.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    setTimeout(() => void server.stop(true), 5000).unref();
    void server.stop().then(() => process.exit(0));
  });
}
