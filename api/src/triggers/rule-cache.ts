import { ListenedCache } from '../listened-cache.ts';
import type { TriggerRule } from './rules.ts';

/** The channel migration 00094 notifies on COMMIT of any change to the triggers table. */
export const TRIGGERS_CHANNEL = 'helpdesk_triggers';

type Entry = { rules: readonly TriggerRule[]; deadline: number };

/**
 * This process's copy of the enabled triggers. Every ticket write runs them, and they change only
 * when an admin edits them: one read serves every write until the table's notification (or a new
 * LISTEN, or the lifetime) drops it, so a desk without triggers pays nothing per write.
 * listened-cache.ts says what keeps it right between messages.
 *
 * The cache never reads by itself: a writer that finds nothing current reads the rules with its
 * own first statement, inside its own transaction, and offers them back (`keep`). Reading them
 * through the pool instead would make a writer that holds a connection wait for a second one: with
 * every connection held by a writer waiting for the same read, the pool deadlocks.
 */
export class TriggerRuleCache extends ListenedCache {
  #entry: Entry | null = null;

  constructor(options: { ttlMs: number; now?: () => number }) {
    super({ lifetimeMs: options.ttlMs, now: options.now });
  }

  /** The cached rules, or null when none are current (the caller reads them and offers them to `keep`). */
  current(): readonly TriggerRule[] | null {
    const entry = this.#entry;
    if (!this.isActive || !entry || entry.deadline <= this.now()) return null;
    this.countHit();
    return entry.rules;
  }

  /** Keeps rules read since `mark` (taken before the read), unless a change was heard meanwhile. */
  keep(mark: number, rules: readonly TriggerRule[]): void {
    if (!this.isActive || !this.isCurrent(mark)) return;
    this.#entry = { rules, deadline: this.now() + this.lifetimeMs };
  }

  /** Drops the rules (they changed, or a change may have been missed). */
  clear(): void {
    this.invalidate();
    this.#entry = null;
  }
}

let processRules: TriggerRuleCache | null = null;

/** This process's rule cache; inactive (every write reads the table) until the process caches' LISTEN is up. */
export function triggerRuleCache(): TriggerRuleCache {
  processRules ??= new TriggerRuleCache({ ttlMs: 0 });
  return processRules;
}

/** Makes `cache` this process's rule cache (process-caches.ts, at start-up). */
export function useTriggerRuleCache(cache: TriggerRuleCache): void {
  processRules = cache;
}
