import {
  DEFAULT_SETTINGS,
  ONBOARDING_ITEM_KEYS,
  type TOnboardingItemKey,
  type TOnboardingStatus,
  type TUser,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { EnvSmtp } from '../config.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { resolveSmtpServer, type SmtpServer } from '../email/transport.ts';
import { onboardingFactsCache } from './facts-cache.ts';
import { type OnboardingFacts, selectOnboardingFacts, upsertDismissal } from './queries.ts';

/** How a test mail's server is remembered: host and port, never the login. */
export function smtpServerKey(server: Pick<SmtpServer, 'host' | 'port'>): string {
  return `${server.host}:${server.port}`;
}

type Facts = OnboardingFacts & { mailServerKey: string | null };

// One rule per item; a later item adds its fact to selectOnboardingFacts and its rule here.
const IS_DONE: Record<TOnboardingItemKey, (facts: Facts) => boolean> = {
  company: (facts) => facts.hasCompanyName,
  // The item un-ticks when the server in effect is no longer the one that accepted the test mail.
  mailServer: (facts) => facts.mailServerKey !== null && facts.testMailServer === facts.mailServerKey,
  team: (facts) => facts.hasTeam,
  agents: (facts) => facts.hasAgent,
  serviceLevels: (facts) => facts.hasActiveSlaPolicy,
  knowledgeBase: (facts) => facts.hasActiveKbCategory,
};

/**
 * The checklist's facts: through the pool from this process's copy when it has one (facts-cache.ts);
 * inside a transaction always from the database, which the transaction is about to change.
 */
async function readFacts(db: Db): Promise<OnboardingFacts> {
  if (db !== sql) return selectOnboardingFacts(db, DEFAULT_SETTINGS.companyName);
  const cache = onboardingFactsCache();
  const cached = cache.current();
  if (cached) return cached;
  const mark = cache.mark();
  const facts = await selectOnboardingFacts(sql, DEFAULT_SETTINGS.companyName);
  cache.keep(mark, facts);
  return facts;
}

/** The first-day checklist: each item ticked from the desk's data, and whether it is still shown. */
export async function getOnboardingStatus(envSmtp: EnvSmtp | null, db: Db = sql): Promise<TOnboardingStatus> {
  const facts = await readFacts(db);
  const server = resolveSmtpServer(
    {
      smtpHost: facts.smtpHost ?? DEFAULT_SETTINGS.smtpHost,
      smtpPort: facts.smtpPort ?? DEFAULT_SETTINGS.smtpPort,
      smtpUsername: '',
      smtpPassword: null,
    },
    envSmtp,
  );
  const withServer: Facts = { ...facts, mailServerKey: server ? smtpServerKey(server) : null };
  const items = ONBOARDING_ITEM_KEYS.map((key) => ({ key, isDone: IS_DONE[key](withServer) }));
  return {
    items,
    isDismissed: facts.isDismissed,
    isVisible: !facts.isDismissed && items.some((item) => !item.isDone),
  };
}

/** Hides the checklist for every admin of the desk; audited once, with the items still open. */
export async function dismissOnboarding(
  admin: TUser,
  meta: RequestMeta,
  envSmtp: EnvSmtp | null,
): Promise<TOnboardingStatus> {
  const status = await sql.begin(async (tx) => {
    const before = await getOnboardingStatus(envSmtp, tx);
    if (await upsertDismissal(tx, admin.id)) {
      await insertAuditEntry(tx, {
        adminUserId: admin.id,
        action: 'onboarding.dismissed',
        targetUserId: null,
        details: { open: before.items.filter((item) => !item.isDone).map((item) => item.key) },
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
      });
    }
    return { ...before, isDismissed: true, isVisible: false };
  });
  // This process's next read must not wait for the notification to hear of it.
  onboardingFactsCache().clear();
  return status;
}
