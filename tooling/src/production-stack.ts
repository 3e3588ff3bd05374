import { join } from 'node:path';
import { type Child, startChild, waitForUrl } from './children.ts';
import { REPO_ROOT } from './repo-root.ts';

export type StackPorts = { shell: number; api: number; mfTickets: number; mfKb: number; mfAdmin: number };
export type RemoteUrls = { mf_tickets: string; mf_kb: string; mf_admin: string };

const APPS = [
  { dir: 'shell', entry: 'index.html' },
  { dir: 'mf-tickets', entry: 'mf-manifest.json' },
  { dir: 'mf-kb', entry: 'mf-manifest.json' },
  { dir: 'mf-admin', entry: 'mf-manifest.json' },
] as const;

/** The apps whose production build is missing (nothing to serve until `bun run build`). */
export async function missingBuilds(root = REPO_ROOT): Promise<string[]> {
  const missing: string[] = [];
  for (const app of APPS) {
    if (!(await Bun.file(join(root, app.dir, 'dist', app.entry)).exists())) missing.push(`${app.dir}/dist`);
  }
  return missing;
}

/** Where the shell finds each remote: MF_*_URL, else the remote's own port on localhost. */
export function remoteUrlsFrom(env: Record<string, string | undefined>, ports: StackPorts): RemoteUrls {
  return {
    mf_tickets: env.MF_TICKETS_URL || `http://localhost:${ports.mfTickets}/mf-manifest.json`,
    mf_kb: env.MF_KB_URL || `http://localhost:${ports.mfKb}/mf-manifest.json`,
    mf_admin: env.MF_ADMIN_URL || `http://localhost:${ports.mfAdmin}/mf-manifest.json`,
  };
}

/** How many API processes to run (API_PROCESSES, 1 to 16; default 1). */
export function apiProcessCount(env: Record<string, string | undefined>): number {
  const raw = env.API_PROCESSES;
  if (raw === undefined || raw === '') return 1;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count < 1 || count > 16) {
    throw new Error(`API_PROCESSES must be a whole number from 1 to 16, got '${raw}'`);
  }
  return count;
}

/** The ports of N API processes: API_PORT, API_PORT + 1, ... */
export function apiPorts(firstPort: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => firstPort + index);
}

export type StackOptions = {
  databaseUrl: string;
  ports: StackPorts;
  /** API processes on ports.api, ports.api + 1, ...; the shell's proxy spreads /api over them in turn. */
  apiProcesses?: number;
  remoteUrls: RemoteUrls;
  /** Extra API environment (NODE_ENV, APP_BASE_URL, ...); the parent's environment is inherited too. */
  apiEnv: Record<string, string>;
  /** Bind address of the static servers. */
  host: string;
  onApiLine?: (line: string) => void;
};

/**
 * Starts the API (one process or several, each on its own port) and one static server per app, each
 * on its own port (separate origins). The shell's server proxies /api to the API processes in turn so
 * the session cookie stays first-party, and serves the remotes' URLs as its runtime config.
 */
export function startProductionStack(options: StackOptions): Child[] {
  const ports = apiPorts(options.ports.api, options.apiProcesses ?? 1);
  const children = ports.map((port, index) =>
    startChild({
      name: index === 0 ? 'api' : `api${index + 1}`,
      colorIndex: 0,
      command: ['bun', 'src/index.ts'],
      cwd: join(REPO_ROOT, 'api'),
      env: { ...options.apiEnv, DATABASE_URL: options.databaseUrl, API_PORT: String(port) },
      onLine: options.onApiLine,
    }),
  );
  const remotes = [
    { dir: 'mf-tickets', port: options.ports.mfTickets },
    { dir: 'mf-kb', port: options.ports.mfKb },
    { dir: 'mf-admin', port: options.ports.mfAdmin },
  ];
  remotes.forEach((remote, index) => {
    children.push(
      startChild({
        name: remote.dir,
        colorIndex: index + 1,
        command: ['bun', 'shell/server/serve-static.ts', `${remote.dir}/dist`, String(remote.port)],
        cwd: REPO_ROOT,
        env: { HOST: options.host },
      }),
    );
  });
  children.push(
    startChild({
      name: 'shell',
      colorIndex: 4,
      command: ['bun', 'shell/server/serve-static.ts', 'shell/dist', String(options.ports.shell)],
      cwd: REPO_ROOT,
      env: {
        HOST: options.host,
        API_ORIGIN: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
        HELPDESK_REMOTES: JSON.stringify(options.remoteUrls),
      },
    }),
  );
  return children;
}

/** Waits for every API process's readiness and every static server; returns the URLs that never answered. */
export async function waitForStack(
  ports: StackPorts,
  timeoutMs = 60_000,
  apiProcesses = 1,
): Promise<string[]> {
  const local = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  const urls = [
    ...apiPorts(ports.api, apiProcesses).map((port) => local(port, '/api/ready')),
    local(ports.mfTickets, '/mf-manifest.json'),
    local(ports.mfKb, '/mf-manifest.json'),
    local(ports.mfAdmin, '/mf-manifest.json'),
    local(ports.shell, '/'),
  ];
  const results = await Promise.all(
    urls.map(async (url) => ((await waitForUrl(url, timeoutMs)) ? null : url)),
  );
  return results.filter((url) => url !== null);
}
