/**
 * What this process's read caches share (session-cache.ts, notifications/count-cache.ts,
 * dashboard/desk-snapshot.ts; started by process-caches.ts). A cache is right only while it hears
 * every change: it serves nothing until its LISTEN connection is up (`follow`), drops all on every
 * (re)LISTEN, and every invalidation moves an epoch, so a value read from the database before an
 * invalidation that arrived while the read was under way is never kept (`mark()` before the
 * read, `isCurrent(mark)` when storing it).
 */
export abstract class ListenedCache {
  readonly #lifetimeMs: number;
  protected readonly now: () => number;
  #isListening: () => boolean = () => false;
  #epoch = 0;
  #hits = 0;

  protected constructor(options: { lifetimeMs: number; now?: () => number }) {
    this.#lifetimeMs = options.lifetimeMs;
    this.now = options.now ?? Date.now;
  }

  /** How long a value may be served at most (0: the cache is off). */
  protected get lifetimeMs(): number {
    return this.#lifetimeMs;
  }

  /** Whether values are served and stored: a positive lifetime and a LISTEN that is up. */
  get isActive(): boolean {
    return this.#lifetimeMs > 0 && this.#isListening();
  }

  /** Values served so far (the tests' proof that a request did not read the database). */
  get hits(): number {
    return this.#hits;
  }

  /** Ties the cache to a listener's state: while it is not listening, nothing is served or stored. */
  follow(isListening: () => boolean): void {
    this.#isListening = isListening;
    this.clear();
  }

  /** Taken before a database read; a value read since a later invalidation is not kept. */
  mark(): number {
    return this.#epoch;
  }

  /** Drops everything (a change, or a message that may have been missed). */
  abstract clear(): void;

  /** Whether nothing was invalidated since `mark`. */
  protected isCurrent(mark: number): boolean {
    return mark === this.#epoch;
  }

  /** Every invalidation calls this before it drops anything. */
  protected invalidate(): void {
    this.#epoch += 1;
  }

  protected countHit(): void {
    this.#hits += 1;
  }
}
