import {
  ADMIN_API_PATHS,
  API_PATHS,
  AUDIT_ACTIONS,
  LIMITS,
  type TAuditLogEntry,
  type TAuditLogListResponse,
  type TUserListResponse,
} from '@helpdesk/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  CardContent,
  CardTable,
  CardTableBody,
  CardTableCell,
  CardTableHeader,
  CardTableRow,
  formatDetailDate,
  fullName,
  Input,
  Label,
  queryKeyToUrl,
  Skeleton,
  Spinner,
  TableHead,
  TableRow,
} from '@helpdesk/shared-ui';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { actionLabel, auditDetailsText, auditUserText, userAgentText } from './audit-entry-text.ts';
import {
  auditDateRangeError,
  auditQueryParams,
  EMPTY_AUDIT_FILTERS,
  isAuditLogNarrowed,
  type TAuditFilters,
} from './audit-filters.ts';
import { type TAuditT, useAuditT } from './messages.ts';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];
// The column names, also each field's name on a phone, where every entry is a card.
const COLUMNS = {
  when: 'audit.columnWhen',
  who: 'audit.columnWho',
  what: 'audit.columnWhat',
  whom: 'audit.columnWhom',
  where: 'audit.columnWhere',
} as const;
const COLUMN_COUNT = Object.keys(COLUMNS).length;
const ADMINS_QUERY_KEY = [API_PATHS.adminUsers, { role: 'admin', limit: LIMITS.userListLimitMax }] as const;

/** The Audit Log tab: who did what to whom, when and from where; filtered, newest first, load more. */
export function AuditLogTab() {
  const t = useAuditT();
  const [filters, setFilters] = useState<TAuditFilters>(EMPTY_AUDIT_FILTERS);
  const [targetName, setTargetName] = useState('');
  const rangeError = auditDateRangeError(filters, t);
  // While the range is invalid the list keeps showing the last valid filters.
  const [applied, setApplied] = useState(filters);
  if (rangeError === null && applied !== filters) setApplied(filters);
  const params = auditQueryParams(applied);

  const logQuery = useInfiniteQuery({
    queryKey: [ADMIN_API_PATHS.adminAuditLogs, params],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TAuditLogListResponse>(
        'GET',
        queryKeyToUrl([ADMIN_API_PATHS.adminAuditLogs, { ...params, cursor: pageParam }]),
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
  const adminsQuery = useQuery<TUserListResponse>({ queryKey: ADMINS_QUERY_KEY });
  const entries = logQuery.data?.pages.flatMap((page) => page.entries) ?? [];
  const update = (patch: Partial<TAuditFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">{t('audit.actionLabel')}</Label>
          <Select value={filters.action} onValueChange={(action) => update({ action })}>
            <SelectTrigger id="audit-action" className="w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('audit.allActions')}</SelectItem>
              {AUDIT_ACTIONS.map((action) => (
                <SelectItem key={action} value={action}>
                  {actionLabel(action, t)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-admin">{t('audit.administrator')}</Label>
          <Select value={filters.adminUserId} onValueChange={(adminUserId) => update({ adminUserId })}>
            <SelectTrigger id="audit-admin" className="w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('audit.allAdministrators')}</SelectItem>
              {adminsQuery.data?.users.map((admin) => (
                <SelectItem key={admin.id} value={admin.id}>
                  {t('audit.adminOption', { name: fullName(admin), username: admin.username })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">{t('audit.from')}</Label>
          <Input
            id="audit-from"
            type="date"
            className="w-40"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => update({ from: e.target.value })}
            aria-invalid={rangeError !== null}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">{t('audit.to')}</Label>
          <Input
            id="audit-to"
            type="date"
            className="w-40"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => update({ to: e.target.value })}
            aria-invalid={rangeError !== null}
          />
        </div>
        {isAuditLogNarrowed(filters) ? (
          <Button
            variant="ghost"
            onClick={() => {
              setFilters(EMPTY_AUDIT_FILTERS);
              setTargetName('');
            }}
          >
            {t('audit.clearFilters')}
          </Button>
        ) : null}
      </div>
      {rangeError ? (
        <p className="text-sm text-destructive" role="alert">
          {rangeError}
        </p>
      ) : null}
      {filters.targetUserId ? (
        <div>
          <Badge variant="secondary" className="gap-1 py-1">
            {t('audit.affecting', { name: targetName })}
            <button
              type="button"
              className="rounded-sm opacity-70 hover:opacity-100"
              aria-label={t('audit.stopFilteringTarget')}
              onClick={() => {
                update({ targetUserId: '' });
                setTargetName('');
              }}
            >
              <X className="size-3" aria-hidden />
            </button>
          </Badge>
        </div>
      ) : null}

      {logQuery.isError && !logQuery.data ? (
        <LoadErrorAlert
          title={t('audit.loadErrorTitle')}
          message={t('audit.loadErrorMessage')}
          query={logQuery}
        />
      ) : (
        <Card className="py-0 max-md:border-0 max-md:bg-transparent max-md:shadow-none">
          <CardContent className="px-0">
            <CardTable>
              <CardTableHeader>
                <TableRow>
                  <TableHead className="pl-4">{t(COLUMNS.when)}</TableHead>
                  <TableHead>{t(COLUMNS.who)}</TableHead>
                  <TableHead>{t(COLUMNS.what)}</TableHead>
                  <TableHead>{t(COLUMNS.whom)}</TableHead>
                  <TableHead className="pr-4">{t(COLUMNS.where)}</TableHead>
                </TableRow>
              </CardTableHeader>
              <CardTableBody>
                {logQuery.isPending ? (
                  SKELETON_ROWS.map((key) => (
                    <CardTableRow key={key} data-testid="audit-row-skeleton">
                      {Array.from({ length: COLUMN_COUNT }, (_, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells never reorder
                        <CardTableCell key={i} className="first:pl-4 last:pr-4">
                          <Skeleton className="h-5 w-full max-w-40" />
                        </CardTableCell>
                      ))}
                    </CardTableRow>
                  ))
                ) : entries.length === 0 ? (
                  <CardTableRow>
                    <CardTableCell colSpan={COLUMN_COUNT} className="py-10 text-center text-muted-foreground">
                      {isAuditLogNarrowed(applied) ? t('audit.emptyFiltered') : t('audit.empty')}
                    </CardTableCell>
                  </CardTableRow>
                ) : (
                  entries.map((entry) => (
                    <AuditRow
                      key={entry.id}
                      entry={entry}
                      t={t}
                      onFilterTarget={(target) => {
                        update({ targetUserId: target.id });
                        setTargetName(auditUserText(target));
                      }}
                    />
                  ))
                )}
              </CardTableBody>
            </CardTable>
          </CardContent>
        </Card>
      )}

      {logQuery.isError && logQuery.data ? (
        <p className="text-sm text-destructive" role="alert">
          {t('audit.loadErrorMessage')}
        </p>
      ) : null}
      {logQuery.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            disabled={logQuery.isFetchingNextPage}
            onClick={() => logQuery.fetchNextPage()}
          >
            {logQuery.isFetchingNextPage && <Spinner aria-label={t('audit.loadingMore')} />}
            {logQuery.isFetchingNextPage ? t('audit.loading') : t('audit.loadMore')}
          </Button>
        </div>
      ) : entries.length > 0 ? (
        <p className="text-center text-sm text-muted-foreground">
          {t('audit.allShown', { count: entries.length })}
        </p>
      ) : null}
    </div>
  );
}

function AuditRow({
  entry,
  t,
  onFilterTarget,
}: {
  entry: TAuditLogEntry;
  t: TAuditT;
  onFilterTarget: (target: NonNullable<TAuditLogEntry['target']>) => void;
}) {
  const details = auditDetailsText(entry, t);
  const target = entry.target;
  return (
    <CardTableRow data-testid="audit-row" className="align-top">
      <CardTableCell label={t(COLUMNS.when)} className="whitespace-nowrap pl-4">
        {formatDetailDate(entry.createdAt)}
      </CardTableCell>
      <CardTableCell label={t(COLUMNS.who)}>{auditUserText(entry.admin)}</CardTableCell>
      <CardTableCell label={t(COLUMNS.what)} className="max-w-md whitespace-normal">
        <Badge variant="outline">{actionLabel(entry.action, t)}</Badge>
        {details ? <div className="mt-1 text-sm text-muted-foreground">{details}</div> : null}
      </CardTableCell>
      <CardTableCell label={t(COLUMNS.whom)}>
        {target ? (
          <button
            type="button"
            className="text-left underline-offset-4 hover:underline"
            title={t('audit.filterTarget')}
            onClick={() => onFilterTarget(target)}
          >
            {auditUserText(target)}
          </button>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </CardTableCell>
      <CardTableCell label={t(COLUMNS.where)} className="pr-4">
        <div>{entry.ipAddress ?? t('audit.unknownAddress')}</div>
        <div className="text-sm text-muted-foreground" title={entry.userAgent ?? undefined}>
          {userAgentText(entry.userAgent, t)}
        </div>
      </CardTableCell>
    </CardTableRow>
  );
}
