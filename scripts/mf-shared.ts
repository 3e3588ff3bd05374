import contractsPackage from '../contracts/package.json' with { type: 'json' };
import sharedUiPackage from '../shared-ui/package.json' with { type: 'json' };

/**
 * Module Federation `shared` config, identical in the shell and every remote: one React, one
 * QueryClient and router, one shared-ui (so there is one toast store) and one contracts.
 * Never `eager`: every app starts with index.ts -> import('./bootstrap').
 * Our own packages take their range from their package.json version, so a breaking change is
 * expressed by bumping it (0.x: the minor; later: the major) and the shell refuses stale remotes.
 */
export const MF_SHARED = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  '@tanstack/react-router': { singleton: true, requiredVersion: '^1.0.0' },
  '@helpdesk/shared-ui': { singleton: true, requiredVersion: `^${sharedUiPackage.version}` },
  '@helpdesk/contracts': { singleton: true, requiredVersion: `^${contractsPackage.version}` },
};

/** Remotes are fetched cross-origin by the shell: allow local origins in development. */
export const DEV_CORS = { origin: [/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/] };
