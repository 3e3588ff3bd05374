import type { TUser } from '@helpdesk/contracts';
import { SEARCH_LIMITS } from '@helpdesk/contracts/constants';
import { Button, cn, Input, serverMessage, useDebouncedValue } from '@helpdesk/shared-ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { Loader2, Search } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  flattenGroups,
  groupResults,
  isSlashForSomethingElse,
  NO_ACTIVE_OPTION,
  searchKeyAction,
  searchPageHref,
  settledTypeaheadTerm,
  type TSearchOption,
  typeaheadTerm,
} from '../search/search-model.ts';
import { useDeskSearch } from '../search/use-desk-search.ts';
import { useLayoutT } from './messages.ts';
import { createIntentModule } from './use-intent-module.ts';

/**
 * How a result row looks (with its badges, icons and marked passages): fetched when the box is first
 * reached for (pointer over it, or focus), not with the dashboard. Until it is there, results wait as
 * "Searching…"; a failed fetch says so and is tried again on the next focus.
 */
const resultRows = createIntentModule(
  () => import(/* webpackChunkName: "search-result-rows" */ '../search/search-result-rows.tsx'),
);
type TResultRows = typeof import('../search/search-result-rows.tsx');

function OptionContent({ option, rows }: { option: TSearchOption; rows: TResultRows }) {
  if (option.kind === 'ticket') return <rows.TicketResult hit={option.hit} isCompact />;
  if (option.kind === 'user') return <rows.PersonResult hit={option.hit} />;
  return <rows.ArticleResult hit={option.hit} isCompact />;
}

/**
 * The header search: a combobox whose popover shows tickets, people (agents and admins) and
 * articles as the person types (debounced, above 2 characters). Arrows move through the results,
 * Enter opens the highlighted one or, with none, the full results page; Escape closes; '/' anywhere
 * else focuses the box. Below the lg breakpoint the box gives way to a button to the results page.
 */
export function SearchBox({ user }: { user: TUser }) {
  const t = useLayoutT();
  const navigate = useNavigate();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const containerRef = useRef<HTMLElement>(null);
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const debouncedText = useDebouncedValue(text, SEARCH_LIMITS.typeaheadDebounceMs);
  const term = settledTypeaheadTerm(text, debouncedText);
  const typed = typeaheadTerm(text);
  const search = useDeskSearch(term, SEARCH_LIMITS.limitDefault);
  const rowsState = useSyncExternalStore(resultRows.subscribe, resultRows.getState, resultRows.getState);
  const rows = rowsState.status === 'ready' ? rowsState.value : null;
  const reachFor = () => void resultRows.load();
  // Results are offered only once they can be drawn: Enter never opens a row nobody has seen.
  const groups = rows !== null && term !== null && search.data ? groupResults(search.data, user.role) : [];
  const options = flattenGroups(groups);
  // The highlight belongs to the results it was made in: new results start with none.
  const [active, setActive] = useState<{ term: string | null; index: number }>({
    term: null,
    index: NO_ACTIVE_OPTION,
  });
  const activeIndex = active.term === term && active.index < options.length ? active.index : NO_ACTIVE_OPTION;
  const activeOption = options[activeIndex];
  const isPopoverShown = isOpen && typed !== null;
  const optionId = (option: TSearchOption) => `${listboxId}-${option.key}`;

  // '/' anywhere but in a text field focuses the box; on small screens, where the box is hidden,
  // it opens the results page, whose own box takes the focus.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (isSlashForSomethingElse(event.target instanceof HTMLElement ? event.target : null)) return;
      event.preventDefault();
      const input = inputRef.current;
      if (input && input.offsetParent !== null) {
        input.focus();
        input.select();
      } else {
        void navigate({ to: '/search' });
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  // A click anywhere outside the box and its popover closes the popover.
  useEffect(() => {
    if (!isPopoverShown) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      setIsOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isPopoverShown]);

  function open(href: string) {
    setIsOpen(false);
    inputRef.current?.blur();
    void navigate({ href });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const action = searchKeyAction(event.key, {
      activeIndex,
      options: isPopoverShown ? options : [],
      text,
    });
    if (action.type === 'move') {
      event.preventDefault();
      setIsOpen(true);
      setActive({ term, index: action.index });
    } else if (action.type === 'open') {
      event.preventDefault();
      open(action.href);
    } else if (action.type === 'close' && isPopoverShown) {
      event.preventDefault();
      setIsOpen(false);
    }
  }

  let status: ReactNode = null;
  if (isPopoverShown) {
    if (search.isError) {
      status = serverMessage(search.error) ?? t('searchBox.failed');
    } else if (rowsState.status === 'failed') {
      status = t('searchBox.failed');
    } else if (
      term === null ||
      search.isPending ||
      rows === null ||
      (search.isPlaceholderData && options.length === 0)
    ) {
      status = (
        <span className="inline-flex items-center gap-2">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {t('searchBox.searching')}
        </span>
      );
    } else if (options.length === 0) {
      status = <rows.NoResults term={term} />;
    }
  }

  let optionIndex = -1;
  return (
    <>
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('searchBox.button')} asChild>
        <Link to="/search">
          <Search className="size-5" aria-hidden />
        </Link>
      </Button>
      <search className="relative hidden w-80 lg:block" ref={containerRef}>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          ref={inputRef}
          type="search"
          role="combobox"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            // Typing starts over: Enter then means "all results", not the result highlighted before.
            setActive({ term: null, index: NO_ACTIVE_OPTION });
          }}
          onFocus={() => {
            setIsOpen(true);
            reachFor();
          }}
          onPointerEnter={reachFor}
          onKeyDown={handleKeyDown}
          placeholder={t('searchBox.placeholder')}
          aria-label={t('searchBox.label')}
          aria-autocomplete="list"
          aria-expanded={isPopoverShown}
          aria-controls={isPopoverShown ? listboxId : undefined}
          aria-activedescendant={isPopoverShown && activeOption ? optionId(activeOption) : undefined}
          aria-keyshortcuts="/"
          autoComplete="off"
          className="bg-background pr-8 pl-9"
          data-testid="global-search-input"
        />
        <kbd
          className={cn(
            'pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border bg-muted px-1.5 font-mono text-[10px] text-muted-foreground',
            text !== '' && 'hidden',
          )}
          aria-hidden
        >
          /
        </kbd>
        {isPopoverShown && (
          <div
            className="absolute top-full right-0 z-50 mt-1 w-[32rem] max-w-[calc(100vw-2rem)] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md"
            data-testid="global-search-popover"
          >
            <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
              {/* Present whenever the popover is (aria-controls points at it), empty while nothing is found. */}
              <div
                id={listboxId}
                role="listbox"
                aria-label={t('searchBox.results')}
                className={cn(options.length > 0 && 'py-1')}
              >
                {groups.map((group) => (
                  // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group (WAI-ARIA); a fieldset groups form controls
                  <div key={group.kind} role="group" aria-labelledby={`${listboxId}-${group.kind}`}>
                    <div
                      id={`${listboxId}-${group.kind}`}
                      role="presentation"
                      className="px-3 pt-2 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
                    >
                      {rows !== null && <rows.GroupHeading kind={group.kind} />}
                    </div>
                    {group.options.map((option) => {
                      optionIndex += 1;
                      const index = optionIndex;
                      const isActive = index === activeIndex;
                      return (
                        <div
                          key={option.key}
                          id={optionId(option)}
                          role="option"
                          aria-selected={isActive}
                          tabIndex={-1}
                          data-testid="global-search-option"
                          className={cn(
                            'cursor-pointer px-3 py-2',
                            isActive && 'bg-accent text-accent-foreground',
                          )}
                          // Keep the focus in the box: the list is driven from there (aria-activedescendant).
                          onMouseDown={(event) => event.preventDefault()}
                          onMouseMove={() => {
                            if (!isActive) setActive({ term, index });
                          }}
                          onClick={() => open(option.href)}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') open(option.href);
                          }}
                        >
                          {rows !== null && <OptionContent option={option} rows={rows} />}
                        </div>
                      );
                    })}
                  </div>
                ))}
              </div>
              {status !== null && (
                <div
                  className="px-3 py-3 text-muted-foreground text-sm"
                  role="status"
                  data-testid="global-search-status"
                >
                  {status}
                </div>
              )}
            </div>
            {typed !== null && (
              <div className="flex items-center justify-between gap-2 border-t px-3 py-2 text-xs">
                <a
                  href={searchPageHref(typed)}
                  className="font-medium text-primary hover:underline"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={(event) => {
                    event.preventDefault();
                    open(searchPageHref(typed));
                  }}
                  tabIndex={-1}
                >
                  {rows !== null && <rows.PopoverFooterText part="seeAll" term={typed} />}
                </a>
                <span className="inline-flex items-center gap-2 text-muted-foreground">
                  {search.isFetching && options.length > 0 && rows !== null && <rows.UpdatingSpinner />}
                  <span>{rows !== null && <rows.PopoverFooterText part="keys" />}</span>
                </span>
              </div>
            )}
          </div>
        )}
      </search>
    </>
  );
}
