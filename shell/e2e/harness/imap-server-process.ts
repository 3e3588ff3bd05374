import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';

export type ImapServerProcess = { host: string; port: number; stop: () => Promise<void> };

/** Starts a Dovecot with one user in a Bun child process (imap-server-main.ts) and waits for its address. */
export async function startImapServerProcess(user: string, password: string): Promise<ImapServerProcess> {
  const child: ChildProcess = spawn('bun', ['shell/e2e/harness/imap-server-main.ts', user, password], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    exited.then(() => {
      throw new Error('the IMAP test server exited before it started (is dovecot-imapd installed?)');
    }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the IMAP test server did not start')), 20_000),
    ),
  ]);
  const { host, port } = JSON.parse(first) as { host: string; port: number };
  return {
    host,
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
