// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).

/**
 * A limit's Retry-After as a person reads it, rounded up: "45 seconds", "1 minute", "12 minutes",
 * "3 hours". Every 429 text of the abuse limits ends "Please try again in <this>."
 */
export function waitInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}
