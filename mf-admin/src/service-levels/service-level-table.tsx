import {
  Button,
  Card,
  CardContent,
  CardTable,
  CardTableBody,
  CardTableCell,
  CardTableHeader,
  Skeleton,
  TableHead,
  TableRow,
} from '@helpdesk/shared-ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { useServiceLevelsT } from './messages.ts';

/**
 * A section's list: a skeleton while it loads, the failure with Retry, a card saying what to do
 * when there is nothing yet, else a card table (rows become cards on phones) with an Actions column.
 */
export function ServiceLevelTable<TItem>({
  query,
  loadFailure,
  columns,
  empty,
  renderRow,
}: {
  query: UseQueryResult<TItem[]>;
  /** What the alert says when the list fails to load ("Failed to fetch business calendars"). */
  loadFailure: { title: string; text: string };
  columns: readonly string[];
  empty: { title: string; text: string; testId: string };
  renderRow: (item: TItem) => ReactNode;
}) {
  const t = useServiceLevelsT();
  if (query.isPending)
    return <Skeleton className="h-32 w-full rounded-xl" data-testid={`${empty.testId}-skeleton`} />;
  if (query.isError)
    return <LoadErrorAlert title={loadFailure.title} message={loadFailure.text} query={query} />;
  if (query.data.length === 0)
    return (
      <Card data-testid={empty.testId}>
        <CardContent className="py-6 text-center">
          <p className="font-medium">{empty.title}</p>
          <p className="text-muted-foreground text-sm">{empty.text}</p>
        </CardContent>
      </Card>
    );
  return (
    <Card className="py-0 max-md:border-0 max-md:bg-transparent max-md:shadow-none">
      <CardContent className="px-0">
        <CardTable>
          <CardTableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column} className="first:pl-4">
                  {column}
                </TableHead>
              ))}
              <TableHead className="pr-4 text-right">{t('serviceLevels.actions')}</TableHead>
            </TableRow>
          </CardTableHeader>
          <CardTableBody>{query.data.map(renderRow)}</CardTableBody>
        </CardTable>
      </CardContent>
    </Card>
  );
}

/** A row's last cell: its action buttons (and the dialogs they open), on a line of their own on phones. */
export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <CardTableCell className="pr-4 max-md:pt-2 md:text-right">
      <div className="flex gap-2 md:justify-end">{children}</div>
    </CardTableCell>
  );
}

/**
 * One action of a row; its accessible name says which item it acts on ("Edit Berlin office"), one
 * message with the name in it, as word order differs by language.
 */
export function RowAction({
  label,
  accessibleName,
  icon: Icon,
  isDisabled,
  onClick,
}: {
  label: string;
  accessibleName: string;
  icon?: LucideIcon;
  isDisabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" disabled={isDisabled} onClick={onClick} aria-label={accessibleName}>
      {Icon && <Icon aria-hidden />}
      {label}
    </Button>
  );
}
