import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import contractsPackage from '../../contracts/package.json' with { type: 'json' };
import sharedUiPackage from '../../shared-ui/package.json' with { type: 'json' };

/**
 * shared-ui's component families with an entry of their own (`@helpdesk/shared-ui/select`, ...), each a
 * singleton like the main entry: a shared module is loaded whole, so the dashboard, which renders none
 * of them, no longer loads every radix piece and react-hook-form. Read from the package's exports, so a
 * new entry is shared without touching this file. (The standalone harness and the CSS are not modules
 * the apps share.)
 */
function sharedUiSubpaths() {
  const shared: Record<string, { singleton: true; requiredVersion: string }> = {};
  for (const subpath of Object.keys(sharedUiPackage.exports)) {
    if (subpath === '.' || subpath === './standalone' || subpath.endsWith('.css')) continue;
    shared[`@helpdesk/shared-ui/${subpath.slice(2)}`] = {
      singleton: true,
      requiredVersion: `^${sharedUiPackage.version}`,
    };
  }
  return shared;
}

/**
 * Module Federation `shared` config of every remote, which the shell's runtime offers them in turn
 * (hostSharedDeclaration): one React, one QueryClient and router, one shared-ui (so there is one toast
 * store) and one contracts.
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
  ...sharedUiSubpaths(),
  '@helpdesk/contracts': { singleton: true, requiredVersion: `^${contractsPackage.version}` },
  // The contracts' zod-free values (paths, limits, labels): what the shell's start-up path and shared-ui's
  // main entry import, so zod and the schemas (the entry above) load only with the first form that needs
  // them. Shared rather than bundled into each chunk that uses it: one copy, 2 KB gzip less at start-up.
  '@helpdesk/contracts/constants': { singleton: true, requiredVersion: `^${contractsPackage.version}` },
  // shared-ui's form components hold react-hook-form's context: one copy keeps a remote's useForm and
  // shared-ui's <Form> on the same context, and keeps it out of every remote's bundle. (Not zod: a
  // shared module is never tree-shaken, and whole zod with its locales is 90 KB gzip.)
  'react-hook-form': { singleton: true, requiredVersion: '^7.0.0' },
};

/**
 * With the default ('version-first') the runtime fetches every registered remote's entry to compare
 * versions the first time a shared module is consumed after start-up: a shared-ui entry the dashboard
 * renders late (the header's popover) would fetch all three remotes before the dashboard shows. Every
 * app is built from one tree with the same versions, so the copy already loaded is the one to use.
 */
export const MF_SHARE_STRATEGY = 'loaded-first' as const;

/** One shared package as the shell's federation runtime offers it (see hostSharedDeclaration). */
export type THostSharedDeclaration = Record<string, { version: string; requiredVersion: string }>;

/**
 * What the shell offers the remotes: every package of MF_SHARED with the version installed for the shell.
 * The shell has no Module Federation build plugin (its start-up path carries no federation runtime): its
 * runtime starts with the first remote page and provides these packages from the shell's own modules
 * (shell/src/remote/shared-providers.ts); the build hands this table to it as `__SHELL_SHARED__`. The
 * shell also offers the shared-ui entries it does not render itself (select, tabs, ...), so a remote's
 * first use takes them from the shell instead of fetching a copy from its own origin.
 */
export function hostSharedDeclaration(appDir: string): THostSharedDeclaration {
  const declaration: THostSharedDeclaration = {};
  for (const [name, config] of Object.entries(MF_SHARED)) {
    declaration[name] = {
      version: installedVersion(appDir, packageOf(name)),
      requiredVersion: config.requiredVersion,
    };
  }
  return declaration;
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? request);
}

/** The version of `packageName` as `appDir` resolves it (a workspace package or one from node_modules). */
function installedVersion(appDir: string, packageName: string): string {
  const requireFromApp = createRequire(join(appDir, 'package.json'));
  // Not `${name}/package.json`: a package's exports may not list it. Walk up from its entry instead.
  let directory = dirname(requireFromApp.resolve(packageName));
  while (directory !== dirname(directory)) {
    const manifestPath = join(directory, 'package.json');
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (manifest.name === packageName && typeof manifest.version === 'string') return manifest.version;
    }
    directory = dirname(directory);
  }
  throw new Error(`No package.json of ${packageName} above its entry, resolved from ${appDir}`);
}

/**
 * The federation runtime's build flags for the shell, which bundles the runtime without the build plugin
 * that would set them: `web` drops the runtime's Node.js script loader.
 */
export const HOST_FEDERATION_DEFINES = { ENV_TARGET: JSON.stringify('web') } as const;

const isProductionBuild = process.env.NODE_ENV === 'production';

/**
 * A remote's production build: it borrows the shell's federation runtime, and each exposed page is one
 * chunk with its stylesheet inside (the remote's src/remote-styles.ts; remoteEntry.js + that chunk + the
 * manifest: three requests on first use). Development keeps a runtime of its own and split chunks, so
 * the standalone harness still runs.
 */
export const MF_REMOTE_EXPERIMENTS = isProductionBuild
  ? ({ externalRuntime: true, optimization: { target: 'web' } } as const)
  : {};

/** The rsbuild settings that go with MF_REMOTE_EXPERIMENTS (see there). */
export const REMOTE_BUNDLING = isProductionBuild
  ? ({ chunkSplit: { strategy: 'all-in-one' } } as const)
  : ({ chunkSplit: { strategy: 'split-by-experience' } } as const);

/**
 * The federation runtime that the build plugin bundles into every app (webpack-bundler-runtime and
 * runtime, CommonJS) `require`s @module-federation/sdk and error-codes, which then resolve to their
 * CommonJS builds: whole, since CommonJS is not tree-shaken (the Node.js script loader, the logger,
 * manifest snapshots, every error text). Resolved to the same packages' ESM builds instead, rspack keeps
 * only what the runtime calls: each remote's remoteEntry.js is 5 KB gzip smaller, the shell's start-up
 * 0.6 KB. Found from @module-federation/enhanced, whose dependencies they are, so an upgrade moves both.
 */
export function federationRuntimeAliases(appDir: string): Record<string, string> {
  const requireFromApp = createRequire(join(appDir, 'package.json'));
  const requireFromPlugin = createRequire(requireFromApp.resolve('@module-federation/enhanced'));
  const aliases: Record<string, string> = {};
  for (const name of ['@module-federation/sdk', '@module-federation/error-codes']) {
    // Their package.json is not exported: step up from the CommonJS entry to the package's folder.
    const entry = requireFromPlugin.resolve(name);
    const root = entry.slice(0, entry.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}`.length);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    // `$`: the package's main entry only, for CommonJS and ESM requests alike.
    aliases[`${name}$`] = join(root, manifest.exports['.'].import.default);
  }
  return aliases;
}

/** Remotes are fetched cross-origin by the shell: allow local origins in development. */
export const DEV_CORS = { origin: [/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/] };
