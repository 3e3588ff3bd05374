import { ListenedCache } from '../listened-cache.ts';
import type { TriggerRule } from './rules.ts';

/** The channel migration 00094 notifies on COMMIT of any change to the triggers table. */
export const TRIGGERS_CHANNEL = 'helpdesk_triggers';

type Entry = { rules: Promise<readonly TriggerRule[]>; mark: number; deadline: number };

/**
 * This process's copy of the enabled triggers. Every ticket write runs them, and they change only
 * when an admin edits them: one read serves every write until the table's notification (or a new
 * LISTEN, or the lifetime) drops it, so a desk without triggers pays nothing per write.
 * listened-cache.ts says what keeps it right between messages.
 */
export class TriggerRuleCache extends ListenedCache {
  #entry: Entry | null = null;

  constructor(options: { ttlMs: number; now?: () => number }) {
    super({ lifetimeMs: options.ttlMs, now: options.now });
  }

  /** The enabled rules: the cached ones, else `read()`'s (kept unless a change was heard meanwhile). */
  load(read: () => Promise<readonly TriggerRule[]>): Promise<readonly TriggerRule[]> {
    if (!this.isActive) return read();
    const entry = this.#entry;
    if (entry && this.isCurrent(entry.mark) && entry.deadline > this.now()) {
      this.countHit();
      return entry.rules;
    }
    const rules = read();
    const fresh: Entry = { rules, mark: this.mark(), deadline: this.now() + this.lifetimeMs };
    this.#entry = fresh;
    rules.catch(() => {
      if (this.#entry === fresh) this.#entry = null;
    });
    return rules;
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
