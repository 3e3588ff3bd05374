import { REMOTE_NAMES, type THelpdeskRuntimeConfig, type TRemoteName } from '@helpdesk/contracts';
import { z } from 'zod';

declare global {
  interface Window {
    __HELPDESK_CONFIG__?: THelpdeskRuntimeConfig;
  }
}

export type TRemoteRegistration = { name: TRemoteName; entry: string };

export type TRuntimeConfigResult =
  | { ok: true; remotes: TRemoteRegistration[] }
  | { ok: false; problem: string };

const ZRawConfig = z.object({ remotes: z.record(z.string(), z.unknown()) });

/**
 * Validates what /runtime-config.js put on window. The file is written by whoever deploys the
 * shell, so it is checked like any other input: a clear problem beats a blank page.
 */
export function parseRuntimeConfig(value: unknown, baseUrl: string): TRuntimeConfigResult {
  if (value === undefined) {
    return {
      ok: false,
      problem: 'window.__HELPDESK_CONFIG__ is missing: /runtime-config.js was not served.',
    };
  }
  const parsed = ZRawConfig.safeParse(value);
  if (!parsed.success) {
    return { ok: false, problem: 'window.__HELPDESK_CONFIG__ must be an object with a "remotes" map.' };
  }
  const remotes: TRemoteRegistration[] = [];
  for (const name of REMOTE_NAMES) {
    const entry = parsed.data.remotes[name];
    // A missing remote is not fatal: its pages show a contained error and the rest still works.
    if (entry === undefined) continue;
    if (typeof entry !== 'string' || !URL.canParse(entry, baseUrl)) {
      return { ok: false, problem: `The entry URL of remote "${name}" is not a valid URL.` };
    }
    remotes.push({ name, entry: new URL(entry, baseUrl).href });
  }
  return { ok: true, remotes };
}
