import type { TAssignmentOptions, TTicketDetail } from '@helpdesk/contracts';
import { fullName } from '@helpdesk/shared-ui';
import { NONE_VALUE } from '../tickets/none-option.ts';
import { type TTicketDetailT, ticketDetailEnglish } from './messages.ts';

export type TSelectOption = { value: string; label: string };

/**
 * The Assignee select's options: 'Unassigned' and the assignable agents and admins. The current
 * assignee stays listed even when no longer assignable, so the select can still show who it is.
 */
export function assigneeOptions(
  options: TAssignmentOptions | undefined,
  current: TTicketDetail['assignee'],
  t: TTicketDetailT = ticketDetailEnglish,
): TSelectOption[] {
  const people = options?.assignees ?? [];
  const list = current && !people.some((p) => p.id === current.id) ? [current, ...people] : people;
  return [
    { value: NONE_VALUE, label: t('ticketDetail.unassigned') },
    ...list.map((p) => ({ value: p.id, label: fullName(p) })),
  ];
}

/** The Team select's options: 'No team' and the active teams, keeping the current team listed. */
export function teamOptions(
  options: TAssignmentOptions | undefined,
  current: TTicketDetail['team'],
  t: TTicketDetailT = ticketDetailEnglish,
): TSelectOption[] {
  const teams = options?.teams ?? [];
  const list = current && !teams.some((t) => t.id === current.id) ? [current, ...teams] : teams;
  return [
    { value: NONE_VALUE, label: t('ticketDetail.noTeam') },
    ...list.map((t) => ({ value: t.id, label: t.name })),
  ];
}
