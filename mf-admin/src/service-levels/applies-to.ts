import type { TSlaPolicy } from '@helpdesk/contracts';
import { serviceLevelsEnglish, type TServiceLevelsT } from './messages.ts';
import { CATEGORY_LABEL_IDS } from './ticket-labels.ts';

/** Which tickets of its priority a policy narrows to: "All tickets", a team, a category, or both. */
export function appliesTo(
  policy: Pick<TSlaPolicy, 'team' | 'category'>,
  t: TServiceLevelsT = serviceLevelsEnglish,
): string {
  const named = [
    policy.team?.name,
    policy.category ? t(CATEGORY_LABEL_IDS[policy.category]) : undefined,
  ].filter((part): part is string => Boolean(part));
  return named.length ? named.join(' · ') : t('policies.allTickets');
}
