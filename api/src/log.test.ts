import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';

/** Runs a script against the real console logger in a process of its own; answers what it printed. */
async function run(script: string) {
  const child = Bun.spawn(
    [
      'bun',
      '--eval',
      `import { consoleLogger as log } from ${JSON.stringify(join(import.meta.dir, 'log.ts'))};\n${script}`,
    ],
    {
      stdout: 'pipe',
      stderr: 'pipe',
    },
  );
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const lines = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { out: lines(stdout), err: lines(stderr), code };
}

describe('the console logger', () => {
  test('every info line arrives whole, in order, one JSON object per line', async () => {
    const { out, code } = await run(
      `for (let i = 0; i < 2000; i++) log.info('request', { n: i, path: '/api/x' });
       await new Promise((resolve) => setTimeout(resolve, 10));
       log.info('after a pause', { n: 2000 });`,
    );
    expect(code).toBe(0);
    expect(out.map((line) => line.n)).toEqual(Array.from({ length: 2001 }, (_, i) => i));
    expect(out[0]).toMatchObject({ level: 'info', msg: 'request', path: '/api/x' });
  });

  test('lines waiting for the end of the turn are written before an error line and before the process exits', async () => {
    const { out, err, code } = await run(
      `log.info('first', { n: 1 });
       log.error('it broke', new Error('boom'));
       log.info('last words', { n: 2 });
       process.exit(3);`,
    );
    expect(code).toBe(3);
    expect(out.map((line) => line.msg)).toEqual(['first', 'last words']);
    expect(err).toEqual([expect.objectContaining({ level: 'error', msg: 'it broke', errorMessage: 'boom' })]);
  });
});
