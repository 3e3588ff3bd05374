import { describe, expect, test } from 'bun:test';
import { createTcpProxy } from '../../test/processes.ts';
import { createSql, isDatabaseUnavailable, reconnectDelaySeconds } from './postgres.ts';

/** A port nothing listens on: bound, noted and closed again. */
function closedPort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

describe('reconnectDelaySeconds', () => {
  test('starts small and never exceeds half a second, however many failures', () => {
    expect(reconnectDelaySeconds(0)).toBe(0.025);
    expect(reconnectDelaySeconds(1)).toBe(0.05);
    expect(reconnectDelaySeconds(3)).toBe(0.2);
    for (const failures of [5, 8, 20, 1000]) expect(reconnectDelaySeconds(failures)).toBe(0.5);
  });
});

describe('a pool whose database is down', () => {
  test('keeps failing fast, as "unavailable", however many requests have failed before', async () => {
    const sql = createSql(`postgres://user:password@127.0.0.1:${closedPort()}/none`, { max: 2 });
    try {
      // postgres.js's own backoff grows past 10 s after about seven failures; every query would wait for it.
      for (let attempt = 0; attempt < 12; attempt++) {
        const started = performance.now();
        const error = await sql`select 1`.then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(performance.now() - started).toBeLessThan(1500);
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

describe('a transaction whose connection dies mid-query (patches/postgres@3.4.9.patch)', () => {
  test('rejects as unavailable without crashing the process, and the pool works again afterwards', async () => {
    const target = new URL(process.env.DATABASE_URL ?? '');
    const proxy = createTcpProxy({ host: target.hostname, port: Number(target.port) });
    await proxy.start();
    const url = new URL(target);
    url.port = String(proxy.port);
    const sql = createSql(url.toString(), { max: 1 });
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      await sql`select 1`;
      const transaction = sql.begin(async (tx) => {
        await tx`select pg_sleep(2)`;
      });
      await Bun.sleep(200);
      proxy.cut();
      const error = await transaction.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      // Unpatched, postgres.js writes the transaction's ROLLBACK to the dead socket from a
      // setImmediate: an uncaught TypeError that ends the process.
      await Bun.sleep(100);
      expect(crashes).toEqual([]);
      const [row] = await sql<{ one: number }[]>`select 1 as one`;
      expect(row?.one).toBe(1);
    } finally {
      process.off('uncaughtException', onCrash);
      await sql.end({ timeout: 1 });
      await proxy.stop();
    }
  });
});
