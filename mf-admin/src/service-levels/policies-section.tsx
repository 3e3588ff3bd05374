import type { TSlaPolicy } from '@helpdesk/contracts';
import { Badge, CardTableCell, CardTableRow, TicketPriorityBadge } from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { appliesTo } from './applies-to.ts';
import { PolicyFormDialog } from './policy-form-dialog.tsx';
import { POLICIES_KEY } from './service-level-query-keys.ts';
import { ServiceLevelSection } from './service-level-section.tsx';
import { RowAction, RowActionsCell, ServiceLevelTable } from './service-level-table.tsx';
import { targetText } from './target-units.ts';
import { useSetPolicyActive } from './use-service-level-mutations.ts';

const COLUMNS = ['Name', 'Priority', 'Applies to', 'Response', 'Resolution', 'Calendar', 'Status'] as const;

/** SLA policies: how long a first response and a resolution may take, and which tickets that applies to. */
export function PoliciesSection() {
  const policiesQuery = useQuery<TSlaPolicy[]>({ queryKey: POLICIES_KEY });

  return (
    <ServiceLevelSection
      id="sla-policies-heading"
      title="SLA policies"
      description="Targets for the first response and the resolution. A ticket gets the most specific active policy for its priority: team and category, then team, then category, then priority alone."
      newLabel="New policy"
      renderCreateDialog={(isOpen, onOpenChange) => (
        <PolicyFormDialog isOpen={isOpen} onOpenChange={onOpenChange} />
      )}
    >
      <ServiceLevelTable
        query={policiesQuery}
        noun="SLA policies"
        columns={COLUMNS}
        empty={{
          title: 'No SLA policies yet',
          text: 'Tickets get no deadlines until a policy applies to them. Start with one policy per priority.',
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
  return (
    <CardTableRow
      data-testid="sla-policy-row"
      className={policy.isActive ? undefined : 'text-muted-foreground'}
    >
      <CardTableCell className="pl-4 font-medium">{policy.name}</CardTableCell>
      <CardTableCell label="Priority" labelBeside>
        <TicketPriorityBadge priority={policy.priority} />
      </CardTableCell>
      <CardTableCell label="Applies to" labelBeside>
        {appliesTo(policy)}
      </CardTableCell>
      <CardTableCell label="Response" labelBeside>
        {targetText(policy.responseTimeHours)}
      </CardTableCell>
      <CardTableCell label="Resolution" labelBeside>
        {targetText(policy.resolutionTimeHours)}
      </CardTableCell>
      <CardTableCell label="Calendar" labelBeside>
        {policy.calendar?.name ?? 'Around the clock'}
      </CardTableCell>
      <CardTableCell label="Status" labelBeside>
        <Badge variant={policy.isActive ? 'success' : 'outline'}>
          {policy.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </CardTableCell>
      <RowActionsCell>
        <RowAction label="Edit" itemName={policy.name} icon={Pencil} onClick={() => setIsEditing(true)} />
        <RowAction
          label={policy.isActive ? 'Deactivate' : 'Activate'}
          itemName={policy.name}
          isDisabled={setActive.isPending}
          onClick={() => setActive.mutate(!policy.isActive)}
        />
        <PolicyFormDialog policy={policy} isOpen={isEditing} onOpenChange={setIsEditing} />
      </RowActionsCell>
    </CardTableRow>
  );
}
