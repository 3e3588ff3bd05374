import { describe, expect, test } from 'bun:test';
import net from 'node:net';
import postgres from 'postgres';
import { createTcpProxy } from '../../test/processes.ts';
import { createSql, isDatabaseUnavailable, isoFromTimestamptz, reconnectDelaySeconds } from './postgres.ts';

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

  test('is "unavailable" through a Unix socket too, whose file a stopped server has removed', async () => {
    const sql = createSql(`postgres://user:password@localhost:${closedPort()}/none?host=/tmp`, { max: 1 });
    try {
      const error = await sql`select 1`.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: 'ENOENT', syscall: 'connect' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  test('a missing file that is not a socket stays a bug, not an outage', async () => {
    const error = await Bun.file('/nonexistent/attachment')
      .text()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

// The embedded server's socket URL, from the test preload (absent when TEST_DATABASE_URL names a server).
const socketUrl = process.env.TEST_DATABASE_SOCKET_URL;

describe("a URL naming the server's socket directory, libpq's way (patches/postgres@3.4.9.patch)", () => {
  test.skipIf(!socketUrl)('connects through the Unix socket, not TCP', async () => {
    expect(new URL(socketUrl ?? '').searchParams.get('host')).toBe('/tmp');
    const overSocket = createSql(socketUrl ?? '', { max: 1 });
    const overTcp = createSql(process.env.DATABASE_URL ?? '', { max: 1 });
    try {
      // The server's address is null for a connection through a Unix socket.
      const [viaSocket] = await overSocket`select inet_server_addr() as address, current_database() as name`;
      const [viaTcp] = await overTcp`select inet_server_addr() as address, current_database() as name`;
      expect(viaSocket).toEqual({ address: null, name: viaTcp?.name });
      expect(viaTcp?.address).toBe('127.0.0.1');
    } finally {
      await Promise.all([overSocket.end(), overTcp.end()]);
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

describe('sql.begin under a full pipeline (patches/postgres@3.4.9.patch, upstream #1189)', () => {
  test('a BEGIN that fills the pipeline still reserves its connection', async () => {
    // max_pipeline 0 makes every BEGIN the one that fills it: unpatched, sql.begin never reserves
    // its connection and every transaction fails with UNSAFE_TRANSACTION.
    // max_pipeline is a postgres.js option its type definitions leave out.
    const options = { max: 2, max_pipeline: 0, onnotice: () => {} };
    const sql = postgres(process.env.DATABASE_URL ?? '', options);
    try {
      const rows = await sql.begin((tx) => tx<{ one: number }[]>`select 1 as one`);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  test('transactions and plain queries racing for busy connections all run, each transaction alone on its connection', async () => {
    const sql = createSql(process.env.DATABASE_URL ?? '', { max: 3 });
    try {
      for (let round = 0; round < 10; round++) {
        const busy = [1, 2, 3].map(() => sql`select pg_sleep(0.05)`);
        const plain = Array.from(
          { length: 6 },
          (_, index) => sql<{ n: number }[]>`select ${index}::int as n`,
        );
        // Each transaction sees only its own temporary setting: a connection handed to another
        // caller mid-transaction would show a setting that is not its own, or none.
        const transactions = Array.from({ length: 5 }, (_, index) =>
          sql.begin(async (tx) => {
            await tx`select set_config('helpdesk.probe', ${String(index)}, true)`;
            const [row] = await tx<{ probe: string }[]>`select current_setting('helpdesk.probe') as probe`;
            return row?.probe;
          }),
        );
        const results = await Promise.allSettled([...busy, ...plain, ...transactions]);
        const failures = results.filter((result) => result.status === 'rejected');
        expect(failures).toEqual([]);
        const probes = await Promise.all(transactions);
        expect(probes).toEqual(['0', '1', '2', '3', '4']);
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

/** A proxy to the test database that counts the writes the client side sends through it. */
async function countingProxy() {
  const target = new URL(process.env.DATABASE_URL ?? '');
  let writes = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) sockets.add(socket);
    client.on('data', (chunk) => {
      writes++;
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    writes: () => writes,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe("a transaction's BEGIN (patches/postgres@3.4.9.patch)", () => {
  test('leaves in the same write as the first statement: a transaction of two statements is three round trips', async () => {
    const proxy = await countingProxy();
    const sql = createSql(proxy.url, { max: 1 });
    try {
      await sql`select 1`;
      const before = proxy.writes();
      const sum = await sql.begin(async (tx) => {
        const [a] = await tx<{ n: number }[]>`select 1 as n`;
        const [b] = await tx<{ n: number }[]>`select 2 as n`;
        return (a?.n ?? 0) + (b?.n ?? 0);
      });
      expect(sum).toBe(3);
      // BEGIN with the first select, the second select, COMMIT. Unpatched, BEGIN was a write of its own.
      expect(proxy.writes() - before).toBe(3);
    } finally {
      await sql.end({ timeout: 1 });
      proxy.stop();
    }
  });

  test('the statement that rides with BEGIN is inside the transaction: undone with it, and its failure fails it', async () => {
    const sql = createSql(process.env.DATABASE_URL ?? '', { max: 1 });
    try {
      await sql`create temp table riding_probe (n int)`;
      const undone = await sql
        .begin(async (tx) => {
          await tx`insert into riding_probe values (1)`;
          throw new Error('undo');
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(undone).toMatchObject({ message: 'undo' });
      const failed = await sql
        .begin(async (tx) => {
          await tx`select 1 / 0`;
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(failed).toMatchObject({ code: '22012' });
      // A first statement sent after BEGIN has answered is in the transaction too.
      await sql
        .begin(async (tx) => {
          await Bun.sleep(50);
          await tx`insert into riding_probe values (2)`;
          throw new Error('undo');
        })
        .catch(() => {});
      const [row] = await sql<{ count: number }[]>`select count(*)::int as count from riding_probe`;
      expect(row?.count).toBe(0);
      // And the connection is the pool's again, outside any transaction: a transaction-local
      // setting does not outlive its statement.
      await sql`select set_config('helpdesk.probe', 'left open', true)`;
      const [state] = await sql<{ probe: string }[]>`
        select coalesce(current_setting('helpdesk.probe', true), '') as probe`;
      expect(state?.probe).toBe('');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

describe("a pool's queues under steady load (patches/postgres@3.4.9.patch)", () => {
  test('moving a connection searches only what the queue holds, however many queries have run', async () => {
    // postgres.js keeps its pool's connections in queues that a shift leaves holes in. Unpatched,
    // a pool kept busy never empties its `busy` queue by a shift, so the holes piled up and every
    // move of a connection searched them all: a server's CPU per query doubled within a minute.
    // The search is Array.prototype.indexOf on the queue's array, watched here for arrays of
    // connections (objects with `execute` and `queue`).
    const sql = createSql(process.env.DATABASE_URL ?? '', { max: 2 });
    const indexOf = Array.prototype.indexOf;
    let widest = 0;
    let moves = 0;
    Array.prototype.indexOf = function (this: unknown[], item: unknown, from?: number) {
      if (item && typeof item === 'object' && 'execute' in item && 'queue' in item) {
        moves++;
        widest = Math.max(widest, this.length - Math.max(0, from ?? 0));
      }
      return indexOf.call(this, item, from);
    };
    try {
      for (let round = 0; round < 40; round++) {
        const rows = await Promise.all(
          Array.from({ length: 64 }, (_, index) => sql<{ n: number }[]>`select ${index}::int as n`),
        );
        expect(rows.map((row) => row[0]?.n)).toEqual(Array.from({ length: 64 }, (_, index) => index));
      }
    } finally {
      Array.prototype.indexOf = indexOf;
      await sql.end({ timeout: 1 });
    }
    expect(moves).toBeGreaterThan(2_000);
    // Two connections: the live part of a queue is never more than both of them.
    expect(widest).toBeLessThanOrEqual(2);
  });
});

describe('isoFromTimestamptz', () => {
  test('gives what Date gives for every shape PostgreSQL sends a UTC session', async () => {
    const sql = createSql(process.env.DATABASE_URL ?? '', { max: 1 });
    try {
      const rows = await sql<{ raw: string }[]>`
        select t::text as raw from unnest(array[
          '2026-11-21 22:36:21+00', '2026-11-21 22:36:21.1+00', '2026-11-21 22:36:21.12+00',
          '2026-01-02 03:04:05.123+00', '2026-01-02 03:04:05.123456+00', '2026-01-02 03:04:05.999999+00',
          '1970-01-01 00:00:00+00', '2024-02-29 23:59:59.5+00'
        ]::timestamptz[]) t`;
      expect(rows).toHaveLength(8);
      for (const { raw } of rows) expect(isoFromTimestamptz(raw)).toBe(new Date(raw).toISOString());
      const [typed] = await sql<{ at: string }[]>`select '2026-01-02 03:04:05.987654+00'::timestamptz as at`;
      expect(typed?.at).toBe('2026-01-02T03:04:05.987Z');
      // Where Date is wrong (it reads year 1 as 2001), the string is right.
      expect(isoFromTimestamptz('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  test('leaves what it does not recognise to Date', () => {
    for (const raw of [
      '2026-11-21 22:36:21+05:30',
      '2026-11-21 22:36:21.123+01',
      '12026-11-21 22:36:21+00',
      // 29 characters like a microsecond UTC value, but not one.
      '2026-11-21 22:36:21.1234+0100',
      '2026-11-21 22:36:21.123456-01',
    ]) {
      expect(isoFromTimestamptz(raw)).toBe(new Date(raw).toISOString());
    }
  });
});
