import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeskClock } from './desk-clock.ts';

const dir = mkdtempSync(join(tmpdir(), 'desk-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a process started on the clock reads as the time. */
async function timeInChild(env: Record<string, string>): Promise<number> {
  const child = Bun.spawn(['bun', '-e', 'console.log(Date.now())'], {
    env: { ...process.env, ...env },
    stdout: 'pipe',
  });
  return Number((await new Response(child.stdout).text()).trim());
}

test('a process on the desk clock reads the time it was set to, and the time it was moved to', async () => {
  const start = new Date('2031-05-02T14:00:00.000Z');
  const clock = createDeskClock(dir, start);
  const first = await timeInChild(clock.env);
  expect(Math.abs(first - start.getTime())).toBeLessThan(5_000);

  clock.advance(2 * 3_600_000 + 500);
  const moved = await timeInChild(clock.env);
  expect(Math.abs(moved - (start.getTime() + 2 * 3_600_000 + 500))).toBeLessThan(5_000);
  expect(Math.abs(moved - clock.now().getTime())).toBeLessThan(5_000);
});
