import { createFileRoute, useLocation } from '@tanstack/react-router';
import { SIGNED_IN_PAGES, staticDataOf } from '../../layout/signed-in-pages.ts';
import { SearchPage } from '../../search/search-page.tsx';
import { useSignedInUser } from '../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/search')({
  staticData: staticDataOf(SIGNED_IN_PAGES.search),
  component: SearchRoute,
});

function SearchRoute() {
  const user = useSignedInUser();
  // The raw query string: the router's JSON search parsing would turn `?q=123` into a number.
  const q = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('q') ?? '' });
  return <SearchPage q={q} user={user} />;
}
