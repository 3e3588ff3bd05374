import type { THelpdeskRuntimeConfig, TRemoteName } from '@helpdesk/contracts';
import { REMOTE_NAMES } from '@helpdesk/contracts/constants';
import { isPlainRecord } from '@helpdesk/shared-ui';

declare global {
  interface Window {
    __HELPDESK_CONFIG__?: THelpdeskRuntimeConfig;
  }
}

export type TRemoteRegistration = { name: TRemoteName; entry: string };

export type TRuntimeConfigResult =
  | { ok: true; remotes: TRemoteRegistration[] }
  | { ok: false; problem: string };

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
  // Checked by hand, not with zod: this runs before the first render, which loads no zod.
  const configured = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  const remoteMap = configured && 'remotes' in configured ? configured.remotes : undefined;
  if (!isPlainRecord(remoteMap)) {
    return { ok: false, problem: 'window.__HELPDESK_CONFIG__ must be an object with a "remotes" map.' };
  }
  const remotes: TRemoteRegistration[] = [];
  for (const name of REMOTE_NAMES) {
    // Own keys only: a name inherited from a prototype is not configured.
    const entry = Object.hasOwn(remoteMap, name) ? remoteMap[name] : undefined;
    // A missing remote is not fatal: its pages show a contained error and the rest still works.
    if (entry === undefined) continue;
    if (typeof entry !== 'string' || !URL.canParse(entry, baseUrl)) {
      return { ok: false, problem: `The entry URL of remote "${name}" is not a valid URL.` };
    }
    remotes.push({ name, entry: new URL(entry, baseUrl).href });
  }
  return { ok: true, remotes };
}
