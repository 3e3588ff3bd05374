import type { ClientRequest, IncomingMessage } from 'node:http';
import { PORTS } from './ports.ts';

/**
 * `bun dev`'s /api proxy (the shell's and each remote's standalone dev server): to the API on
 * loopback, telling it who asked by appending the browser's address to X-Forwarded-For, as the
 * shell's production server does (shell/server/upstream-pool.ts). Appending, never replacing or
 * keeping a client's own header alone: the API believes only the hops its trusted proxies added
 * (docs/security.md#client-addresses). http-proxy's own `xfwd` keeps a client's header as it is.
 */
export function devApiProxy() {
  return {
    '/api': {
      target: `http://127.0.0.1:${PORTS.api}`,
      on: {
        proxyReq: (proxyReq: ClientRequest, req: IncomingMessage) => {
          const peer = req.socket.remoteAddress;
          if (!peer) return;
          const forwarded = req.headers['x-forwarded-for'];
          const previous = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
          proxyReq.setHeader('x-forwarded-for', previous ? `${previous}, ${peer}` : peer);
        },
      },
    },
  };
}
