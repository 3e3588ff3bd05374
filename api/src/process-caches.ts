import type { Sql } from 'postgres';
import { DESK_SNAPSHOT_MAX_AGE_MS, DeskSnapshots, useDeskSnapshots } from './dashboard/desk-snapshot.ts';
import { createWakeListener, type WakeListener } from './db/listener.ts';
import type { Logger } from './log.ts';
import { UnreadCountCache, useUnreadCountCache } from './notifications/count-cache.ts';
import {
  ONBOARDING_CHANNEL,
  OnboardingFactsCache,
  useOnboardingFactsCache,
} from './onboarding/facts-cache.ts';
import { REALTIME_CHANNEL } from './realtime/publish.ts';
import { SESSION_CHANNEL, SessionCache, useSessionCache } from './session-cache.ts';
import { SLA_POLICIES_CHANNEL, SlaPolicyCache, useSlaPolicyCache } from './sla/policy-cache.ts';
import { TRIGGERS_CHANNEL, TriggerRuleCache, useTriggerRuleCache } from './triggers/rule-cache.ts';
import { useWebhookStateCache, WEBHOOKS_CHANNEL, WebhookStateCache } from './webhooks/enabled-cache.ts';

export type ProcessCaches = {
  sessions: SessionCache;
  unreadCounts: UnreadCountCache;
  desk: DeskSnapshots;
  triggers: TriggerRuleCache;
  webhooks: WebhookStateCache;
  slaPolicies: SlaPolicyCache;
  onboarding: OnboardingFactsCache;
};

/**
 * Starts this process's caches of reads, all kept honest by one LISTEN connection of their own:
 * the session cache (session -> user) and the unread counts live `ttlMs` at most, the desk-wide
 * dashboard answers DESK_SNAPSHOT_MAX_AGE_MS, the enabled triggers, whether any webhook is enabled,
 * the active SLA policies and the first-day checklist's facts `ttlMs`; each drops what the
 * database's notifications say changed (the session channel of migration 00031, the realtime
 * channel every write publishes on, the triggers channel of migration 00094, the webhooks channel
 * of migration 00102, the SLA policies channel of migration 00104, the onboarding channel of
 * migration 00105), serves nothing while the LISTEN is down and starts empty after every
 * reconnect. The LISTEN proves itself alive with a ping every few seconds, sent on a connection of
 * its own: through the request pool, a ping waits behind the requests of a saturated API, misses
 * its deadline and switches the caches off exactly when they help most. Returns what stops it at
 * shutdown, or null when the caches are off (ttlMs 0: every read goes to the database).
 */
export function startProcessCaches(options: {
  ttlMs: number;
  open: () => Sql;
  log: Logger;
  checkMs?: number;
}): { caches: ProcessCaches; stop: () => Promise<void> } | null {
  if (options.ttlMs <= 0) return null;
  const caches: ProcessCaches = {
    sessions: new SessionCache({ ttlMs: options.ttlMs }),
    unreadCounts: new UnreadCountCache({ ttlMs: options.ttlMs }),
    desk: new DeskSnapshots({ maxAgeMs: Math.min(options.ttlMs, DESK_SNAPSHOT_MAX_AGE_MS) }),
    triggers: new TriggerRuleCache({ ttlMs: options.ttlMs }),
    webhooks: new WebhookStateCache({ ttlMs: options.ttlMs }),
    slaPolicies: new SlaPolicyCache({ ttlMs: options.ttlMs }),
    onboarding: new OnboardingFactsCache({ ttlMs: options.ttlMs }),
  };
  useSessionCache(caches.sessions);
  useTriggerRuleCache(caches.triggers);
  useWebhookStateCache(caches.webhooks);
  useSlaPolicyCache(caches.slaPolicies);
  useOnboardingFactsCache(caches.onboarding);
  useUnreadCountCache(caches.unreadCounts);
  useDeskSnapshots(caches.desk);
  const pings = options.open();
  const listener: WakeListener = createWakeListener({
    name: 'process caches',
    channels: [
      SESSION_CHANNEL,
      REALTIME_CHANNEL,
      TRIGGERS_CHANNEL,
      WEBHOOKS_CHANNEL,
      SLA_POLICIES_CHANNEL,
      ONBOARDING_CHANNEL,
    ],
    open: options.open,
    pool: pings,
    // Without a payload (after a LISTEN) each cache clears itself: a message may have been missed.
    onWake: (channel, payload) => {
      if (channel === TRIGGERS_CHANNEL) {
        caches.triggers.clear();
      } else if (channel === WEBHOOKS_CHANNEL) {
        caches.webhooks.clear();
      } else if (channel === SLA_POLICIES_CHANNEL) {
        caches.slaPolicies.clear();
      } else if (channel === ONBOARDING_CHANNEL) {
        caches.onboarding.clear();
      } else if (channel === SESSION_CHANNEL) {
        caches.sessions.onNotification(payload);
        caches.unreadCounts.onSessionNotification(payload);
        caches.desk.onSessionNotification(payload);
      } else {
        caches.unreadCounts.onRealtime(payload);
        caches.desk.onRealtime(payload);
      }
    },
    log: options.log,
    // A LISTEN that died quietly is noticed within seconds; until then entries live at most ttlMs.
    checkMs: options.checkMs ?? 5_000,
  });
  const isListening = () => listener.isListening();
  caches.sessions.follow(isListening);
  caches.unreadCounts.follow(isListening);
  caches.desk.follow(isListening);
  caches.triggers.follow(isListening);
  caches.webhooks.follow(isListening);
  caches.slaPolicies.follow(isListening);
  caches.onboarding.follow(isListening);
  listener.start();
  return {
    caches,
    stop: async () => {
      await listener.stop();
      await pings.end({ timeout: 1 });
    },
  };
}
