import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../dashboard/dashboard-page.tsx';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: { title: 'Dashboard' },
  component: DashboardPage,
  // Not split, like the layout: the dashboard is the page a signed-in user lands on.
  codeSplitGroupings: [],
});
