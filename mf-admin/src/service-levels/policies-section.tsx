import type { TSlaPolicy } from '@helpdesk/contracts';
import {
  Badge,
  CardTableCell,
  CardTableRow,
  TicketPriorityBadge,
  useCategoryLabel,
} from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { appliesTo } from './applies-to.ts';
import { useServiceLevelsT } from './messages.ts';
import { PolicyFormDialog } from './policy-form-dialog.tsx';
import { POLICIES_KEY } from './service-level-query-keys.ts';
import { ServiceLevelSection } from './service-level-section.tsx';
import { RowAction, RowActionsCell, ServiceLevelTable } from './service-level-table.tsx';
import { targetText } from './target-units.ts';
import { useSetPolicyActive } from './use-service-level-mutations.ts';

const COLUMNS = [
  'policies.columnName',
  'policies.columnPriority',
  'policies.columnAppliesTo',
  'policies.columnResponse',
  'policies.columnResolution',
  'policies.columnCalendar',
  'policies.columnStatus',
] as const;

/** SLA policies: how long a first response and a resolution may take, and which tickets that applies to. */
export function PoliciesSection() {
  const policiesQuery = useQuery<TSlaPolicy[]>({ queryKey: POLICIES_KEY });
  const t = useServiceLevelsT();
  const locale = useLocale();

  return (
    <ServiceLevelSection
      id="sla-policies-heading"
      lang={locale}
      title={t('policies.title')}
      description={t('policies.description')}
      newLabel={t('policies.new')}
      renderCreateDialog={(isOpen, onOpenChange) => (
        <PolicyFormDialog isOpen={isOpen} onOpenChange={onOpenChange} />
      )}
    >
      <ServiceLevelTable
        query={policiesQuery}
        loadFailure={{ title: t('policies.loadTitle'), text: t('policies.loadText') }}
        columns={COLUMNS.map((column) => t(column))}
        empty={{
          title: t('policies.emptyTitle'),
          text: t('policies.emptyText'),
          testId: 'policies-empty',
        }}
        renderRow={(policy) => <PolicyRow key={policy.id} policy={policy} />}
      />
    </ServiceLevelSection>
  );
}

function PolicyRow({ policy }: { policy: TSlaPolicy }) {
  const [isEditing, setIsEditing] = useState(false);
  const setActive = useSetPolicyActive(policy);
  const t = useServiceLevelsT();
  const categoryLabel = useCategoryLabel();
  return (
    <CardTableRow
      data-testid="sla-policy-row"
      className={policy.isActive ? undefined : 'text-muted-foreground'}
    >
      <CardTableCell className="pl-4 font-medium">{policy.name}</CardTableCell>
      <CardTableCell label={t('policies.columnPriority')} labelBeside>
        <TicketPriorityBadge priority={policy.priority} />
      </CardTableCell>
      <CardTableCell label={t('policies.columnAppliesTo')} labelBeside>
        {appliesTo(policy, t, categoryLabel)}
      </CardTableCell>
      <CardTableCell label={t('policies.columnResponse')} labelBeside>
        {targetText(policy.responseTimeHours, t)}
      </CardTableCell>
      <CardTableCell label={t('policies.columnResolution')} labelBeside>
        {targetText(policy.resolutionTimeHours, t)}
      </CardTableCell>
      <CardTableCell label={t('policies.columnCalendar')} labelBeside>
        {policy.calendar?.name ?? t('calendars.aroundTheClock')}
      </CardTableCell>
      <CardTableCell label={t('policies.columnStatus')} labelBeside>
        <Badge variant={policy.isActive ? 'success' : 'outline'}>
          {policy.isActive ? t('policies.active') : t('policies.inactive')}
        </Badge>
      </CardTableCell>
      <RowActionsCell>
        <RowAction
          label={t('calendars.edit')}
          accessibleName={t('policies.editNamed', { name: policy.name })}
          icon={Pencil}
          onClick={() => setIsEditing(true)}
        />
        <RowAction
          label={policy.isActive ? t('policies.deactivate') : t('policies.activate')}
          accessibleName={
            policy.isActive
              ? t('policies.deactivateNamed', { name: policy.name })
              : t('policies.activateNamed', { name: policy.name })
          }
          isDisabled={setActive.isPending}
          onClick={() => setActive.mutate(!policy.isActive)}
        />
        <PolicyFormDialog policy={policy} isOpen={isEditing} onOpenChange={setIsEditing} />
      </RowActionsCell>
    </CardTableRow>
  );
}
