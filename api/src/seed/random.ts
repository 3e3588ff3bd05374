/**
 * A small seeded PRNG (mulberry32): the same sequence for the same seed, so demo data is the same
 * on every run and a randomised test's failure can be replayed from its seed.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const between = (min: number, max: number) => min + next() * (max - min);
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy;
  };
  /** A whole number from 0 up to (not including) `below`. */
  const int = (below: number) => Math.floor(next() * below);
  const chance = (probability: number) => next() < probability;
  return { next, pick, between, shuffle, int, chance };
}

export type Random = ReturnType<typeof createRandom>;
