/** The processes the bench loads: the product API exactly as production runs it, and the raw ceilings. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { REPO_ROOT } from '../../tooling/src/repo-root.ts';

export type Server = { name: string; baseUrl: string; process: Subprocess; stop: () => Promise<void> };

async function waitUntilUp(url: string, child: Subprocess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(200);
  }
  throw new Error(`${name} was not ready within 60 s (${url})`);
}

function stopper(child: Subprocess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await child.exited;
    clearTimeout(timer);
  };
}

/**
 * The API as `bun run start` runs it (NODE_ENV=production, request log on), minus the background
 * worker: the bench measures requests, and a worker sweeping a million tickets beside them would
 * make every run different.
 */
export async function startProductApi(name: string, port: number, databaseUrl: string): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = Bun.spawn(['bun', join(REPO_ROOT, 'api/src/index.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench's clients reach this API directly.
      TRUSTED_PROXIES: 'none',
      // A load test: a few users file and comment thousands of times a second, far past any person's
      // limits, which it raises rather than measures (docs/security.md#abuse-limits).
      RATE_LIMIT_SCALE: '1000000',
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      APP_BASE_URL: baseUrl,
      COOKIE_SECURE: 'false',
      WORKER_IN_API: 'false',
      ATTACHMENTS_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-bench-uploads-')),
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  await waitUntilUp(`${baseUrl}/api/ready`, child, name);
  return { name, baseUrl, process: child, stop: stopper(child) };
}

export async function startCeiling(name: string, port: number, databaseUrl: string): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = Bun.spawn(['bun', join(REPO_ROOT, 'bench/ceiling-server.ts'), String(port), databaseUrl], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  await waitUntilUp(`${baseUrl}/select-1`, child, name);
  return { name, baseUrl, process: child, stop: stopper(child) };
}

/** Bun serving stored bodies from memory (bench/memory-server.ts), in a process of its own like the API. */
export async function startMemoryServer(name: string, port: number): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = Bun.spawn(['bun', join(REPO_ROOT, 'bench/memory-server.ts'), String(port)], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  await waitUntilUp(`${baseUrl}/ready`, child, name);
  return { name, baseUrl, process: child, stop: stopper(child) };
}

/** Signs in through the API and returns the Cookie header value. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const setCookie = response.headers.get('set-cookie');
  if (!response.ok || !setCookie) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return setCookie.split(';')[0] ?? '';
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function residentMb(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
