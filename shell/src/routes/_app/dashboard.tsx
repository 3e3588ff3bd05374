import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../dashboard/dashboard-page.tsx';
import { SIGNED_IN_PAGES, staticDataOf } from '../../layout/signed-in-pages.ts';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: staticDataOf(SIGNED_IN_PAGES.dashboard),
  component: DashboardPage,
  // Not split, like the layout: the dashboard is the page a signed-in user lands on.
  codeSplitGroupings: [],
});
