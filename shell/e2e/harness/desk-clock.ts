import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A wall clock for a desk under test that a flow can set: libfaketime preloaded into every process
 * of a trial desk (the API, its worker and the embedded PostgreSQL), so `now()` in SQL and
 * `Date.now()` in the API agree on the same pretend time while the browser keeps the real one.
 * The pretend time is an offset from the real clock, read from a file on every call
 * (FAKETIME_NO_CACHE), so it keeps ticking and a flow moves it by writing the file. Only the
 * wall clock is moved: timers and timeouts run on the real monotonic clock. Nothing in the
 * product knows about it; `.ci/run` installs libfaketime (Debian's `faketime`).
 */
export const LIBFAKETIME_PATH =
  process.env.LIBFAKETIME_PATH ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

export type DeskClock = {
  /** The environment that puts a desk's processes on this clock (give it to startTrialDesk). */
  env: Record<string, string>;
  /** The desk's time now. */
  now(): Date;
  /** Moves the desk's time to `instant` (and on from there). */
  set(instant: Date): void;
  /** Moves the desk's time forward by `ms`. */
  advance(ms: number): void;
};

/** A clock in `dir` that starts at `start`. Throws, saying how to install it, when libfaketime is missing. */
export function createDeskClock(dir: string, start: Date): DeskClock {
  if (!existsSync(LIBFAKETIME_PATH)) {
    throw new Error(
      `libfaketime is missing at ${LIBFAKETIME_PATH}: install Debian's faketime package (apt-get install -y faketime), as .ci/run does`,
    );
  }
  const file = join(dir, 'desk-clock');
  let offsetMs = 0;
  const write = () => writeFileSync(file, `${offsetMs >= 0 ? '+' : ''}${(offsetMs / 1000).toFixed(3)}s\n`);
  const clock: DeskClock = {
    env: {
      LD_PRELOAD: LIBFAKETIME_PATH,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    now: () => new Date(Date.now() + offsetMs),
    set(instant) {
      offsetMs = instant.getTime() - Date.now();
      write();
    },
    advance(ms) {
      offsetMs += ms;
      write();
    },
  };
  clock.set(start);
  return clock;
}
