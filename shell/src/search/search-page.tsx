import type { TUser } from '@helpdesk/contracts';
import { SEARCH_LIMITS } from '@helpdesk/contracts/constants';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  Input,
  Skeleton,
  serverMessage,
} from '@helpdesk/shared-ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SEARCH_GROUP_HEADING_IDS, useSearchT } from './messages.ts';
import {
  groupResults,
  pageSearchTerm,
  searchPageHref,
  type TSearchGroup,
  type TSearchGroupKind,
} from './search-model.ts';
import { ArticleResult, PersonResult, TicketResult } from './search-result-rows.tsx';
import { useDeskSearch } from './use-desk-search.ts';

const EMPTY_GROUP_TEXT = {
  ticket: 'search.noTickets',
  user: 'search.noPeople',
  article: 'search.noArticles',
} as const satisfies Record<TSearchGroupKind, string>;

type TGroupCardProps = {
  kind: TSearchGroupKind;
  group: TSearchGroup | undefined;
  user: TUser;
  onOpen: (href: string) => void;
};

function GroupCard({ kind, group, user, onOpen }: TGroupCardProps) {
  const t = useSearchT();
  const options = group?.options ?? [];
  return (
    <Card className="gap-0 py-0" data-testid={`search-group-${kind}`}>
      <div className="flex items-center justify-between border-b px-6 py-3">
        <h2 className="font-semibold">{t(SEARCH_GROUP_HEADING_IDS[kind])}</h2>
        <span className="text-muted-foreground text-sm">{options.length}</span>
      </div>
      <CardContent className="px-0">
        {options.length === 0 ? (
          <p className="px-6 py-4 text-muted-foreground text-sm">{t(EMPTY_GROUP_TEXT[kind])}</p>
        ) : (
          <ul className="divide-y">
            {options.map((option) => (
              <li key={option.key}>
                <a
                  href={option.href}
                  className="block px-6 py-3 transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none"
                  data-testid="search-result-link"
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    onOpen(option.href);
                  }}
                >
                  {option.kind === 'ticket' && <TicketResult hit={option.hit} />}
                  {option.kind === 'user' && <PersonResult hit={option.hit} />}
                  {option.kind === 'article' && <ArticleResult hit={option.hit} />}
                </a>
              </li>
            ))}
          </ul>
        )}
        {kind === 'user' && user.role === 'admin' && options.length > 0 && (
          <p className="border-t px-6 py-3 text-sm">
            <Link to="/admin/users" className="font-medium text-primary hover:underline">
              {t('search.managePeople')}
            </Link>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /search?q=: the full results of the header search, more of each kind (tickets, people for
 * agents and admins, articles), with its own box to search again.
 */
export function SearchPage({ q, user }: { q: string; user: TUser }) {
  const t = useSearchT();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const [shownFor, setShownFor] = useState(q);
  // A new ?q= (the header box, a person's link, back and forward) replaces what the box holds.
  if (shownFor !== q) {
    setShownFor(q);
    setText(q);
  }
  const term = pageSearchTerm(q);
  const search = useDeskSearch(term, SEARCH_LIMITS.pageLimit);
  const isStaff = user.role === 'admin' || user.role === 'agent';
  const kinds: TSearchGroupKind[] = isStaff ? ['ticket', 'user', 'article'] : ['ticket', 'article'];
  const groups = search.data && !search.isPlaceholderData ? groupResults(search.data, user.role) : [];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = pageSearchTerm(text);
    if (next !== null) void navigate({ href: searchPageHref(next) });
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6" data-testid="search-page">
      <search>
        <form onSubmit={handleSubmit} className="flex gap-2">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('search.placeholder')}
              aria-label={t('search.pageLabel')}
              className="bg-background pl-9"
              maxLength={SEARCH_LIMITS.queryMax}
              // The page is where '/' leads on small screens; the box is what it is for.
              autoFocus={q === ''}
              data-testid="search-page-input"
            />
          </div>
          <Button type="submit">{t('search.button')}</Button>
        </form>
      </search>

      {term === null ? (
        <p className="text-muted-foreground text-sm">
          {t(isStaff ? 'search.hintStaff' : 'search.hint', { min: SEARCH_LIMITS.queryMin })}
        </p>
      ) : (
        <>
          <h2 className="font-semibold text-lg" data-testid="search-page-title">
            {t('search.resultsFor', { term })}
          </h2>
          {search.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{serverMessage(search.error) ?? t('search.failed')}</AlertDescription>
            </Alert>
          ) : search.isPending || search.isPlaceholderData ? (
            <div
              className="flex flex-col gap-4"
              role="status"
              aria-busy="true"
              aria-label={t('search.searching')}
            >
              {kinds.map((kind) => (
                <Skeleton key={kind} className="h-32 w-full" />
              ))}
            </div>
          ) : groups.length === 0 ? (
            <p className="text-muted-foreground" data-testid="search-page-empty">
              {t('search.noResults', { term })}
            </p>
          ) : (
            kinds.map((kind) => (
              <GroupCard
                key={kind}
                kind={kind}
                group={groups.find((group) => group.kind === kind)}
                user={user}
                onOpen={(href) => void navigate({ href })}
              />
            ))
          )}
        </>
      )}
    </div>
  );
}
