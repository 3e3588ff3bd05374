import { ListenedValue } from '../listened-cache.ts';

/** The channel migration 00102 notifies on COMMIT of any change to the webhooks table. */
export const WEBHOOKS_CHANNEL = 'helpdesk_webhooks';

/**
 * Whether any webhook is enabled, as this process last read it. A ticket write leaves its webhook
 * deliveries out of its statement only while this says none is (a desk without webhooks then pays
 * nothing for them); with no current answer the statement keeps them, and the join against the
 * table decides, so a change this process has not heard of yet can only cost work, never a delivery.
 * It is kept right as the trigger rules' cache is (rule-cache.ts, listened-cache.ts): dropped by the
 * table's notification, by a new LISTEN and after the lifetime, and never filled by a read that a
 * change overtook.
 */
export class WebhookStateCache extends ListenedValue<boolean> {}

let processState: WebhookStateCache | null = null;

/** This process's cache; inactive (every write keeps its deliveries) until the process caches' LISTEN is up. */
export function webhookStateCache(): WebhookStateCache {
  processState ??= new WebhookStateCache({ ttlMs: 0 });
  return processState;
}

/** Makes `cache` this process's webhook state cache (process-caches.ts, at start-up). */
export function useWebhookStateCache(cache: WebhookStateCache): void {
  processState = cache;
}

/** What a writer takes before its first statement: whether to read the answer there, and the mark to keep it under. */
export type WebhookStateRead = { isWanted: boolean; mark: number };

export function webhookStateRead(): WebhookStateRead {
  const cache = webhookStateCache();
  return { isWanted: cache.wantsRead, mark: cache.mark() };
}

/** Offers what the writer's first statement read (null or undefined: it was not asked). */
export function keepWebhookState(read: WebhookStateRead, fromStatement: boolean | null | undefined): void {
  if (read.isWanted && typeof fromStatement === 'boolean') webhookStateCache().keep(read.mark, fromStatement);
}

/**
 * Whether a write statement must carry its webhook deliveries: always, unless this process knows
 * that no webhook is enabled. Asked as the statement is built, so the latest change heard counts.
 */
export function mayAnyWebhookTake(): boolean {
  return webhookStateCache().current() !== false;
}
