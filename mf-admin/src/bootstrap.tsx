import './standalone.css';
import ReportsPage from './exposes/reports-page.tsx';
import SettingsPage from './exposes/settings-page.tsx';
import UsersTeamsPage from './exposes/users-teams-page.tsx';
import { mountHarness } from './standalone/harness.tsx';

mountHarness({
  title: 'mf-admin standalone',
  roles: ['admin'],
  pages: [
    { path: '/', href: '/', label: 'Users & Teams', render: (user) => <UsersTeamsPage currentUser={user} /> },
    {
      path: '/settings',
      href: '/settings',
      label: 'Settings',
      render: (user) => <SettingsPage currentUser={user} />,
    },
    {
      path: '/reports',
      href: '/reports',
      label: 'Reports',
      render: (user) => <ReportsPage currentUser={user} />,
    },
  ],
});
