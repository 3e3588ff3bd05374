import { TICKET_CATEGORY_LABELS, type TSlaPolicy, type TTicketCategory } from '@helpdesk/contracts';
import { serviceLevelsEnglish, type TServiceLevelsT } from './messages.ts';

const englishCategoryLabel = (category: TTicketCategory) => TICKET_CATEGORY_LABELS[category];

/**
 * Which tickets of its priority a policy narrows to: "All tickets", a team, a category, or both.
 * The category's name comes from the labels every screen shares (shared-ui's useCategoryLabel).
 */
export function appliesTo(
  policy: Pick<TSlaPolicy, 'team' | 'category'>,
  t: TServiceLevelsT = serviceLevelsEnglish,
  categoryLabel: (category: TTicketCategory) => string = englishCategoryLabel,
): string {
  const named = [policy.team?.name, policy.category ? categoryLabel(policy.category) : undefined].filter(
    (part): part is string => Boolean(part),
  );
  return named.length ? named.join(' · ') : t('policies.allTickets');
}
