import { PORTS } from '@helpdesk/tooling/ports';
import { remoteRsbuildConfig } from '@helpdesk/tooling/remote-rsbuild-config';

export default remoteRsbuildConfig({
  name: 'mf_admin',
  appDir: import.meta.dirname,
  port: PORTS.mfAdmin,
  exposes: {
    './UsersTeamsPage': './src/exposes/users-teams-page.tsx',
    './SettingsPage': './src/exposes/settings-page.tsx',
    './ReportsPage': './src/exposes/reports-page.tsx',
    './ServiceLevelsPage': './src/exposes/service-levels-page.tsx',
    './AutomationPage': './src/exposes/automation-page.tsx',
  },
});
