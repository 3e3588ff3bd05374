import type { Sql } from 'postgres';
import type { Logger } from '../log.ts';

/** What a LISTEN connection is checked with; never passed on as a notification. */
const PING_PREFIX = 'worker-ping:';

export type WakeListenerOptions = {
  channels: readonly string[];
  /** A new single-connection pool: the listener owns it and ends it (a dead one is replaced). */
  open: () => Sql;
  /** The pool the pings are sent through (any connection to the same database). */
  pool: Sql;
  /**
   * Called for each notification on a channel with its payload, and once after each (re)LISTEN
   * without one, in case one was missed while nobody listened.
   */
  onWake: (channel: string, payload?: string) => void;
  log: Logger;
  /** Who listens, for the log lines (default 'worker'). */
  name?: string;
  /** How often the connection is proven alive by a ping it must hear back. */
  checkMs?: number;
  /** How long a ping may take before the connection is taken for dead. */
  pingTimeoutMs?: number;
  /** Waits between attempts to LISTEN again. */
  retryMs?: { first: number; max: number };
};

export type WakeListener = { start: () => void; stop: () => Promise<void>; isListening: () => boolean };

/**
 * LISTENs on the tasks' channels on a connection of its own and keeps it alive: postgres.js
 * re-LISTENs after a dropped connection only if the database answers at that very moment, so
 * the listener sends itself a NOTIFY every `checkMs`, and when it does not hear it back (or a
 * LISTEN fails) it ends that connection and LISTENs on a new one, with backoff.
 */
export function createWakeListener(options: WakeListenerOptions): WakeListener {
  const checkMs = options.checkMs ?? 30_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
  const retry = options.retryMs ?? { first: 1_000, max: 30_000 };
  const id = crypto.randomUUID();
  const name = options.name ?? 'worker';
  let connection: Sql | null = null;
  let isStopped = false;
  let isConnected = false;
  let pongWaiter: (() => void) | null = null;
  let sleepTimer: ReturnType<typeof setTimeout> | null = null;
  let wakeSleep: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let unlistens: (() => Promise<void>)[] = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (isStopped) return resolve();
      wakeSleep = resolve;
      sleepTimer = setTimeout(resolve, ms);
    }).finally(() => {
      if (sleepTimer) clearTimeout(sleepTimer);
      sleepTimer = null;
      wakeSleep = null;
    });

  const onNotify = (channel: string) => (payload: string) => {
    if (payload.startsWith(PING_PREFIX)) {
      if (payload === `${PING_PREFIX}${id}`) pongWaiter?.();
      return;
    }
    options.onWake(channel, payload);
  };

  async function listenAll(): Promise<boolean> {
    const fresh = options.open();
    connection = fresh;
    try {
      for (const channel of options.channels) {
        const { unlisten } = await fresh.listen(channel, onNotify(channel), () => options.onWake(channel));
        unlistens.push(unlisten);
      }
      return true;
    } catch (error) {
      options.log.error(`${name}: LISTEN failed; trying again`, error);
      await closeConnection();
      return false;
    }
  }

  async function closeConnection(): Promise<void> {
    const old = connection;
    const pending = unlistens;
    connection = null;
    unlistens = [];
    isConnected = false;
    // UNLISTEN where the connection still works; ending it drops whatever is left either way.
    await Promise.race([Promise.allSettled(pending.map((unlisten) => unlisten())), Bun.sleep(1_000)]);
    await old?.end({ timeout: 0 }).catch(() => {});
  }

  /** True when a ping sent through the pool came back on the LISTEN connection in time. */
  async function ping(): Promise<boolean> {
    const channel = options.channels[0];
    if (channel === undefined) return true;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), pingTimeoutMs);
      pongWaiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    try {
      await options.pool`select pg_notify(${channel}, ${`${PING_PREFIX}${id}`})`;
    } catch {
      // The database itself is unreachable: no verdict on the LISTEN connection yet.
      pongWaiter = null;
      return true;
    }
    const isHeard = await heard;
    pongWaiter = null;
    return isHeard;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!isStopped) {
      if (!isConnected) {
        isConnected = await listenAll();
        if (!isConnected) {
          failures += 1;
          await sleep(Math.min(retry.first * 2 ** (failures - 1), retry.max));
          continue;
        }
        failures = 0;
      }
      await sleep(checkMs);
      if (isStopped) break;
      if (!(await ping())) {
        options.log.error(`${name}: the LISTEN connection stopped hearing notifications; reconnecting`);
        await closeConnection();
      }
    }
  }

  return {
    start: () => {
      if (loop || options.channels.length === 0) return;
      loop = run();
    },
    stop: async () => {
      isStopped = true;
      wakeSleep?.();
      pongWaiter?.();
      await loop;
      await closeConnection();
    },
    isListening: () => isConnected,
  };
}
