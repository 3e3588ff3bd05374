import { describe, expect, test } from 'bun:test';

// In a fresh process: this file's own process may already have loaded zod through other tests.
async function runFresh(source: string): Promise<string> {
  const child = Bun.spawn([process.execPath, '-e', source], {
    cwd: import.meta.dirname,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  expect(err).toBe('');
  expect(code).toBe(0);
  return out.trim();
}

describe('zod-config (jitless without loading zod at start-up)', () => {
  test('zod loaded after it is jitless and never probes new Function', async () => {
    const out = await runFresh(`
      await import('./zod-config.ts');
      let probes = 0;
      const RealFunction = globalThis.Function;
      globalThis.Function = new Proxy(RealFunction, { construct(target, args) { probes += 1; return Reflect.construct(target, args); } });
      const { z } = await import('zod');
      const schema = z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() });
      const parsed = schema.safeParse({ code: 'X', fields: { a: 'b' } });
      console.log(JSON.stringify({ jitless: z.config().jitless, probes, ok: parsed.success }));
    `);
    expect(JSON.parse(out)).toEqual({ jitless: true, probes: 0, ok: true });
  });

  test('without it zod would probe (so the test above can fail)', async () => {
    const out = await runFresh(`
      let probes = 0;
      const RealFunction = globalThis.Function;
      globalThis.Function = new Proxy(RealFunction, { construct(target, args) { probes += 1; return Reflect.construct(target, args); } });
      const { z } = await import('zod');
      z.object({ code: z.string() }).safeParse({ code: 'X' });
      console.log(JSON.stringify({ jitless: z.config().jitless ?? false, probed: probes > 0 }));
    `);
    expect(JSON.parse(out)).toEqual({ jitless: false, probed: true });
  });

  test('an existing configuration object is kept, not replaced', async () => {
    const out = await runFresh(`
      const { z } = await import('zod');
      const before = z.config();
      await import('./zod-config.ts');
      console.log(JSON.stringify({ same: z.config() === before, jitless: z.config().jitless }));
    `);
    expect(JSON.parse(out)).toEqual({ same: true, jitless: true });
  });
});
