import { ListenedValue } from '../listened-cache.ts';
import type { TriggerRule } from './rules.ts';

/** The channel migration 00094 notifies on COMMIT of any change to the triggers table. */
export const TRIGGERS_CHANNEL = 'helpdesk_triggers';

/**
 * This process's copy of the enabled triggers. Every ticket write runs them, and they change only
 * when an admin edits them: one read serves every write until the table's notification (or a new
 * LISTEN, or the lifetime) drops it, so a desk without triggers pays nothing per write.
 * listened-cache.ts says what keeps it right between messages.
 */
export class TriggerRuleCache extends ListenedValue<readonly TriggerRule[]> {}

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
