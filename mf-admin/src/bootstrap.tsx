import './standalone.css';
import { mountHarness } from '@helpdesk/shared-ui/standalone';
import AutomationPage from './exposes/automation-page.tsx';
import ReportsPage from './exposes/reports-page.tsx';
import ServiceLevelsPage from './exposes/service-levels-page.tsx';
import SettingsPage from './exposes/settings-page.tsx';
import UsersTeamsPage from './exposes/users-teams-page.tsx';

mountHarness({
  apiOrigin: __API_ORIGIN__,
  shellOrigin: __SHELL_ORIGIN__,
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
    {
      path: '/service-levels',
      href: '/service-levels',
      label: 'Service levels',
      render: (user) => <ServiceLevelsPage currentUser={user} />,
    },
    {
      path: '/automation',
      href: '/automation',
      label: 'Automation',
      render: (user) => <AutomationPage currentUser={user} />,
    },
  ],
});
