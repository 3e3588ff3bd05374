import type { TBusinessCalendar, TSlaPolicy } from '@helpdesk/contracts';
import { Badge, CardTableCell, CardTableRow } from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CalendarFormDialog } from './calendar-form-dialog.tsx';
import { DeleteCalendarDialog } from './delete-calendar-dialog.tsx';
import { CALENDARS_KEY, POLICIES_KEY } from './service-level-query-keys.ts';
import { ServiceLevelSection } from './service-level-section.tsx';
import { RowAction, RowActionsCell, ServiceLevelTable } from './service-level-table.tsx';
import { weeklyHoursSummary } from './weekly-hours.ts';

const COLUMNS = ['Name', 'Time zone', 'Hours', 'Holidays', 'Used by'] as const;

/** Business calendars: when the clock of the policies counting in them runs. */
export function CalendarsSection() {
  const calendarsQuery = useQuery<TBusinessCalendar[]>({ queryKey: CALENDARS_KEY });
  const policiesQuery = useQuery<TSlaPolicy[]>({ queryKey: POLICIES_KEY });

  return (
    <ServiceLevelSection
      id="business-calendars-heading"
      title="Business calendars"
      description="Working hours per weekday in a time zone, and days off. A policy counts its targets only in its calendar's working time."
      newLabel="New calendar"
      renderCreateDialog={(isOpen, onOpenChange) => (
        <CalendarFormDialog isOpen={isOpen} onOpenChange={onOpenChange} />
      )}
    >
      <ServiceLevelTable
        query={calendarsQuery}
        noun="business calendars"
        columns={COLUMNS}
        empty={{
          title: 'No business calendars yet',
          text: 'Without one, every policy counts around the clock. Add a calendar for office hours and holidays, then pick it in a policy.',
          testId: 'calendars-empty',
        }}
        renderRow={(calendar) => (
          <CalendarRow key={calendar.id} calendar={calendar} policies={policiesQuery.data ?? []} />
        )}
      />
    </ServiceLevelSection>
  );
}

function usedByText(calendar: TBusinessCalendar, policies: readonly TSlaPolicy[]) {
  const names = policies.filter((policy) => policy.calendarId === calendar.id).map((policy) => policy.name);
  if (names.length > 0) return names.join(', ');
  if (calendar.policyCount > 0)
    return `${calendar.policyCount} ${calendar.policyCount === 1 ? 'policy' : 'policies'}`;
  return 'No policies';
}

function CalendarRow({
  calendar,
  policies,
}: {
  calendar: TBusinessCalendar;
  policies: readonly TSlaPolicy[];
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <CardTableRow data-testid="calendar-row">
      <CardTableCell className="pl-4">
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {calendar.name}
          {calendar.isAroundTheClock && <Badge variant="secondary">Around the clock</Badge>}
        </div>
      </CardTableCell>
      <CardTableCell label="Time zone" labelBeside>
        {calendar.timeZone}
      </CardTableCell>
      <CardTableCell label="Hours" className="whitespace-normal">
        {weeklyHoursSummary(calendar.weeklyHours)}
      </CardTableCell>
      <CardTableCell label="Holidays" labelBeside>
        {calendar.holidays.length}
      </CardTableCell>
      <CardTableCell label="Used by" className="whitespace-normal">
        {usedByText(calendar, policies)}
      </CardTableCell>
      <RowActionsCell>
        <RowAction label="Edit" itemName={calendar.name} icon={Pencil} onClick={() => setIsEditing(true)} />
        <RowAction
          label="Delete"
          itemName={calendar.name}
          icon={Trash2}
          onClick={() => setIsDeleting(true)}
        />
        <CalendarFormDialog calendar={calendar} isOpen={isEditing} onOpenChange={setIsEditing} />
        <DeleteCalendarDialog calendar={calendar} isOpen={isDeleting} onOpenChange={setIsDeleting} />
      </RowActionsCell>
    </CardTableRow>
  );
}
