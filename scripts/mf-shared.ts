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
  // shared-ui's form components hold react-hook-form's context: one copy keeps a remote's useForm and
  // shared-ui's <Form> on the same context, and keeps it out of every remote's bundle. (Not zod: a
  // shared module is never tree-shaken, and whole zod with its locales is 90 KB gzip.)
  'react-hook-form': { singleton: true, requiredVersion: '^7.0.0' },
};

/**
 * One federation runtime in the tab: the shell bundles it and provides it to the remotes, whose
 * remoteEntry.js then carries none of it (about 20 KB gzip less each); `target: 'web'` drops its
 * Node.js code. See docs/performance.md (frontend budgets).
 */
export const MF_HOST_EXPERIMENTS = { provideExternalRuntime: true, optimization: { target: 'web' } } as const;

const isProductionBuild = process.env.NODE_ENV === 'production';

/**
 * A remote's production build: it borrows the shell's federation runtime, and each exposed page is one
 * chunk with its stylesheet inside (remoteEntry.js + that chunk + the manifest: three requests on first
 * use). Development keeps a runtime of its own and split CSS, so the standalone harness still runs.
 */
export const MF_REMOTE_EXPERIMENTS = isProductionBuild
  ? ({ externalRuntime: true, optimization: { target: 'web' } } as const)
  : {};

/** The rsbuild settings that go with MF_REMOTE_EXPERIMENTS (see there). */
export const REMOTE_BUNDLING = isProductionBuild
  ? ({ injectStyles: true, chunkSplit: { strategy: 'all-in-one' } } as const)
  : ({ injectStyles: false, chunkSplit: { strategy: 'split-by-experience' } } as const);

/** Remotes are fetched cross-origin by the shell: allow local origins in development. */
export const DEV_CORS = { origin: [/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/] };
