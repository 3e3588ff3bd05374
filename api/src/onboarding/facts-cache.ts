import { ListenedValue } from '../listened-cache.ts';
import type { OnboardingFacts } from './queries.ts';

/** The channel migration 00105 notifies on COMMIT of any change the checklist's facts are read from. */
export const ONBOARDING_CHANNEL = 'helpdesk_onboarding';

/**
 * This process's copy of the first-day checklist's facts. Every admin's dashboard asks for them,
 * and they move only while the desk is being set up: with a copy, the checklist reads nothing. It
 * is dropped by the tables' notification, by a new LISTEN, after the lifetime and by this process's
 * own checklist writes before they answer (listened-cache.ts), so a team added in another process
 * shows from the reads that start after the notification arrives.
 */
export class OnboardingFactsCache extends ListenedValue<OnboardingFacts> {}

let processFacts: OnboardingFactsCache | null = null;

/** This process's facts cache; inactive (every read goes to the database) until the process caches' LISTEN is up. */
export function onboardingFactsCache(): OnboardingFactsCache {
  processFacts ??= new OnboardingFactsCache({ ttlMs: 0 });
  return processFacts;
}

/** Makes `cache` this process's facts cache (process-caches.ts, at start-up). */
export function useOnboardingFactsCache(cache: OnboardingFactsCache): void {
  processFacts = cache;
}
