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
