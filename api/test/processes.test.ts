import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnApiEntry } from './processes.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpdesk-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

describe('a child process waited on for its output', () => {
  test('what it wrote just before it ended is still found', async () => {
    const child = spawnApiEntry(script('says-and-ends.ts', "console.log('ready and done');"), {});
    await child.process.exited;
    await child.waitFor('ready and done', 5_000);
  });

  test('a process that ended without writing it fails at once, naming how it ended and what it wrote', async () => {
    const child = spawnApiEntry(
      script('fails.ts', "console.error('Failed to start server: EADDRINUSE'); process.exit(3);"),
      {},
    );
    const started = Date.now();
    await expect(child.waitFor('API listening', 20_000)).rejects.toThrow(
      /ended \(exit 3\) before 'API listening'[\s\S]*EADDRINUSE/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('a process still running is waited on until the deadline', async () => {
    const child = spawnApiEntry(script('sleeps.ts', 'await Bun.sleep(5_000);'), {});
    try {
      await expect(child.waitFor('never written', 300)).rejects.toThrow("'never written' did not appear");
    } finally {
      child.process.kill('SIGKILL');
    }
  });
});
