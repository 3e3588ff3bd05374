import { describe, expect, test } from 'bun:test';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as sharedUi from '@helpdesk/shared-ui';
import { hostSharedDeclaration, MF_SHARE_STRATEGY, MF_SHARED } from '@helpdesk/tooling/mf-shared';
import * as reactQuery from '@tanstack/react-query';
import * as react from 'react';
import { SHARE_STRATEGY, SHARED_PROVIDERS, sharedOptions } from './shared-providers.ts';

const SHELL_DIR = join(import.meta.dirname, '../..');

/** The module a provider hands a remote, whichever kind it is. */
async function provided(name: string): Promise<unknown> {
  const provider = SHARED_PROVIDERS[name];
  if (provider === undefined) throw new Error(`no provider for ${name}`);
  return 'lib' in provider ? provider.lib() : (await provider.get())();
}

describe('the packages the shell offers the remotes', () => {
  test('every package the remotes share has a provider, and nothing else does', () => {
    expect(Object.keys(SHARED_PROVIDERS).sort()).toEqual(Object.keys(MF_SHARED).sort());
  });

  test('the shell resolves singletons the way the remotes do', () => {
    expect(SHARE_STRATEGY).toBe(MF_SHARE_STRATEGY);
  });

  test('the start-up singletons are handed over as the very modules the shell runs', async () => {
    expect(await provided('react')).toBe(react);
    expect(await provided('@tanstack/react-query')).toBe(reactQuery);
    expect(await provided('@helpdesk/shared-ui')).toBe(sharedUi);
  });

  test('every provider yields a module with exports (a wrong path fails here, not in a remote)', async () => {
    for (const name of Object.keys(SHARED_PROVIDERS)) {
      const module = await provided(name);
      expect(typeof module, name).toBe('object');
      expect(Object.keys(module as object).length, name).toBeGreaterThan(0);
    }
    const select = (await provided('@helpdesk/shared-ui/select')) as Record<string, unknown>;
    expect(typeof select.Select).toBe('function');
    const toaster = (await provided('@helpdesk/shared-ui/toaster')) as Record<string, unknown>;
    expect(typeof toaster.Toaster).toBe('function');
  });
});

describe('sharedOptions', () => {
  test('each declared package carries its installed version, its range and its provider', () => {
    const declaration = hostSharedDeclaration(SHELL_DIR);
    const requireFromShell = createRequire(join(SHELL_DIR, 'package.json'));
    expect(declaration.react?.version).toBe(requireFromShell('react/package.json').version);
    expect(declaration['@helpdesk/shared-ui/select']?.version).toBe(
      requireFromShell('@helpdesk/shared-ui/package.json').version,
    );

    const options = sharedOptions(declaration);
    expect(Object.keys(options).sort()).toEqual(Object.keys(MF_SHARED).sort());
    expect(options.react).toMatchObject({
      version: declaration.react?.version,
      shareConfig: { singleton: true, requiredVersion: '^19.0.0' },
    });
    // The running singletons are handed over as they are; the rest is fetched on a remote's first ask.
    expect(options.react !== undefined && 'lib' in options.react).toBe(true);
    const contracts = options['@helpdesk/contracts'];
    expect(contracts !== undefined && 'get' in contracts).toBe(true);
  });

  test('a declared package without a provider is refused, naming it', () => {
    expect(() => sharedOptions({ 'left-pad': { version: '1.3.0', requiredVersion: '^1.0.0' } })).toThrow(
      'The shell declares left-pad shared but does not provide it',
    );
  });
});
