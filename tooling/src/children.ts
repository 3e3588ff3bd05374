import { type ChildProcess, spawn } from 'node:child_process';

const COLORS = [36, 35, 33, 32, 34, 31, 96];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/** Writes each line of a stream with a fixed-width prefix, so many processes share one readable log. */
export function prefixLines(name: string, colorIndex: number, onLine?: (line: string) => void) {
  const label = `[${name}]`.padEnd(13);
  const prefix = useColor ? `\x1b[${COLORS[colorIndex % COLORS.length]}m${label}\x1b[0m` : label;
  let pending = '';
  return (chunk: Buffer | string) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      process.stdout.write(`${prefix} ${line}\n`);
      onLine?.(line);
    }
  };
}

export type Child = {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
};

type StartOptions = {
  name: string;
  colorIndex: number;
  command: string[];
  cwd: string;
  env?: Record<string, string>;
  onLine?: (line: string) => void;
};

/**
 * Starts a child in its own process group: `rsbuild dev` and `bun --watch` start grandchildren,
 * and signalling the whole group is the only way to be sure none of them outlives `bun dev`.
 */
export function startChild(options: StartOptions): Child {
  const [command, ...args] = options.command;
  if (!command) throw new Error(`no command for ${options.name}`);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, FORCE_COLOR: useColor ? '1' : '0', ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const write = prefixLines(options.name, options.colorIndex, options.onLine);
  child.stdout?.on('data', write);
  child.stderr?.on('data', write);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', (error) => {
      write(`failed to start: ${error.message}\n`);
      resolve(1);
    });
  });
  return { name: options.name, process: child, exited };
}

function signalGroup(child: Child, signal: NodeJS.Signals) {
  if (child.process.pid === undefined || child.process.exitCode !== null) return;
  try {
    process.kill(-child.process.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** SIGTERM every child's group, then SIGKILL whatever is still there after the grace period. */
export async function stopChildren(children: Child[], graceMs = 8000) {
  for (const child of children) signalGroup(child, 'SIGTERM');
  const timeout = Bun.sleep(graceMs).then(() => 'timeout' as const);
  const all = Promise.all(children.map((c) => c.exited)).then(() => 'done' as const);
  if ((await Promise.race([all, timeout])) === 'timeout') {
    for (const child of children) signalGroup(child, 'SIGKILL');
    await Promise.race([all, Bun.sleep(2000)]);
  }
}

/** True when nothing listens on the port (checked on all interfaces, as the dev servers bind). */
export function isPortFree(port: number): boolean {
  try {
    const server = Bun.listen({ hostname: '0.0.0.0', port, socket: { data() {} } });
    server.stop(true);
    return true;
  } catch {
    return false;
  }
}

/** Polls a URL until it answers (any status below 500) or the deadline passes. */
export async function waitForUrl(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return true;
    } catch {
      // Not up yet.
    }
    await Bun.sleep(250);
  }
  return false;
}
