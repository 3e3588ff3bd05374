import { Input, Spinner, useDebouncedValue, useLocalizeText, withLocalizedLabels } from '@helpdesk/shared-ui';
import { OptionSelect } from '@helpdesk/shared-ui/select';
import { useEffect, useRef, useState } from 'react';
import {
  PRIORITY_FILTER_OPTIONS,
  SORT_OPTIONS,
  STATUS_FILTER_OPTIONS,
  toPriorityFilter,
  toStatusFilter,
  withAllLabel,
} from './list-filters.ts';
import { defaultSort, type TListSearch } from './list-search.ts';
import { useTicketListT } from './messages.ts';

const SEARCH_DELAY_MS = 300;

type TChange = (change: Partial<TListSearch>, options?: { replace?: boolean }) => void;

/** One filter's select; a list of several values (from a link) shows as its 'all' choice. */
function FilterSelect({
  label,
  value,
  options,
  onPick,
}: {
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onPick: (value: string) => void;
}) {
  const shown = options.some((option) => option.value === value) ? (value as string) : 'all';
  return (
    <OptionSelect
      label={label}
      value={shown}
      options={options}
      onValueChange={onPick}
      className="w-full bg-background sm:w-40"
    />
  );
}

/**
 * The search box (debounced into `q`, one history entry while typing), the order, and the filters.
 * A change from elsewhere (Back, a view link) resets the box to the address's text.
 */
function SearchWithinView({ q, onChange }: { q: string | undefined; onChange: TChange }) {
  const t = useTicketListT();
  const [text, setText] = useState(q ?? '');
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  const pushed = useRef(q ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text is sent
  useEffect(() => {
    const next = settled.trim();
    if (next === pushed.current) return;
    pushed.current = next;
    onChange({ q: next }, { replace: true });
  }, [settled]);
  useEffect(() => {
    if ((q ?? '') === pushed.current) return;
    pushed.current = q ?? '';
    setText(q ?? '');
  }, [q]);
  return (
    <Input
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={t('ticketList.search')}
      aria-label={t('ticketList.search')}
      className="w-full bg-background sm:w-64"
      maxLength={200}
      data-testid="list-search"
    />
  );
}

type TProps = { search: TListSearch; onChange: TChange; isRefreshing: boolean };

export function ListControls({ search, onChange, isRefreshing }: TProps) {
  const t = useTicketListT();
  const localize = useLocalizeText();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <SearchWithinView q={search.q} onChange={onChange} />
      <FilterSelect
        label={t('ticketList.sortBy')}
        value={search.sort ?? defaultSort(search.view)}
        options={SORT_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
        onPick={(value) => onChange({ sort: SORT_OPTIONS.find((option) => option.value === value)?.value })}
      />
      <FilterSelect
        label={t('ticketList.filterStatus')}
        value={search.status}
        options={withAllLabel(
          withLocalizedLabels(STATUS_FILTER_OPTIONS, localize),
          t('ticketList.allStatus'),
        )}
        onPick={(value) => onChange({ status: toStatusFilter(value) === 'all' ? undefined : value })}
      />
      <FilterSelect
        label={t('ticketList.filterPriority')}
        value={search.priority}
        options={withAllLabel(
          withLocalizedLabels(PRIORITY_FILTER_OPTIONS, localize),
          t('ticketList.allPriority'),
        )}
        onPick={(value) => onChange({ priority: toPriorityFilter(value) === 'all' ? undefined : value })}
      />
      {isRefreshing && <Spinner aria-label={t('ticketList.refreshing')} className="text-muted-foreground" />}
    </div>
  );
}
