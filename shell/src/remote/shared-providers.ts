// Loaded with the federation runtime (federation-runtime.ts), never on the start-up path. The packages
// imported whole here are the ones the start-up path has already loaded: naming them costs no request.

import * as contractConstants from '@helpdesk/contracts/constants';
import * as sharedUi from '@helpdesk/shared-ui';
import * as reactQuery from '@tanstack/react-query';
import * as reactRouter from '@tanstack/react-router';
import * as react from 'react';
import * as reactDom from 'react-dom';

type TModule = unknown;

/**
 * How the shell hands each shared package to a remote: `lib` for the singletons already running (the
 * runtime counts them as loaded, so with 'loaded-first' no remote brings a second React), `get` for the
 * rest, fetched as a chunk of the shell the first time a remote asks. Every name the remotes share
 * (tooling/src/mf-shared.ts, MF_SHARED) needs one: shared-providers.test.ts compares the two lists.
 */
export const SHARED_PROVIDERS: Record<
  string,
  { lib: () => TModule } | { get: () => Promise<() => TModule> }
> = {
  react: { lib: () => react },
  'react-dom': { lib: () => reactDom },
  '@tanstack/react-query': { lib: () => reactQuery },
  '@tanstack/react-router': { lib: () => reactRouter },
  '@helpdesk/shared-ui': { lib: () => sharedUi },
  '@helpdesk/contracts/constants': { lib: () => contractConstants },
  '@helpdesk/contracts': { get: () => import('@helpdesk/contracts').then((module) => () => module) },
  'react-hook-form': { get: () => import('react-hook-form').then((module) => () => module) },
  '@helpdesk/shared-ui/form': {
    get: () => import('@helpdesk/shared-ui/form').then((module) => () => module),
  },
  '@helpdesk/shared-ui/form-select-field': {
    get: () => import('@helpdesk/shared-ui/form-select-field').then((module) => () => module),
  },
  '@helpdesk/shared-ui/form-text-field': {
    get: () => import('@helpdesk/shared-ui/form-text-field').then((module) => () => module),
  },
  '@helpdesk/shared-ui/select': {
    get: () => import('@helpdesk/shared-ui/select').then((module) => () => module),
  },
  '@helpdesk/shared-ui/dropdown-menu': {
    get: () => import('@helpdesk/shared-ui/dropdown-menu').then((module) => () => module),
  },
  '@helpdesk/shared-ui/popover': {
    get: () => import('@helpdesk/shared-ui/popover').then((module) => () => module),
  },
  '@helpdesk/shared-ui/dialog': {
    get: () => import('@helpdesk/shared-ui/dialog').then((module) => () => module),
  },
  '@helpdesk/shared-ui/alert-dialog': {
    get: () => import('@helpdesk/shared-ui/alert-dialog').then((module) => () => module),
  },
  '@helpdesk/shared-ui/scroll-area': {
    get: () => import('@helpdesk/shared-ui/scroll-area').then((module) => () => module),
  },
  '@helpdesk/shared-ui/tabs': {
    get: () => import('@helpdesk/shared-ui/tabs').then((module) => () => module),
  },
  '@helpdesk/shared-ui/checkbox': {
    get: () => import('@helpdesk/shared-ui/checkbox').then((module) => () => module),
  },
  '@helpdesk/shared-ui/switch': {
    get: () => import('@helpdesk/shared-ui/switch').then((module) => () => module),
  },
  '@helpdesk/shared-ui/i18n': {
    get: () => import('@helpdesk/shared-ui/i18n').then((module) => () => module),
  },
  '@helpdesk/shared-ui/toaster': {
    get: () => import('@helpdesk/shared-ui/toaster').then((module) => () => module),
  },
};

/** The remotes' strategy (tooling/src/mf-shared.ts, MF_SHARE_STRATEGY, explains it); the test keeps them equal. */
export const SHARE_STRATEGY = 'loaded-first' as const;

export type TSharedDeclaration = Record<string, { version: string; requiredVersion: string }>;

/**
 * The runtime's `shared` option: each declared package (name, installed version, accepted range, from the
 * build) with its provider. A declared package without a provider is a build mistake, not a runtime choice.
 */
export function sharedOptions(declaration: TSharedDeclaration) {
  return Object.fromEntries(
    Object.entries(declaration).map(([name, { version, requiredVersion }]) => {
      const provider = SHARED_PROVIDERS[name];
      if (provider === undefined)
        throw new Error(`The shell declares ${name} shared but does not provide it`);
      return [name, { version, shareConfig: { singleton: true, requiredVersion }, ...provider }];
    }),
  );
}
