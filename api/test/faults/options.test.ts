import { describe, expect, test } from 'bun:test';
import { DEFAULT_OPTIONS, parseFaultOptions, UsageError } from './options.ts';

describe('parseFaultOptions', () => {
  test('no arguments: a minute of writes with a 7 s outage, under 5 minutes in all', () => {
    const options = parseFaultOptions([]);
    expect(options).toEqual(DEFAULT_OPTIONS);
    expect(options.durationMs).toBe(60_000);
    expect(options.limitMs).toBeLessThan(5 * 60_000);
  });

  test('--quick: 15 s of writes and a run bounded under 2 minutes', () => {
    const options = parseFaultOptions(['--quick']);
    expect(options).toMatchObject({ isQuick: true, durationMs: 15_000, outageMs: 5_000 });
    expect(options.limitMs).toBeLessThan(2 * 60_000);
  });

  test('settings can be given in seconds, and win over --quick', () => {
    expect(
      parseFaultOptions(['--quick', '--duration=30', '--outage=8', '--clients=4', '--port-base=7750']),
    ).toMatchObject({ isQuick: true, durationMs: 30_000, outageMs: 8_000, clients: 4, portBase: 7750 });
  });

  test('a long run gets a longer time limit', () => {
    expect(parseFaultOptions(['--duration=300']).limitMs).toBeGreaterThanOrEqual(600_000);
  });

  test('unknown, malformed and out-of-range arguments are usage errors naming them', () => {
    const cases: Array<[string[], string]> = [
      [['--fast'], "unknown argument '--fast'"],
      [['quick'], "unknown argument 'quick'"],
      [['--colour=red'], "unknown argument '--colour=red'"],
      [['--duration=abc'], "--duration must be a number, got 'abc'"],
      [['--duration=-5'], "--duration must be a number, got '-5'"],
      [['--duration=1e9'], "--duration must be a number, got '1e9'"],
      [['--duration=4'], '--duration must be from 5 to 600, got 4'],
      [['--clients=0'], '--clients must be from 1 to 64, got 0'],
      [['--port-base=80'], '--port-base must be from 1024 to 65000, got 80'],
      [['--duration=10', '--outage=10'], '--outage must be shorter than --duration'],
    ];
    for (const [args, message] of cases) {
      expect(() => parseFaultOptions(args)).toThrow(UsageError);
      expect(() => parseFaultOptions(args)).toThrow(message);
    }
  });
});
