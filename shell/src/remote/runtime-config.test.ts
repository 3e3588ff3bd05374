import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
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

  test('wrong, missing and hostile shapes are refused as the zod schema it replaced refused them', () => {
    // The schema this check replaced (so start-up loads no zod): the answers must not change.
    const ZFormer = z.object({ remotes: z.record(z.string(), z.unknown()) });
    const refused: unknown[] = [
      null,
      'nope',
      42,
      [],
      [{ remotes: {} }],
      {},
      { remotes: null },
      { remotes: 'http://localhost:3101/mf-manifest.json' },
      { remotes: ['http://localhost:3101/mf-manifest.json'] },
      { remotes: new Map([['mf_kb', '/kb/mf-manifest.json']]) },
      { remotes: new Date(0) },
    ];
    for (const value of refused) {
      expect(ZFormer.safeParse(value).success).toBe(false);
      expect(parseRuntimeConfig(value, BASE)).toEqual({
        ok: false,
        problem: 'window.__HELPDESK_CONFIG__ must be an object with a "remotes" map.',
      });
    }
    // An empty map is valid: every remote page then shows its contained error.
    expect(parseRuntimeConfig({ remotes: {} }, BASE)).toEqual({ ok: true, remotes: [] });
  });

  test('hostile maps: prototype keys register nothing, odd entries are refused', () => {
    const polluted = JSON.parse('{"remotes":{"__proto__":{"mf_kb":"http://evil.example/remoteEntry.js"}}}');
    expect(parseRuntimeConfig(polluted, BASE)).toEqual({ ok: true, remotes: [] });
    expect(({} as Record<string, unknown>).mf_kb).toBeUndefined();
    expect(parseRuntimeConfig({ remotes: { mf_kb: 'http://[::1' } }, BASE).ok).toBe(false);
    expect(parseRuntimeConfig({ remotes: { mf_kb: { toString: () => '/kb' } } }, BASE).ok).toBe(false);
    const huge = parseRuntimeConfig({ remotes: { mf_kb: `/${'a'.repeat(100_000)}` } }, BASE);
    expect(huge.ok).toBe(true);
  });
});
