import type { WordFrequency } from './reference-statements.ts';

/** What the large seed promises the benchmark: change SEED_VERSION whenever the data set's shape changes. */
export const SEED_VERSION = '1';

/** Every seeded account's password (admin001, agent001..agent200, user00001..). */
export const BENCH_PASSWORD = 'Bench1234!';

/** Search terms with a known frequency in the seeded text (the adversarial term set). */
export const BENCH_SEARCH_WORDS = {
  /** In one ticket of every 100,000. */
  rare: 'quasar',
  /** In no ticket, comment or article. */
  none: 'zyxwvut',
  /** In most tickets' descriptions. */
  common: 'please',
  /** Two words that often appear together. */
  twoWords: 'vpn timeout',
  /** A 3-letter prefix of many words (password, passwords). */
  prefix: 'pas',
} as const;

/**
 * How often each of BENCH_SEARCH_WORDS is in the seeded tickets' titles and descriptions and in
 * their comments (the comments hold 'please' and none of the other words): a common word's newest
 * matches are found by walking the newest rows, a rare one's through the word index.
 */
export const BENCH_SEARCH_WORD_FREQUENCY = {
  rare: { tickets: 'rare', comments: 'rare' },
  none: { tickets: 'rare', comments: 'rare' },
  common: { tickets: 'common', comments: 'common' },
  twoWords: { tickets: 'common', comments: 'rare' },
  prefix: { tickets: 'common', comments: 'rare' },
} as const satisfies Record<keyof typeof BENCH_SEARCH_WORDS, WordFrequency>;
