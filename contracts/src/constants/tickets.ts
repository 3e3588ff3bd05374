export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;

export const TICKET_STATUSES = ['new', 'in_progress', 'resolved', 'closed'] as const;

export const TICKET_CATEGORIES = ['technical', 'access', 'software', 'hardware', 'other'] as const;

/** The category labels ('other' is shown as is). */
export const TICKET_CATEGORY_LABELS: Record<(typeof TICKET_CATEGORIES)[number], string> = {
  technical: 'Technical Support',
  access: 'Access Request',
  software: 'Software Issue',
  hardware: 'Hardware Issue',
  other: 'other',
};
export const TICKET_STATUS_LABELS: Record<(typeof TICKET_STATUSES)[number], string> = {
  new: 'New',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};
export const TICKET_PRIORITY_LABELS: Record<(typeof TICKET_PRIORITIES)[number], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Statuses that still count against SLA deadlines and as "open" on the dashboard. */
export const OPEN_TICKET_STATUSES = [
  'new',
  'in_progress',
] as const satisfies readonly (typeof TICKET_STATUSES)[number][];

export const TICKET_LIMITS = {
  descriptionMax: 20_000,
  commentMax: 10_000,
  listLimitDefault: 25,
  listLimitMax: 100,
  /** Files the create dialog may attach to one new ticket. */
  attachmentsPerUploadMax: 10,
} as const;
