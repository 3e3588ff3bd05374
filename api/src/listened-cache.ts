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

/**
 * One value a ticket write needs and an admin rarely changes (the enabled triggers, whether any
 * webhook is enabled, the active SLA policies), kept by the rules above. The cache never reads by
 * itself: a writer that finds nothing current reads the value with its own first statement and
 * offers it back (`keep`). Reading it through the pool instead would make a writer that holds a
 * connection in its transaction wait for a second one: with every connection held by such a writer,
 * the pool waits on itself for good.
 */
export class ListenedValue<T> extends ListenedCache {
  #entry: { value: T; deadline: number } | null = null;

  constructor(options: { ttlMs: number; now?: () => number }) {
    super({ lifetimeMs: options.ttlMs, now: options.now });
  }

  #live(): { value: T } | null {
    const entry = this.#entry;
    return this.isActive && entry && entry.deadline > this.now() ? entry : null;
  }

  /** The value, or null when none is current (the writer then reads it and offers it to `keep`). */
  current(): T | null {
    const entry = this.#live();
    if (!entry) return null;
    this.countHit();
    return entry.value;
  }

  /** Whether a writer's first statement should read the value: the cache would keep it and has none. */
  get wantsRead(): boolean {
    return this.isActive && this.#live() === null;
  }

  /** Keeps a value read since `mark` (taken before the read), unless a change was heard meanwhile. */
  keep(mark: number, value: T): void {
    if (!this.isActive || !this.isCurrent(mark)) return;
    this.#entry = { value, deadline: this.now() + this.lifetimeMs };
  }

  /** Drops the value (it changed, or a change may have been missed). */
  clear(): void {
    this.invalidate();
    this.#entry = null;
  }
}
