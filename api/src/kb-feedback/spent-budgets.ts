/** Readers this process remembers at most; past it the memory starts again (a search then costs a count). */
const MAX_READERS = 10_000;

/** Today in UTC, the day the API's sessions (TimeZone UTC) count misses under as `current_date`. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * The readers whose daily budget of counted misses this process saw spent today. A budget only grows
 * within a day, so until the day ends such a reader's empty searches would count nothing: they skip
 * the counting statement, and a flood of one person's empty searches costs plain searches. Another
 * process learns it with its own first count; a new day forgets everyone. Bounded: past MAX_READERS
 * readers it forgets them all, which costs each of them one statement again, never a wrong count.
 */
export class SpentMissBudgets {
  readonly #today: () => string;
  readonly #maxReaders: number;
  #day = '';
  readonly #readers = new Set<string>();

  constructor(options: { today?: () => string; maxReaders?: number } = {}) {
    this.#today = options.today ?? utcToday;
    this.#maxReaders = options.maxReaders ?? MAX_READERS;
  }

  /** Whether the reader's budget is known spent today. */
  has(userId: string): boolean {
    this.#turnDay();
    return this.#readers.has(userId);
  }

  /** Remembers, for today, that the reader's budget is spent. */
  add(userId: string): void {
    this.#turnDay();
    if (this.#readers.size >= this.#maxReaders) this.#readers.clear();
    this.#readers.add(userId);
  }

  get size(): number {
    return this.#readers.size;
  }

  #turnDay(): void {
    const day = this.#today();
    if (day === this.#day) return;
    this.#day = day;
    this.#readers.clear();
  }
}
