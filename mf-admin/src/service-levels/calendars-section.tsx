import type { TBusinessCalendar, TSlaPolicy } from '@helpdesk/contracts';
import { Badge, CardTableCell, CardTableRow } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CalendarFormDialog } from './calendar-form-dialog.tsx';
import { DeleteCalendarDialog } from './delete-calendar-dialog.tsx';
import { type TServiceLevelsT, useServiceLevelsT } from './messages.ts';
import { CALENDARS_KEY, POLICIES_KEY } from './service-level-query-keys.ts';
import { ServiceLevelSection } from './service-level-section.tsx';
import { RowAction, RowActionsCell, ServiceLevelTable } from './service-level-table.tsx';
import { weeklyHoursSummary } from './weekly-hours.ts';

const COLUMNS = [
  'calendars.columnName',
  'calendars.columnTimeZone',
  'calendars.columnHours',
  'calendars.columnHolidays',
  'calendars.columnUsedBy',
] as const;

/** Business calendars: when the clock of the policies counting in them runs. */
export function CalendarsSection() {
  const calendarsQuery = useQuery<TBusinessCalendar[]>({ queryKey: CALENDARS_KEY });
  const policiesQuery = useQuery<TSlaPolicy[]>({ queryKey: POLICIES_KEY });
  const t = useServiceLevelsT();
  const locale = useLocale();

  return (
    <ServiceLevelSection
      id="business-calendars-heading"
      lang={locale}
      title={t('calendars.title')}
      description={t('calendars.description')}
      newLabel={t('calendars.new')}
      renderCreateDialog={(isOpen, onOpenChange) => (
        <CalendarFormDialog isOpen={isOpen} onOpenChange={onOpenChange} />
      )}
    >
      <ServiceLevelTable
        query={calendarsQuery}
        loadFailure={{ title: t('calendars.loadTitle'), text: t('calendars.loadText') }}
        columns={COLUMNS.map((column) => t(column))}
        empty={{
          title: t('calendars.emptyTitle'),
          text: t('calendars.emptyText'),
          testId: 'calendars-empty',
        }}
        renderRow={(calendar) => (
          <CalendarRow key={calendar.id} calendar={calendar} policies={policiesQuery.data ?? []} />
        )}
      />
    </ServiceLevelSection>
  );
}

function usedByText(t: TServiceLevelsT, calendar: TBusinessCalendar, policies: readonly TSlaPolicy[]) {
  const names = policies.filter((policy) => policy.calendarId === calendar.id).map((policy) => policy.name);
  if (names.length > 0) return names.join(', ');
  if (calendar.policyCount > 0) return t('calendars.policyCount', { count: calendar.policyCount });
  return t('calendars.noPolicies');
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
  const t = useServiceLevelsT();
  const locale = useLocale();
  return (
    <CardTableRow data-testid="calendar-row">
      <CardTableCell className="pl-4">
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {calendar.name}
          {calendar.isAroundTheClock && <Badge variant="secondary">{t('calendars.aroundTheClock')}</Badge>}
        </div>
      </CardTableCell>
      <CardTableCell label={t('calendars.columnTimeZone')} labelBeside>
        {calendar.timeZone}
      </CardTableCell>
      <CardTableCell label={t('calendars.columnHours')} className="whitespace-normal">
        {weeklyHoursSummary(calendar.weeklyHours, t, locale)}
      </CardTableCell>
      <CardTableCell label={t('calendars.columnHolidays')} labelBeside>
        {calendar.holidays.length}
      </CardTableCell>
      <CardTableCell label={t('calendars.columnUsedBy')} className="whitespace-normal">
        {usedByText(t, calendar, policies)}
      </CardTableCell>
      <RowActionsCell>
        <RowAction
          label={t('calendars.edit')}
          accessibleName={t('calendars.editNamed', { name: calendar.name })}
          icon={Pencil}
          onClick={() => setIsEditing(true)}
        />
        <RowAction
          label={t('calendars.delete')}
          accessibleName={t('calendars.deleteNamed', { name: calendar.name })}
          icon={Trash2}
          onClick={() => setIsDeleting(true)}
        />
        <CalendarFormDialog calendar={calendar} isOpen={isEditing} onOpenChange={setIsEditing} />
        <DeleteCalendarDialog calendar={calendar} isOpen={isDeleting} onOpenChange={setIsDeleting} />
      </RowActionsCell>
    </CardTableRow>
  );
}
