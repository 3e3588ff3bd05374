import type { TUser } from './users.ts';

/** Module Federation container names of the three remotes. */
export const REMOTE_NAMES = ['mf_tickets', 'mf_kb', 'mf_admin'] as const;
export type TRemoteName = (typeof REMOTE_NAMES)[number];

/** Exposed modules, as `loadRemote` ids. One file per module under each remote's `src/exposes/`. */
export const REMOTE_MODULES = {
  ticketListPage: 'mf_tickets/TicketListPage',
  ticketDetailPage: 'mf_tickets/TicketDetailPage',
  createTicketDialog: 'mf_tickets/CreateTicketDialog',
  sidebarViews: 'mf_tickets/SidebarViews',
  knowledgeBasePage: 'mf_kb/KnowledgeBasePage',
  articlePage: 'mf_kb/ArticlePage',
  usersTeamsPage: 'mf_admin/UsersTeamsPage',
  settingsPage: 'mf_admin/SettingsPage',
  reportsPage: 'mf_admin/ReportsPage',
  serviceLevelsPage: 'mf_admin/ServiceLevelsPage',
  automationPage: 'mf_admin/AutomationPage',
} as const;
export type TRemoteModuleId = (typeof REMOTE_MODULES)[keyof typeof REMOTE_MODULES];

/** `window.__HELPDESK_CONFIG__`, written by `/runtime-config.js` next to the shell's index.html. */
export type THelpdeskRuntimeConfig = {
  /** Each remote's entry URL (mf-manifest.json or remoteEntry.js). */
  remotes: Record<TRemoteName, string>;
};

/** Every remote page gets the signed-in user; the shell's guard has already checked role and status. */
export type TRemotePageProps = { currentUser: TUser };
export type TTicketDetailPageProps = TRemotePageProps & { ticketId: string };
export type TArticlePageProps = TRemotePageProps & { articleId: string };
/** The ticket views under All Tickets in the sidebar. */
export type TSidebarViewsProps = TRemotePageProps;
/** The Create Ticket dialog, opened by the shell's header button and by the ticket list page. */
export type TCreateTicketDialogProps = TRemotePageProps & {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};
