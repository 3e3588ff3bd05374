import type { TICKET_CATEGORIES, TICKET_PRIORITIES } from '@helpdesk/contracts';

/** The ids of a ticket priority's label, shown in the policy and mailbox forms; the value itself is unchanged. */
export const PRIORITY_LABEL_IDS = {
  low: 'serviceLevels.priority.low',
  medium: 'serviceLevels.priority.medium',
  high: 'serviceLevels.priority.high',
  critical: 'serviceLevels.priority.critical',
} as const satisfies Record<(typeof TICKET_PRIORITIES)[number], string>;

/** The ids of a ticket category's label. */
export const CATEGORY_LABEL_IDS = {
  technical: 'serviceLevels.category.technical',
  access: 'serviceLevels.category.access',
  software: 'serviceLevels.category.software',
  hardware: 'serviceLevels.category.hardware',
  other: 'serviceLevels.category.other',
} as const satisfies Record<(typeof TICKET_CATEGORIES)[number], string>;
