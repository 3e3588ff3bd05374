import { TICKET_CATEGORY_LABELS, type TSlaPolicy } from '@helpdesk/contracts';

/** Which tickets of its priority a policy narrows to: "All tickets", a team, a category, or both. */
export function appliesTo(policy: Pick<TSlaPolicy, 'team' | 'category'>): string {
  const named = [
    policy.team?.name,
    policy.category ? TICKET_CATEGORY_LABELS[policy.category] : undefined,
  ].filter((part): part is string => Boolean(part));
  return named.length ? named.join(' · ') : 'All tickets';
}
