import type { Db } from '../db/postgres.ts';
import { ListenedValue } from '../listened-cache.ts';
import { type ActivePolicy, type PolicyRow, selectPolicyById } from './queries.ts';

/** The channel migration 00104 notifies on COMMIT of any change to sla_policies or business_calendars. */
export const SLA_POLICIES_CHANNEL = 'helpdesk_sla_policies';

/**
 * This process's copy of the active SLA policies with their calendars. Every ticket filed is
 * matched against them (policy-match.ts) and they change only when an admin edits them: with a
 * copy, filing reads nothing for its deadlines. It is dropped by the tables' notification, by a new
 * LISTEN, after the lifetime and by the process that made a change before it answers
 * (listened-cache.ts), so a policy saved in another process counts from the filings that start
 * after the notification arrives.
 */
export class SlaPolicyCache extends ListenedValue<readonly ActivePolicy[]> {}

let processPolicies: SlaPolicyCache | null = null;

/** This process's policy cache; inactive (every filing reads its policy) until the process caches' LISTEN is up. */
export function slaPolicyCache(): SlaPolicyCache {
  processPolicies ??= new SlaPolicyCache({ ttlMs: 0 });
  return processPolicies;
}

/** Makes `cache` this process's policy cache (process-caches.ts, at start-up). */
export function useSlaPolicyCache(cache: SlaPolicyCache): void {
  processPolicies = cache;
}

/**
 * What a filing takes before its first statement: the cached policies (null: none current), whether
 * that statement should read them all for the cache, and the mark to keep them under.
 */
export type SlaPoliciesRead = { policies: readonly ActivePolicy[] | null; isWanted: boolean; mark: number };

export function slaPoliciesRead(): SlaPoliciesRead {
  const cache = slaPolicyCache();
  const mark = cache.mark();
  const policies = cache.current();
  return { policies, isWanted: policies === null && cache.wantsRead, mark };
}

/** Offers what the filing's first statement read (null or undefined: it was not asked). */
export function keepSlaPolicies(
  read: SlaPoliciesRead,
  fromStatement: readonly ActivePolicy[] | null | undefined,
) {
  if (read.isWanted && fromStatement) slaPolicyCache().keep(read.mark, fromStatement);
}

/**
 * `row` with its ticket's policy and calendar: as its statement read them, else from `active` (this
 * process's copy, which let the statement leave them out), else read by id, since a policy
 * deactivated after the ticket was filed is not among the active ones.
 */
export async function withTicketPolicy<T extends { slaPolicyId: string | null; policy?: PolicyRow | null }>(
  db: Db,
  row: T,
  active: readonly ActivePolicy[] | null,
): Promise<Omit<T, 'policy'> & { policy: PolicyRow | null }> {
  if (row.policy !== undefined) return { ...row, policy: row.policy };
  const id = row.slaPolicyId;
  const policy =
    id === null ? null : (active?.find((one) => one.id === id) ?? (await selectPolicyById(db, id)));
  return { ...row, policy };
}
