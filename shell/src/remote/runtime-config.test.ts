import { describe, expect, test } from 'bun:test';
import { parseRuntimeConfig } from './runtime-config.ts';

const BASE = 'http://localhost:3000/admin/users';

describe('parseRuntimeConfig', () => {
  test('a missing config is a clear problem', () => {
    const result = parseRuntimeConfig(undefined, BASE);
    expect(result).toEqual({
      ok: false,
      problem: 'window.__HELPDESK_CONFIG__ is missing: /runtime-config.js was not served.',
    });
  });

  test('a config without a remotes map is refused', () => {
    expect(parseRuntimeConfig({ remote: {} }, BASE).ok).toBe(false);
    expect(parseRuntimeConfig('nope', BASE).ok).toBe(false);
  });

  test('known remotes are registered, relative entries resolved, unknown names ignored', () => {
    const result = parseRuntimeConfig(
      {
        remotes: {
          mf_admin: 'http://localhost:3103/mf-manifest.json',
          mf_kb: '/remotes/kb/mf-manifest.json',
          mf_other: 'http://elsewhere/remoteEntry.js',
        },
      },
      BASE,
    );
    expect(result).toEqual({
      ok: true,
      remotes: [
        { name: 'mf_kb', entry: 'http://localhost:3000/remotes/kb/mf-manifest.json' },
        { name: 'mf_admin', entry: 'http://localhost:3103/mf-manifest.json' },
      ],
    });
  });

  test('an entry that is not a URL is refused, naming the remote', () => {
    const result = parseRuntimeConfig({ remotes: { mf_tickets: 42 } }, BASE);
    expect(result).toEqual({
      ok: false,
      problem: 'The entry URL of remote "mf_tickets" is not a valid URL.',
    });
  });
});
